#include "pipelines.h"

#include <array>
#include <bit>
#include <cstddef>
#include <tuple>

#include "compute.h"
#include "renderer_types.h"
#include "pipeline_cache.h"
#include "shared_types.h"
#include "stopwatch.h"
#include "vk_check.h"
#include "vk_struct.h"

namespace vitrine::renderer {
namespace {

constexpr uint32_t kMeshVert[] =
#include "mesh.vert.inc"
    ;
constexpr uint32_t kMeshFrag[] =
#include "mesh.frag.inc"
    ;
constexpr uint32_t kMeshFragTransmission[] =
#include "mesh_transmission.frag.inc"
    ;
constexpr uint32_t kShadowFrag[] =
#include "shadow.frag.inc"
    ;
constexpr uint32_t kWireframeFrag[] =
#include "wireframe.frag.inc"
    ;
constexpr uint32_t kLinesVert[] =
#include "lines.vert.inc"
    ;
constexpr uint32_t kLinesFrag[] =
#include "lines.frag.inc"
    ;

VkDescriptorSetLayout createSetLayout(const Context& ctx,
                                      const VkDescriptorSetLayoutBinding* bindings,
                                      uint32_t count) {
  auto info = vkStruct<VkDescriptorSetLayoutCreateInfo>(
      VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO);
  info.bindingCount = count;
  info.pBindings = bindings;
  VkDescriptorSetLayout layout = VK_NULL_HANDLE;
  VK_CHECK(vkCreateDescriptorSetLayout(ctx.device, &info, nullptr, &layout));
  return layout;
}

PipelineLayouts createLayouts(const Context& ctx) {
  PipelineLayouts l;
  const VkShaderStageFlags both = VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT;
  const MeshSetBindings bindings = meshSetBindings();
  VkDescriptorSetLayout* layouts[] = {&l.frame, &l.material, &l.environment, &l.transmission};
  static_assert(std::size(layouts) == std::tuple_size_v<MeshSetBindings>);
  for (size_t i = 0; i < bindings.size(); ++i)
    *layouts[i] = createSetLayout(ctx, bindings[i].data(), uint32_t(bindings[i].size()));

  const VkDescriptorSetLayout sets[] = {l.frame, l.material, l.environment, l.transmission};
  const VkPushConstantRange push{both, 0, meshPushConstantBytes()};
  auto info = vkStruct<VkPipelineLayoutCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO);
  info.setLayoutCount = uint32_t(std::size(sets));
  info.pSetLayouts = sets;
  info.pushConstantRangeCount = 1;
  info.pPushConstantRanges = &push;
  VK_CHECK(vkCreatePipelineLayout(ctx.device, &info, nullptr, &l.layout));
  return l;
}

std::pair<uint64_t, uint64_t> keyBits(const PipelineKey& k) {
  // VkFormat values (extension formats included) fit in 32 bits, the features too; the
  // layers (bits 8..19), the extension slots (20..35), the channel (36..41) and its texcoord
  // sets (42..49), log2 of the sample count (0..6, bits 5..7) and the fixed-function state
  // share the second.
  static_assert(uint32_t(gpu::kLayerAll) < (1u << 12));
  static_assert(gpu::kExtensionTextureCount <= 16 && gpu::kChannelCount <= 64 &&
                gpu::kTexcoordSetCount <= 8);
  return {(uint64_t(k.features) << 32) | uint64_t(uint32_t(k.colorFormat)),
          (uint64_t(k.shadow) << 63) | (uint64_t(k.onTop) << 62) | (uint64_t(k.lines) << 61) |
              (uint64_t(k.wireframe) << 60) | (uint64_t(k.channelTexcoords) << 42) |
              (uint64_t(k.channel) << 36) | (uint64_t(k.extensionSlots) << 20) |
              (uint64_t(k.layers) << 8) | (uint64_t(std::countr_zero(uint32_t(k.samples))) << 5) |
              (uint64_t(k.topology) << 3) | (uint64_t(k.blend) << 2) |
              (uint64_t(k.doubleSided) << 1) | uint64_t(k.frontClockwise)};
}

VkPrimitiveTopology topology(scene::Topology t) {
  switch (t) {
    case scene::Topology::Points:
      return VK_PRIMITIVE_TOPOLOGY_POINT_LIST;
    case scene::Topology::Lines:
      return VK_PRIMITIVE_TOPOLOGY_LINE_LIST;
    case scene::Topology::Triangles:
      break;
  }
  return VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
}

// The two stages of a graphics pipeline, entry points "main".
std::array<VkPipelineShaderStageCreateInfo, 2> vertexAndFragment(VkShaderModule vertex,
                                                                 VkShaderModule fragment) {
  std::array<VkPipelineShaderStageCreateInfo, 2> stages = {
      vkStruct<VkPipelineShaderStageCreateInfo>(
          VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO),
      vkStruct<VkPipelineShaderStageCreateInfo>(
          VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO)};
  stages[0].stage = VK_SHADER_STAGE_VERTEX_BIT;
  stages[0].module = vertex;
  stages[0].pName = "main";
  stages[1].stage = VK_SHADER_STAGE_FRAGMENT_BIT;
  stages[1].module = fragment;
  stages[1].pName = "main";
  return stages;
}

// The overlays' lines: lines.vert and lines.frag, one stream of LineVertex (renderer.h).
VkPipeline createLinePipeline(const Context& ctx, const Pipelines& p, const PipelineKey& key) {
  const std::array<VkPipelineShaderStageCreateInfo, 2> stages =
      vertexAndFragment(p.linesVertex, p.linesFragment);
  static_assert(sizeof(LineVertex) == 16);
  const VkVertexInputBindingDescription binding{0, sizeof(LineVertex), VK_VERTEX_INPUT_RATE_VERTEX};
  const VkVertexInputAttributeDescription attributes[] = {
      {0, 0, VK_FORMAT_R32G32B32_SFLOAT, offsetof(LineVertex, position)},
      {1, 0, VK_FORMAT_R8G8B8A8_UNORM, offsetof(LineVertex, color)},
  };
  auto vertexInput = vkStruct<VkPipelineVertexInputStateCreateInfo>(
      VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO);
  vertexInput.vertexBindingDescriptionCount = 1;
  vertexInput.pVertexBindingDescriptions = &binding;
  vertexInput.vertexAttributeDescriptionCount = 2;
  vertexInput.pVertexAttributeDescriptions = attributes;
  ScenePassState state;
  state.stages = stages.data();
  state.vertexInput = &vertexInput;
  state.topology = VK_PRIMITIVE_TOPOLOGY_LINE_LIST;
  state.depthWrite = false;
  state.depthTest = !key.onTop;
  return createScenePassPipeline(ctx, p, key.colorFormat, key.samples, state);
}

VkPipeline createPipeline(const Context& ctx, const Pipelines& p, const PipelineKey& key) {
  if (key.lines) return createLinePipeline(ctx, p, key);
  // A channel view reads no transmission pass: the module without set 3.
  std::array<VkPipelineShaderStageCreateInfo, 2> stages = vertexAndFragment(
      p.vertex, (key.layers & uint32_t(gpu::kLayerTransmission)) && key.channel == 0
                    ? p.fragmentTransmission
                    : p.fragment);
  // mesh.frag's specialization constants, by constant_id: 0 kTriangles (points and lines have
  // no per-pixel tangent frame), 1 kTextureSlots (every slot, the extensions' included),
  // 2 kUnlit, 3 kNormals, 4 kLights, 5 kTonemap, 6 kFlatNormals, 7 kLayers, 8 kTexcoordSets
  // (as mesh.vert's 2; kFeatureTexcoordSets), 9 kChannel, 10 kPrimitiveTexcoords, 11 kShadows
  // (bit 0 kFeatureShadows, bit 1 kFeaturePointShadow, bit 2 kFeatureKeyShadow, bit 3
  // kFeatureSingleShadowLayer).
  const uint32_t texcoordSets = (key.features & kFeatureTexcoordSets) >> kFeatureTexcoordShift;
  struct Specialization {
    VkBool32 triangles;
    uint32_t textureSlots;
    VkBool32 unlit;
    VkBool32 normals;
    VkBool32 lights;
    int32_t tonemap;
    VkBool32 flatNormals;
    uint32_t layers;
    uint32_t texcoordSets;
    int32_t channel;
    uint32_t primitiveTexcoords;
    uint32_t shadows;
  };
  static_assert(gpu::kMaterialTextureCount <= 32);
  const Specialization values{
      key.topology == scene::Topology::Triangles,
      (key.features & kFeatureTextureSlots) | (key.extensionSlots << gpu::kTextureSlotCount),
      (key.features & kFeatureUnlit) != 0,
      (key.features & kFeatureNoNormals) == 0,
      (key.features & kFeatureLights) != 0,
      (key.features & kFeatureLinearOutput) ? int32_t(gpu::kTonemapLinear)
                                            : int32_t((key.features >> kFeatureTonemapShift) & 3u),
      (key.features & kFeatureFlatNormals) != 0,
      key.layers,
      texcoordSets,
      int32_t(key.channel),
      key.channelTexcoords,
      ((key.features & kFeatureShadows) ? 1u : 0u) |
          ((key.features & kFeaturePointShadow) ? 2u : 0u) |
          ((key.features & kFeatureKeyShadow) ? 4u : 0u) |
          ((key.features & kFeatureSingleShadowLayer) ? 8u : 0u)};
  const VkSpecializationMapEntry entries[] = {
      {0, offsetof(Specialization, triangles), sizeof(VkBool32)},
      {1, offsetof(Specialization, textureSlots), sizeof(uint32_t)},
      {2, offsetof(Specialization, unlit), sizeof(VkBool32)},
      {3, offsetof(Specialization, normals), sizeof(VkBool32)},
      {4, offsetof(Specialization, lights), sizeof(VkBool32)},
      {5, offsetof(Specialization, tonemap), sizeof(int32_t)},
      {6, offsetof(Specialization, flatNormals), sizeof(VkBool32)},
      {7, offsetof(Specialization, layers), sizeof(uint32_t)},
      {8, offsetof(Specialization, texcoordSets), sizeof(uint32_t)},
      {9, offsetof(Specialization, channel), sizeof(int32_t)},
      {10, offsetof(Specialization, primitiveTexcoords), sizeof(uint32_t)},
      {11, offsetof(Specialization, shadows), sizeof(uint32_t)},
  };
  const VkSpecializationInfo specialization{uint32_t(std::size(entries)), entries, sizeof(values),
                                            &values};
  stages[1].pSpecializationInfo = &specialization;
  // mesh.vert's: 0 kSkin, 1 kMorph (gpu::kMorph* bits), 2 kTexcoordSets (bit n - 2:
  // TEXCOORD_n), 3 kInstanced, 4 kShadowPass.
  struct VertexSpecialization {
    VkBool32 skin;
    uint32_t morph;
    uint32_t texcoordSets;
    VkBool32 instanced;
    VkBool32 shadowPass;
  };
  const VertexSpecialization vertexValues{
      (key.features & kFeatureSkin) != 0,
      (key.features >> kFeatureMorphShift) & uint32_t(gpu::kMorphAll), texcoordSets,
      (key.features & kFeatureInstanced) != 0, key.shadow};
  const VkSpecializationMapEntry vertexEntries[] = {
      {0, offsetof(VertexSpecialization, skin), sizeof(VkBool32)},
      {1, offsetof(VertexSpecialization, morph), sizeof(uint32_t)},
      {2, offsetof(VertexSpecialization, texcoordSets), sizeof(uint32_t)},
      {3, offsetof(VertexSpecialization, instanced), sizeof(VkBool32)},
      {4, offsetof(VertexSpecialization, shadowPass), sizeof(VkBool32)},
  };
  const VkSpecializationInfo vertexSpecialization{uint32_t(std::size(vertexEntries)), vertexEntries,
                                                  sizeof(vertexValues), &vertexValues};
  stages[0].pSpecializationInfo = &vertexSpecialization;

  // One binding per stream (scene_gpu.h Stream): position, normal, texcoord0, texcoord1,
  // colour, tangent.
  const VkVertexInputBindingDescription bindings[] = {
      {0, 12, VK_VERTEX_INPUT_RATE_VERTEX}, {1, 12, VK_VERTEX_INPUT_RATE_VERTEX},
      {2, 8, VK_VERTEX_INPUT_RATE_VERTEX},  {3, 8, VK_VERTEX_INPUT_RATE_VERTEX},
      {4, 16, VK_VERTEX_INPUT_RATE_VERTEX}, {5, 16, VK_VERTEX_INPUT_RATE_VERTEX},
  };
  const VkVertexInputAttributeDescription attributes[] = {
      {0, 0, VK_FORMAT_R32G32B32_SFLOAT, 0},    {1, 1, VK_FORMAT_R32G32B32_SFLOAT, 0},
      {2, 2, VK_FORMAT_R32G32_SFLOAT, 0},       {3, 3, VK_FORMAT_R32G32_SFLOAT, 0},
      {4, 4, VK_FORMAT_R32G32B32A32_SFLOAT, 0}, {5, 5, VK_FORMAT_R32G32B32A32_SFLOAT, 0},
  };
  auto vertexInput = vkStruct<VkPipelineVertexInputStateCreateInfo>(
      VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO);
  vertexInput.vertexBindingDescriptionCount = 6;
  vertexInput.pVertexBindingDescriptions = bindings;
  vertexInput.vertexAttributeDescriptionCount = 6;
  vertexInput.pVertexAttributeDescriptions = attributes;

  ScenePassState state;
  state.stages = stages.data();
  state.vertexInput = &vertexInput;
  state.topology = topology(key.topology);
  state.cullMode = key.doubleSided ? VK_CULL_MODE_NONE : VK_CULL_MODE_BACK_BIT;
  // glTF front faces are counter-clockwise; FrameData::proj flips y, which Vulkan's
  // y-down framebuffer undoes, so the winding keeps its glTF meaning.
  state.frontFace = key.frontClockwise ? VK_FRONT_FACE_CLOCKWISE : VK_FRONT_FACE_COUNTER_CLOCKWISE;
  state.depthWrite = !key.blend;
  if (key.shadow) {
    // shadow.frag's specialization: 0 kMask, 1 kSpecularGlossiness (its alpha the diffuse's).
    const VkBool32 constants[2] = {(key.features & kFeatureShadowMask) != 0,
                                   (key.layers & uint32_t(gpu::kLayerSpecularGlossiness)) != 0};
    const VkSpecializationMapEntry maskEntries[2] = {{0, 0, sizeof(VkBool32)},
                                                     {1, sizeof(VkBool32), sizeof(VkBool32)}};
    const VkSpecializationInfo maskSpecialization{2, maskEntries, sizeof(constants), constants};
    stages[1].module = p.shadowFragment;
    stages[1].pSpecializationInfo = &maskSpecialization;
    state.cullMode = VK_CULL_MODE_NONE;  // open meshes and single planes cast from both sides
    state.depthWrite = true;
    state.shadowPass = true;
    return createScenePassPipeline(ctx, p, VK_FORMAT_UNDEFINED, VK_SAMPLE_COUNT_1_BIT, state);
  }
  if (key.wireframe) {
    stages[1].module = p.wireframe;
    state.cullMode = VK_CULL_MODE_NONE;
    state.depthWrite = false;
    state.polygonMode = VK_POLYGON_MODE_LINE;
    state.depthBias = true;
    return createScenePassPipeline(ctx, p, key.colorFormat, key.samples, state);
  }
  if (key.blend) {  // premultiplied: the fragment shader outputs (rgb * a, a)
    state.blend.blendEnable = VK_TRUE;
    state.blend.srcColorBlendFactor = VK_BLEND_FACTOR_ONE;
    state.blend.dstColorBlendFactor = VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA;
    state.blend.srcAlphaBlendFactor = VK_BLEND_FACTOR_ONE;
    state.blend.dstAlphaBlendFactor = VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA;
  }
  return createScenePassPipeline(ctx, p, key.colorFormat, key.samples, state);
}

}  // namespace

MeshSetBindings meshSetBindings() {
  MeshSetBindings sets;
  const VkShaderStageFlags both = VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT;
  sets[0] = {
      {0, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 1, both, nullptr},
      // NodeData: the fragment stage reads the world scale of KHR_materials_volume's thickness.
      {1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, both, nullptr},
      {2, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_FRAGMENT_BIT, nullptr},
      {3, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_FRAGMENT_BIT, nullptr},
      {4, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_VERTEX_BIT, nullptr},
      {5, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_VERTEX_BIT, nullptr},
      {6, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_VERTEX_BIT, nullptr},
      {7, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_VERTEX_BIT, nullptr},
      {8, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_FRAGMENT_BIT, nullptr},
      {9, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_VERTEX_BIT, nullptr},
      {10, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, VK_SHADER_STAGE_FRAGMENT_BIT, nullptr},
  };
  for (uint32_t slot = 0; slot < gpu::kMaterialTextureCount; ++slot)
    sets[1].push_back({slot, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1,
                       VK_SHADER_STAGE_FRAGMENT_BIT, nullptr});
  sets[2] = {
      {0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, VK_SHADER_STAGE_FRAGMENT_BIT, nullptr},
      {1, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, VK_SHADER_STAGE_FRAGMENT_BIT, nullptr},
      {2, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 1, VK_SHADER_STAGE_FRAGMENT_BIT, nullptr},
  };
  sets[3] = {
      {0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, VK_SHADER_STAGE_FRAGMENT_BIT, nullptr}};
  return sets;
}

uint32_t meshPushConstantBytes() {
  return sizeof(gpu::DrawConstants);
}

VkPipeline createScenePassPipeline(const Context& ctx, const Pipelines& p, VkFormat colorFormat,
                                   VkSampleCountFlagBits samples, const ScenePassState& state) {
  auto inputAssembly = vkStruct<VkPipelineInputAssemblyStateCreateInfo>(
      VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO);
  inputAssembly.topology = state.topology;

  auto viewport = vkStruct<VkPipelineViewportStateCreateInfo>(
      VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO);
  viewport.viewportCount = 1;
  viewport.scissorCount = 1;

  auto raster = vkStruct<VkPipelineRasterizationStateCreateInfo>(
      VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO);
  raster.polygonMode = state.polygonMode;
  // Towards the eye (depth compares LESS_OR_EQUAL): a few units of the depth format's
  // resolution, plus the depth's slope, so that a grazing triangle's edges still pass.
  raster.depthBiasEnable = state.depthBias || state.shadowPass ? VK_TRUE : VK_FALSE;
  raster.depthBiasConstantFactor = state.depthBias ? -4.0f : 0.0f;
  raster.depthBiasSlopeFactor = state.depthBias ? -1.0f : 0.0f;
  if (state.shadowPass) {
    // Away from the light: a few units of the depth format plus the depth's slope, so that a
    // surface tilted against the light does not shadow itself (the receiver's normal offset,
    // shadows.glsl, does the rest).
    raster.depthBiasConstantFactor = 2.0f;
    raster.depthBiasSlopeFactor = 2.0f;
  }
  raster.cullMode = state.cullMode;
  raster.frontFace = state.frontFace;
  raster.lineWidth = 1.0f;

  auto multisample = vkStruct<VkPipelineMultisampleStateCreateInfo>(
      VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO);
  multisample.rasterizationSamples = samples;

  auto depth = vkStruct<VkPipelineDepthStencilStateCreateInfo>(
      VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO);
  depth.depthTestEnable = state.depthTest ? VK_TRUE : VK_FALSE;
  depth.depthWriteEnable = state.depthWrite ? VK_TRUE : VK_FALSE;
  depth.depthCompareOp = VK_COMPARE_OP_LESS_OR_EQUAL;

  auto colorBlend = vkStruct<VkPipelineColorBlendStateCreateInfo>(
      VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO);
  colorBlend.attachmentCount = state.shadowPass ? 0 : 1;
  colorBlend.pAttachments = &state.blend;

  const VkDynamicState dynamic[] = {VK_DYNAMIC_STATE_VIEWPORT, VK_DYNAMIC_STATE_SCISSOR};
  auto dynamicState = vkStruct<VkPipelineDynamicStateCreateInfo>(
      VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO);
  dynamicState.dynamicStateCount = 2;
  dynamicState.pDynamicStates = dynamic;

  auto rendering =
      vkStruct<VkPipelineRenderingCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO);
  rendering.colorAttachmentCount = state.shadowPass ? 0 : 1;
  rendering.pColorAttachmentFormats = &colorFormat;
  rendering.depthAttachmentFormat = state.shadowPass          ? p.shadowFormat
                                    : state.noDepthAttachment ? VK_FORMAT_UNDEFINED
                                                              : p.depthFormat;

  auto info =
      vkStruct<VkGraphicsPipelineCreateInfo>(VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO);
  info.pNext = &rendering;
  info.stageCount = 2;
  info.pStages = state.stages;
  info.pVertexInputState = state.vertexInput;
  info.pInputAssemblyState = &inputAssembly;
  info.pViewportState = &viewport;
  info.pRasterizationState = &raster;
  info.pMultisampleState = &multisample;
  info.pDepthStencilState = &depth;
  info.pColorBlendState = &colorBlend;
  info.pDynamicState = &dynamicState;
  // One layout: sets 0 and 2 stay bound across pipelines (the splat passes have their own).
  info.layout = state.layout ? state.layout : p.layouts.layout;
  return compileGraphicsPipeline(ctx, info);
}

void createPipelines(const Context& ctx, Pipelines& p) {
  p.layouts = createLayouts(ctx);
  p.vertex = createShaderModule(ctx, kMeshVert, sizeof(kMeshVert));
  p.fragment = createShaderModule(ctx, kMeshFrag, sizeof(kMeshFrag));
  p.fragmentTransmission =
      createShaderModule(ctx, kMeshFragTransmission, sizeof(kMeshFragTransmission));
  p.wireframe = createShaderModule(ctx, kWireframeFrag, sizeof(kWireframeFrag));
  p.linesVertex = createShaderModule(ctx, kLinesVert, sizeof(kLinesVert));
  p.linesFragment = createShaderModule(ctx, kLinesFrag, sizeof(kLinesFrag));
  p.shadowFragment = createShaderModule(ctx, kShadowFrag, sizeof(kShadowFrag));
  p.depthFormat = ctx.depthFormat;
}

void destroyPipelines(const Context& ctx, Pipelines& p) {
  for (auto& [bits, pipeline] : p.cache) vkDestroyPipeline(ctx.device, pipeline, nullptr);
  if (p.vertex) vkDestroyShaderModule(ctx.device, p.vertex, nullptr);
  if (p.fragment) vkDestroyShaderModule(ctx.device, p.fragment, nullptr);
  if (p.fragmentTransmission) vkDestroyShaderModule(ctx.device, p.fragmentTransmission, nullptr);
  if (p.wireframe) vkDestroyShaderModule(ctx.device, p.wireframe, nullptr);
  if (p.linesVertex) vkDestroyShaderModule(ctx.device, p.linesVertex, nullptr);
  if (p.linesFragment) vkDestroyShaderModule(ctx.device, p.linesFragment, nullptr);
  if (p.shadowFragment) vkDestroyShaderModule(ctx.device, p.shadowFragment, nullptr);
  if (p.layouts.layout) vkDestroyPipelineLayout(ctx.device, p.layouts.layout, nullptr);
  if (p.layouts.frame) vkDestroyDescriptorSetLayout(ctx.device, p.layouts.frame, nullptr);
  if (p.layouts.material) vkDestroyDescriptorSetLayout(ctx.device, p.layouts.material, nullptr);
  if (p.layouts.environment)
    vkDestroyDescriptorSetLayout(ctx.device, p.layouts.environment, nullptr);
  if (p.layouts.transmission)
    vkDestroyDescriptorSetLayout(ctx.device, p.layouts.transmission, nullptr);
  p = Pipelines{};
}

VkPipeline pipelineFor(const Context& ctx, Pipelines& p, PipelineKey key) {
  if (key.topology != scene::Topology::Triangles) {
    key.doubleSided = true;
    key.frontClockwise = false;
  }
  const std::pair<uint64_t, uint64_t> bits = keyBits(key);
  auto it = p.cache.find(bits);
  if (it != p.cache.end()) return it->second;
  const scene::Stopwatch watch;
  const VkPipeline pipeline = createPipeline(ctx, p, key);
  p.creationSeconds += watch.seconds();
  p.cache.emplace(bits, pipeline);
  return pipeline;
}

}  // namespace vitrine::renderer
