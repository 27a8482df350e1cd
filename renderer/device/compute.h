// Shader modules and compute pipelines for load-time GPU work (environment processing): each
// pipeline has one descriptor set layout, listed binding by binding, and a push constant
// block, and descriptor sets are written with one call.
#pragma once

#include <cstdint>
#include <initializer_list>

#include <volk.h>

#include "context.h"

namespace vitrine::renderer {

// `bytes` of SPIR-V words (an embedded "name.inc" array).
[[nodiscard]] VkShaderModule createShaderModule(const Context& ctx, const uint32_t* code,
                                                size_t bytes);

struct ComputePipeline {
  VkDescriptorSetLayout setLayout = VK_NULL_HANDLE;  // set 0, bindings 0..n-1
  VkPipelineLayout layout = VK_NULL_HANDLE;
  VkPipeline pipeline = VK_NULL_HANDLE;
};

// Binding i of set 0 has type bindings[i], one descriptor, compute stage only; the push
// constant block has pushBytes bytes (0: none).
[[nodiscard]] ComputePipeline createComputePipeline(
    const Context& ctx, const uint32_t* code, size_t bytes,
    std::initializer_list<VkDescriptorType> bindings, uint32_t pushBytes);
void destroyComputePipeline(const Context& ctx, ComputePipeline& pipeline);

// One descriptor of a set: an image (sampler may be null for storage images) or a buffer.
struct DescriptorWrite {
  VkDescriptorType type;
  VkDescriptorImageInfo image{};
  VkDescriptorBufferInfo buffer{};
};
DescriptorWrite imageDescriptor(VkDescriptorType type, VkSampler sampler, VkImageView view,
                                VkImageLayout layout);
DescriptorWrite bufferDescriptor(VkDescriptorType type, VkBuffer buffer);

// Allocates a set of `pipeline`'s layout from `pool` and writes `writes` to bindings 0..n-1.
[[nodiscard]] VkDescriptorSet writeDescriptorSet(const Context& ctx, VkDescriptorPool pool,
                                                 const ComputePipeline& pipeline,
                                                 std::initializer_list<DescriptorWrite> writes);

// Binds the pipeline and the set, pushes `push` (pushBytes of it) and dispatches.
void dispatch(VkCommandBuffer cmd, const ComputePipeline& pipeline, VkDescriptorSet set,
              const void* push, uint32_t pushBytes, uint32_t x, uint32_t y, uint32_t z);

}  // namespace vitrine::renderer
