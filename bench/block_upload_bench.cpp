// block_upload_bench (issue 23): would uploading a KHR_texture_basisu texture as the block format
// its payload transcodes to (BC7 from UASTC; BC1/BC3 or ETC2 from ETC1S) be worth it against the
// RGBA8 we decode to and upload today? For one 1024x1024 texture with its 11 mip levels, in each
// format the device offers:
//   upload/<format>: the CPU copy into a mapped staging buffer, vkCmdCopyBufferToImage of the 11
//     levels with the layout barriers, submit and wait; counters: the bytes uploaded and the
//     image's vkGetImageMemoryRequirements size;
//   sample/<format>: one frame at 1280x720 whose every pixel samples the texture trilinearly
//     (one triangle covering the target, uv [0, 1] over it: level 0 to 1), submit and wait;
//     sample/none is the same pass without the texture read.
// The block contents are made here, valid blocks of the kinds a transcoder writes (makeLevel);
// nothing is transcoded: we have no transcoder. The device's offer (features and format
// support) is printed before the runs. Raw Vulkan through volk, not renderer::Renderer: the
// renderer's device enables neither textureCompressionBC nor textureCompressionETC2 and takes
// no pre-made image. VITRINE_BENCH_VALIDATION=1 turns the validation layer on (and counts its
// messages: counter validation_messages), off by default as in the other benches.
// Needs a Vulkan 1.3 device (lavapipe:
// VK_ICD_FILENAMES=/usr/share/vulkan/icd.d/lvp_icd.x86_64.json). Results: bench/RESULTS.md, "KTX2:
// block-compressed upload against RGBA8".
#include <benchmark/benchmark.h>
#include <sys/resource.h>
#include <volk.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace {

constexpr uint32_t kSize = 1024, kLevels = 11;
constexpr uint32_t kWidth = 1280, kHeight = 720;
constexpr VkFormat kTargetFormat = VK_FORMAT_R8G8B8A8_UNORM;

constexpr uint32_t kVert[] =
#include "block_upload.vert.inc"
    ;
constexpr uint32_t kFrag[] =
#include "block_upload.frag.inc"
    ;

// A Vulkan struct zeroed, with its sType.
template <class T>
T vk(VkStructureType type) {
  T value{};
  value.sType = type;
  return value;
}

void check(VkResult result, const char* what) {
  if (result == VK_SUCCESS) return;
  std::fprintf(stderr, "block_upload_bench: %s failed: VkResult %d\n", what, int(result));
  std::abort();
}

// What a transcoder would write for each target (makeLevel).
enum class Blocks { Rgba8, Bc7Mode6, Bc7UastcModes, Bc1, Bc3, Etc1s, Etc2Rgba };

struct Format {
  const char* name;
  VkFormat format;
  uint32_t blockBytes;  // bytes per 4x4 block; 0: uncompressed, 4 bytes per texel
  Blocks blocks;
  const char* source;  // the KTX2 payload that would transcode to it
};

const Format kFormats[] = {
    {"RGBA8", VK_FORMAT_R8G8B8A8_SRGB, 0, Blocks::Rgba8, "today: any, decoded on the CPU"},
    {"BC7_mode6", VK_FORMAT_BC7_SRGB_BLOCK, 16, Blocks::Bc7Mode6, "UASTC (solid/simple blocks)"},
    {"BC7_uastc_modes", VK_FORMAT_BC7_SRGB_BLOCK, 16, Blocks::Bc7UastcModes, "UASTC"},
    {"BC1_RGB", VK_FORMAT_BC1_RGB_SRGB_BLOCK, 8, Blocks::Bc1, "ETC1S opaque (re-encoded)"},
    {"BC3", VK_FORMAT_BC3_SRGB_BLOCK, 16, Blocks::Bc3, "ETC1S with alpha (re-encoded)"},
    {"ETC2_RGB", VK_FORMAT_ETC2_R8G8B8_SRGB_BLOCK, 8, Blocks::Etc1s, "ETC1S opaque (lossless)"},
    {"ETC2_RGBA", VK_FORMAT_ETC2_R8G8B8A8_SRGB_BLOCK, 16, Blocks::Etc2Rgba, "ETC1S with alpha"},
};

// Formats whose support is printed (item 1 of the brief), with the sampled ones above.
const std::pair<const char*, VkFormat> kQueried[] = {
    {"R8G8B8A8_SRGB", VK_FORMAT_R8G8B8A8_SRGB},
    {"BC7_SRGB_BLOCK", VK_FORMAT_BC7_SRGB_BLOCK},
    {"BC7_UNORM_BLOCK", VK_FORMAT_BC7_UNORM_BLOCK},
    {"BC1_RGB_SRGB_BLOCK", VK_FORMAT_BC1_RGB_SRGB_BLOCK},
    {"BC1_RGBA_SRGB_BLOCK", VK_FORMAT_BC1_RGBA_SRGB_BLOCK},
    {"BC3_SRGB_BLOCK", VK_FORMAT_BC3_SRGB_BLOCK},
    {"ETC2_R8G8B8_SRGB_BLOCK", VK_FORMAT_ETC2_R8G8B8_SRGB_BLOCK},
    {"ETC2_R8G8B8A8_SRGB_BLOCK", VK_FORMAT_ETC2_R8G8B8A8_SRGB_BLOCK},
};

uint32_t levelExtent(uint32_t level) {
  return std::max(1u, kSize >> level);
}

uint64_t levelBytes(const Format& f, uint32_t level) {
  const uint64_t e = levelExtent(level);
  if (f.blockBytes == 0) return e * e * 4;
  const uint64_t blocks = (e + 3) / 4;
  return blocks * blocks * f.blockBytes;
}

struct Random {
  uint64_t state = 0x9E3779B97F4A7C15ull;
  uint8_t byte() {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return uint8_t(state >> 24);
  }
};

// One ETC1S block (Khronos Data Format Specification, ETC1S, /work/shared/spec/ktx2/
// dataformat-etc1.txt): differential mode, zero colour deltas, one table codeword for both
// subblocks, flip 0; 64 bits stored most significant byte first. What our ETC1S decoder holds
// per block, and so what an ETC1S -> ETC1/ETC2 transcode writes without any loss.
void etc1sBlock(Random& r, uint8_t* out) {
  const uint8_t table = r.byte() & 7;
  out[0] = uint8_t(r.byte() & 0xF8);                   // R (5 bits), R delta 0
  out[1] = uint8_t(r.byte() & 0xF8);                   // G
  out[2] = uint8_t(r.byte() & 0xF8);                   // B
  out[3] = uint8_t(table << 5 | table << 2 | 1 << 1);  // codewords 1 and 2, diff 1, flip 0
  for (int i = 4; i < 8; ++i) out[i] = r.byte();       // pixel index bits
}

// The blocks of one level, pseudo-random (a fixed seed) and valid in their format:
//  BC7 (KDFS, BPTC): the mode is the position of the first set bit from bit 0; mode 6 is one
//    subset, 7-bit RGBA endpoints and 4-bit indices, every bit pattern of its other 121 bits
//    valid. "UASTC modes" mixes the six BC7 modes UASTC transcodes to (dataformat-uastc.txt,
//    Introduction: "each map to one of 6 BC7 modes (all except 0 and 4)"), uniformly.
//  BC1: color0 > color1 (the 4-colour mode, the one transcoders write); BC3: any alpha block,
//    then such a colour block. ETC2 RGBA: an EAC alpha block with a nonzero multiplier, then an
//    ETC1S colour block.
std::vector<uint8_t> makeLevel(const Format& f, uint32_t level, Random& r) {
  std::vector<uint8_t> data(levelBytes(f, level));
  if (f.blockBytes == 0) {
    for (uint8_t& b : data) b = r.byte();
    return data;
  }
  for (size_t at = 0; at < data.size(); at += f.blockBytes) {
    uint8_t* b = data.data() + at;
    for (uint32_t i = 0; i < f.blockBytes; ++i) b[i] = r.byte();
    switch (f.blocks) {
      case Blocks::Bc7Mode6:
        b[0] = uint8_t((b[0] & 0x80) | 0x40);
        break;
      case Blocks::Bc7UastcModes: {
        static constexpr uint8_t kModes[] = {1, 2, 3, 5, 6, 7};
        const uint8_t mode = kModes[r.byte() % 6];
        const uint8_t below = uint8_t((2u << mode) - 1);  // the mode bits
        b[0] = uint8_t((b[0] & ~below) | (1u << mode));
        break;
      }
      case Blocks::Bc3:
      case Blocks::Bc1: {
        uint8_t* c = f.blocks == Blocks::Bc3 ? b + 8 : b;
        const uint16_t c0 = uint16_t(c[0] | c[1] << 8), c1 = uint16_t(c[2] | c[3] << 8);
        if (c0 < c1) {
          std::swap(c[0], c[2]);
          std::swap(c[1], c[3]);
        }
        break;
      }
      case Blocks::Etc1s:
        etc1sBlock(r, b);
        break;
      case Blocks::Etc2Rgba:
        if ((b[1] >> 4) == 0) b[1] |= 0x10;  // EAC multiplier (high nibble of byte 1) nonzero
        etc1sBlock(r, b + 8);
        break;
      case Blocks::Rgba8:
        break;
    }
  }
  return data;
}

std::atomic<uint32_t> gValidationMessages{0};

VKAPI_ATTR VkBool32 VKAPI_CALL onValidation(VkDebugUtilsMessageSeverityFlagBitsEXT,
                                            VkDebugUtilsMessageTypeFlagsEXT,
                                            const VkDebugUtilsMessengerCallbackDataEXT* data,
                                            void*) {
  ++gValidationMessages;
  std::fprintf(stderr, "validation: %s\n", data->pMessage);
  return VK_FALSE;
}

// The instance, device (with textureCompressionBC / ETC2 enabled when offered), queue, one
// command buffer and fence: created once for the whole run.
struct Gpu {
  VkInstance instance = VK_NULL_HANDLE;
  VkDebugUtilsMessengerEXT messenger = VK_NULL_HANDLE;
  VkPhysicalDevice physical = VK_NULL_HANDLE;
  VkPhysicalDeviceProperties properties{};
  VkPhysicalDeviceMemoryProperties memory{};
  VkPhysicalDeviceFeatures features{};
  VkDevice device = VK_NULL_HANDLE;
  uint32_t family = 0;
  VkQueue queue = VK_NULL_HANDLE;
  VkCommandPool pool = VK_NULL_HANDLE;
  VkCommandBuffer cmd = VK_NULL_HANDLE;
  VkFence fence = VK_NULL_HANDLE;
  std::string error;

  bool usable(VkFormat format) const {
    VkFormatProperties p;
    vkGetPhysicalDeviceFormatProperties(physical, format, &p);
    const VkFormatFeatureFlags need = VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT |
                                      VK_FORMAT_FEATURE_TRANSFER_DST_BIT |
                                      VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT;
    return (p.optimalTilingFeatures & need) == need;
  }

  uint32_t memoryType(uint32_t bits, VkMemoryPropertyFlags required) const {
    for (uint32_t i = 0; i < memory.memoryTypeCount; ++i)
      if ((bits & (1u << i)) && (memory.memoryTypes[i].propertyFlags & required) == required)
        return i;
    std::fprintf(stderr, "block_upload_bench: no memory type\n");
    std::abort();
  }

  void submitAndWait() const {
    auto submit = vk<VkSubmitInfo>(VK_STRUCTURE_TYPE_SUBMIT_INFO);
    submit.commandBufferCount = 1;
    submit.pCommandBuffers = &cmd;
    check(vkQueueSubmit(queue, 1, &submit, fence), "vkQueueSubmit");
    check(vkWaitForFences(device, 1, &fence, VK_TRUE, UINT64_MAX), "vkWaitForFences");
    check(vkResetFences(device, 1, &fence), "vkResetFences");
  }

  void begin() const {
    check(vkResetCommandBuffer(cmd, 0), "vkResetCommandBuffer");
    auto info = vk<VkCommandBufferBeginInfo>(VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO);
    info.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
    check(vkBeginCommandBuffer(cmd, &info), "vkBeginCommandBuffer");
  }

  bool create() {
    if (volkInitialize() != VK_SUCCESS) return fail("no Vulkan loader");
    const bool validate = std::getenv("VITRINE_BENCH_VALIDATION") != nullptr;
    auto app = vk<VkApplicationInfo>(VK_STRUCTURE_TYPE_APPLICATION_INFO);
    app.apiVersion = VK_API_VERSION_1_3;
    const char* layer = "VK_LAYER_KHRONOS_validation";
    const char* extension = VK_EXT_DEBUG_UTILS_EXTENSION_NAME;
    auto info = vk<VkInstanceCreateInfo>(VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO);
    info.pApplicationInfo = &app;
    info.enabledLayerCount = validate ? 1 : 0;
    info.ppEnabledLayerNames = &layer;
    info.enabledExtensionCount = validate ? 1 : 0;
    info.ppEnabledExtensionNames = &extension;
    if (vkCreateInstance(&info, nullptr, &instance) != VK_SUCCESS)
      return fail("vkCreateInstance failed");
    volkLoadInstance(instance);
    if (validate) {
      auto m = vk<VkDebugUtilsMessengerCreateInfoEXT>(
          VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT);
      m.messageSeverity = VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT |
                          VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT;
      m.messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT;
      m.pfnUserCallback = onValidation;
      check(vkCreateDebugUtilsMessengerEXT(instance, &m, nullptr, &messenger), "messenger");
    }
    uint32_t count = 0;
    vkEnumeratePhysicalDevices(instance, &count, nullptr);
    std::vector<VkPhysicalDevice> devices(count);
    vkEnumeratePhysicalDevices(instance, &count, devices.data());
    for (VkPhysicalDevice d : devices) {
      vkGetPhysicalDeviceProperties(d, &properties);
      if (properties.apiVersion < VK_API_VERSION_1_3) continue;
      uint32_t n = 0;
      vkGetPhysicalDeviceQueueFamilyProperties(d, &n, nullptr);
      std::vector<VkQueueFamilyProperties> families(n);
      vkGetPhysicalDeviceQueueFamilyProperties(d, &n, families.data());
      for (uint32_t i = 0; i < n && !physical; ++i)
        if (families[i].queueFlags & VK_QUEUE_GRAPHICS_BIT) physical = d, family = i;
      if (physical) break;
    }
    if (!physical) return fail("no Vulkan 1.3 device with a graphics queue");
    vkGetPhysicalDeviceMemoryProperties(physical, &memory);
    vkGetPhysicalDeviceFeatures(physical, &features);

    VkPhysicalDeviceFeatures enabled{};
    enabled.textureCompressionBC = features.textureCompressionBC;
    enabled.textureCompressionETC2 = features.textureCompressionETC2;
    auto f13 =
        vk<VkPhysicalDeviceVulkan13Features>(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES);
    f13.dynamicRendering = VK_TRUE;
    const float priority = 1.0f;
    auto q = vk<VkDeviceQueueCreateInfo>(VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO);
    q.queueFamilyIndex = family;
    q.queueCount = 1;
    q.pQueuePriorities = &priority;
    auto d = vk<VkDeviceCreateInfo>(VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO);
    d.pNext = &f13;
    d.queueCreateInfoCount = 1;
    d.pQueueCreateInfos = &q;
    d.pEnabledFeatures = &enabled;
    if (vkCreateDevice(physical, &d, nullptr, &device) != VK_SUCCESS)
      return fail("vkCreateDevice failed");
    volkLoadDevice(device);
    vkGetDeviceQueue(device, family, 0, &queue);
    auto p = vk<VkCommandPoolCreateInfo>(VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO);
    p.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
    p.queueFamilyIndex = family;
    check(vkCreateCommandPool(device, &p, nullptr, &pool), "vkCreateCommandPool");
    auto a = vk<VkCommandBufferAllocateInfo>(VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO);
    a.commandPool = pool;
    a.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    a.commandBufferCount = 1;
    check(vkAllocateCommandBuffers(device, &a, &cmd), "vkAllocateCommandBuffers");
    auto fi = vk<VkFenceCreateInfo>(VK_STRUCTURE_TYPE_FENCE_CREATE_INFO);
    check(vkCreateFence(device, &fi, nullptr, &fence), "vkCreateFence");
    return true;
  }

  bool fail(const char* what) {
    error = what;
    return false;
  }
};

// Created on first use, never destroyed (the process ends after the runs).
Gpu* gpu() {
  static Gpu* g = [] {
    auto* made = new Gpu;
    if (!made->create() && made->error.empty()) made->error = "no Vulkan device";
    return made;
  }();
  return g;
}

// A buffer or image with its own memory (one allocation each: the bench creates a handful).
struct Buffer {
  VkBuffer buffer = VK_NULL_HANDLE;
  VkDeviceMemory memory = VK_NULL_HANDLE;
  void* mapped = nullptr;
};

Buffer hostBuffer(const Gpu& g, VkDeviceSize size, VkBufferUsageFlags usage) {
  Buffer b;
  auto info = vk<VkBufferCreateInfo>(VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO);
  info.size = size;
  info.usage = usage;
  check(vkCreateBuffer(g.device, &info, nullptr, &b.buffer), "vkCreateBuffer");
  VkMemoryRequirements req;
  vkGetBufferMemoryRequirements(g.device, b.buffer, &req);
  auto alloc = vk<VkMemoryAllocateInfo>(VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO);
  alloc.allocationSize = req.size;
  alloc.memoryTypeIndex =
      g.memoryType(req.memoryTypeBits,
                   VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
  check(vkAllocateMemory(g.device, &alloc, nullptr, &b.memory), "vkAllocateMemory");
  check(vkBindBufferMemory(g.device, b.buffer, b.memory, 0), "vkBindBufferMemory");
  check(vkMapMemory(g.device, b.memory, 0, VK_WHOLE_SIZE, 0, &b.mapped), "vkMapMemory");
  return b;
}

void destroy(const Gpu& g, Buffer& b) {
  vkDestroyBuffer(g.device, b.buffer, nullptr);
  vkFreeMemory(g.device, b.memory, nullptr);
}

struct Image {
  VkImage image = VK_NULL_HANDLE;
  VkDeviceMemory memory = VK_NULL_HANDLE;
  VkImageView view = VK_NULL_HANDLE;
  VkDeviceSize bytes = 0;  // vkGetImageMemoryRequirements
};

Image deviceImage(const Gpu& g, VkFormat format, uint32_t w, uint32_t h, uint32_t levels,
                  VkImageUsageFlags usage) {
  Image im;
  auto info = vk<VkImageCreateInfo>(VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO);
  info.imageType = VK_IMAGE_TYPE_2D;
  info.format = format;
  info.extent = {w, h, 1};
  info.mipLevels = levels;
  info.arrayLayers = 1;
  info.samples = VK_SAMPLE_COUNT_1_BIT;
  info.tiling = VK_IMAGE_TILING_OPTIMAL;
  info.usage = usage;
  info.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
  check(vkCreateImage(g.device, &info, nullptr, &im.image), "vkCreateImage");
  VkMemoryRequirements req;
  vkGetImageMemoryRequirements(g.device, im.image, &req);
  im.bytes = req.size;
  auto alloc = vk<VkMemoryAllocateInfo>(VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO);
  alloc.allocationSize = req.size;
  alloc.memoryTypeIndex = g.memoryType(req.memoryTypeBits, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
  check(vkAllocateMemory(g.device, &alloc, nullptr, &im.memory), "vkAllocateMemory");
  check(vkBindImageMemory(g.device, im.image, im.memory, 0), "vkBindImageMemory");
  auto v = vk<VkImageViewCreateInfo>(VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO);
  v.image = im.image;
  v.viewType = VK_IMAGE_VIEW_TYPE_2D;
  v.format = format;
  v.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, levels, 0, 1};
  check(vkCreateImageView(g.device, &v, nullptr, &im.view), "vkCreateImageView");
  return im;
}

void destroy(const Gpu& g, Image& im) {
  vkDestroyImageView(g.device, im.view, nullptr);
  vkDestroyImage(g.device, im.image, nullptr);
  vkFreeMemory(g.device, im.memory, nullptr);
}

void barrier(const Gpu& g, VkImage image, uint32_t levels, VkImageLayout from, VkImageLayout to,
             VkAccessFlags srcAccess, VkAccessFlags dstAccess, VkPipelineStageFlags srcStage,
             VkPipelineStageFlags dstStage) {
  auto b = vk<VkImageMemoryBarrier>(VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER);
  b.srcAccessMask = srcAccess;
  b.dstAccessMask = dstAccess;
  b.oldLayout = from;
  b.newLayout = to;
  b.srcQueueFamilyIndex = b.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
  b.image = image;
  b.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, levels, 0, 1};
  vkCmdPipelineBarrier(g.cmd, srcStage, dstStage, 0, 0, nullptr, 0, nullptr, 1, &b);
}

// The texture of `f` with its full mip chain, its levels laid out one after another in `pixels`.
struct Texture {
  std::vector<uint8_t> pixels;
  std::vector<VkBufferImageCopy> regions;
};

Texture makeTexture(const Format& f) {
  Texture t;
  Random r;
  for (uint32_t level = 0; level < kLevels; ++level) {
    VkBufferImageCopy region{};
    region.bufferOffset = t.pixels.size();
    region.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, level, 0, 1};
    region.imageExtent = {levelExtent(level), levelExtent(level), 1};
    t.regions.push_back(region);
    const std::vector<uint8_t> data = makeLevel(f, level, r);
    t.pixels.insert(t.pixels.end(), data.begin(), data.end());
  }
  return t;
}

// Records and runs one upload of `t` into `image` (UNDEFINED -> SHADER_READ_ONLY_OPTIMAL).
void upload(const Gpu& g, const Texture& t, Buffer& staging, VkImage image) {
  std::memcpy(staging.mapped, t.pixels.data(), t.pixels.size());
  g.begin();
  barrier(g, image, kLevels, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 0,
          VK_ACCESS_TRANSFER_WRITE_BIT, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT,
          VK_PIPELINE_STAGE_TRANSFER_BIT);
  vkCmdCopyBufferToImage(g.cmd, staging.buffer, image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                         uint32_t(t.regions.size()), t.regions.data());
  barrier(g, image, kLevels, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
          VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL, VK_ACCESS_TRANSFER_WRITE_BIT,
          VK_ACCESS_SHADER_READ_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
          VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT);
  check(vkEndCommandBuffer(g.cmd), "vkEndCommandBuffer");
  g.submitAndWait();
}

// The Gpu, or null after SkipWithError (no device; the format not offered).
const Gpu* usableGpu(benchmark::State& state, const Format* f) {
  const Gpu* g = gpu();
  if (!g->error.empty()) {
    state.SkipWithError(g->error.c_str());
    return nullptr;
  }
  if (f && !g->usable(f->format)) {
    state.SkipWithError("format not offered for sampling + transfer");
    return nullptr;
  }
  return g;
}

double processCpuMs() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  auto ms = [](const timeval& t) { return double(t.tv_sec) * 1e3 + double(t.tv_usec) * 1e-3; };
  return ms(usage.ru_utime) + ms(usage.ru_stime);
}

void Upload(benchmark::State& state, const Format* f) {
  const Gpu* g = usableGpu(state, f);
  if (!g) return;
  const Texture t = makeTexture(*f);
  Buffer staging = hostBuffer(*g, t.pixels.size(), VK_BUFFER_USAGE_TRANSFER_SRC_BIT);
  Image image = deviceImage(*g, f->format, kSize, kSize, kLevels,
                            VK_IMAGE_USAGE_TRANSFER_DST_BIT | VK_IMAGE_USAGE_SAMPLED_BIT);
  upload(*g, t, staging, image.image);  // warm-up
  const uint32_t messages = gValidationMessages;
  const double cpuStart = processCpuMs();
  for (auto _ : state) upload(*g, t, staging, image.image);
  state.counters["process_cpu_ms"] = (processCpuMs() - cpuStart) / double(state.iterations());
  state.counters["upload_bytes"] = double(t.pixels.size());
  state.counters["gpu_bytes"] = double(image.bytes);
  state.counters["validation_messages"] = double(gValidationMessages - messages);
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(t.pixels.size()));
  state.SetLabel(f->source);
  destroy(*g, image);
  destroy(*g, staging);
}

VkShaderModule shaderModule(const Gpu& g, const uint32_t* code, size_t bytes) {
  auto info = vk<VkShaderModuleCreateInfo>(VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO);
  info.codeSize = bytes;
  info.pCode = code;
  VkShaderModule m;
  check(vkCreateShaderModule(g.device, &info, nullptr, &m), "vkCreateShaderModule");
  return m;
}

// The pass of sample/<format>: one full-target triangle into a 1280x720 RGBA8 attachment.
struct SamplePass {
  VkDescriptorSetLayout setLayout = VK_NULL_HANDLE;
  VkPipelineLayout layout = VK_NULL_HANDLE;
  VkPipeline pipeline = VK_NULL_HANDLE;
  VkDescriptorPool pool = VK_NULL_HANDLE;
  VkDescriptorSet set = VK_NULL_HANDLE;
  VkSampler sampler = VK_NULL_HANDLE;
  Image target;

  explicit SamplePass(const Gpu& g);
  void destroy(const Gpu& g);
};

SamplePass::SamplePass(const Gpu& g) {
  auto s = vk<VkSamplerCreateInfo>(VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO);
  s.magFilter = s.minFilter = VK_FILTER_LINEAR;
  s.mipmapMode = VK_SAMPLER_MIPMAP_MODE_LINEAR;
  s.addressModeU = s.addressModeV = s.addressModeW = VK_SAMPLER_ADDRESS_MODE_REPEAT;
  s.maxLod = VK_LOD_CLAMP_NONE;
  check(vkCreateSampler(g.device, &s, nullptr, &sampler), "vkCreateSampler");
  VkDescriptorSetLayoutBinding binding{0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1,
                                       VK_SHADER_STAGE_FRAGMENT_BIT, nullptr};
  auto sl =
      vk<VkDescriptorSetLayoutCreateInfo>(VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO);
  sl.bindingCount = 1;
  sl.pBindings = &binding;
  check(vkCreateDescriptorSetLayout(g.device, &sl, nullptr, &setLayout), "set layout");
  VkPushConstantRange push{VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(uint32_t)};
  auto pl = vk<VkPipelineLayoutCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO);
  pl.setLayoutCount = 1;
  pl.pSetLayouts = &setLayout;
  pl.pushConstantRangeCount = 1;
  pl.pPushConstantRanges = &push;
  check(vkCreatePipelineLayout(g.device, &pl, nullptr, &layout), "pipeline layout");
  VkDescriptorPoolSize size{VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1};
  auto dp = vk<VkDescriptorPoolCreateInfo>(VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO);
  dp.maxSets = 1;
  dp.poolSizeCount = 1;
  dp.pPoolSizes = &size;
  check(vkCreateDescriptorPool(g.device, &dp, nullptr, &pool), "descriptor pool");
  auto da = vk<VkDescriptorSetAllocateInfo>(VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO);
  da.descriptorPool = pool;
  da.descriptorSetCount = 1;
  da.pSetLayouts = &setLayout;
  check(vkAllocateDescriptorSets(g.device, &da, &set), "descriptor set");

  const VkShaderModule vert = shaderModule(g, kVert, sizeof(kVert));
  const VkShaderModule frag = shaderModule(g, kFrag, sizeof(kFrag));
  VkPipelineShaderStageCreateInfo stages[2] = {
      {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, nullptr, 0, VK_SHADER_STAGE_VERTEX_BIT,
       vert, "main", nullptr},
      {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, nullptr, 0,
       VK_SHADER_STAGE_FRAGMENT_BIT, frag, "main", nullptr}};
  auto vi = vk<VkPipelineVertexInputStateCreateInfo>(
      VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO);
  auto ia = vk<VkPipelineInputAssemblyStateCreateInfo>(
      VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO);
  ia.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
  const VkViewport viewport{0, 0, float(kWidth), float(kHeight), 0, 1};
  const VkRect2D scissor{{0, 0}, {kWidth, kHeight}};
  auto vp =
      vk<VkPipelineViewportStateCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO);
  vp.viewportCount = vp.scissorCount = 1;
  vp.pViewports = &viewport;
  vp.pScissors = &scissor;
  auto rs = vk<VkPipelineRasterizationStateCreateInfo>(
      VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO);
  rs.polygonMode = VK_POLYGON_MODE_FILL;
  rs.cullMode = VK_CULL_MODE_NONE;
  rs.lineWidth = 1.0f;
  auto ms = vk<VkPipelineMultisampleStateCreateInfo>(
      VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO);
  ms.rasterizationSamples = VK_SAMPLE_COUNT_1_BIT;
  VkPipelineColorBlendAttachmentState blendAttachment{};
  blendAttachment.colorWriteMask = 0xF;
  auto blend = vk<VkPipelineColorBlendStateCreateInfo>(
      VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO);
  blend.attachmentCount = 1;
  blend.pAttachments = &blendAttachment;
  auto rendering =
      vk<VkPipelineRenderingCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO);
  rendering.colorAttachmentCount = 1;
  rendering.pColorAttachmentFormats = &kTargetFormat;
  auto info = vk<VkGraphicsPipelineCreateInfo>(VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO);
  info.pNext = &rendering;
  info.stageCount = 2;
  info.pStages = stages;
  info.pVertexInputState = &vi;
  info.pInputAssemblyState = &ia;
  info.pViewportState = &vp;
  info.pRasterizationState = &rs;
  info.pMultisampleState = &ms;
  info.pColorBlendState = &blend;
  info.layout = layout;
  check(vkCreateGraphicsPipelines(g.device, VK_NULL_HANDLE, 1, &info, nullptr, &pipeline),
        "vkCreateGraphicsPipelines");
  vkDestroyShaderModule(g.device, vert, nullptr);
  vkDestroyShaderModule(g.device, frag, nullptr);
  target = deviceImage(g, kTargetFormat, kWidth, kHeight, 1,
                       VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT);
}

void SamplePass::destroy(const Gpu& g) {
  ::destroy(g, target);
  vkDestroySampler(g.device, sampler, nullptr);
  vkDestroyPipeline(g.device, pipeline, nullptr);
  vkDestroyDescriptorPool(g.device, pool, nullptr);
  vkDestroyPipelineLayout(g.device, layout, nullptr);
  vkDestroyDescriptorSetLayout(g.device, setLayout, nullptr);
}

// One frame: the full-target triangle, sampling (or not) the bound texture; submit and wait.
void frame(const Gpu& g, const SamplePass& pass, uint32_t sampled) {
  g.begin();
  barrier(g, pass.target.image, 1, VK_IMAGE_LAYOUT_UNDEFINED,
          VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, 0, VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT,
          VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
          VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT);
  auto color = vk<VkRenderingAttachmentInfo>(VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO);
  color.imageView = pass.target.view;
  color.imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
  color.loadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE;
  color.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
  auto info = vk<VkRenderingInfo>(VK_STRUCTURE_TYPE_RENDERING_INFO);
  info.renderArea = {{0, 0}, {kWidth, kHeight}};
  info.layerCount = 1;
  info.colorAttachmentCount = 1;
  info.pColorAttachments = &color;
  vkCmdBeginRendering(g.cmd, &info);
  vkCmdBindPipeline(g.cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pass.pipeline);
  vkCmdBindDescriptorSets(g.cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pass.layout, 0, 1, &pass.set, 0,
                          nullptr);
  vkCmdPushConstants(g.cmd, pass.layout, VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(sampled),
                     &sampled);
  vkCmdDraw(g.cmd, 3, 1, 0, 0);
  vkCmdEndRendering(g.cmd);
  check(vkEndCommandBuffer(g.cmd), "vkEndCommandBuffer");
  g.submitAndWait();
}

// The distinct pixel values of the rendered target: a guard that the texture was sampled at all
// (a format decoded to one constant colour would make a fast, meaningless frame).
size_t distinctPixels(const Gpu& g, const SamplePass& pass) {
  Buffer readback =
      hostBuffer(g, VkDeviceSize(kWidth) * kHeight * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
  g.begin();
  barrier(g, pass.target.image, 1, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
          VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT,
          VK_ACCESS_TRANSFER_READ_BIT, VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
          VK_PIPELINE_STAGE_TRANSFER_BIT);
  VkBufferImageCopy region{};
  region.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
  region.imageExtent = {kWidth, kHeight, 1};
  vkCmdCopyImageToBuffer(g.cmd, pass.target.image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                         readback.buffer, 1, &region);
  check(vkEndCommandBuffer(g.cmd), "vkEndCommandBuffer");
  g.submitAndWait();
  std::set<uint32_t> values;
  const auto* px = static_cast<const uint32_t*>(readback.mapped);
  for (size_t i = 0; i < size_t(kWidth) * kHeight; i += 97) values.insert(px[i]);
  destroy(g, readback);
  return values.size();
}

// f null: sample/none, the pass without the texture read (an RGBA8 texture stays bound).
void Sample(benchmark::State& state, const Format* f) {
  const Gpu* g = usableGpu(state, f);
  if (!g) return;
  const Format& format = f ? *f : kFormats[0];
  const Texture t = makeTexture(format);
  Buffer staging = hostBuffer(*g, t.pixels.size(), VK_BUFFER_USAGE_TRANSFER_SRC_BIT);
  Image image = deviceImage(*g, format.format, kSize, kSize, kLevels,
                            VK_IMAGE_USAGE_TRANSFER_DST_BIT | VK_IMAGE_USAGE_SAMPLED_BIT);
  upload(*g, t, staging, image.image);
  SamplePass pass(*g);
  VkDescriptorImageInfo di{pass.sampler, image.view, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL};
  auto w = vk<VkWriteDescriptorSet>(VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET);
  w.dstSet = pass.set;
  w.descriptorCount = 1;
  w.descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
  w.pImageInfo = &di;
  vkUpdateDescriptorSets(g->device, 1, &w, 0, nullptr);
  const uint32_t sampled = f ? 1 : 0;
  frame(*g, pass, sampled);  // warm-up: the driver's shader variant for this format
  const size_t distinct = distinctPixels(*g, pass);
  if (distinct < 100) {
    state.SkipWithError("the frame is (nearly) uniform: the texture was not sampled");
  } else {
    const uint32_t messages = gValidationMessages;
    const double cpuStart = processCpuMs();
    for (auto _ : state) frame(*g, pass, sampled);
    state.counters["process_cpu_ms"] = (processCpuMs() - cpuStart) / double(state.iterations());
    state.counters["validation_messages"] = double(gValidationMessages - messages);
    state.counters["distinct_pixels_sampled"] = double(distinct);
    state.SetItemsProcessed(int64_t(state.iterations()) * kWidth * kHeight);
    state.SetLabel(f ? f->source : "no texture read");
  }
  pass.destroy(*g);
  destroy(*g, image);
  destroy(*g, staging);
}

void printOffer() {
  const Gpu* g = gpu();
  if (!g->error.empty()) {
    std::fprintf(stderr, "block_upload_bench: %s\n", g->error.c_str());
    return;
  }
  std::printf("device: %s (Vulkan %u.%u.%u, driver 0x%x)\n", g->properties.deviceName,
              VK_API_VERSION_MAJOR(g->properties.apiVersion),
              VK_API_VERSION_MINOR(g->properties.apiVersion),
              VK_API_VERSION_PATCH(g->properties.apiVersion), g->properties.driverVersion);
  std::printf("textureCompressionBC %u, textureCompressionETC2 %u, textureCompressionASTC_LDR %u\n",
              g->features.textureCompressionBC, g->features.textureCompressionETC2,
              g->features.textureCompressionASTC_LDR);
  for (const auto& [name, format] : kQueried) {
    VkFormatProperties p;
    vkGetPhysicalDeviceFormatProperties(g->physical, format, &p);
    const VkFormatFeatureFlags o = p.optimalTilingFeatures;
    std::printf("  %-26s SAMPLED %u  TRANSFER_DST %u  FILTER_LINEAR %u\n", name,
                (o & VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT) ? 1 : 0,
                (o & VK_FORMAT_FEATURE_TRANSFER_DST_BIT) ? 1 : 0,
                (o & VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT) ? 1 : 0);
  }
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  printOffer();
  for (const Format& f : kFormats)
    benchmark::RegisterBenchmark((std::string("upload/") + f.name).c_str(), Upload, &f)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
  benchmark::RegisterBenchmark("sample/none", Sample, nullptr)
      ->Unit(benchmark::kMillisecond)
      ->UseRealTime();
  for (const Format& f : kFormats)
    benchmark::RegisterBenchmark((std::string("sample/") + f.name).c_str(), Sample, &f)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
