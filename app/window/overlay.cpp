#include "overlay.h"

#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_vulkan.h>

#include "imgui_backend_layout.h"
#include "theme.h"
#include "vk_check.h"

namespace vitrine::app {
namespace {

// ImGui's backend reports Vulkan failures through this callback: the project's one check.
void checkVk(VkResult r) {
  if (r != VK_SUCCESS) renderer::vkCheckFailed(r, "ImGui Vulkan backend", __FILE__, __LINE__);
}

}  // namespace

Overlay::Overlay(GLFWwindow* window, renderer::Renderer& renderer, float uiScale)
    : renderer_(renderer) {
  const renderer::OverlayInfo info = renderer.overlayInfo();
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // panel state is the app's settings (settings.h), not imgui.ini
  applyTheme(ImGui::GetStyle(), uiScale);
  buildFonts(*io.Fonts, uiScale);

  // ImGui's backend loads its Vulkan entry points through volk's instance loader.
  ImGui_ImplVulkan_LoadFunctions(
      [](const char* name, void* instance) {
        return vkGetInstanceProcAddr(static_cast<VkInstance>(instance), name);
      },
      info.instance);
  ImGui_ImplGlfw_InitForVulkan(window, true);
  initBackend();
}

void Overlay::initBackend() {
  const renderer::OverlayInfo info = renderer_.overlayInfo();
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
  // ImGui 1.86 records the font upload into a command buffer we submit once.
  renderer_.submitOnce([](VkCommandBuffer cmd) { ImGui_ImplVulkan_CreateFontsTexture(cmd); });
  ImGui_ImplVulkan_DestroyFontUploadObjects();
}

void Overlay::setUiScale(float uiScale) {
  if (++rebuilds_ > kMaxRebuilds) return;
  renderer_.waitIdle();  // the old font image and pipeline may still be read by a frame
  ImGui_ImplVulkan_Shutdown();
  applyTheme(ImGui::GetStyle(), uiScale);
  buildFonts(*ImGui::GetIO().Fonts, uiScale);
  initBackend();
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
  // Binds the sets of our images around their draws (imgui_backend_layout.h).
  ImGui_ImplVulkan_RenderDrawDataWithImages(ImGui::GetDrawData(), cmd);
}

bool Overlay::wantsMouse() const {
  return ImGui::GetIO().WantCaptureMouse;
}
bool Overlay::wantsKeyboard() const {
  return ImGui::GetIO().WantCaptureKeyboard;
}

}  // namespace vitrine::app
