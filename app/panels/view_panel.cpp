#include "view_panel.h"

#include <cstring>
#include <memory>

#include <imgui.h>

#include "camera.h"
#include "look.h"

namespace vitrine::app {

bool ViewPanel::switchEnvironment(Session& s, renderer::Renderer& renderer,
                                  const std::string& environment, std::string* error) {
  CliOptions wanted = s.look;
  wanted.environment = environment;
  std::unique_ptr<scene::EnvironmentImage> image;
  if (!loadEnvironment(wanted, image, error)) return false;
  // Waits for the GPU and processes the map: a user's click, not a per-frame cost.
  renderer.setEnvironment(image.get());
  s.environmentArriving.reset();
  s.look.environment = environment;
  s.hasEnvironment = image != nullptr;
  return true;
}

void ViewPanel::draw(Session& s, renderer::Renderer& renderer) {
  if (ImGui::CollapsingHeader("Camera", ImGuiTreeNodeFlags_DefaultOpen)) cameraSection(s);
  if (ImGui::CollapsingHeader("Lighting")) lightingSection(s, renderer);
}

void ViewPanel::cameraSection(Session& s) {
  const scene::Scene& scene = *s.document->scene;
  std::optional<int>& assetCamera = s.assetCamera;
  const auto cameraName = [&](int i) {
    return scene.cameras[i].name.empty() ? "Camera " + std::to_string(i) : scene.cameras[i].name;
  };
  const std::string current = assetCamera && *assetCamera < int(scene.cameras.size())
                                  ? cameraName(*assetCamera)
                                  : std::string("Orbit");
  if (ImGui::BeginCombo("View", current.c_str())) {
    if (ImGui::Selectable("Orbit", !assetCamera)) assetCamera.reset();
    for (int i = 0; i < int(scene.cameras.size()); ++i) {
      std::string error;
      if (!assetCameraView(scene, i, 1.0f, &error)) continue;  // no node of this scene uses it
      ImGui::PushID(i);
      if (ImGui::Selectable(cameraName(i).c_str(), assetCamera == i)) assetCamera = i;
      ImGui::PopID();
    }
    ImGui::EndCombo();
  }
  if (ImGui::Button("Frame scene (F)")) s.frameRequest = FrameRequest{};
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("Left drag: orbit, right or middle drag: pan, wheel: zoom");
  ImGui::PopStyleColor();
}

void ViewPanel::lightingSection(Session& s, renderer::Renderer& renderer) {
  CliOptions& look = s.look;
  // The environment: built-in studio, none, or an .hdr file by path (loaded on "Load").
  if (environmentChoice_ < 0) {
    environmentChoice_ = look.environment == "studio" ? 0 : look.environment == "none" ? 1 : 2;
    if (environmentChoice_ == 2)
      std::strncpy(hdrPath_, look.environment.c_str(), sizeof(hdrPath_) - 1);
  }
  static const char* const kEnvironments[] = {"Studio (built in)", "None", ".hdr file"};
  int picked = environmentChoice_;
  if (ImGui::Combo("Environment", &picked, kEnvironments, 3) && picked != environmentChoice_) {
    environmentError_.clear();
    if (picked == 2 ||
        switchEnvironment(s, renderer, picked == 0 ? "studio" : "none", &environmentError_))
      environmentChoice_ = picked;
  }
  if (environmentChoice_ == 2) {
    ImGui::InputText("File", hdrPath_, sizeof(hdrPath_));
    ImGui::SameLine();
    if (ImGui::Button("Load")) {
      environmentError_.clear();
      switchEnvironment(s, renderer, hdrPath_, &environmentError_);
    }
  }
  if (!environmentError_.empty())
    ImGui::TextColored(ImVec4(1.0f, 0.4f, 0.35f, 1.0f), "%s", environmentError_.c_str());
  if (s.hasEnvironment) {
    ImGui::SliderFloat("Intensity", &look.environmentIntensity, 0.0f, 4.0f, "%.2f");
    ImGui::SliderFloat("Rotation", &look.environmentRotationDegrees, -180.0f, 180.0f, "%.0f deg");
  }
  static const char* const kTonemaps[] = {"Khronos PBR Neutral", "ACES filmic", "AgX", "None"};
  int tonemap = int(look.tonemap);
  if (ImGui::Combo("Tone mapping", &tonemap, kTonemaps, 4)) look.tonemap = CliTonemap(tonemap);
  ImGui::SliderFloat("Exposure (EV)", &look.exposure, -8.0f, 8.0f, "%.1f");
  static const char* const kBackgrounds[] = {"Environment", "Blurred environment", "Colour"};
  int background = int(look.background);
  if (ImGui::Combo("Background", &background, kBackgrounds, 3))
    look.background = CliBackground(background);
  if (look.background == CliBackground::Color) ImGui::ColorEdit3("Colour", &look.backgroundColor.x);
}

}  // namespace vitrine::app
