#include "overlay.h"

#include <cmath>

#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_vulkan.h>

#include "vk_check.h"
#include "vk_struct.h"

namespace vitrine::app {
namespace {

// ImGui's style colours are sRGB-encoded, but the swapchain is an sRGB format that encodes
// what is written: decode them once so the UI shows the colours its theme intends.
void linearizeStyleColors(ImGuiStyle& style) {
  auto decode = [](float c) {
    return c <= 0.04045f ? c / 12.92f : std::pow((c + 0.055f) / 1.055f, 2.4f);
  };
  for (ImVec4& c : style.Colors) {
    c.x = decode(c.x);
    c.y = decode(c.y);
    c.z = decode(c.z);
  }
}

// ImGui's backend reports Vulkan failures through this callback: the project's one check.
void checkVk(VkResult r) {
  if (r != VK_SUCCESS) renderer::vkCheckFailed(r, "ImGui Vulkan backend", __FILE__, __LINE__);
}

}  // namespace

Overlay::Overlay(GLFWwindow* window, const renderer::OverlayInfo& info) {
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // panel state persistence comes with the full UI
  ImGui::StyleColorsDark();
  linearizeStyleColors(ImGui::GetStyle());

  // ImGui's backend loads its Vulkan entry points through volk's instance loader.
  ImGui_ImplVulkan_LoadFunctions(
      [](const char* name, void* instance) {
        return vkGetInstanceProcAddr(static_cast<VkInstance>(instance), name);
      },
      info.instance);
  ImGui_ImplGlfw_InitForVulkan(window, true);

  ImGui_ImplVulkan_InitInfo init{};
  init.Instance = info.instance;
  init.PhysicalDevice = info.physicalDevice;
  init.Device = info.device;
  init.QueueFamily = info.queueFamily;
  init.Queue = info.queue;
  init.DescriptorPool = info.descriptorPool;
  init.MinImageCount = info.minImageCount;
  init.ImageCount = info.imageCount;
  init.MSAASamples = VK_SAMPLE_COUNT_1_BIT;
  init.CheckVkResultFn = checkVk;
  ImGui_ImplVulkan_Init(&init, info.renderPass);
  uploadFonts(info);
}

Overlay::~Overlay() {
  ImGui_ImplVulkan_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
}

void Overlay::uploadFonts(const renderer::OverlayInfo& info) {
  // ImGui 1.86 records the font upload into a command buffer we submit and wait for; this
  // happens once at start-up, so a blocking submit is fine here.
  VkCommandPoolCreateInfo poolInfo =
      renderer::vkStruct<VkCommandPoolCreateInfo>(VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO);
  poolInfo.queueFamilyIndex = info.queueFamily;
  VkCommandPool pool;
  checkVk(vkCreateCommandPool(info.device, &poolInfo, nullptr, &pool));
  VkCommandBufferAllocateInfo alloc = renderer::vkStruct<VkCommandBufferAllocateInfo>(
      VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO);
  alloc.commandPool = pool;
  alloc.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
  alloc.commandBufferCount = 1;
  VkCommandBuffer cmd;
  checkVk(vkAllocateCommandBuffers(info.device, &alloc, &cmd));
  VkCommandBufferBeginInfo begin =
      renderer::vkStruct<VkCommandBufferBeginInfo>(VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO);
  begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  checkVk(vkBeginCommandBuffer(cmd, &begin));
  ImGui_ImplVulkan_CreateFontsTexture(cmd);
  checkVk(vkEndCommandBuffer(cmd));
  VkSubmitInfo submit = renderer::vkStruct<VkSubmitInfo>(VK_STRUCTURE_TYPE_SUBMIT_INFO);
  submit.commandBufferCount = 1;
  submit.pCommandBuffers = &cmd;
  checkVk(vkQueueSubmit(info.queue, 1, &submit, VK_NULL_HANDLE));
  checkVk(vkQueueWaitIdle(info.queue));
  ImGui_ImplVulkan_DestroyFontUploadObjects();
  vkDestroyCommandPool(info.device, pool, nullptr);
}

void Overlay::beginFrame() {
  ImGui_ImplVulkan_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  ImGui::NewFrame();
}

void Overlay::endFrame() {
  ImGui::Render();
}

void Overlay::record(VkCommandBuffer cmd) {
  ImGui_ImplVulkan_RenderDrawData(ImGui::GetDrawData(), cmd);
}

bool Overlay::wantsMouse() const {
  return ImGui::GetIO().WantCaptureMouse;
}
bool Overlay::wantsKeyboard() const {
  return ImGui::GetIO().WantCaptureKeyboard;
}

}  // namespace vitrine::app
