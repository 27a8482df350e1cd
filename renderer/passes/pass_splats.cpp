#include "pass_splats.h"

#include <cstring>

#include "compute.h"
#include "pipeline_cache.h"
#include "stopwatch.h"
#include "vk_check.h"
#include "vk_struct.h"

namespace vitrine::renderer {
namespace {

constexpr uint32_t kSplatVert[] =
#include "splat.vert.inc"
    ;
constexpr uint32_t kSplatFrag[] =
#include "splat.frag.inc"
    ;
constexpr uint32_t kCompositeVert[] =
#include "splat_composite.vert.inc"
    ;
constexpr uint32_t kCompositeFrag[] =
#include "splat_composite.frag.inc"
    ;

// The layer's format: 32-bit floats where the device blends them (lavapipe blends them faster
// than 16-bit ones, which it converts: bench/RESULTS.md), else 16-bit floats, which every
// Vulkan device blends.
VkFormat layerFormat(const Context& ctx) {
  VkFormatProperties props;
  vkGetPhysicalDeviceFormatProperties(ctx.physicalDevice, VK_FORMAT_R32G32B32A32_SFLOAT, &props);
  constexpr VkFormatFeatureFlags kNeeded =
      VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BLEND_BIT | VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT;
  return (props.optimalTilingFeatures & kNeeded) == kNeeded ? VK_FORMAT_R32G32B32A32_SFLOAT
                                                            : VK_FORMAT_R16G16B16A16_SFLOAT;
}
// Composite sets: one per output (SplatPass::targets), replaced when an output is resized.
constexpr uint32_t kCompositeSets = 2;

// splat.vert / splat.frag / splat_composite.frag's push constants.
struct Push {
  float width, height;
  int32_t channel;
  int32_t space;
};

VkDescriptorSetLayout createSetLayout(const Context& ctx, VkDescriptorType type, uint32_t count,
                                      VkShaderStageFlags stages) {
  VkDescriptorSetLayoutBinding bindings[2]{};
  for (uint32_t i = 0; i < count; ++i) bindings[i] = {i, type, 1, stages, nullptr};
  auto info = vkStruct<VkDescriptorSetLayoutCreateInfo>(
      VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO);
  info.bindingCount = count;
  info.pBindings = bindings;
  VkDescriptorSetLayout layout = VK_NULL_HANDLE;
  VK_CHECK(vkCreateDescriptorSetLayout(ctx.device, &info, nullptr, &layout));
  return layout;
}

VkPipelineLayout createLayout(const Context& ctx, VkDescriptorSetLayout set) {
  const VkPushConstantRange push{VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0,
                                 sizeof(Push)};
  auto info = vkStruct<VkPipelineLayoutCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO);
  info.setLayoutCount = 1;
  info.pSetLayouts = &set;
  info.pushConstantRangeCount = 1;
  info.pPushConstantRanges = &push;
  VkPipelineLayout layout = VK_NULL_HANDLE;
  VK_CHECK(vkCreatePipelineLayout(ctx.device, &info, nullptr, &layout));
  return layout;
}

VkDescriptorSet allocateSet(const Context& ctx, VkDescriptorPool pool,
                            VkDescriptorSetLayout layout) {
  auto alloc =
      vkStruct<VkDescriptorSetAllocateInfo>(VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO);
  alloc.descriptorPool = pool;
  alloc.descriptorSetCount = 1;
  alloc.pSetLayouts = &layout;
  VkDescriptorSet set = VK_NULL_HANDLE;
  VK_CHECK(vkAllocateDescriptorSets(ctx.device, &alloc, &set));
  return set;
}

// kind 0: the splats into the layer; 1: the composite into a target of `format`.
VkPipeline pipelineFor(const Context& ctx, const Pipelines& pipelines, SplatPass& pass, int kind,
                       VkFormat format) {
  const uint64_t key = (uint64_t(kind) << 32) | uint64_t(format);
  if (auto it = pass.pipelines.find(key); it != pass.pipelines.end()) return it->second;
  const scene::Stopwatch watch;
  VkPipelineShaderStageCreateInfo stages[2];
  for (int i = 0; i < 2; ++i) {
    stages[i] = vkStruct<VkPipelineShaderStageCreateInfo>(
        VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO);
    stages[i].stage = i == 0 ? VK_SHADER_STAGE_VERTEX_BIT : VK_SHADER_STAGE_FRAGMENT_BIT;
    stages[i].pName = "main";
  }
  stages[0].module = kind == 0 ? pass.vertex : pass.compositeVertex;
  stages[1].module = kind == 0 ? pass.fragment : pass.compositeFragment;
  auto vertexInput = vkStruct<VkPipelineVertexInputStateCreateInfo>(
      VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO);
  ScenePassState state;
  state.stages = stages;
  state.vertexInput = &vertexInput;
  state.depthWrite = false;
  if (kind == 0) {
    state.layout = pass.splatLayout;
    state.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP;
    // Back to front, premultiplied: C = c_i alpha_i + C (1 - alpha_i), T = T (1 - alpha_i)
    // (the layer is cleared to C = 0, T = 1).
    state.blend.blendEnable = VK_TRUE;
    state.blend.srcColorBlendFactor = VK_BLEND_FACTOR_ONE;
    state.blend.dstColorBlendFactor = VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA;
    state.blend.srcAlphaBlendFactor = VK_BLEND_FACTOR_ZERO;
    state.blend.dstAlphaBlendFactor = VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA;
  } else {
    state.layout = pass.compositeLayout;
    state.depthTest = false;
    state.noDepthAttachment = true;
  }
  const VkPipeline pipeline =
      createScenePassPipeline(ctx, pipelines, format, VK_SAMPLE_COUNT_1_BIT, state);
  pass.creationSeconds += watch.seconds();
  pass.pipelines.emplace(key, pipeline);
  return pipeline;
}

void destroyTargets(const Context& ctx, SplatPass& pass, SplatTargets& t) {
  if (t.compositeSet) vkFreeDescriptorSets(ctx.device, pass.pool, 1, &t.compositeSet);
  destroyImage(ctx, t.sceneColor);
  destroyImage(ctx, t.layer);
  destroyImage(ctx, t.depth);
  t = SplatTargets{};
}

void createTargets(const Context& ctx, SplatPass& pass, const Attachments& a, SplatTargets& t) {
  t.extent = a.extent;
  t.format = a.colorFormat;
  ImageDesc color;
  color.extent = a.extent;
  color.format = a.colorFormat;
  color.usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_SAMPLED_BIT;
  t.sceneColor = createImage(ctx, color);
  color.format = pass.layerFormat;
  t.layer = createImage(ctx, color);
  if (ctx.samples != VK_SAMPLE_COUNT_1_BIT) {
    ImageDesc depth;
    depth.format = ctx.depthFormat;
    depth.extent = a.extent;
    depth.usage = VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT;
    depth.aspect = VK_IMAGE_ASPECT_DEPTH_BIT;
    t.depth = createImage(ctx, depth);
  }
  t.compositeSet = allocateSet(ctx, pass.pool, pass.compositeSetLayout);
  VkDescriptorImageInfo images[2] = {
      {pass.sampler, t.sceneColor.view, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL},
      {pass.sampler, t.layer.view, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL}};
  auto write = vkStruct<VkWriteDescriptorSet>(VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET);
  write.dstSet = t.compositeSet;
  write.descriptorCount = 2;
  write.descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
  write.pImageInfo = images;
  vkUpdateDescriptorSets(ctx.device, 1, &write, 0, nullptr);
}

}  // namespace

void createSplatPass(const Context& ctx, SplatPass& pass) {
  pass.layerFormat = layerFormat(ctx);
  pass.vertex = createShaderModule(ctx, kSplatVert, sizeof(kSplatVert));
  pass.fragment = createShaderModule(ctx, kSplatFrag, sizeof(kSplatFrag));
  pass.compositeVertex = createShaderModule(ctx, kCompositeVert, sizeof(kCompositeVert));
  pass.compositeFragment = createShaderModule(ctx, kCompositeFrag, sizeof(kCompositeFrag));
  pass.splatSetLayout =
      createSetLayout(ctx, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_VERTEX_BIT);
  pass.compositeSetLayout = createSetLayout(ctx, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 2,
                                            VK_SHADER_STAGE_FRAGMENT_BIT);
  pass.splatLayout = createLayout(ctx, pass.splatSetLayout);
  pass.compositeLayout = createLayout(ctx, pass.compositeSetLayout);
  auto sampler = vkStruct<VkSamplerCreateInfo>(VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO);
  sampler.magFilter = VK_FILTER_NEAREST;
  sampler.minFilter = VK_FILTER_NEAREST;
  sampler.addressModeU = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
  sampler.addressModeV = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
  sampler.addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
  VK_CHECK(vkCreateSampler(ctx.device, &sampler, nullptr, &pass.sampler));
  const VkDescriptorPoolSize sizes[] = {
      {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, kFramesInFlight},
      {VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 2 * kCompositeSets}};
  auto poolInfo =
      vkStruct<VkDescriptorPoolCreateInfo>(VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO);
  poolInfo.flags = VK_DESCRIPTOR_POOL_CREATE_FREE_DESCRIPTOR_SET_BIT;
  poolInfo.maxSets = kFramesInFlight + kCompositeSets;
  poolInfo.poolSizeCount = 2;
  poolInfo.pPoolSizes = sizes;
  VK_CHECK(vkCreateDescriptorPool(ctx.device, &poolInfo, nullptr, &pass.pool));
  for (VkDescriptorSet& set : pass.sets) set = allocateSet(ctx, pass.pool, pass.splatSetLayout);
}

void destroySplatPass(const Context& ctx, SplatPass& pass) {
  for (SplatTargets& t : pass.targets) destroyTargets(ctx, pass, t);
  for (Buffer& b : pass.buffers) destroyBuffer(ctx, b);
  for (auto& [key, pipeline] : pass.pipelines) vkDestroyPipeline(ctx.device, pipeline, nullptr);
  if (pass.pool) vkDestroyDescriptorPool(ctx.device, pass.pool, nullptr);
  if (pass.sampler) vkDestroySampler(ctx.device, pass.sampler, nullptr);
  for (VkPipelineLayout l : {pass.splatLayout, pass.compositeLayout})
    if (l) vkDestroyPipelineLayout(ctx.device, l, nullptr);
  for (VkDescriptorSetLayout l : {pass.splatSetLayout, pass.compositeSetLayout})
    if (l) vkDestroyDescriptorSetLayout(ctx.device, l, nullptr);
  for (VkShaderModule m :
       {pass.vertex, pass.fragment, pass.compositeVertex, pass.compositeFragment})
    if (m) vkDestroyShaderModule(ctx.device, m, nullptr);
  pass = SplatPass{};
}

SplatDraw stageSplats(const Context& ctx, SplatPass& pass, uint32_t output, uint32_t slot,
                      const splat::SplatFrame& frame, const Attachments& attachments, int channel) {
  SplatDraw draw;
  draw.pass = &pass;
  draw.slot = slot;
  draw.space = frame.space;
  draw.channel = channel;
  if (frame.splats.empty()) return draw;
  const VkDeviceSize bytes = frame.splats.size() * sizeof(splat::ProjectedSplat);
  Buffer& buffer = pass.buffers[slot];
  if (buffer.size < bytes) {
    destroyBuffer(ctx, buffer);  // the slot was waited for: no frame reads it
    buffer =
        createBuffer(ctx, bytes + bytes / 4, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                     VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
    const VkDescriptorBufferInfo info{buffer.buffer, 0, VK_WHOLE_SIZE};
    auto write = vkStruct<VkWriteDescriptorSet>(VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET);
    write.dstSet = pass.sets[slot];
    write.descriptorCount = 1;
    write.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    write.pBufferInfo = &info;
    vkUpdateDescriptorSets(ctx.device, 1, &write, 0, nullptr);
  }
  std::memcpy(buffer.mapped, frame.splats.data(), bytes);
  SplatTargets& t = pass.targets[output];
  if (t.extent.width != attachments.extent.width || t.extent.height != attachments.extent.height ||
      t.format != attachments.colorFormat) {
    if (t.sceneColor.image) VK_CHECK(vkDeviceWaitIdle(ctx.device));  // frames may still use them
    destroyTargets(ctx, pass, t);
    createTargets(ctx, pass, attachments, t);
  }
  draw.targets = &t;
  draw.count = uint32_t(frame.splats.size());
  return draw;
}

FinalImage splatSceneTarget(const SplatDraw& draw) {
  FinalImage target;
  target.image = draw.targets->sceneColor.image;
  target.view = draw.targets->sceneColor.view;
  target.previousUser = ImageUser::Fragment;  // the previous frame's composite
  target.depthResolve = draw.targets->depth.view;
  target.storeDepth = !draw.targets->depth.view;
  return target;
}

void prepareSplatTargets(VkCommandBuffer cmd, const SplatDraw& draw) {
  if (!draw.targets->depth.image) return;
  // Resolved into by the scene pass: the previous frame's splat pass read it.
  transitionImage(cmd, draw.targets->depth.image, {VK_IMAGE_LAYOUT_UNDEFINED, ImageUser::Depth},
                  {VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL, ImageUser::Depth},
                  {.aspect = VK_IMAGE_ASPECT_DEPTH_BIT});
}

void recordSplats(VkCommandBuffer cmd, const Context& ctx, const Pipelines& pipelines,
                  const SplatDraw& draw, const Attachments& attachments, const FinalImage& target) {
  SplatPass& pass = *draw.pass;
  const SplatTargets& t = *draw.targets;
  const VkExtent2D extent = attachments.extent;
  // The scene pass's depth (stored, or resolved at its end) before the splats' depth tests.
  // A resolve is a write of the colour attachment output stage (Vulkan "Render Pass Load
  // Operations" / resolves), a stored depth one of the late fragment tests.
  memoryBarrier(
      cmd,
      VK_PIPELINE_STAGE_2_LATE_FRAGMENT_TESTS_BIT | VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
      VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT | VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT,
      VK_PIPELINE_STAGE_2_EARLY_FRAGMENT_TESTS_BIT | VK_PIPELINE_STAGE_2_LATE_FRAGMENT_TESTS_BIT,
      VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_READ_BIT);
  transitionImage(cmd, t.layer.image, {VK_IMAGE_LAYOUT_UNDEFINED, ImageUser::Fragment},
                  {VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, ImageUser::ColorWrite});

  const Push push{float(extent.width), float(extent.height), draw.channel,
                  draw.space == scene::SplatColorSpace::LinearDisplay ? 1 : 0};
  const VkViewport viewport{0.0f, 0.0f, float(extent.width), float(extent.height), 0.0f, 1.0f};
  const VkRect2D scissor{{0, 0}, extent};
  {
    auto color = vkStruct<VkRenderingAttachmentInfo>(VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO);
    color.imageView = t.layer.view;
    color.imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
    color.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR;
    color.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
    color.clearValue.color = {{0.0f, 0.0f, 0.0f, 1.0f}};  // C = 0, T = 1
    auto depth = vkStruct<VkRenderingAttachmentInfo>(VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO);
    depth.imageView = t.depth.view ? t.depth.view : attachments.depth.view;
    depth.imageLayout = VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL;
    depth.loadOp = VK_ATTACHMENT_LOAD_OP_LOAD;
    depth.storeOp = VK_ATTACHMENT_STORE_OP_DONT_CARE;
    auto info = vkStruct<VkRenderingInfo>(VK_STRUCTURE_TYPE_RENDERING_INFO);
    info.renderArea = scissor;
    info.layerCount = 1;
    info.colorAttachmentCount = 1;
    info.pColorAttachments = &color;
    info.pDepthAttachment = &depth;
    vkCmdBeginRendering(cmd, &info);
    vkCmdSetViewport(cmd, 0, 1, &viewport);
    vkCmdSetScissor(cmd, 0, 1, &scissor);
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS,
                      pipelineFor(ctx, pipelines, pass, 0, pass.layerFormat));
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pass.splatLayout, 0, 1,
                            &pass.sets[draw.slot], 0, nullptr);
    vkCmdPushConstants(cmd, pass.splatLayout,
                       VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(push),
                       &push);
    vkCmdDraw(cmd, 4, draw.count, 0, 0);
    vkCmdEndRendering(cmd);
  }
  const ImageBarrier barriers[3] = {
      transition(t.layer.image, {VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, ImageUser::Color},
                 {VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL, ImageUser::Fragment}),
      transition(t.sceneColor.image, {VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, ImageUser::Color},
                 {VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL, ImageUser::Fragment}),
      transition(target.image, {VK_IMAGE_LAYOUT_UNDEFINED, target.previousUser},
                 {VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, ImageUser::ColorWrite})};
  imageBarriers(cmd, barriers, 3);
  {
    auto color = vkStruct<VkRenderingAttachmentInfo>(VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO);
    color.imageView = target.view;
    color.imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
    color.loadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE;  // every pixel is written
    color.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
    auto info = vkStruct<VkRenderingInfo>(VK_STRUCTURE_TYPE_RENDERING_INFO);
    info.renderArea = scissor;
    info.layerCount = 1;
    info.colorAttachmentCount = 1;
    info.pColorAttachments = &color;
    vkCmdBeginRendering(cmd, &info);
    vkCmdSetViewport(cmd, 0, 1, &viewport);
    vkCmdSetScissor(cmd, 0, 1, &scissor);
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS,
                      pipelineFor(ctx, pipelines, pass, 1, t.format));
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pass.compositeLayout, 0, 1,
                            &t.compositeSet, 0, nullptr);
    vkCmdPushConstants(cmd, pass.compositeLayout,
                       VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(push),
                       &push);
    vkCmdDraw(cmd, 3, 1, 0, 0);
    vkCmdEndRendering(cmd);
  }
}

}  // namespace vitrine::renderer
