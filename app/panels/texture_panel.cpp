#include "texture_panel.h"

#include <algorithm>
#include <cmath>
#include <string>

#include <imgui.h>

#include "imgui_backend_layout.h"

namespace vitrine::app {
namespace {

const ImVec4 kWarning(0.95f, 0.55f, 0.10f, 1.0f);

std::string imageLabel(const scene::Scene& scene, size_t i) {
  const std::string& name = scene.images[i].name;
  return "#" + std::to_string(i) + (name.empty() ? "" : " " + name);
}

void imageTable(const scene::Scene& scene, const std::vector<ImageFacts>& facts, int& selected) {
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV |
                                ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingFixedFit;
  const float rows = float(std::min<size_t>(facts.size(), 6) + 1);
  if (!ImGui::BeginTable("images", 7, flags,
                         ImVec2(0.0f, rows * ImGui::GetTextLineHeightWithSpacing() + 8.0f)))
    return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("Image", ImGuiTableColumnFlags_WidthStretch);
  ImGui::TableSetupColumn("Size");
  ImGui::TableSetupColumn("Format");
  ImGui::TableSetupColumn("Colour");
  ImGui::TableSetupColumn("Mips");
  ImGui::TableSetupColumn("GPU");
  ImGui::TableSetupColumn("Used by");
  ImGui::TableHeadersRow();
  for (size_t i = 0; i < facts.size(); ++i) {
    const ImageFacts& f = facts[i];
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    const std::string label = imageLabel(scene, i);
    if (ImGui::Selectable(label.c_str(), selected == int(i), ImGuiSelectableFlags_SpanAllColumns))
      selected = int(i);
    ImGui::TableNextColumn();
    if (f.width > 0)
      ImGui::Text("%ux%u", f.width, f.height);
    else
      ImGui::TextDisabled("-");
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(scene::imageFormatName(f.format));
    ImGui::TableNextColumn();
    if (f.mixedColorSpace())
      ImGui::TextColored(kWarning, "%s", colorSpaceName(f));
    else
      ImGui::TextUnformatted(colorSpaceName(f));
    ImGui::TableNextColumn();
    ImGui::Text("%u", f.mipLevels);
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(f.gpuBytes ? formatBytes(f.gpuBytes).c_str() : "-");
    ImGui::TableNextColumn();
    if (f.sameAs >= 0)
      ImGui::TextDisabled("= #%d", f.sameAs);
    else
      ImGui::Text("%zu", f.users.size());
  }
  ImGui::EndTable();
}

// What the selected image is used by, and why it may show nothing.
void imageDetails(const scene::Scene& scene, const ImageFacts& f) {
  if (f.mixedColorSpace())
    ImGui::TextColored(kWarning,
                       "Sampled as sRGB colour and as linear data: one of them reads it wrong.");
  if (f.sameAs >= 0)
    ImGui::TextWrapped("The same bytes as image #%d: decoded and uploaded once, as that one.",
                       f.sameAs);
  else if (f.users.empty())
    ImGui::TextDisabled("No material samples it: not on the GPU.");
  for (const TextureUser& u : f.users) {
    const std::string& name = scene.materials[u.material].name;
    ImGui::BulletText(
        "%s: %s", name.empty() ? ("material " + std::to_string(u.material)).c_str() : name.c_str(),
        textureSlotName(u.slot));
  }
}

}  // namespace

const char* colorSpaceName(const ImageFacts& f) {
  if (f.mixedColorSpace()) return "sRGB + linear";
  if (f.srgb) return "sRGB";
  if (f.linear) return "linear";
  return "-";
}

void TexturePanel::draw(const PanelRect& view, Session& s, renderer::Renderer& renderer,
                        UiTextures& textures, const std::vector<ImageFacts>& facts) {
  const float scale = s.uiScale;
  ImGui::SetNextWindowPos(ImVec2(view.pos.x + 12.0f * scale, view.pos.y + 12.0f * scale),
                          ImGuiCond_FirstUseEver);
  // The left half of the view, the UV panel taking the right one.
  const float width = std::min(560.0f * scale, 0.5f * view.size.x - 18.0f * scale);
  ImGui::SetNextWindowSize(ImVec2(width, std::min(520.0f * scale, view.size.y - 24.0f * scale)),
                           ImGuiCond_FirstUseEver);
  if (!ImGui::Begin("Textures", &s.panels.textures)) {
    ImGui::End();
    return;
  }
  const scene::Scene& scene = *s.document->scene;
  if (facts.empty()) {
    ImGui::TextDisabled("The asset has no images.");
    ImGui::End();
    return;
  }
  selected_ = std::clamp(selected_, 0, int(facts.size()) - 1);
  uint64_t total = 0;
  for (const ImageFacts& f : facts) total += f.gpuBytes;
  ImGui::Text("%zu images, %s on the GPU", facts.size(), formatBytes(total).c_str());
  imageTable(scene, facts, selected_);
  const ImageFacts& f = facts[size_t(selected_)];
  imageDetails(scene, f);

  static const char* kChannels[] = {"RGB", "R", "G", "B", "A"};
  for (int c = 0; c < 5; ++c) {
    if (c > 0) ImGui::SameLine();
    if (ImGui::RadioButton(kChannels[c], int(channel_) == c)) channel_ = renderer::ImageChannel(c);
  }
  ImGui::SameLine();
  if (ImGui::Button("Fit")) zoom_ = 0.0f;
  ImGui::SameLine();
  if (ImGui::Button("1:1")) zoom_ = 1.0f;

  const int shown = f.sameAs >= 0 ? f.sameAs : selected_;
  renderer::UiImage gpu;
  const ImTextureID id = textures.get(renderer, size_t(shown), channel_, &gpu);
  if (!id) {
    ImGui::TextDisabled(f.width > 0 && !f.users.empty() ? "Not on the GPU yet." : "No preview.");
    ImGui::End();
    return;
  }
  // The preview scrolls in a child of the room left; the wheel zooms about the cursor.
  ImGui::BeginChild("preview", ImVec2(0, 0), true, ImGuiWindowFlags_HorizontalScrollbar);
  const ImVec2 room = ImGui::GetContentRegionAvail();
  const float fit = std::min(room.x / float(gpu.width), room.y / float(gpu.height));
  float zoom = zoom_ > 0.0f ? zoom_ : fit;
  if (ImGui::IsWindowHovered() && ImGui::GetIO().MouseWheel != 0.0f) {
    zoom_ = std::clamp(zoom * std::pow(1.25f, ImGui::GetIO().MouseWheel), 0.01f, 64.0f);
    zoom = zoom_;
  }
  ImGui_ImplVulkan_BeginImage(ImGui::GetWindowDrawList(), static_cast<VkDescriptorSet>(id));
  ImGui::Image(id, ImVec2(float(gpu.width) * zoom, float(gpu.height) * zoom));
  ImGui_ImplVulkan_EndImage(ImGui::GetWindowDrawList());
  ImGui::EndChild();
  ImGui::End();
}

}  // namespace vitrine::app
