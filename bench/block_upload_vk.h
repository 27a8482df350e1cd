// The Vulkan plumbing of block_upload_bench.cpp (issue 23): an instance and device of their own
// (the renderer's device enables neither textureCompressionBC nor textureCompressionETC2), with
// textureCompressionBC / ETC2 enabled when offered; buffers and images with their own memory;
// and the sampling pass, one triangle covering a colour target (block_upload.vert / .frag,
// dynamic rendering). VITRINE_BENCH_VALIDATION=1 turns the validation layer on; its messages
// are printed and counted (gValidationMessages). Aborts on any Vulkan error after creation.
#pragma once

#include <volk.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace vitrine::bench {

// The sampling pass's colour target.
constexpr VkFormat kTargetFormat = VK_FORMAT_R8G8B8A8_UNORM;
constexpr uint32_t kWidth = 1280, kHeight = 720;

constexpr uint32_t kBlockUploadVert[] =
#include "block_upload.vert.inc"
    ;
constexpr uint32_t kBlockUploadFrag[] =
#include "block_upload.frag.inc"
    ;

// A Vulkan struct zeroed, with its sType.
template <class T>
inline T vk(VkStructureType type) {
  T value{};
  value.sType = type;
  return value;
}

inline void check(VkResult result, const char* what) {
  if (result == VK_SUCCESS) return;
  std::fprintf(stderr, "block_upload_bench: %s failed: VkResult %d\n", what, int(result));
  std::abort();
}

inline std::atomic<uint32_t> gValidationMessages{0};

inline VKAPI_ATTR VkBool32 VKAPI_CALL onValidation(VkDebugUtilsMessageSeverityFlagBitsEXT,
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
inline Gpu* gpu() {
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

inline Buffer hostBuffer(const Gpu& g, VkDeviceSize size, VkBufferUsageFlags usage) {
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

inline void destroy(const Gpu& g, Buffer& b) {
  vkDestroyBuffer(g.device, b.buffer, nullptr);
  vkFreeMemory(g.device, b.memory, nullptr);
}

struct Image {
  VkImage image = VK_NULL_HANDLE;
  VkDeviceMemory memory = VK_NULL_HANDLE;
  VkImageView view = VK_NULL_HANDLE;
  VkDeviceSize bytes = 0;  // vkGetImageMemoryRequirements
};

inline Image deviceImage(const Gpu& g, VkFormat format, uint32_t w, uint32_t h, uint32_t levels,
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

inline void destroy(const Gpu& g, Image& im) {
  vkDestroyImageView(g.device, im.view, nullptr);
  vkDestroyImage(g.device, im.image, nullptr);
  vkFreeMemory(g.device, im.memory, nullptr);
}

inline void barrier(const Gpu& g, VkImage image, uint32_t levels, VkImageLayout from,
                    VkImageLayout to, VkAccessFlags srcAccess, VkAccessFlags dstAccess,
                    VkPipelineStageFlags srcStage, VkPipelineStageFlags dstStage) {
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

inline VkShaderModule shaderModule(const Gpu& g, const uint32_t* code, size_t bytes) {
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

inline SamplePass::SamplePass(const Gpu& g) {
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

  const VkShaderModule vert = shaderModule(g, kBlockUploadVert, sizeof(kBlockUploadVert));
  const VkShaderModule frag = shaderModule(g, kBlockUploadFrag, sizeof(kBlockUploadFrag));
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

inline void SamplePass::destroy(const Gpu& g) {
  bench::destroy(g, target);
  vkDestroySampler(g.device, sampler, nullptr);
  vkDestroyPipeline(g.device, pipeline, nullptr);
  vkDestroyDescriptorPool(g.device, pool, nullptr);
  vkDestroyPipelineLayout(g.device, layout, nullptr);
  vkDestroyDescriptorSetLayout(g.device, setLayout, nullptr);
}

}  // namespace vitrine::bench
