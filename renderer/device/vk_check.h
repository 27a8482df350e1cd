// The one check for Vulkan calls. A failing Vulkan call is a device error (device lost, out
// of memory) or a programming error, not bad user input: it throws a VulkanError naming the
// call, the result, the file and the line. The Renderer catches it where it can recover or
// report (setScene keeps the previous scene; drawFrame returns FrameStatus::Failed); nothing
// else does. (Bad glTF content never reaches here; the loader reports it as a returned error.)
#pragma once

#include <stdexcept>
#include <string>

#include <volk.h>

namespace vitrine::renderer {

// The enumerant's name, e.g. "VK_ERROR_DEVICE_LOST".
const char* vkResultName(VkResult result);

class VulkanError : public std::runtime_error {
 public:
  VulkanError(VkResult result, const std::string& what)
      : std::runtime_error(what), result_(result) {}
  VkResult result() const { return result_; }

 private:
  VkResult result_;
};

// Throws VulkanError("<file>:<line>: <call> failed: <VK_ERROR_...> (<n>)").
[[noreturn]] void vkCheckFailed(VkResult result, const char* call, const char* file, int line);

}  // namespace vitrine::renderer

#define VK_CHECK(call)                                                               \
  do {                                                                               \
    const VkResult vkCheckResult_ = (call);                                          \
    if (vkCheckResult_ != VK_SUCCESS)                                                \
      ::vitrine::renderer::vkCheckFailed(vkCheckResult_, #call, __FILE__, __LINE__); \
  } while (0)
