// The one check for Vulkan calls. A failing Vulkan call is a programming or device error,
// not bad user input: it prints the call, the result, the file and the line, and aborts.
// (Bad glTF content never reaches here; the loader reports it as a returned error.)
#pragma once

#include <volk.h>

namespace vitrine::renderer {

// The enumerant's name, e.g. "VK_ERROR_DEVICE_LOST".
const char* vkResultName(VkResult result);

[[noreturn]] void vkCheckFailed(VkResult result, const char* call, const char* file, int line);

}  // namespace vitrine::renderer

#define VK_CHECK(call)                                                               \
  do {                                                                               \
    const VkResult vkCheckResult_ = (call);                                          \
    if (vkCheckResult_ != VK_SUCCESS)                                                \
      ::vitrine::renderer::vkCheckFailed(vkCheckResult_, #call, __FILE__, __LINE__); \
  } while (0)
