#include "context.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <vector>

#include "vk_check.h"
#include "vk_struct.h"

namespace vitrine::renderer {
namespace {

constexpr const char* kValidationLayer = "VK_LAYER_KHRONOS_validation";

VKAPI_ATTR VkBool32 VKAPI_CALL onValidationMessage(
    VkDebugUtilsMessageSeverityFlagBitsEXT /*severity*/, VkDebugUtilsMessageTypeFlagsEXT /*types*/,
    const VkDebugUtilsMessengerCallbackDataEXT* data, void* user) {
  static_cast<std::atomic<uint32_t>*>(user)->fetch_add(1);
  std::fprintf(stderr, "vitrine: validation: %s\n", data->pMessage ? data->pMessage : "");
  return VK_FALSE;
}

VkDebugUtilsMessengerCreateInfoEXT messengerInfo(Context& ctx) {
  auto info = vkStruct<VkDebugUtilsMessengerCreateInfoEXT>(
      VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT);
  info.messageSeverity = VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT |
                         VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT;
  info.messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT |
                     VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                     VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT;
  info.pfnUserCallback = onValidationMessage;
  info.pUserData = &ctx.validationMessages;
  return info;
}

bool hasLayer(const char* name) {
  uint32_t count = 0;
  VK_CHECK(vkEnumerateInstanceLayerProperties(&count, nullptr));
  std::vector<VkLayerProperties> layers(count);
  VK_CHECK(vkEnumerateInstanceLayerProperties(&count, layers.data()));
  for (const VkLayerProperties& l : layers)
    if (std::strcmp(l.layerName, name) == 0) return true;
  return false;
}

std::vector<VkExtensionProperties> instanceExtensions(const char* layer) {
  uint32_t count = 0;
  VK_CHECK(vkEnumerateInstanceExtensionProperties(layer, &count, nullptr));
  std::vector<VkExtensionProperties> extensions(count);
  VK_CHECK(vkEnumerateInstanceExtensionProperties(layer, &count, extensions.data()));
  return extensions;
}

bool contains(const std::vector<VkExtensionProperties>& list, const char* name) {
  for (const VkExtensionProperties& e : list)
    if (std::strcmp(e.extensionName, name) == 0) return true;
  return false;
}

bool createInstance(const Options& options, Context& ctx, std::string* error) {
  std::vector<const char*> layers;
  std::vector<const char*> extensions;
  const std::vector<VkExtensionProperties> available = instanceExtensions(nullptr);
  for (const std::string& e : options.instanceExtensions) {
    if (!contains(available, e.c_str())) {
      *error = "the Vulkan instance extension " + e + " the window system needs is not available";
      return false;
    }
    extensions.push_back(e.c_str());
  }

  // Synchronization validation on top of the layer's defaults: hazards are bugs too.
  const VkValidationFeatureEnableEXT enables[] = {
      VK_VALIDATION_FEATURE_ENABLE_SYNCHRONIZATION_VALIDATION_EXT};
  auto features = vkStruct<VkValidationFeaturesEXT>(VK_STRUCTURE_TYPE_VALIDATION_FEATURES_EXT);
  features.enabledValidationFeatureCount = 1;
  features.pEnabledValidationFeatures = enables;
  VkDebugUtilsMessengerCreateInfoEXT messenger = messengerInfo(ctx);
  const void* next = nullptr;
  if (options.validation) {
    if (!hasLayer(kValidationLayer)) {
      *error = std::string("validation was requested but ") + kValidationLayer +
               " is not installed (Debian package vulkan-validationlayers)";
      return false;
    }
    layers.push_back(kValidationLayer);
    if (!contains(available, VK_EXT_DEBUG_UTILS_EXTENSION_NAME)) {
      *error = "validation was requested but VK_EXT_debug_utils is not available";
      return false;
    }
    extensions.push_back(VK_EXT_DEBUG_UTILS_EXTENSION_NAME);
    // The messenger also sees instance creation and destruction.
    next = &messenger;
    if (contains(instanceExtensions(kValidationLayer), VK_EXT_VALIDATION_FEATURES_EXTENSION_NAME)) {
      extensions.push_back(VK_EXT_VALIDATION_FEATURES_EXTENSION_NAME);
      features.pNext = &messenger;
      next = &features;
    }
  }

  auto app = vkStruct<VkApplicationInfo>(VK_STRUCTURE_TYPE_APPLICATION_INFO);
  app.pApplicationName = "Vitrine";
  app.pEngineName = "Vitrine";
  app.apiVersion = VK_API_VERSION_1_3;
  auto info = vkStruct<VkInstanceCreateInfo>(VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO);
  info.pNext = next;
  info.pApplicationInfo = &app;
  info.enabledLayerCount = uint32_t(layers.size());
  info.ppEnabledLayerNames = layers.data();
  info.enabledExtensionCount = uint32_t(extensions.size());
  info.ppEnabledExtensionNames = extensions.data();
  const VkResult result = vkCreateInstance(&info, nullptr, &ctx.instance);
  if (result != VK_SUCCESS) {
    ctx.instance = VK_NULL_HANDLE;
    *error = result == VK_ERROR_INCOMPATIBLE_DRIVER
                 ? "no Vulkan device available (no Vulkan driver found; for software "
                   "rendering install mesa-vulkan-drivers)"
                 : std::string("vkCreateInstance failed: ") + vkResultName(result);
    return false;
  }
  volkLoadInstance(ctx.instance);
  if (options.validation) {
    VK_CHECK(vkCreateDebugUtilsMessengerEXT(ctx.instance, &messenger, nullptr, &ctx.messenger));
  }
  return true;
}

struct Candidate {
  VkPhysicalDevice device = VK_NULL_HANDLE;
  uint32_t queueFamily = 0;
  int rank = 0;  // lower is better
};

int typeRank(VkPhysicalDeviceType type) {
  switch (type) {
    case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU:
      return 0;
    case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU:
      return 1;
    case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU:
      return 2;
    case VK_PHYSICAL_DEVICE_TYPE_CPU:
      return 3;
    default:
      return 4;
  }
}

bool hasDeviceExtension(VkPhysicalDevice device, const char* name) {
  uint32_t count = 0;
  VK_CHECK(vkEnumerateDeviceExtensionProperties(device, nullptr, &count, nullptr));
  std::vector<VkExtensionProperties> extensions(count);
  VK_CHECK(vkEnumerateDeviceExtensionProperties(device, nullptr, &count, extensions.data()));
  return contains(extensions, name);
}

// A usable device: Vulkan 1.3 with dynamic rendering and synchronization2, a graphics queue
// family (that can present to the surface, with VK_KHR_swapchain, when there is one).
bool usable(const Context& ctx, VkPhysicalDevice device, Candidate* out) {
  VkPhysicalDeviceProperties props;
  vkGetPhysicalDeviceProperties(device, &props);
  if (props.apiVersion < VK_API_VERSION_1_3) return false;
  auto f13 = vkStruct<VkPhysicalDeviceVulkan13Features>(
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES);
  auto f2 = vkStruct<VkPhysicalDeviceFeatures2>(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2);
  f2.pNext = &f13;
  vkGetPhysicalDeviceFeatures2(device, &f2);
  if (!f13.dynamicRendering || !f13.synchronization2) return false;
  if (ctx.surface && !hasDeviceExtension(device, VK_KHR_SWAPCHAIN_EXTENSION_NAME)) return false;

  uint32_t count = 0;
  vkGetPhysicalDeviceQueueFamilyProperties(device, &count, nullptr);
  std::vector<VkQueueFamilyProperties> families(count);
  vkGetPhysicalDeviceQueueFamilyProperties(device, &count, families.data());
  for (uint32_t i = 0; i < count; ++i) {
    if (!(families[i].queueFlags & VK_QUEUE_GRAPHICS_BIT)) continue;
    if (ctx.surface) {
      VkBool32 present = VK_FALSE;
      VK_CHECK(vkGetPhysicalDeviceSurfaceSupportKHR(device, i, ctx.surface, &present));
      if (!present) continue;
    }
    *out = {device, i, typeRank(props.deviceType)};
    return true;
  }
  return false;
}

bool pickPhysicalDevice(Context& ctx, std::string* error) {
  uint32_t count = 0;
  VkResult result = vkEnumeratePhysicalDevices(ctx.instance, &count, nullptr);
  std::vector<VkPhysicalDevice> devices(count);
  if (result == VK_SUCCESS && count > 0)
    result = vkEnumeratePhysicalDevices(ctx.instance, &count, devices.data());
  if (result != VK_SUCCESS && result != VK_INCOMPLETE) count = 0;
  devices.resize(count);

  Candidate best;
  bool found = false;
  std::string seen;
  for (VkPhysicalDevice device : devices) {
    VkPhysicalDeviceProperties props;
    vkGetPhysicalDeviceProperties(device, &props);
    seen += std::string(seen.empty() ? "" : ", ") + props.deviceName;
    Candidate c;
    if (usable(ctx, device, &c) && (!found || c.rank < best.rank)) {
      best = c;
      found = true;
    }
  }
  if (!found) {
    *error = std::string(
                 "no Vulkan device available with Vulkan 1.3, dynamic rendering, "
                 "synchronization2 and a graphics queue") +
             (ctx.surface ? " that can present to the window" : "") +
             (seen.empty() ? " (no device found" : " (found: " + seen) +
             "); for software rendering install mesa-vulkan-drivers";
    return false;
  }
  ctx.physicalDevice = best.device;
  ctx.queueFamily = best.queueFamily;
  vkGetPhysicalDeviceProperties(ctx.physicalDevice, &ctx.properties);
  vkGetPhysicalDeviceMemoryProperties(ctx.physicalDevice, &ctx.memory);
  return true;
}

// The limits setScene checks, lowered by Options::adjustLimits (tests) when given.
void readDeviceLimits(Context& ctx, const Options& options) {
  auto m3 = vkStruct<VkPhysicalDeviceMaintenance3Properties>(
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_3_PROPERTIES);
  auto props =
      vkStruct<VkPhysicalDeviceProperties2>(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2);
  props.pNext = &m3;
  vkGetPhysicalDeviceProperties2(ctx.physicalDevice, &props);
  DeviceLimits limits;
  limits.limits = ctx.properties.limits;
  limits.maxMemoryAllocationSize = m3.maxMemoryAllocationSize;
  for (uint32_t i = 0; i < ctx.memory.memoryHeapCount; ++i) {
    const VkMemoryHeap& heap = ctx.memory.memoryHeaps[i];
    if (heap.flags & VK_MEMORY_HEAP_DEVICE_LOCAL_BIT)
      limits.deviceLocalHeapSize = std::max(limits.deviceLocalHeapSize, heap.size);
  }
  if (options.adjustLimits) options.adjustLimits(limits);
  ctx.properties.limits = limits.limits;
  ctx.maxAllocationSize = limits.maxMemoryAllocationSize;
  ctx.deviceLocalHeap = limits.deviceLocalHeapSize;
}

VkSampleCountFlagBits chooseSamples(const Context& ctx, uint32_t requested) {
  const VkSampleCountFlags supported = ctx.properties.limits.framebufferColorSampleCounts &
                                       ctx.properties.limits.framebufferDepthSampleCounts;
  for (uint32_t s = 64; s > 1; s >>= 1)
    if (s <= requested && (supported & s)) return VkSampleCountFlagBits(s);
  return VK_SAMPLE_COUNT_1_BIT;
}

VkFormat chooseDepthFormat(const Context& ctx) {
  for (VkFormat f : {VK_FORMAT_D32_SFLOAT, VK_FORMAT_D16_UNORM}) {
    VkFormatProperties props;
    vkGetPhysicalDeviceFormatProperties(ctx.physicalDevice, f, &props);
    // Sampled too: the splats' tile rasterizer reads the depth (pass_splats.h).
    constexpr VkFormatFeatureFlags kNeeded =
        VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT | VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT;
    if ((props.optimalTilingFeatures & kNeeded) == kNeeded) return f;
  }
  return VK_FORMAT_UNDEFINED;  // unreachable: the spec requires both of D16_UNORM
}

void createDevice(Context& ctx) {
  const float priority = 1.0f;
  auto queue = vkStruct<VkDeviceQueueCreateInfo>(VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO);
  queue.queueFamilyIndex = ctx.queueFamily;
  queue.queueCount = 1;
  queue.pQueuePriorities = &priority;

  auto f13 = vkStruct<VkPhysicalDeviceVulkan13Features>(
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES);
  f13.dynamicRendering = VK_TRUE;
  f13.synchronization2 = VK_TRUE;
  // Required by Vulkan 1.3; SPIR-V 1.6 compute shaders (glslc --target-env=vulkan1.3) declare
  // their workgroup size with LocalSizeId, which needs it.
  f13.maintenance4 = VK_TRUE;
  const char* swapchain = VK_KHR_SWAPCHAIN_EXTENSION_NAME;
  VkPhysicalDeviceFeatures offered{}, enabled{};
  vkGetPhysicalDeviceFeatures(ctx.physicalDevice, &offered);
  enabled.fillModeNonSolid = offered.fillModeNonSolid;
  ctx.fillModeNonSolid = offered.fillModeNonSolid == VK_TRUE;

  auto info = vkStruct<VkDeviceCreateInfo>(VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO);
  info.pNext = &f13;
  info.pEnabledFeatures = &enabled;
  info.queueCreateInfoCount = 1;
  info.pQueueCreateInfos = &queue;
  info.enabledExtensionCount = ctx.surface ? 1 : 0;
  info.ppEnabledExtensionNames = &swapchain;
  VK_CHECK(vkCreateDevice(ctx.physicalDevice, &info, nullptr, &ctx.device));
  volkLoadDevice(ctx.device);
  vkGetDeviceQueue(ctx.device, ctx.queueFamily, 0, &ctx.queue);
}

}  // namespace

bool createContext(const Options& options, Context& ctx, std::string* error) {
  if (volkInitialize() != VK_SUCCESS) {
    *error = "no Vulkan loader found (libvulkan.so.1; Debian package libvulkan1)";
    return false;
  }
  const uint32_t version = volkGetInstanceVersion();
  if (version < VK_API_VERSION_1_3) {
    *error = "the Vulkan loader offers Vulkan " + std::to_string(VK_API_VERSION_MAJOR(version)) +
             "." + std::to_string(VK_API_VERSION_MINOR(version)) + ", Vitrine needs 1.3";
    return false;
  }
  if (!createInstance(options, ctx, error)) return false;
  if (options.createSurface) {
    ctx.surface = options.createSurface(ctx.instance);
    if (!ctx.surface) {
      *error = "the window surface could not be created";
      return false;
    }
  }
  if (!pickPhysicalDevice(ctx, error)) return false;
  readDeviceLimits(ctx, options);
  ctx.injectFault = options.injectFault;
  ctx.samples = chooseSamples(ctx, options.msaaSamples);
  ctx.depthFormat = chooseDepthFormat(ctx);
  createDevice(ctx);
  return true;
}

void destroyContext(Context& ctx) {
  if (ctx.device) vkDestroyDevice(ctx.device, nullptr);
  if (ctx.surface) vkDestroySurfaceKHR(ctx.instance, ctx.surface, nullptr);
  if (ctx.messenger) vkDestroyDebugUtilsMessengerEXT(ctx.instance, ctx.messenger, nullptr);
  if (ctx.instance) vkDestroyInstance(ctx.instance, nullptr);
  ctx.device = VK_NULL_HANDLE;
  ctx.surface = VK_NULL_HANDLE;
  ctx.messenger = VK_NULL_HANDLE;
  ctx.instance = VK_NULL_HANDLE;
}

uint32_t findMemoryType(const Context& ctx, uint32_t typeBits, VkMemoryPropertyFlags required,
                        VkMemoryPropertyFlags preferred) {
  for (VkMemoryPropertyFlags want : {required | preferred, required}) {
    for (uint32_t i = 0; i < ctx.memory.memoryTypeCount; ++i) {
      if ((typeBits & (1u << i)) && (ctx.memory.memoryTypes[i].propertyFlags & want) == want)
        return i;
    }
  }
  vkCheckFailed(VK_ERROR_OUT_OF_DEVICE_MEMORY, "findMemoryType (no suitable memory type)", __FILE__,
                __LINE__);
}

}  // namespace vitrine::renderer
