// descriptorLimitProblem (pipelines.h): the renderer's fixed layouts against the device's
// limits, checked once when the renderer is created.
#include <string>

#include "pipelines.h"

namespace vitrine::renderer {
namespace {

struct Counts {
  uint32_t uniformBuffers = 0, storageBuffers = 0, samplers = 0, sampledImages = 0;
  uint32_t resources() const { return uniformBuffers + storageBuffers + sampledImages; }
};

void add(Counts& c, const VkDescriptorSetLayoutBinding& b) {
  switch (b.descriptorType) {
    case VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER:
      c.uniformBuffers += b.descriptorCount;
      break;
    case VK_DESCRIPTOR_TYPE_STORAGE_BUFFER:
      c.storageBuffers += b.descriptorCount;
      break;
    case VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER:
      // Counts against both the sampler and the sampled image limits (the limits'
      // descriptions of maxPerStageDescriptorSamplers and ...SampledImages).
      c.samplers += b.descriptorCount;
      c.sampledImages += b.descriptorCount;
      break;
    default:
      break;
  }
}

std::string exceeds(uint32_t needed, const std::string& what, const char* limit,
                    uint32_t deviceLimit) {
  if (needed <= deviceLimit) return "";
  return std::to_string(needed) + " " + what + ", more than the device's " + limit + " (" +
         std::to_string(deviceLimit) + ")";
}

}  // namespace

std::string descriptorLimitProblem(const VkPhysicalDeviceLimits& limits,
                                   const MeshSetBindings& sets, uint32_t pushBytes) {
  std::string p = exceeds(uint32_t(sets.size()), "descriptor sets bound at once",
                          "maxBoundDescriptorSets", limits.maxBoundDescriptorSets);
  if (!p.empty()) return p;
  Counts layout;
  const std::pair<VkShaderStageFlagBits, const char*> stages[] = {
      {VK_SHADER_STAGE_VERTEX_BIT, "vertex"}, {VK_SHADER_STAGE_FRAGMENT_BIT, "fragment"}};
  for (const auto& [stage, name] : stages) {
    Counts c;
    for (const auto& set : sets)
      for (const VkDescriptorSetLayoutBinding& b : set)
        if (b.stageFlags & stage) add(c, b);
    const std::string in = std::string(" in the ") + name + " stage";
    // The fragment stage's colour output counts as a resource too (maxPerStageResources).
    const uint32_t resources = c.resources() + (stage == VK_SHADER_STAGE_FRAGMENT_BIT ? 1 : 0);
    for (std::string q :
         {exceeds(c.uniformBuffers, "uniform buffers" + in, "maxPerStageDescriptorUniformBuffers",
                  limits.maxPerStageDescriptorUniformBuffers),
          exceeds(c.storageBuffers, "storage buffers" + in, "maxPerStageDescriptorStorageBuffers",
                  limits.maxPerStageDescriptorStorageBuffers),
          exceeds(c.samplers, "samplers" + in, "maxPerStageDescriptorSamplers",
                  limits.maxPerStageDescriptorSamplers),
          exceeds(c.sampledImages, "sampled images" + in, "maxPerStageDescriptorSampledImages",
                  limits.maxPerStageDescriptorSampledImages),
          exceeds(resources, "resources" + in, "maxPerStageResources",
                  limits.maxPerStageResources)})
      if (!q.empty()) return q;
  }
  for (const auto& set : sets)
    for (const VkDescriptorSetLayoutBinding& b : set) add(layout, b);
  for (std::string q :
       {exceeds(layout.uniformBuffers, "uniform buffers in the pipeline layout",
                "maxDescriptorSetUniformBuffers", limits.maxDescriptorSetUniformBuffers),
        exceeds(layout.storageBuffers, "storage buffers in the pipeline layout",
                "maxDescriptorSetStorageBuffers", limits.maxDescriptorSetStorageBuffers),
        exceeds(layout.samplers, "samplers in the pipeline layout", "maxDescriptorSetSamplers",
                limits.maxDescriptorSetSamplers),
        exceeds(layout.sampledImages, "sampled images in the pipeline layout",
                "maxDescriptorSetSampledImages", limits.maxDescriptorSetSampledImages),
        exceeds(pushBytes, "bytes of push constants", "maxPushConstantsSize",
                limits.maxPushConstantsSize)})
    if (!q.empty()) return q;
  return "";
}

}  // namespace vitrine::renderer
