#include "pipeline_cache.h"

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "cache_file.h"
#include "vk_check.h"
#include "vk_struct.h"

namespace vitrine::renderer {
namespace {

constexpr char kMagic[8] = {'V', 'I', 'T', 'R', 'P', 'S', 'O', '\0'};
constexpr uint32_t kByteOrder = 0x01020304;
// Far above what a driver keeps for one viewer's few dozen pipelines: a larger file is not ours.
constexpr uint64_t kMaxFileBytes = 256ull << 20;
// sizeof(VkPipelineCacheHeaderVersionOne), the size its headerSize must have (Vulkan 1.3
// §"Pipeline Cache Header", VUID-VkPipelineCacheHeaderVersionOne-headerSize-04967).
constexpr uint32_t kVulkanHeaderBytes = 32;
static_assert(sizeof(VkPipelineCacheHeaderVersionOne) == kVulkanHeaderBytes);

// The driver's header is written least significant byte first whatever the host's byte order
// (Vulkan 1.3 §"Pipeline Cache Header").
uint32_t littleEndian32(const uint8_t* p) {
  return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
}

std::string hex(uint32_t value) {
  char text[16];
  std::snprintf(text, sizeof(text), "0x%04x", value);
  return text;
}

bool readFile(const std::string& path, std::vector<uint8_t>* bytes, std::string* why) {
  std::error_code ec;
  const uint64_t size = std::filesystem::file_size(path, ec);
  if (ec) {
    *why = "cannot read its size: " + ec.message();
    return false;
  }
  if (size > kMaxFileBytes) {
    *why = std::to_string(size) + " bytes, more than a pipeline cache file holds";
    return false;
  }
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) {
    *why = std::string("cannot open: ") + std::strerror(errno);
    return false;
  }
  bytes->resize(size);
  const bool complete = std::fread(bytes->data(), 1, bytes->size(), f) == bytes->size();
  std::fclose(f);
  if (!complete) *why = "short read";
  return complete;
}

// The driver's data (vkGetPipelineCacheData, the size asked first); false with *why set when
// the driver fails (out of memory).
bool cacheData(const Context& ctx, VkPipelineCache cache, std::vector<uint8_t>* data,
               std::string* why) {
  size_t size = 0;
  VkResult result = vkGetPipelineCacheData(ctx.device, cache, &size, nullptr);
  if (result == VK_SUCCESS && size > 0) {
    data->resize(size);
    result = vkGetPipelineCacheData(ctx.device, cache, &size, data->data());
  }
  data->resize(size);
  if (result != VK_SUCCESS) *why = std::string("vkGetPipelineCacheData: ") + vkResultName(result);
  return result == VK_SUCCESS;
}

VkPipelineCache createVkCache(const Context& ctx, const std::vector<uint8_t>& initial,
                              VkResult* result) {
  auto info = vkStruct<VkPipelineCacheCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO);
  info.initialDataSize = initial.size();
  info.pInitialData = initial.empty() ? nullptr : initial.data();
  VkPipelineCache cache = VK_NULL_HANDLE;
  *result = vkCreatePipelineCache(ctx.device, &info, nullptr, &cache);
  return *result == VK_SUCCESS ? cache : VK_NULL_HANDLE;
}

// Counts the creation in ctx.pipelineCreation: one more pipeline, a cache hit when the driver
// says so (only meaningful when it marks the feedback VALID).
void count(const Context& ctx, const VkPipelineCreationFeedback& feedback, double seconds) {
  PipelineCreationCounts& c = ctx.pipelineCreation;
  ++c.created;
  c.seconds += seconds;
  const VkPipelineCreationFeedbackFlags hit =
      VK_PIPELINE_CREATION_FEEDBACK_VALID_BIT |
      VK_PIPELINE_CREATION_FEEDBACK_APPLICATION_PIPELINE_CACHE_HIT_BIT;
  if ((feedback.flags & hit) == hit) ++c.cacheHits;
}

double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

std::string pipelineCacheFilePath(const std::string& directory,
                                  const VkPhysicalDeviceProperties& device) {
  char name[64];
  std::snprintf(name, sizeof(name), "pipelines-%04x-%04x.bin", device.vendorID, device.deviceID);
  return (std::filesystem::path(directory) / name).string();
}

std::vector<uint8_t> pipelineCacheFileBytes(const std::vector<uint8_t>& data) {
  PipelineCacheFileHeader header{};
  std::memcpy(header.magic, kMagic, sizeof(kMagic));
  header.formatVersion = kPipelineCacheFormatVersion;
  header.byteOrder = kByteOrder;
  header.dataSize = data.size();
  header.checksum = contentHash(data.data(), data.size());
  std::vector<uint8_t> file(sizeof(header) + data.size());
  std::memcpy(file.data(), &header, sizeof(header));
  if (!data.empty()) std::memcpy(file.data() + sizeof(header), data.data(), data.size());
  return file;
}

bool parsePipelineCacheFile(const std::vector<uint8_t>& file,
                            const VkPhysicalDeviceProperties& device, std::vector<uint8_t>* data,
                            std::string* why) {
  auto fail = [&](const std::string& reason) {
    if (why) *why = reason;
    return false;
  };
  PipelineCacheFileHeader header{};
  if (file.size() < sizeof(header)) {
    return fail("truncated: " + std::to_string(file.size()) + " bytes, shorter than its " +
                std::to_string(sizeof(header)) + "-byte header");
  }
  std::memcpy(&header, file.data(), sizeof(header));
  if (std::memcmp(header.magic, kMagic, sizeof(kMagic)) != 0)
    return fail("not a pipeline cache file");
  if (header.byteOrder != kByteOrder) return fail("written with another byte order");
  if (header.formatVersion != kPipelineCacheFormatVersion) {
    return fail("format version " + std::to_string(header.formatVersion) + ", this build reads " +
                std::to_string(kPipelineCacheFormatVersion));
  }
  const uint64_t after = file.size() - sizeof(header);
  if (after < header.dataSize) {
    return fail("truncated: " + std::to_string(file.size()) + " bytes, its header announces " +
                std::to_string(sizeof(header) + header.dataSize));
  }
  if (after > header.dataSize) {
    return fail(std::to_string(file.size()) + " bytes, more than the " +
                std::to_string(sizeof(header) + header.dataSize) + " its header announces");
  }
  const uint8_t* vk = file.data() + sizeof(header);
  if (contentHash(vk, after) != header.checksum) return fail("checksum mismatch (corrupt)");

  // VkPipelineCacheHeaderVersionOne: headerSize, headerVersion, vendorID, deviceID, then
  // pipelineCacheUUID at byte 16.
  if (after < kVulkanHeaderBytes) {
    return fail("the driver data has " + std::to_string(after) +
                " bytes, less than a Vulkan pipeline cache header");
  }
  const uint32_t headerSize = littleEndian32(vk);
  const uint32_t headerVersion = littleEndian32(vk + 4);
  const uint32_t vendorID = littleEndian32(vk + 8);
  const uint32_t deviceID = littleEndian32(vk + 12);
  if (headerSize != kVulkanHeaderBytes)
    return fail("Vulkan header size " + std::to_string(headerSize) + ", expected 32");
  if (headerVersion != VK_PIPELINE_CACHE_HEADER_VERSION_ONE)
    return fail("Vulkan header version " + std::to_string(headerVersion) + ", expected 1");
  if (vendorID != device.vendorID)
    return fail("vendorID " + hex(vendorID) + ", the device's is " + hex(device.vendorID));
  if (deviceID != device.deviceID)
    return fail("deviceID " + hex(deviceID) + ", the device's is " + hex(device.deviceID));
  if (std::memcmp(vk + 16, device.pipelineCacheUUID, VK_UUID_SIZE) != 0)
    return fail("pipelineCacheUUID differs (another driver or driver version)");
  if (data) data->assign(vk, vk + after);
  return true;
}

bool writePipelineCacheFile(const std::string& path, const std::vector<uint8_t>& data,
                            std::string* why) {
  auto fail = [&](const std::string& reason) {
    if (why) *why = path + ": " + reason;
    return false;
  };
  const std::vector<uint8_t> file = pipelineCacheFileBytes(data);
  const std::span<const char> parts[] = {
      std::span<const char>(reinterpret_cast<const char*>(file.data()), file.size())};
  if (std::string err = writeFileAtomically(path, parts); !err.empty()) return fail(err);
  return true;
}

void createPipelineCache(Context& ctx, const std::string& directory, PipelineCache& out) {
  out = PipelineCache{};
  std::vector<uint8_t> data;
  VkResult result = VK_SUCCESS;
  if (directory.empty()) {
    out.stats.status = "no cache directory";
  } else {
    out.path = pipelineCacheFilePath(directory, ctx.properties);
    out.stats.path = out.path;
    std::error_code ec;
    std::vector<uint8_t> file;
    std::string why;
    if (!std::filesystem::exists(out.path, ec)) {
      out.stats.status = "no file";
    } else if (readFile(out.path, &file, &why) &&
               parsePipelineCacheFile(file, ctx.properties, &data, &why)) {
      out.cache = createVkCache(ctx, data, &result);
      if (out.cache) {
        out.stats.status = "loaded";
        out.stats.bytesLoaded = data.size();
        out.writtenSize = data.size();
        out.writtenHash = contentHash(data.data(), data.size());
      } else {
        why = std::string("the driver refused its data (") + vkResultName(result) + ")";
      }
    }
    if (!out.cache && !why.empty()) {
      out.stats.status = "ignored: " + why;
      std::fprintf(stderr, "vitrine: warning: pipeline cache %s ignored: %s; it will be replaced\n",
                   out.path.c_str(), why.c_str());
    }
  }
  if (!out.cache) {
    out.cache = createVkCache(ctx, {}, &result);
    VK_CHECK(result);
  }
  ctx.pipelineCache = out.cache;
}

void savePipelineCache(const Context& ctx, PipelineCache& cache) {
  if (cache.path.empty() || !cache.cache) return;
  std::vector<uint8_t> data;
  std::string why;
  const bool got = cacheData(ctx, cache.cache, &data, &why);
  const uint64_t hash = contentHash(data.data(), data.size());
  if (got && data.size() == cache.writtenSize && hash == cache.writtenHash) return;
  if (!got || !writePipelineCacheFile(cache.path, data, &why)) {
    cache.stats.writeError = why;
    std::fprintf(stderr, "vitrine: warning: pipeline cache not written: %s\n", why.c_str());
    return;
  }
  cache.writtenSize = data.size();
  cache.writtenHash = hash;
  ++cache.stats.filesWritten;
  cache.stats.bytesWritten = data.size();
}

void destroyPipelineCache(Context& ctx, PipelineCache& cache) {
  if (cache.cache) vkDestroyPipelineCache(ctx.device, cache.cache, nullptr);
  if (ctx.pipelineCache == cache.cache) ctx.pipelineCache = VK_NULL_HANDLE;
  cache.cache = VK_NULL_HANDLE;
}

VkPipeline compileGraphicsPipeline(const Context& ctx, VkGraphicsPipelineCreateInfo info) {
  VkPipelineCreationFeedback feedback{};
  VkPipelineCreationFeedback stages[2]{};
  auto chain = vkStruct<VkPipelineCreationFeedbackCreateInfo>(
      VK_STRUCTURE_TYPE_PIPELINE_CREATION_FEEDBACK_CREATE_INFO);
  chain.pNext = info.pNext;
  chain.pPipelineCreationFeedback = &feedback;
  chain.pipelineStageCreationFeedbackCount = info.stageCount;
  chain.pPipelineStageCreationFeedbacks = stages;
  if (info.stageCount > std::size(stages)) chain.pipelineStageCreationFeedbackCount = 0;
  info.pNext = &chain;
  const auto start = std::chrono::steady_clock::now();
  VkPipeline pipeline = VK_NULL_HANDLE;
  VK_CHECK(vkCreateGraphicsPipelines(ctx.device, ctx.pipelineCache, 1, &info, nullptr, &pipeline));
  count(ctx, feedback, secondsSince(start));
  return pipeline;
}

VkPipeline compileComputePipeline(const Context& ctx, VkComputePipelineCreateInfo info) {
  VkPipelineCreationFeedback feedback{};
  VkPipelineCreationFeedback stage{};
  auto chain = vkStruct<VkPipelineCreationFeedbackCreateInfo>(
      VK_STRUCTURE_TYPE_PIPELINE_CREATION_FEEDBACK_CREATE_INFO);
  chain.pNext = info.pNext;
  chain.pPipelineCreationFeedback = &feedback;
  chain.pipelineStageCreationFeedbackCount = 1;
  chain.pPipelineStageCreationFeedbacks = &stage;
  info.pNext = &chain;
  const auto start = std::chrono::steady_clock::now();
  VkPipeline pipeline = VK_NULL_HANDLE;
  VK_CHECK(vkCreateComputePipelines(ctx.device, ctx.pipelineCache, 1, &info, nullptr, &pipeline));
  count(ctx, feedback, secondsSince(start));
  return pipeline;
}

}  // namespace vitrine::renderer
