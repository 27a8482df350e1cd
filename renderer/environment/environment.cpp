// Set 2 of an environment: the images and buffer (processed, read from the cache, or black),
// its sampler and its descriptor set.
#include "environment.h"

#include <cstdio>
#include <cstring>

#include "environment_cache.h"
#include "environment_process.h"
#include "shared_types.h"
#include "textures.h"
#include "vk_check.h"
#include "vk_struct.h"

namespace vitrine::renderer {
namespace {

// The placeholder's images hold zeros: no light, and a lookup table of zeros.
void clearToShaderRead(VkCommandBuffer cmd, const Image& image, uint32_t layers) {
  constexpr ImageUse kCleared{VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, ImageUser::Clear};
  transitionImage(cmd, image.image, {}, kCleared);
  const VkClearColorValue black{{0.0f, 0.0f, 0.0f, 0.0f}};
  const VkImageSubresourceRange range{VK_IMAGE_ASPECT_COLOR_BIT, 0, VK_REMAINING_MIP_LEVELS, 0,
                                      layers};
  vkCmdClearColorImage(cmd, image.image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &black, 1, &range);
  transitionImage(cmd, image.image, kCleared,
                  {VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL, ImageUser::Fragment});
}

void createImages(const Context& ctx, const EnvironmentSizes& sizes, EnvironmentGpu& out) {
  ImageDesc cube;
  cube.format = VK_FORMAT_R16G16B16A16_SFLOAT;
  cube.extent = {sizes.cubeSize, sizes.cubeSize};
  cube.mipLevels = sizes.levels;
  cube.layers = 6;
  cube.flags = VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT;
  cube.usage = VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_STORAGE_BIT |
               VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT;
  out.specular = createImage(ctx, cube);
  ImageDesc lut;
  lut.format = VK_FORMAT_R16G16_SFLOAT;
  lut.extent = {sizes.lutSize, sizes.lutSize};
  lut.usage = VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT;
  out.brdfLut = createImage(ctx, lut);
  out.data = createBuffer(ctx, sizeof(gpu::EnvironmentData),
                          VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT | VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                          VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT);
  std::memset(out.data.mapped, 0, sizeof(gpu::EnvironmentData));
  out.maxLod = float(sizes.levels - 1);
}

void createSampler(const Context& ctx, EnvironmentGpu& out) {
  out.sampler = createClampedLinearSampler(ctx);
}

void createSet(const Context& ctx, const PipelineLayouts& layouts, EnvironmentGpu& out) {
  const VkDescriptorPoolSize sizes[] = {{VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 2},
                                        {VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 1}};
  auto pool = vkStruct<VkDescriptorPoolCreateInfo>(VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO);
  pool.maxSets = 1;
  pool.poolSizeCount = 2;
  pool.pPoolSizes = sizes;
  VK_CHECK(vkCreateDescriptorPool(ctx.device, &pool, nullptr, &out.pool));
  auto alloc =
      vkStruct<VkDescriptorSetAllocateInfo>(VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO);
  alloc.descriptorPool = out.pool;
  alloc.descriptorSetCount = 1;
  alloc.pSetLayouts = &layouts.environment;
  VK_CHECK(vkAllocateDescriptorSets(ctx.device, &alloc, &out.set));

  const VkDescriptorImageInfo images[] = {
      {out.sampler, out.specular.view, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL},
      {out.sampler, out.brdfLut.view, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL}};
  const VkDescriptorBufferInfo buffer{out.data.buffer, 0, sizeof(gpu::EnvironmentData)};
  VkWriteDescriptorSet writes[3];
  for (uint32_t b = 0; b < 3; ++b) {
    writes[b] = vkStruct<VkWriteDescriptorSet>(VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET);
    writes[b].dstSet = out.set;
    writes[b].dstBinding = b;
    writes[b].descriptorCount = 1;
    writes[b].descriptorType =
        b < 2 ? VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER : VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER;
    if (b < 2)
      writes[b].pImageInfo = &images[b];
    else
      writes[b].pBufferInfo = &buffer;
  }
  vkUpdateDescriptorSets(ctx.device, 3, writes, 0, nullptr);
}

bool usable(const scene::EnvironmentImage* image) {
  if (!image) return false;
  if (image->width > 0 && image->height > 0 &&
      image->rgb.size() == size_t(image->width) * image->height * 3)
    return true;
  std::fprintf(stderr, "vitrine: environment \"%s\" is malformed (%ux%u, %zu floats); ignored\n",
               image->name.c_str(), image->width, image->height, image->rgb.size());
  return false;
}

// Where the processed environment of `image` is cached (its key hashes the whole image).
struct CacheEntry {
  uint64_t key = 0;
  std::string path;
};

CacheEntry cacheEntry(const scene::EnvironmentImage& image, const EnvironmentSizes& sizes,
                      const std::string& cacheDirectory) {
  const uint64_t key =
      environmentKey(image, sizes.cubeSize, sizes.levels, sizes.lutSize, processingSignature());
  return {key, cacheFilePath(cacheDirectory, key)};
}

// The environment read from the cache entry into `out` (its images and sampler made): false,
// nothing created, when the entry is missing or damaged.
bool readCached(const Context& ctx, const EnvironmentSizes& sizes, const CacheEntry& entry,
                EnvironmentGpu& out) {
  ProcessedEnvironment processed;
  if (!readEnvironmentCache(entry.path, entry.key, sizes.cubeSize, sizes.levels, sizes.lutSize,
                            processed, nullptr))
    return false;
  createImages(ctx, sizes, out);
  createSampler(ctx, out);
  uploadProcessedEnvironment(ctx, processed, out);
  out.key = processed.key;
  return true;
}

// The environment of `image`: from the cache when it holds it, else processed on the GPU
// (and stored in the cache).
void buildEnvironment(const Context& ctx, const scene::EnvironmentImage& image,
                      const std::string& cacheDirectory, EnvironmentGpu& out) {
  const EnvironmentSizes sizes = environmentSizes(image);
  if (cacheDirectory.empty()) {
    createImages(ctx, sizes, out);
    createSampler(ctx, out);
    processEnvironment(ctx, image, sizes, out, nullptr);
    out.key = scene::findEnvironmentKey(image);
    return;
  }
  const CacheEntry entry = cacheEntry(image, sizes, cacheDirectory);
  if (readCached(ctx, sizes, entry, out)) return;
  createImages(ctx, sizes, out);
  createSampler(ctx, out);
  ProcessedEnvironment processed;
  processEnvironment(ctx, image, sizes, out, &processed);
  processed.key = out.key = scene::findEnvironmentKey(image);
  std::string why;
  if (!writeEnvironmentCache(entry.path, entry.key, processed, &why))
    std::fprintf(stderr, "vitrine: environment cache not written: %s\n", why.c_str());
}

}  // namespace

void createEnvironmentGpu(const Context& ctx, const PipelineLayouts& layouts,
                          const scene::EnvironmentImage* image, const std::string& cacheDirectory,
                          EnvironmentGpu& out) {
  out = EnvironmentGpu{};
  if (usable(image)) {
    buildEnvironment(ctx, *image, cacheDirectory, out);
    out.enabled = true;
  } else {
    EnvironmentSizes black{1, 1, 1};
    createImages(ctx, black, out);
    createSampler(ctx, out);
    OneShot once = beginOneShot(ctx);
    clearToShaderRead(once.cmd, out.specular, 6);
    clearToShaderRead(once.cmd, out.brdfLut, 1);
    submitOneShot(ctx, once);
  }
  createSet(ctx, layouts, out);
}

bool createCachedEnvironmentGpu(const Context& ctx, const PipelineLayouts& layouts,
                                const scene::EnvironmentImage& image,
                                const std::string& cacheDirectory, EnvironmentGpu& out) {
  out = EnvironmentGpu{};
  if (cacheDirectory.empty() || !usable(&image)) return false;
  const EnvironmentSizes sizes = environmentSizes(image);
  if (!readCached(ctx, sizes, cacheEntry(image, sizes, cacheDirectory), out)) return false;
  out.enabled = true;
  createSet(ctx, layouts, out);
  return true;
}

void destroyEnvironmentGpu(const Context& ctx, EnvironmentGpu& env) {
  if (env.pool) vkDestroyDescriptorPool(ctx.device, env.pool, nullptr);
  if (env.sampler) vkDestroySampler(ctx.device, env.sampler, nullptr);
  destroyBuffer(ctx, env.data);
  destroyImage(ctx, env.brdfLut);
  destroyImage(ctx, env.specular);
  env = EnvironmentGpu{};
}

}  // namespace vitrine::renderer
