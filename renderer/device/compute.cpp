#include "compute.h"

#include <vector>

#include "pipeline_cache.h"
#include "vk_check.h"
#include "vk_struct.h"

namespace vitrine::renderer {

VkShaderModule createShaderModule(const Context& ctx, const uint32_t* code, size_t bytes) {
  auto info = vkStruct<VkShaderModuleCreateInfo>(VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO);
  info.codeSize = bytes;
  info.pCode = code;
  VkShaderModule module = VK_NULL_HANDLE;
  VK_CHECK(vkCreateShaderModule(ctx.device, &info, nullptr, &module));
  return module;
}

ComputePipeline createComputePipeline(const Context& ctx, const uint32_t* code, size_t bytes,
                                      std::initializer_list<VkDescriptorType> bindings,
                                      uint32_t pushBytes) {
  ComputePipeline p;
  std::vector<VkDescriptorSetLayoutBinding> list;
  for (VkDescriptorType type : bindings)
    list.push_back({uint32_t(list.size()), type, 1, VK_SHADER_STAGE_COMPUTE_BIT, nullptr});
  auto setInfo = vkStruct<VkDescriptorSetLayoutCreateInfo>(
      VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO);
  setInfo.bindingCount = uint32_t(list.size());
  setInfo.pBindings = list.data();
  VK_CHECK(vkCreateDescriptorSetLayout(ctx.device, &setInfo, nullptr, &p.setLayout));

  const VkPushConstantRange push{VK_SHADER_STAGE_COMPUTE_BIT, 0, pushBytes};
  auto layoutInfo =
      vkStruct<VkPipelineLayoutCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO);
  layoutInfo.setLayoutCount = 1;
  layoutInfo.pSetLayouts = &p.setLayout;
  layoutInfo.pushConstantRangeCount = pushBytes ? 1 : 0;
  layoutInfo.pPushConstantRanges = &push;
  VK_CHECK(vkCreatePipelineLayout(ctx.device, &layoutInfo, nullptr, &p.layout));

  const VkShaderModule module = createShaderModule(ctx, code, bytes);
  auto info = vkStruct<VkComputePipelineCreateInfo>(VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO);
  info.stage = vkStruct<VkPipelineShaderStageCreateInfo>(
      VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO);
  info.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
  info.stage.module = module;
  info.stage.pName = "main";
  info.layout = p.layout;
  p.pipeline = compileComputePipeline(ctx, info);
  vkDestroyShaderModule(ctx.device, module, nullptr);  // the pipeline keeps what it needs
  return p;
}

void destroyComputePipeline(const Context& ctx, ComputePipeline& p) {
  if (p.pipeline) vkDestroyPipeline(ctx.device, p.pipeline, nullptr);
  if (p.layout) vkDestroyPipelineLayout(ctx.device, p.layout, nullptr);
  if (p.setLayout) vkDestroyDescriptorSetLayout(ctx.device, p.setLayout, nullptr);
  p = ComputePipeline{};
}

DescriptorWrite imageDescriptor(VkDescriptorType type, VkSampler sampler, VkImageView view,
                                VkImageLayout layout) {
  DescriptorWrite w{type};
  w.image = {sampler, view, layout};
  return w;
}

DescriptorWrite bufferDescriptor(VkDescriptorType type, VkBuffer buffer) {
  DescriptorWrite w{type};
  w.buffer = {buffer, 0, VK_WHOLE_SIZE};
  return w;
}

VkDescriptorSet writeDescriptorSet(const Context& ctx, VkDescriptorPool pool,
                                   const ComputePipeline& pipeline,
                                   std::initializer_list<DescriptorWrite> writes) {
  auto alloc =
      vkStruct<VkDescriptorSetAllocateInfo>(VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO);
  alloc.descriptorPool = pool;
  alloc.descriptorSetCount = 1;
  alloc.pSetLayouts = &pipeline.setLayout;
  VkDescriptorSet set = VK_NULL_HANDLE;
  VK_CHECK(vkAllocateDescriptorSets(ctx.device, &alloc, &set));
  std::vector<VkWriteDescriptorSet> vk;
  for (const DescriptorWrite& w : writes) {
    auto v = vkStruct<VkWriteDescriptorSet>(VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET);
    v.dstSet = set;
    v.dstBinding = uint32_t(vk.size());
    v.descriptorCount = 1;
    v.descriptorType = w.type;
    const bool isBuffer =
        w.type == VK_DESCRIPTOR_TYPE_STORAGE_BUFFER || w.type == VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER;
    if (isBuffer)
      v.pBufferInfo = &w.buffer;
    else
      v.pImageInfo = &w.image;
    vk.push_back(v);
  }
  vkUpdateDescriptorSets(ctx.device, uint32_t(vk.size()), vk.data(), 0, nullptr);
  return set;
}

void dispatch(VkCommandBuffer cmd, const ComputePipeline& p, VkDescriptorSet set, const void* push,
              uint32_t pushBytes, uint32_t x, uint32_t y, uint32_t z) {
  vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, p.pipeline);
  vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, p.layout, 0, 1, &set, 0, nullptr);
  if (pushBytes) vkCmdPushConstants(cmd, p.layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, pushBytes, push);
  vkCmdDispatch(cmd, x, y, z);
}

}  // namespace vitrine::renderer
