#include "environment_process.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <numbers>
#include <vector>

#include "compute.h"
#include "environment_cache.h"
#include "resources.h"
#include "vk_check.h"
#include "vk_struct.h"

namespace vitrine::renderer {
namespace {

constexpr uint32_t kToCube[] =
#include "env_to_cube.comp.inc"
    ;
constexpr uint32_t kPrefilter[] =
#include "env_prefilter.comp.inc"
    ;
constexpr uint32_t kIrradiance[] =
#include "env_irradiance.comp.inc"
    ;
constexpr uint32_t kBrdfLut[] =
#include "brdf_lut.comp.inc"
    ;
constexpr uint32_t kDownsample[] =
#include "env_downsample.comp.inc"
    ;

// Push constant blocks, member for member as the shaders declare them.
struct ToCubePush {
  uint32_t size;
  float lod;
  float maxValue;
};
struct PrefilterPush {
  uint32_t size;
  uint32_t sourceSize;
  uint32_t samples;
  float roughness;
};
struct IrradiancePush {
  uint32_t size;
};
struct LutPush {
  uint32_t size;
  uint32_t samples;
};
struct DownsamplePush {
  uint32_t targetSize[2];
  uint32_t sourceSize[2];
};

// Importance samples: enough for a smooth lobe with filtered importance sampling, which
// reads a blurrier source level for each sample as their number goes down. Measured on
// lavapipe (bench/RESULTS.md): the level-1 pass dominates, as it has the most texels.
constexpr uint32_t kPrefilterSamples = 32;
constexpr uint32_t kLutSamples = 512;
// The level of the source cube the SH projection reads (texels per face edge).
constexpr uint32_t kIrradianceSize = 32;

}  // namespace

uint64_t processingSignature() {
  const uint32_t constants[] = {kPrefilterSamples, kLutSamples, kIrradianceSize, kMaxUploadWidth};
  const float radiance = kMaxRadiance;
  uint64_t h = contentHash(constants, sizeof(constants));
  h = contentHash(&radiance, sizeof(radiance), h);
  for (const auto& [code, bytes] : {std::pair{kToCube, sizeof(kToCube)},
                                    {kPrefilter, sizeof(kPrefilter)},
                                    {kIrradiance, sizeof(kIrradiance)},
                                    {kBrdfLut, sizeof(kBrdfLut)},
                                    {kDownsample, sizeof(kDownsample)}})
    h = contentHash(code, bytes, h);
  return h;
}

namespace {

uint32_t mipCount(uint32_t width, uint32_t height) {
  return uint32_t(std::bit_width(std::max(width, height)));
}

uint32_t groups(uint32_t size, uint32_t local) {
  return (size + local - 1) / local;
}

// The equirect as RGBA32F texels, in one pass: a box average of f x f blocks, f the smallest
// power of two that brings the width to kMaxUploadWidth or less and the height to half that
// (1 for most images; a tall, non-2:1 file is reduced by its height), so a huge image is never
// copied at full size and no side exceeds the 4096 every Vulkan device supports. Each texel is
// made finite and clamped to [0, kMaxRadiance] first: an RGBE exponent of 255 decodes to
// ~1.7e38, and four of those summed by the GPU's downsampling would be inf, then NaN in the
// filtering, then the whole irradiance.
struct Equirect {
  uint32_t width = 0, height = 0;
  std::vector<float> rgba;
};

Equirect prepareEquirect(const scene::EnvironmentImage& image) {
  uint32_t f = 1;
  while (image.width / f > kMaxUploadWidth || image.height / f > kMaxUploadWidth / 2) f *= 2;
  Equirect e;
  e.width = std::max(image.width / f, 1u);
  e.height = std::max(image.height / f, 1u);
  e.rgba.resize(size_t(e.width) * e.height * 4);
  const float scale = 1.0f / float(f * f);
  for (uint32_t y = 0; y < e.height; ++y) {
    for (uint32_t x = 0; x < e.width; ++x) {
      float sum[3] = {0.0f, 0.0f, 0.0f};
      for (uint32_t dy = 0; dy < f; ++dy) {
        const size_t row = std::min(size_t(y) * f + dy, size_t(image.height) - 1);
        const float* px = &image.rgb[(row * image.width + size_t(x) * f) * 3];
        for (uint32_t dx = 0; dx < f; ++dx, px += 3) {
          for (int c = 0; c < 3; ++c) {
            // !(v >= 0) catches NaN as well as negatives.
            sum[c] += !(px[c] >= 0.0f) ? 0.0f : std::min(px[c], kMaxRadiance);
          }
        }
      }
      float* out = &e.rgba[(size_t(y) * e.width + x) * 4];
      out[0] = sum[0] * scale;
      out[1] = sum[1] * scale;
      out[2] = sum[2] * scale;
      out[3] = 1.0f;
    }
  }
  return e;
}

// One 2D-array view per level of `image` (for storage access to a single level).
std::vector<VkImageView> levelViews(const Context& ctx, const Image& image) {
  std::vector<VkImageView> views(image.desc.mipLevels);
  for (uint32_t level = 0; level < views.size(); ++level) {
    views[level] = createImageView(ctx, image.image, image.desc.format, VK_IMAGE_ASPECT_COLOR_BIT,
                                   1, VK_IMAGE_VIEW_TYPE_2D_ARRAY, level, image.desc.layers);
  }
  return views;
}

void destroyViews(const Context& ctx, const std::vector<VkImageView>& views) {
  for (VkImageView view : views) vkDestroyImageView(ctx.device, view, nullptr);
}

// Storage writes of a compute pass made visible to the next compute pass's reads.
void computeToCompute(VkCommandBuffer cmd) {
  memoryBarrier(cmd, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT,
                VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                VK_ACCESS_2_SHADER_STORAGE_READ_BIT | VK_ACCESS_2_SHADER_SAMPLED_READ_BIT);
}

// Fills levels 1.. of `image` (every level in GENERAL, level 0 written and visible to compute
// reads) with env_downsample.comp, sets[level] reading level - 1 and writing `level`. Every
// level stays in GENERAL, its writes visible to later compute reads.
void downsampleChain(VkCommandBuffer cmd, const ComputePipeline& downsample,
                     const std::vector<VkDescriptorSet>& sets, const Image& image) {
  const VkExtent2D extent = image.desc.extent;
  for (uint32_t level = 1; level < image.desc.mipLevels; ++level) {
    const DownsamplePush push{
        {std::max(extent.width >> level, 1u), std::max(extent.height >> level, 1u)},
        {std::max(extent.width >> (level - 1), 1u), std::max(extent.height >> (level - 1), 1u)}};
    dispatch(cmd, downsample, sets[level], &push, sizeof(push), groups(push.targetSize[0], 8),
             groups(push.targetSize[1], 8), image.desc.layers);
    computeToCompute(cmd);
  }
}

// The uses of the images of a processing run (transition()).
constexpr ImageUse kCopied{VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, ImageUser::Copy};
constexpr ImageUse kCopySource{VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, ImageUser::Copy};
constexpr ImageUse kStorageWrite{VK_IMAGE_LAYOUT_GENERAL, ImageUser::ComputeWrite};
constexpr ImageUse kStorageRead{VK_IMAGE_LAYOUT_GENERAL, ImageUser::ComputeRead};
constexpr ImageUse kComputeSampled{VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL,
                                   ImageUser::ComputeRead};
// The final layout of the specular cube and the lookup table: fragment shaders sample them.
constexpr ImageUse kFragmentSampled{VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL, ImageUser::Fragment};

// Every level of `image`, from GENERAL (written by compute shaders) to sampled in compute.
void toSampled(VkCommandBuffer cmd, const Image& image) {
  transitionImage(cmd, image.image, kStorageWrite, kComputeSampled);
}

// Copies `level`s of a cube (or the one level of a 2D image) between `buffer`, packed level
// after level as environment_cache.h describes, and the image.
std::vector<VkBufferImageCopy> packedRegions(uint32_t size, uint32_t levels, uint32_t layers,
                                             VkDeviceSize texelBytes, VkDeviceSize offset) {
  std::vector<VkBufferImageCopy> regions;
  for (uint32_t level = 0; level < levels; ++level) {
    const uint32_t side = std::max(size >> level, 1u);
    VkBufferImageCopy r{};
    r.bufferOffset = offset;
    r.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, level, 0, layers};
    r.imageExtent = {side, side, 1};
    regions.push_back(r);
    offset += VkDeviceSize(side) * side * layers * texelBytes;
  }
  return regions;
}

VkSampler createEquirectSampler(const Context& ctx) {
  auto info = vkStruct<VkSamplerCreateInfo>(VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO);
  info.magFilter = VK_FILTER_LINEAR;
  info.minFilter = VK_FILTER_LINEAR;
  info.mipmapMode = VK_SAMPLER_MIPMAP_MODE_LINEAR;
  info.addressModeU = VK_SAMPLER_ADDRESS_MODE_REPEAT;  // the azimuth wraps around
  info.addressModeV = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
  info.addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
  info.maxLod = VK_LOD_CLAMP_NONE;
  VkSampler sampler = VK_NULL_HANDLE;
  VK_CHECK(vkCreateSampler(ctx.device, &info, nullptr, &sampler));
  return sampler;
}

VkDescriptorPool createPool(const Context& ctx, uint32_t sets) {
  const VkDescriptorPoolSize sizes[] = {{VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, sets},
                                        {VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 2 * sets},
                                        {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, sets}};
  auto info = vkStruct<VkDescriptorPoolCreateInfo>(VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO);
  info.maxSets = sets;
  info.poolSizeCount = 3;
  info.pPoolSizes = sizes;
  VkDescriptorPool pool = VK_NULL_HANDLE;
  VK_CHECK(vkCreateDescriptorPool(ctx.device, &info, nullptr, &pool));
  return pool;
}

}  // namespace

EnvironmentSizes environmentSizes(const scene::EnvironmentImage& image) {
  EnvironmentSizes s;
  const uint32_t quarter = std::max(image.width / 4, 1u);
  s.cubeSize = std::clamp(std::bit_floor(quarter), kMinCubeSize, kMaxCubeSize);
  s.levels = kSpecularLevels;
  s.lutSize = kBrdfLutSize;
  return s;
}

namespace {

// The resources of one processing run, created up front (pipelines, views, descriptor sets),
// recorded into one command buffer step by step, destroyed at the end.
class Processing {
 public:
  Processing(const Context& ctx, const scene::EnvironmentImage& image,
             const EnvironmentSizes& sizes, EnvironmentGpu& env, bool readback)
      : ctx_(ctx), sizes_(sizes), env_(env), equirect_(prepareEquirect(image)) {
    createResources(readback);
    createPipelines();
    writeSets();
  }
  ~Processing() { destroy(); }
  Processing(const Processing&) = delete;
  Processing& operator=(const Processing&) = delete;

  void record(VkCommandBuffer cmd) {
    uploadEquirect(cmd);
    convertToCube(cmd);
    downsampleChain(cmd, downsample_, sourceSets_, source_);
    projectIrradiance(cmd);  // reads a level as a storage image: before the transition
    toSampled(cmd, source_);
    prefilterLevels(cmd);
    integrateLut(cmd);
    finish(cmd);
  }

  // After the submission completed: the results, as the cache stores them.
  void readBack(ProcessedEnvironment& out) const {
    out.cubeSize = sizes_.cubeSize;
    out.levels = sizes_.levels;
    out.lutSize = sizes_.lutSize;
    out.specular.resize(out.specularHalfs());
    std::memcpy(out.specular.data(), specularReadback_.mapped,
                out.specular.size() * sizeof(uint16_t));
    out.lut.resize(out.lutHalfs());
    std::memcpy(out.lut.data(), lut_.mapped, out.lut.size() * sizeof(uint16_t));
    std::memcpy(&out.irradiance, env_.data.mapped, sizeof(out.irradiance));
  }

 private:
  void createResources(bool readback) {
    const uint32_t size = sizes_.cubeSize;
    staging_ = createBuffer(ctx_, equirect_.rgba.size() * sizeof(float),
                            VK_BUFFER_USAGE_TRANSFER_SRC_BIT, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT);
    std::memcpy(staging_.mapped, equirect_.rgba.data(), equirect_.rgba.size() * sizeof(float));
    // The equirect level whose texels are as wide as a cube texel: a cube texel at a face
    // centre spans 2 / size radians, an equirect texel at the equator 2 pi / width. Only the
    // levels trilinear sampling at that lod reads are made.
    equirectLod_ = std::max(
        0.0f, std::log2(float(equirect_.width) / (std::numbers::pi_v<float> * float(size))));
    ImageDesc equirect;
    equirect.format = VK_FORMAT_R32G32B32A32_SFLOAT;
    equirect.extent = {equirect_.width, equirect_.height};
    equirect.mipLevels = std::min(mipCount(equirect_.width, equirect_.height),
                                  equirectLod_ > 0.0f ? uint32_t(equirectLod_) + 2 : 1u);
    equirect.usage =
        VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_STORAGE_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT;
    equirectImage_ = createImage(ctx_, equirect);
    equirectLevels_ = levelViews(ctx_, equirectImage_);
    ImageDesc source;
    source.format = VK_FORMAT_R32G32B32A32_SFLOAT;
    source.extent = {size, size};
    source.mipLevels = mipCount(size, size);
    source.layers = 6;
    source.flags = VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT;
    source.usage = VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_STORAGE_BIT;
    source_ = createImage(ctx_, source);
    sourceLevels_ = levelViews(ctx_, source_);
    specularLevels_ = levelViews(ctx_, env_.specular);
    lut_ = createBuffer(ctx_, VkDeviceSize(sizes_.lutSize) * sizes_.lutSize * 4,
                        VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT,
                        VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT);
    if (readback) {
      ProcessedEnvironment shape;
      shape.cubeSize = sizes_.cubeSize;
      shape.levels = sizes_.levels;
      specularReadback_ =
          createBuffer(ctx_, shape.specularHalfs() * sizeof(uint16_t),
                       VK_BUFFER_USAGE_TRANSFER_DST_BIT, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT);
    }
    equirectSampler_ = createEquirectSampler(ctx_);
  }

  void createPipelines() {
    constexpr VkDescriptorType kSampled = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
    constexpr VkDescriptorType kStorage = VK_DESCRIPTOR_TYPE_STORAGE_IMAGE;
    constexpr VkDescriptorType kBuffer = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    toCube_ = createComputePipeline(ctx_, kToCube, sizeof(kToCube), {kSampled, kStorage, kStorage},
                                    sizeof(ToCubePush));
    downsample_ = createComputePipeline(ctx_, kDownsample, sizeof(kDownsample),
                                        {kStorage, kStorage}, sizeof(DownsamplePush));
    prefilter_ = createComputePipeline(ctx_, kPrefilter, sizeof(kPrefilter), {kSampled, kStorage},
                                       sizeof(PrefilterPush));
    irradiance_ = createComputePipeline(ctx_, kIrradiance, sizeof(kIrradiance), {kStorage, kBuffer},
                                        sizeof(IrradiancePush));
    lutPipeline_ =
        createComputePipeline(ctx_, kBrdfLut, sizeof(kBrdfLut), {kBuffer}, sizeof(LutPush));
  }

  void writeSets() {
    constexpr VkImageLayout kRead = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL;
    constexpr VkImageLayout kGeneral = VK_IMAGE_LAYOUT_GENERAL;
    constexpr VkDescriptorType kSampled = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
    constexpr VkDescriptorType kStorage = VK_DESCRIPTOR_TYPE_STORAGE_IMAGE;
    constexpr VkDescriptorType kBuffer = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    const uint32_t sets =
        3 + sizes_.levels + uint32_t(equirectLevels_.size()) + uint32_t(sourceLevels_.size());
    pool_ = createPool(ctx_, sets);
    auto storage = [&](VkImageView view) {
      return imageDescriptor(kStorage, VK_NULL_HANDLE, view, kGeneral);
    };
    toCubeSet_ =
        writeDescriptorSet(ctx_, pool_, toCube_,
                           {imageDescriptor(kSampled, equirectSampler_, equirectImage_.view, kRead),
                            storage(sourceLevels_[0]), storage(specularLevels_[0])});
    auto chainSets = [&](const std::vector<VkImageView>& levels) {
      std::vector<VkDescriptorSet> out(levels.size());
      for (size_t level = 1; level < levels.size(); ++level) {
        out[level] = writeDescriptorSet(ctx_, pool_, downsample_,
                                        {storage(levels[level - 1]), storage(levels[level])});
      }
      return out;
    };
    equirectSets_ = chainSets(equirectLevels_);
    sourceSets_ = chainSets(sourceLevels_);
    prefilterSets_.resize(sizes_.levels);
    for (uint32_t level = 1; level < sizes_.levels; ++level) {
      prefilterSets_[level] =
          writeDescriptorSet(ctx_, pool_, prefilter_,
                             {imageDescriptor(kSampled, env_.sampler, source_.view, kRead),
                              storage(specularLevels_[level])});
    }
    irradianceSet_ = writeDescriptorSet(
        ctx_, pool_, irradiance_,
        {storage(sourceLevels_[irradianceLevel()]), bufferDescriptor(kBuffer, env_.data.buffer)});
    lutSet_ =
        writeDescriptorSet(ctx_, pool_, lutPipeline_, {bufferDescriptor(kBuffer, lut_.buffer)});
  }

  // 1. The equirect: level 0 uploaded, the few levels below it averaged down.
  void uploadEquirect(VkCommandBuffer cmd) {
    const VkImage image = equirectImage_.image;
    transitionImage(cmd, image, {}, kCopied, {0, 1});
    VkBufferImageCopy copy{};
    copy.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
    copy.imageExtent = {equirect_.width, equirect_.height, 1};
    vkCmdCopyBufferToImage(cmd, staging_.buffer, image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1,
                           &copy);
    // Level 0 is read by the first downsampling pass, the others written.
    const ImageBarrier general[2] = {transition(image, kCopied, kStorageRead, {0, 1}),
                                     transition(image, {}, kStorageWrite, {1})};
    imageBarriers(cmd, general, equirectLevels_.size() > 1 ? 2 : 1);
    downsampleChain(cmd, downsample_, equirectSets_, equirectImage_);
    toSampled(cmd, equirectImage_);
  }

  // 2. The cube's level 0, in both cubes (every level of both becomes a storage image).
  void convertToCube(VkCommandBuffer cmd) {
    const ImageBarrier storage[2] = {transition(source_.image, {}, kStorageWrite),
                                     transition(env_.specular.image, {}, kStorageWrite)};
    imageBarriers(cmd, storage, 2);
    const uint32_t size = sizes_.cubeSize;
    const ToCubePush push{size, equirectLod_, kMaxRadiance};
    dispatch(cmd, toCube_, toCubeSet_, &push, sizeof(push), groups(size, 8), groups(size, 8), 6);
    computeToCompute(cmd);
  }

  // 4. The prefiltered levels, roughness = level / (levels - 1), from the source cube.
  void prefilterLevels(VkCommandBuffer cmd) {
    for (uint32_t level = 1; level < sizes_.levels; ++level) {
      const uint32_t side = std::max(sizes_.cubeSize >> level, 1u);
      const PrefilterPush push{side, sizes_.cubeSize, kPrefilterSamples,
                               float(level) / float(sizes_.levels - 1)};
      dispatch(cmd, prefilter_, prefilterSets_[level], &push, sizeof(push), groups(side, 8),
               groups(side, 8), 6);
    }
  }

  // The source level with kIrradianceSize texels per edge (or level 0 if smaller).
  uint32_t irradianceLevel() const {
    const uint32_t size = sizes_.cubeSize;
    return size > kIrradianceSize ? uint32_t(std::countr_zero(size / kIrradianceSize)) : 0u;
  }

  // 3. Irradiance, from the source level irradianceLevel().
  void projectIrradiance(VkCommandBuffer cmd) {
    const IrradiancePush push{std::max(sizes_.cubeSize >> irradianceLevel(), 1u)};
    dispatch(cmd, irradiance_, irradianceSet_, &push, sizeof(push), 1, 1, 1);
  }

  // 5. The BRDF lookup table, into a buffer, then the image.
  void integrateLut(VkCommandBuffer cmd) {
    const LutPush push{sizes_.lutSize, kLutSamples};
    dispatch(cmd, lutPipeline_, lutSet_, &push, sizeof(push), groups(sizes_.lutSize, 8),
             groups(sizes_.lutSize, 8), 1);
    memoryBarrier(
        cmd, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT,
        VK_PIPELINE_STAGE_2_COPY_BIT | VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT |
            VK_PIPELINE_STAGE_2_HOST_BIT,
        VK_ACCESS_2_TRANSFER_READ_BIT | VK_ACCESS_2_UNIFORM_READ_BIT | VK_ACCESS_2_HOST_READ_BIT);
    transitionImage(cmd, env_.brdfLut.image, {}, kCopied);
    const std::vector<VkBufferImageCopy> region = packedRegions(sizes_.lutSize, 1, 1, 4, 0);
    vkCmdCopyBufferToImage(cmd, lut_.buffer, env_.brdfLut.image,
                           VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, region.data());
  }

  // 6. Final layouts; with a readback, the specular levels are copied out first.
  void finish(VkCommandBuffer cmd) {
    const VkImage specular = env_.specular.image;
    ImageBarrier finals[2] = {transition(env_.brdfLut.image, kCopied, kFragmentSampled),
                              transition(specular, kStorageWrite, kFragmentSampled)};
    if (specularReadback_.buffer) {
      transitionImage(cmd, specular, kStorageWrite, kCopySource);
      const std::vector<VkBufferImageCopy> regions =
          packedRegions(sizes_.cubeSize, sizes_.levels, 6, 8, 0);
      vkCmdCopyImageToBuffer(cmd, specular, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                             specularReadback_.buffer, uint32_t(regions.size()), regions.data());
      memoryBarrier(cmd, VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                    VK_PIPELINE_STAGE_2_HOST_BIT, VK_ACCESS_2_HOST_READ_BIT);
      // After reads only, the layout transition just waits for the copy.
      finals[1] = transition(specular, kCopySource, kFragmentSampled);
    }
    imageBarriers(cmd, finals, 2);
  }

  void destroy() {
    if (pool_) vkDestroyDescriptorPool(ctx_.device, pool_, nullptr);
    for (ComputePipeline* p : {&lutPipeline_, &irradiance_, &prefilter_, &downsample_, &toCube_})
      destroyComputePipeline(ctx_, *p);
    if (equirectSampler_) vkDestroySampler(ctx_.device, equirectSampler_, nullptr);
    destroyBuffer(ctx_, specularReadback_);
    destroyBuffer(ctx_, lut_);
    destroyViews(ctx_, specularLevels_);
    destroyViews(ctx_, sourceLevels_);
    destroyViews(ctx_, equirectLevels_);
    destroyImage(ctx_, source_);
    destroyImage(ctx_, equirectImage_);
    destroyBuffer(ctx_, staging_);
  }

  const Context& ctx_;
  const EnvironmentSizes sizes_;
  EnvironmentGpu& env_;
  const Equirect equirect_;
  float equirectLod_ = 0.0f;

  Buffer staging_;
  Image equirectImage_;  // RGBA32F, the levels sampling at equirectLod_ needs
  Image source_;         // RGBA32F cube, full mip chain: what prefiltering samples
  std::vector<VkImageView> equirectLevels_, sourceLevels_, specularLevels_;  // storage views
  Buffer lut_;               // packed RG16F, host-visible (the cache reads it)
  Buffer specularReadback_;  // only with a readback
  VkSampler equirectSampler_ = VK_NULL_HANDLE;

  ComputePipeline toCube_, downsample_, prefilter_, irradiance_, lutPipeline_;
  VkDescriptorPool pool_ = VK_NULL_HANDLE;
  VkDescriptorSet toCubeSet_ = VK_NULL_HANDLE, irradianceSet_ = VK_NULL_HANDLE,
                  lutSet_ = VK_NULL_HANDLE;
  std::vector<VkDescriptorSet> equirectSets_, sourceSets_, prefilterSets_;  // per level
};

}  // namespace

void processEnvironment(const Context& ctx, const scene::EnvironmentImage& image,
                        const EnvironmentSizes& sizes, EnvironmentGpu& env,
                        ProcessedEnvironment* readback) {
  Processing processing(ctx, image, sizes, env, readback != nullptr);
  OneShot once = beginOneShot(ctx);
  processing.record(once.cmd);
  submitOneShot(ctx, once);
  if (readback) processing.readBack(*readback);
}

void uploadProcessedEnvironment(const Context& ctx, const ProcessedEnvironment& processed,
                                EnvironmentGpu& env) {
  const VkDeviceSize specularBytes = processed.specular.size() * sizeof(uint16_t);
  const VkDeviceSize lutBytes = processed.lut.size() * sizeof(uint16_t);
  Buffer staging = createBuffer(ctx, specularBytes + lutBytes, VK_BUFFER_USAGE_TRANSFER_SRC_BIT,
                                VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT);
  auto* bytes = static_cast<uint8_t*>(staging.mapped);
  std::memcpy(bytes, processed.specular.data(), specularBytes);
  std::memcpy(bytes + specularBytes, processed.lut.data(), lutBytes);
  std::memcpy(env.data.mapped, &processed.irradiance, sizeof(processed.irradiance));

  OneShot once = beginOneShot(ctx);
  const ImageBarrier dst[2] = {transition(env.specular.image, {}, kCopied),
                               transition(env.brdfLut.image, {}, kCopied)};
  imageBarriers(once.cmd, dst, 2);
  const std::vector<VkBufferImageCopy> specular =
      packedRegions(processed.cubeSize, processed.levels, 6, 8, 0);
  vkCmdCopyBufferToImage(once.cmd, staging.buffer, env.specular.image,
                         VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, uint32_t(specular.size()),
                         specular.data());
  const std::vector<VkBufferImageCopy> lut =
      packedRegions(processed.lutSize, 1, 1, 4, specularBytes);
  vkCmdCopyBufferToImage(once.cmd, staging.buffer, env.brdfLut.image,
                         VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, lut.data());
  const ImageBarrier finals[2] = {transition(env.specular.image, kCopied, kFragmentSampled),
                                  transition(env.brdfLut.image, kCopied, kFragmentSampled)};
  imageBarriers(once.cmd, finals, 2);
  submitOneShot(ctx, once);
  destroyBuffer(ctx, staging);
}

}  // namespace vitrine::renderer
