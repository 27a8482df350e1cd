#include "overlay.h"

#include <cmath>

#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_vulkan.h>

#include "vk_check.h"

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

Overlay::Overlay(GLFWwindow* window, renderer::Renderer& renderer) {
  const renderer::OverlayInfo info = renderer.overlayInfo();
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
  // ImGui 1.86 records the font upload into a command buffer we submit once, at start-up.
  renderer.submitOnce([](VkCommandBuffer cmd) { ImGui_ImplVulkan_CreateFontsTexture(cmd); });
  ImGui_ImplVulkan_DestroyFontUploadObjects();
}

Overlay::~Overlay() {
  ImGui_ImplVulkan_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
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
