#include "background.h"

#include "compute.h"
#include "stopwatch.h"
#include "vk_check.h"
#include "vk_struct.h"

namespace vitrine::renderer {
namespace {

constexpr uint32_t kBackgroundVert[] =
#include "background.vert.inc"
    ;
constexpr uint32_t kBackgroundFrag[] =
#include "background.frag.inc"
    ;
constexpr uint32_t kBackgroundGroundFrag[] =
#include "background_ground.frag.inc"
    ;

VkPipeline createPipeline(const Context& ctx, const Pipelines& p, const BackgroundPass& pass,
                          VkFormat colorFormat, VkSampleCountFlagBits samples, int tonemap,
                          bool ground, uint32_t groundShadows) {
  // kTonemap (constant_id 0) and, for the ground, kGroundShadows (1).
  const int32_t constants[2] = {tonemap, int32_t(groundShadows)};
  const VkSpecializationMapEntry entries[2] = {{0, 0, sizeof(int32_t)},
                                               {1, sizeof(int32_t), sizeof(int32_t)}};
  VkSpecializationInfo specialization{2, entries, sizeof(constants), constants};
  VkPipelineShaderStageCreateInfo stages[2];
  for (int i = 0; i < 2; ++i) {
    stages[i] = vkStruct<VkPipelineShaderStageCreateInfo>(
        VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO);
    stages[i].stage = i == 0 ? VK_SHADER_STAGE_VERTEX_BIT : VK_SHADER_STAGE_FRAGMENT_BIT;
    stages[i].module = i == 0 ? pass.vertex : ground ? pass.fragmentGround : pass.fragment;
    stages[i].pName = "main";
  }
  stages[1].pSpecializationInfo = &specialization;
  auto vertexInput = vkStruct<VkPipelineVertexInputStateCreateInfo>(
      VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO);  // positions from the index
  ScenePassState state;
  state.stages = stages;
  state.vertexInput = &vertexInput;
  // At the far plane (depth 1): passes only where the cleared depth (1) is still there.
  state.depthWrite = false;
  if (ground) {
    // background.frag (VITRINE_GROUND) writes (m, m, m, 1 - m): rgb = dst.rgb * m, alpha =
    // (1 - m) + dst.a * m (a shadow of opacity 1 - m over what is there).
    state.blend.blendEnable = VK_TRUE;
    state.blend.srcColorBlendFactor = VK_BLEND_FACTOR_ZERO;
    state.blend.dstColorBlendFactor = VK_BLEND_FACTOR_SRC_COLOR;
    state.blend.srcAlphaBlendFactor = VK_BLEND_FACTOR_ONE;
    state.blend.dstAlphaBlendFactor = VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA;
  }
  return createScenePassPipeline(ctx, p, colorFormat, samples, state);
}

}  // namespace

void createBackgroundPass(const Context& ctx, const PipelineLayouts& layouts,
                          const std::array<VkBuffer, kFramesInFlight>& frameData,
                          BackgroundPass& pass) {
  pass.vertex = createShaderModule(ctx, kBackgroundVert, sizeof(kBackgroundVert));
  pass.fragment = createShaderModule(ctx, kBackgroundFrag, sizeof(kBackgroundFrag));
  pass.fragmentGround =
      createShaderModule(ctx, kBackgroundGroundFrag, sizeof(kBackgroundGroundFrag));

  // Sets of the frame layout (pipelines.h): only binding 0, the one the background reads, is
  // written; the storage buffers stay unwritten, which is valid as no shader of this pass
  // uses them.
  const VkDescriptorPoolSize size{VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, kFramesInFlight};
  const VkDescriptorPoolSize storage{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 3 * kFramesInFlight};
  // Binding 10, the shadow maps, is written by the renderer (pass_shadows.h).
  const VkDescriptorPoolSize sampler{VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, kFramesInFlight};
  const VkDescriptorPoolSize sizes[] = {size, storage, sampler};
  auto poolInfo =
      vkStruct<VkDescriptorPoolCreateInfo>(VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO);
  poolInfo.maxSets = kFramesInFlight;
  poolInfo.poolSizeCount = 3;
  poolInfo.pPoolSizes = sizes;
  VK_CHECK(vkCreateDescriptorPool(ctx.device, &poolInfo, nullptr, &pass.pool));
  std::array<VkDescriptorSetLayout, kFramesInFlight> setLayouts;
  setLayouts.fill(layouts.frame);
  auto alloc =
      vkStruct<VkDescriptorSetAllocateInfo>(VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO);
  alloc.descriptorPool = pass.pool;
  alloc.descriptorSetCount = kFramesInFlight;
  alloc.pSetLayouts = setLayouts.data();
  VK_CHECK(vkAllocateDescriptorSets(ctx.device, &alloc, pass.frameSets.data()));
  for (uint32_t i = 0; i < kFramesInFlight; ++i) {
    const VkDescriptorBufferInfo buffer{frameData[i], 0, VK_WHOLE_SIZE};
    auto write = vkStruct<VkWriteDescriptorSet>(VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET);
    write.dstSet = pass.frameSets[i];
    write.dstBinding = 0;
    write.descriptorCount = 1;
    write.descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER;
    write.pBufferInfo = &buffer;
    vkUpdateDescriptorSets(ctx.device, 1, &write, 0, nullptr);
  }
}

void destroyBackgroundPass(const Context& ctx, BackgroundPass& pass) {
  for (auto& [format, pipeline] : pass.pipelines) vkDestroyPipeline(ctx.device, pipeline, nullptr);
  if (pass.pool) vkDestroyDescriptorPool(ctx.device, pass.pool, nullptr);
  if (pass.vertex) vkDestroyShaderModule(ctx.device, pass.vertex, nullptr);
  if (pass.fragment) vkDestroyShaderModule(ctx.device, pass.fragment, nullptr);
  if (pass.fragmentGround) vkDestroyShaderModule(ctx.device, pass.fragmentGround, nullptr);
  pass = BackgroundPass{};
}

void recordBackground(VkCommandBuffer cmd, const Context& ctx, const Pipelines& pipelines,
                      BackgroundPass& pass, VkFormat colorFormat, VkSampleCountFlagBits samples,
                      int tonemap, uint32_t slot, bool frameSetBound,
                      VkDescriptorSet environmentSet, const View::Ground* ground,
                      uint32_t groundShadows) {
  const auto pipelineFor = [&](bool withGround) {
    const uint32_t shadows = withGround ? groundShadows & 15u : 0u;
    const uint64_t key = (uint64_t(shadows) << 52) | (uint64_t(withGround) << 48) |
                         (uint64_t(samples) << 40) | (uint64_t(colorFormat) << 8) |
                         uint64_t(tonemap & 0xff);
    auto it = pass.pipelines.find(key);
    if (it == pass.pipelines.end()) {
      const scene::Stopwatch watch;
      it = pass.pipelines
               .emplace(key, createPipeline(ctx, pipelines, pass, colorFormat, samples, tonemap,
                                            withGround, shadows))
               .first;
      pass.creationSeconds += watch.seconds();
    }
    return it->second;
  };
  vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipelineFor(false));
  const VkPipelineLayout layout = pipelines.layouts.layout;
  if (!frameSetBound) {
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, layout, 0, 1,
                            &pass.frameSets[slot], 0, nullptr);
  }
  vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, layout, 2, 1, &environmentSet, 0,
                          nullptr);
  vkCmdDraw(cmd, 3, 1, 0, 0);
  // The ground over it: only with a scene's set 0 bound (its lights and shadow maps).
  if (!ground || !frameSetBound) return;
  vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipelineFor(true));
  // background.frag's GroundBlock: height, radius, centre x and z.
  const glm::vec4 constants(ground->height, ground->radius, ground->center.x, ground->center.y);
  vkCmdPushConstants(cmd, layout, VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0,
                     sizeof(constants), &constants);
  vkCmdDraw(cmd, 3, 1, 0, 0);
}

}  // namespace vitrine::renderer
