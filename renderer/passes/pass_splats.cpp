#include "pass_splats.h"

#include <algorithm>
#include <cstring>

#include "compute.h"
#include "pipeline_cache.h"
#include "stopwatch.h"
#include "vk_check.h"
#include "vk_struct.h"

namespace vitrine::renderer {
namespace {

constexpr uint32_t kTilesComp[] =
#include "splat_tiles.comp.inc"
    ;
constexpr uint32_t kCompositeVert[] =
#include "splat_composite.vert.inc"
    ;
constexpr uint32_t kCompositeFrag[] =
#include "splat_composite.frag.inc"
    ;

// The layer: written by the tile rasterizer, sampled by the composite. Vulkan requires storage
// and sampling of this format on every device ("Required Format Support").
constexpr VkFormat kLayerFormat = VK_FORMAT_R32G32B32A32_SFLOAT;
// Composite sets: one per output (SplatPass::targets), replaced when an output is resized.
constexpr uint32_t kCompositeSets = 2;

// splat_tiles.comp's push constants.
struct TilesPush {
  uint32_t width, height;
  uint32_t tilesX;
  int32_t channel;
  int32_t space;
};

// splat_composite.frag's push constants.
struct CompositePush {
  float width, height;
  int32_t channel;
  int32_t space;
};

VkDescriptorSetLayout createSetLayout(const Context& ctx) {
  VkDescriptorSetLayoutBinding bindings[2]{};
  for (uint32_t i = 0; i < 2; ++i) {
    bindings[i] = {i, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, VK_SHADER_STAGE_FRAGMENT_BIT,
                   nullptr};
  }
  auto info = vkStruct<VkDescriptorSetLayoutCreateInfo>(
      VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO);
  info.bindingCount = 2;
  info.pBindings = bindings;
  VkDescriptorSetLayout layout = VK_NULL_HANDLE;
  VK_CHECK(vkCreateDescriptorSetLayout(ctx.device, &info, nullptr, &layout));
  return layout;
}

VkPipelineLayout createLayout(const Context& ctx, VkDescriptorSetLayout set) {
  const VkPushConstantRange push{VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0,
                                 sizeof(CompositePush)};
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

// The composite into a target of `format`.
VkPipeline compositePipeline(const Context& ctx, const Pipelines& pipelines, SplatPass& pass,
                             VkFormat format) {
  if (auto it = pass.composites.find(format); it != pass.composites.end()) return it->second;
  const scene::Stopwatch watch;
  VkPipelineShaderStageCreateInfo stages[2];
  for (int i = 0; i < 2; ++i) {
    stages[i] = vkStruct<VkPipelineShaderStageCreateInfo>(
        VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO);
    stages[i].stage = i == 0 ? VK_SHADER_STAGE_VERTEX_BIT : VK_SHADER_STAGE_FRAGMENT_BIT;
    stages[i].module = i == 0 ? pass.compositeVertex : pass.compositeFragment;
    stages[i].pName = "main";
  }
  auto vertexInput = vkStruct<VkPipelineVertexInputStateCreateInfo>(
      VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO);
  ScenePassState state;
  state.stages = stages;
  state.vertexInput = &vertexInput;
  state.depthWrite = false;
  state.layout = pass.compositeLayout;
  state.depthTest = false;
  state.noDepthAttachment = true;
  const VkPipeline pipeline =
      createScenePassPipeline(ctx, pipelines, format, VK_SAMPLE_COUNT_1_BIT, state);
  pass.creationSeconds += watch.seconds();
  pass.composites.emplace(format, pipeline);
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
  color.format = kLayerFormat;
  color.usage = VK_IMAGE_USAGE_STORAGE_BIT | VK_IMAGE_USAGE_SAMPLED_BIT;
  t.layer = createImage(ctx, color);
  if (ctx.samples != VK_SAMPLE_COUNT_1_BIT) {
    ImageDesc depth;
    depth.format = ctx.depthFormat;
    depth.extent = a.extent;
    depth.usage = VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT | VK_IMAGE_USAGE_SAMPLED_BIT;
    depth.aspect = VK_IMAGE_ASPECT_DEPTH_BIT;
    t.depth = createImage(ctx, depth);
  }
  t.testedDepth = t.depth.image ? t.depth.image : a.depth.image;
  t.testedDepthView = t.depth.image ? t.depth.view : a.depth.view;
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

// A per-slot texel buffer of the tile rasterizer: host-visible, read through a view of
// `format` (texelFetch: llvmpipe gathers texel fetches across invocations, where it loads a
// storage buffer invocation by invocation).
struct TexelBufferKind {
  VkFormat format;
  VkDeviceSize texelBytes;
};
constexpr TexelBufferKind kSplatTexels{VK_FORMAT_R32G32B32A32_SFLOAT, 16};
constexpr TexelBufferKind kTileTexels{VK_FORMAT_R32_UINT, 4};

// Grows `buffer` (and its view) to hold `bytes` (the slot was waited for: no frame reads
// them). True when they were replaced.
bool fit(const Context& ctx, Buffer& buffer, VkBufferView& view, VkDeviceSize bytes,
         TexelBufferKind kind) {
  if (buffer.size >= bytes && view) return false;
  if (view) vkDestroyBufferView(ctx.device, view, nullptr);
  destroyBuffer(ctx, buffer);
  const VkDeviceSize texels = std::max<VkDeviceSize>(1, (bytes + bytes / 4) / kind.texelBytes + 1);
  buffer = createBuffer(ctx, texels * kind.texelBytes, VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT,
                        VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
  auto info = vkStruct<VkBufferViewCreateInfo>(VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO);
  info.buffer = buffer.buffer;
  info.format = kind.format;
  // The view, not the buffer, must stay within the device's limit (the caller's texels do).
  info.range = std::min<VkDeviceSize>(texels, ctx.properties.limits.maxTexelBufferElements) *
               kind.texelBytes;
  VK_CHECK(vkCreateBufferView(ctx.device, &info, nullptr, &view));
  return true;
}

// The tile rasterizer's set of (slot, output), rewritten when what it should hold changed.
void updateTileSet(const Context& ctx, SplatPass& pass, uint32_t slot, uint32_t output) {
  const SplatTargets& t = pass.targets[output];
  const SplatSetContents want{pass.views[slot], pass.tileViews[slot], t.testedDepthView,
                              t.layer.view};
  SplatSetContents& has = pass.setContents[slot][output];
  if (has.splats == want.splats && has.tiles == want.tiles && has.depth == want.depth &&
      has.layer == want.layer)
    return;
  VkDescriptorSet& set = pass.sets[slot][output];
  if (!set) set = allocateSet(ctx, pass.pool, pass.tiles.setLayout);
  const VkBufferView views[2] = {want.splats, want.tiles};
  const VkDescriptorImageInfo depth{pass.sampler, want.depth,
                                    VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL};
  const VkDescriptorImageInfo layer{VK_NULL_HANDLE, want.layer, VK_IMAGE_LAYOUT_GENERAL};
  VkWriteDescriptorSet writes[3];
  for (VkWriteDescriptorSet& w : writes) {
    w = vkStruct<VkWriteDescriptorSet>(VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET);
    w.dstSet = set;
    w.descriptorCount = 1;
  }
  writes[0].descriptorCount = 2;
  writes[0].descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER;
  writes[0].pTexelBufferView = views;
  writes[1].dstBinding = 2;
  writes[1].descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
  writes[1].pImageInfo = &depth;
  writes[2].dstBinding = 3;
  writes[2].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_IMAGE;
  writes[2].pImageInfo = &layer;
  vkUpdateDescriptorSets(ctx.device, 3, writes, 0, nullptr);
  has = want;
}

}  // namespace

void createSplatPass(const Context& ctx, SplatPass& pass) {
  pass.compositeVertex = createShaderModule(ctx, kCompositeVert, sizeof(kCompositeVert));
  pass.compositeFragment = createShaderModule(ctx, kCompositeFrag, sizeof(kCompositeFrag));
  pass.compositeSetLayout = createSetLayout(ctx);
  pass.compositeLayout = createLayout(ctx, pass.compositeSetLayout);
  auto sampler = vkStruct<VkSamplerCreateInfo>(VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO);
  sampler.magFilter = VK_FILTER_NEAREST;
  sampler.minFilter = VK_FILTER_NEAREST;
  sampler.addressModeU = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
  sampler.addressModeV = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
  sampler.addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
  VK_CHECK(vkCreateSampler(ctx.device, &sampler, nullptr, &pass.sampler));
  constexpr uint32_t kTileSets = 2 * kFramesInFlight;  // per slot and output
  const VkDescriptorPoolSize sizes[] = {
      {VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER, 2 * kTileSets},
      {VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, kTileSets},
      {VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, kTileSets + 2 * kCompositeSets}};
  auto poolInfo =
      vkStruct<VkDescriptorPoolCreateInfo>(VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO);
  poolInfo.flags = VK_DESCRIPTOR_POOL_CREATE_FREE_DESCRIPTOR_SET_BIT;
  poolInfo.maxSets = kTileSets + kCompositeSets;
  poolInfo.poolSizeCount = 3;
  poolInfo.pPoolSizes = sizes;
  VK_CHECK(vkCreateDescriptorPool(ctx.device, &poolInfo, nullptr, &pass.pool));
}

void destroySplatPass(const Context& ctx, SplatPass& pass) {
  for (SplatTargets& t : pass.targets) destroyTargets(ctx, pass, t);
  for (Buffer& b : pass.buffers) destroyBuffer(ctx, b);
  for (Buffer& b : pass.tileBuffers) destroyBuffer(ctx, b);
  for (auto* views : {&pass.views, &pass.tileViews}) {
    for (VkBufferView v : *views)
      if (v) vkDestroyBufferView(ctx.device, v, nullptr);
  }
  for (auto& [format, pipeline] : pass.composites) vkDestroyPipeline(ctx.device, pipeline, nullptr);
  destroyComputePipeline(ctx, pass.tiles);
  if (pass.pool) vkDestroyDescriptorPool(ctx.device, pass.pool, nullptr);
  if (pass.sampler) vkDestroySampler(ctx.device, pass.sampler, nullptr);
  if (pass.compositeLayout) vkDestroyPipelineLayout(ctx.device, pass.compositeLayout, nullptr);
  if (pass.compositeSetLayout)
    vkDestroyDescriptorSetLayout(ctx.device, pass.compositeSetLayout, nullptr);
  for (VkShaderModule m : {pass.compositeVertex, pass.compositeFragment})
    if (m) vkDestroyShaderModule(ctx.device, m, nullptr);
  pass = SplatPass{};
}

SplatDraw stageSplats(const Context& ctx, SplatPass& pass, uint32_t output, uint32_t slot,
                      std::span<const splat::ProjectedSplat> splats, scene::SplatColorSpace space,
                      const splat::SplatTiles& tiles, uint64_t generation,
                      const Attachments& attachments, int channel) {
  SplatDraw draw;
  draw.pass = &pass;
  draw.slot = slot;
  draw.output = output;
  draw.space = space;
  draw.channel = channel;
  if (splats.empty() || tiles.tilesX == 0) return draw;
  if (tiles.words.size() > ctx.properties.limits.maxTexelBufferElements) return draw;
  if (!pass.tiles.pipeline) {
    const scene::Stopwatch watch;
    pass.tiles = createComputePipeline(
        ctx, kTilesComp, sizeof(kTilesComp),
        {VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER, VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER,
         VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE},
        sizeof(TilesPush));
    pass.creationSeconds += watch.seconds();
  }
  const VkDeviceSize bytes = splats.size_bytes();
  const VkDeviceSize tileBytes = tiles.words.size() * sizeof(uint32_t);
  const bool grown = fit(ctx, pass.buffers[slot], pass.views[slot], bytes, kSplatTexels);
  const bool tilesGrown =
      fit(ctx, pass.tileBuffers[slot], pass.tileViews[slot], tileBytes, kTileTexels);
  // Unchanged splats (the camera and the splats still) are not copied again.
  if (grown || tilesGrown) pass.setContents[slot] = {};  // a new buffer may reuse a handle
  if (grown || tilesGrown || pass.staged[slot] != generation) {
    std::memcpy(pass.buffers[slot].mapped, splats.data(), bytes);
    std::memcpy(pass.tileBuffers[slot].mapped, tiles.words.data(), tileBytes);
    pass.staged[slot] = generation;
  }
  SplatTargets& t = pass.targets[output];
  const VkImageView testedDepth = t.depth.view ? t.depth.view : attachments.depth.view;
  if (t.extent.width != attachments.extent.width || t.extent.height != attachments.extent.height ||
      t.format != attachments.colorFormat || t.testedDepthView != testedDepth) {
    if (t.sceneColor.image) VK_CHECK(vkDeviceWaitIdle(ctx.device));  // frames may still use them
    destroyTargets(ctx, pass, t);
    createTargets(ctx, pass, attachments, t);
    for (auto& contents : pass.setContents) contents[output] = {};  // views may reuse handles
  }
  updateTileSet(ctx, pass, slot, output);
  draw.targets = &t;
  draw.count = uint32_t(splats.size());
  draw.tilesX = tiles.tilesX;
  draw.tilesY = tiles.tilesY;
  return draw;
}

void releaseSplatTargets(const Context& ctx, SplatPass& pass, uint32_t output) {
  destroyTargets(ctx, pass, pass.targets[output]);
  for (auto& contents : pass.setContents) contents[output] = {};
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
  // Resolved into by the scene pass. recordSplats() left it in DEPTH_ATTACHMENT_OPTIMAL after
  // the previous frame's compute reads, ordered before the fragment tests stages, which this
  // waits for. The resolve writes it in the colour attachment output stage (Vulkan's
  // resolves, for depth too): the transition comes before that write.
  ImageBarrier b =
      transition(draw.targets->depth.image, {VK_IMAGE_LAYOUT_UNDEFINED, ImageUser::Depth},
                 {VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL, ImageUser::Depth},
                 {.aspect = VK_IMAGE_ASPECT_DEPTH_BIT});
  b.dstStage |= VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT;
  b.dstAccess |= VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT;
  imageBarrier(cmd, b);
}

void recordSplats(VkCommandBuffer cmd, const Context& ctx, const Pipelines& pipelines,
                  const SplatDraw& draw, const Attachments& attachments, const FinalImage& target) {
  SplatPass& pass = *draw.pass;
  const SplatTargets& t = *draw.targets;
  const VkExtent2D extent = attachments.extent;
  const int32_t space = draw.space == scene::SplatColorSpace::LinearDisplay ? 1 : 0;
  {
    // The scene pass's depth (stored, or resolved at its end) before the tile rasterizer
    // samples it. A resolve is a write of the colour attachment output stage (Vulkan "Render
    // Pass Load Operations" / resolves), a stored depth one of the late fragment tests.
    ImageBarrier depth;
    depth.image = t.testedDepth;
    depth.aspect = VK_IMAGE_ASPECT_DEPTH_BIT;
    depth.oldLayout = VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL;
    depth.newLayout = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL;
    depth.srcStage = VK_PIPELINE_STAGE_2_LATE_FRAGMENT_TESTS_BIT |
                     VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT;
    depth.srcAccess =
        VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT | VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT;
    depth.dstStage = VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT;
    depth.dstAccess = VK_ACCESS_2_SHADER_SAMPLED_READ_BIT;
    // The layer's old contents are discarded: every pixel is written. The previous frame's
    // composite read it.
    const ImageBarrier barriers[2] = {
        depth, transition(t.layer.image, {VK_IMAGE_LAYOUT_UNDEFINED, ImageUser::Fragment},
                          {VK_IMAGE_LAYOUT_GENERAL, ImageUser::ComputeWrite})};
    imageBarriers(cmd, barriers, 2);
  }
  const TilesPush tilesPush{extent.width, extent.height, draw.tilesX, draw.channel, space};
  dispatch(cmd, pass.tiles, pass.sets[draw.slot][draw.output], &tilesPush, sizeof(tilesPush),
           draw.tilesX, draw.tilesY, 1);

  const ImageBarrier barriers[4] = {
      transition(t.layer.image, {VK_IMAGE_LAYOUT_GENERAL, ImageUser::ComputeWrite},
                 {VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL, ImageUser::Fragment}),
      transition(t.sceneColor.image, {VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, ImageUser::Color},
                 {VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL, ImageUser::Fragment}),
      transition(target.image, {VK_IMAGE_LAYOUT_UNDEFINED, target.previousUser},
                 {VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, ImageUser::ColorWrite}),
      // Back to the scene pass's layout, its next use (which discards it) after these reads.
      transition(t.testedDepth, {VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL, ImageUser::ComputeRead},
                 {VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL, ImageUser::Depth},
                 {.aspect = VK_IMAGE_ASPECT_DEPTH_BIT})};
  imageBarriers(cmd, barriers, 4);

  const CompositePush push{float(extent.width), float(extent.height), draw.channel, space};
  const VkViewport viewport{0.0f, 0.0f, float(extent.width), float(extent.height), 0.0f, 1.0f};
  const VkRect2D scissor{{0, 0}, extent};
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
                    compositePipeline(ctx, pipelines, pass, t.format));
  vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pass.compositeLayout, 0, 1,
                          &t.compositeSet, 0, nullptr);
  vkCmdPushConstants(cmd, pass.compositeLayout,
                     VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(push),
                     &push);
  vkCmdDraw(cmd, 3, 1, 0, 0);
  vkCmdEndRendering(cmd);
}

}  // namespace vitrine::renderer
