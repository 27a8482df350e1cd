#include "background.h"

#include "compute.h"
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

VkPipeline createPipeline(const Context& ctx, const Pipelines& p, const BackgroundPass& pass,
                          VkFormat colorFormat, int tonemap) {
  const int32_t constant = tonemap;
  const VkSpecializationMapEntry entry{0, 0, sizeof(constant)};  // kTonemap, constant_id 0
  VkSpecializationInfo specialization{1, &entry, sizeof(constant), &constant};
  VkPipelineShaderStageCreateInfo stages[2];
  for (int i = 0; i < 2; ++i) {
    stages[i] = vkStruct<VkPipelineShaderStageCreateInfo>(
        VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO);
    stages[i].stage = i == 0 ? VK_SHADER_STAGE_VERTEX_BIT : VK_SHADER_STAGE_FRAGMENT_BIT;
    stages[i].module = i == 0 ? pass.vertex : pass.fragment;
    stages[i].pName = "main";
  }
  stages[1].pSpecializationInfo = &specialization;
  auto vertexInput = vkStruct<VkPipelineVertexInputStateCreateInfo>(
      VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO);  // positions from the index
  auto inputAssembly = vkStruct<VkPipelineInputAssemblyStateCreateInfo>(
      VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO);
  inputAssembly.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
  auto viewport = vkStruct<VkPipelineViewportStateCreateInfo>(
      VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO);
  viewport.viewportCount = 1;
  viewport.scissorCount = 1;
  auto raster = vkStruct<VkPipelineRasterizationStateCreateInfo>(
      VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO);
  raster.polygonMode = VK_POLYGON_MODE_FILL;
  raster.cullMode = VK_CULL_MODE_NONE;
  raster.lineWidth = 1.0f;
  auto multisample = vkStruct<VkPipelineMultisampleStateCreateInfo>(
      VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO);
  multisample.rasterizationSamples = p.samples;
  // At the far plane (depth 1): passes only where the cleared depth (1) is still there.
  auto depth = vkStruct<VkPipelineDepthStencilStateCreateInfo>(
      VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO);
  depth.depthTestEnable = VK_TRUE;
  depth.depthWriteEnable = VK_FALSE;
  depth.depthCompareOp = VK_COMPARE_OP_LESS_OR_EQUAL;
  VkPipelineColorBlendAttachmentState blend{};
  blend.colorWriteMask = VK_COLOR_COMPONENT_R_BIT | VK_COLOR_COMPONENT_G_BIT |
                         VK_COLOR_COMPONENT_B_BIT | VK_COLOR_COMPONENT_A_BIT;
  auto colorBlend = vkStruct<VkPipelineColorBlendStateCreateInfo>(
      VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO);
  colorBlend.attachmentCount = 1;
  colorBlend.pAttachments = &blend;
  const VkDynamicState dynamic[] = {VK_DYNAMIC_STATE_VIEWPORT, VK_DYNAMIC_STATE_SCISSOR};
  auto dynamicState = vkStruct<VkPipelineDynamicStateCreateInfo>(
      VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO);
  dynamicState.dynamicStateCount = 2;
  dynamicState.pDynamicStates = dynamic;
  auto rendering =
      vkStruct<VkPipelineRenderingCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO);
  rendering.colorAttachmentCount = 1;
  rendering.pColorAttachmentFormats = &colorFormat;
  rendering.depthAttachmentFormat = p.depthFormat;

  auto info =
      vkStruct<VkGraphicsPipelineCreateInfo>(VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO);
  info.pNext = &rendering;
  info.stageCount = 2;
  info.pStages = stages;
  info.pVertexInputState = &vertexInput;
  info.pInputAssemblyState = &inputAssembly;
  info.pViewportState = &viewport;
  info.pRasterizationState = &raster;
  info.pMultisampleState = &multisample;
  info.pDepthStencilState = &depth;
  info.pColorBlendState = &colorBlend;
  info.pDynamicState = &dynamicState;
  info.layout = p.layouts.layout;  // the mesh layout: sets 0 and 2 stay bound across draws
  VkPipeline pipeline = VK_NULL_HANDLE;
  VK_CHECK(vkCreateGraphicsPipelines(ctx.device, VK_NULL_HANDLE, 1, &info, nullptr, &pipeline));
  return pipeline;
}

}  // namespace

void createBackgroundPass(const Context& ctx, const PipelineLayouts& layouts,
                          const std::array<VkBuffer, kFramesInFlight>& frameData,
                          BackgroundPass& pass) {
  pass.vertex = createShaderModule(ctx, kBackgroundVert, sizeof(kBackgroundVert));
  pass.fragment = createShaderModule(ctx, kBackgroundFrag, sizeof(kBackgroundFrag));

  // Sets of the frame layout (pipelines.h): only binding 0, the one the background reads, is
  // written; the storage buffers stay unwritten, which is valid as no shader of this pass
  // uses them.
  const VkDescriptorPoolSize size{VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, kFramesInFlight};
  const VkDescriptorPoolSize storage{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 3 * kFramesInFlight};
  const VkDescriptorPoolSize sizes[] = {size, storage};
  auto poolInfo =
      vkStruct<VkDescriptorPoolCreateInfo>(VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO);
  poolInfo.maxSets = kFramesInFlight;
  poolInfo.poolSizeCount = 2;
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
  pass = BackgroundPass{};
}

void recordBackground(VkCommandBuffer cmd, const Context& ctx, const Pipelines& pipelines,
                      BackgroundPass& pass, VkFormat colorFormat, int tonemap, uint32_t slot,
                      bool frameSetBound, VkDescriptorSet environmentSet) {
  const uint64_t key = (uint64_t(colorFormat) << 8) | uint64_t(tonemap & 0xff);
  auto it = pass.pipelines.find(key);
  if (it == pass.pipelines.end())
    it = pass.pipelines.emplace(key, createPipeline(ctx, pipelines, pass, colorFormat, tonemap))
             .first;
  vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, it->second);
  const VkPipelineLayout layout = pipelines.layouts.layout;
  if (!frameSetBound) {
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, layout, 0, 1,
                            &pass.frameSets[slot], 0, nullptr);
  }
  vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, layout, 2, 1, &environmentSet, 0,
                          nullptr);
  vkCmdDraw(cmd, 3, 1, 0, 0);
}

}  // namespace vitrine::renderer
