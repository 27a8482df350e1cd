#include "uv_panel.h"

#include <algorithm>
#include <cmath>
#include <string>

#include <imgui.h>

#include "imgui_backend_layout.h"

#include "texture_facts.h"

namespace vitrine::app {
namespace {

// Line colours in the linear space ImGui blends in here (theme.cpp).
const ImU32 kEdge = IM_COL32(200, 200, 200, 255);
const ImU32 kSquare = IM_COL32(255, 255, 255, 255);
const ImU32 kOutsideFill = IM_COL32(40, 90, 255, 110);
const ImU32 kOverlapFill = IM_COL32(255, 40, 20, 130);
const ImVec4 kOutsideText(0.35f, 0.55f, 1.0f, 1.0f);
const ImVec4 kOverlapText(1.0f, 0.35f, 0.25f, 1.0f);

// The scene image material `material`'s slot samples, or -1.
int slotImage(const scene::Scene& scene, int material, int slot) {
  if (material < 0 || size_t(material) >= scene.materials.size() || slot < 0) return -1;
  const int t = scene.materials[size_t(material)].textures[size_t(slot)];
  if (t < 0 || size_t(t) >= scene.textures.size()) return -1;
  return scene.textures[size_t(t)].image;
}

}  // namespace

void UvPanel::draw(const PanelRect& view, Session& s, renderer::Renderer& renderer,
                   UiTextures& textures) {
  const float scale = s.uiScale;
  ImGui::SetNextWindowPos(
      ImVec2(view.pos.x + view.size.x - 12.0f * scale, view.pos.y + 12.0f * scale),
      ImGuiCond_FirstUseEver, ImVec2(1.0f, 0.0f));
  // The right half of the view, the texture browser taking the left one.
  const float width = std::min(460.0f * scale, 0.5f * view.size.x - 18.0f * scale);
  ImGui::SetNextWindowSize(ImVec2(width, std::min(560.0f * scale, view.size.y - 24.0f * scale)),
                           ImGuiCond_FirstUseEver);
  if (!ImGui::Begin("UV", &s.panels.uv)) {
    ImGui::End();
    return;
  }
  const scene::Scene& scene = *s.document->scene;
  const int mesh = s.selectedNode && *s.selectedNode < scene.nodes.size()
                       ? scene.nodes[*s.selectedNode].mesh
                       : -1;
  if (mesh < 0 || size_t(mesh) >= scene.meshes.size()) {
    layout_.reset();
    key_ = {};
    ImGui::TextDisabled("Select a node with a mesh in the outliner.");
    ImGui::End();
    return;
  }
  const std::vector<scene::Primitive>& primitives = scene.meshes[size_t(mesh)].primitives;
  primitive_ = std::clamp(primitive_, 0, std::max(int(primitives.size()) - 1, 0));
  if (primitives.size() > 1) {
    ImGui::SetNextItemWidth(90.0f * scale);
    ImGui::SliderInt("Primitive", &primitive_, 0, int(primitives.size()) - 1);
    ImGui::SameLine();
  }
  if (primitives.empty()) {
    ImGui::TextDisabled("The mesh has no primitives.");
    ImGui::End();
    return;
  }
  const scene::Primitive& p = primitives[size_t(primitive_)];
  ImGui::SetNextItemWidth(120.0f * scale);
  const std::string setLabel = "TEXCOORD_" + std::to_string(set_);
  if (ImGui::BeginCombo("Set", setLabel.c_str())) {
    for (int n = 0; n < gpu::kTexcoordSetCount; ++n) {
      const std::string item =
          "TEXCOORD_" + std::to_string(n) + (p.hasTexcoordSet(n) ? "" : " (absent)");
      if (ImGui::Selectable(item.c_str(), n == set_,
                            p.hasTexcoordSet(n) ? 0 : ImGuiSelectableFlags_Disabled))
        set_ = n;
    }
    ImGui::EndCombo();
  }
  // The background: a slot of the primitive's material that has a texture.
  const int material = p.materialFor(s.materialVariant);
  // The base colour's, or a specular-glossiness material's diffuse texture.
  if (slot_ == -2 || slotImage(scene, material, slot_) < 0) {
    slot_ = -1;
    for (int base : {gpu::kSlotBaseColor, gpu::kSlotDiffuse})
      if (slot_ < 0 && slotImage(scene, material, base) >= 0) slot_ = base;
  }
  ImGui::SetNextItemWidth(-1.0f);
  if (ImGui::BeginCombo("##slot", slot_ < 0 ? "No texture" : textureSlotName(slot_))) {
    if (ImGui::Selectable("No texture", slot_ < 0)) slot_ = -1;
    for (int slot = 0; slot < gpu::kMaterialTextureCount; ++slot)
      if (slotImage(scene, material, slot) >= 0 &&
          ImGui::Selectable(textureSlotName(slot), slot == slot_))
        slot_ = slot;
    ImGui::EndCombo();
  }

  const Key key{s.document->serial, mesh, primitive_, set_};
  if (!(key == key_)) {
    key_ = key;
    layout_ = uvLayout(p, set_);
  }
  if (!layout_) {
    ImGui::TextDisabled(p.topology != scene::Topology::Triangles
                            ? "Not triangles: no UV layout."
                            : "The primitive has no TEXCOORD_%d.",
                        set_);
    ImGui::End();
    return;
  }
  ImGui::Text("%u triangles,", layout_->triangles());
  ImGui::SameLine();
  ImGui::TextColored(kOutsideText, "%u outside 0..1,", layout_->outside);
  ImGui::SameLine();
  ImGui::TextColored(kOverlapText, "%u overlapping%s", layout_->overlapping,
                     layout_->truncated ? " (search cut short)" : "");
  drawCanvas(renderer, textures, slotImage(scene, material, slot_));
  ImGui::End();
}

void UvPanel::drawCanvas(renderer::Renderer& renderer, UiTextures& textures, int image) {
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const ImVec2 room = ImGui::GetContentRegionAvail();
  if (room.x < 16.0f || room.y < 16.0f) return;
  ImGui::InvisibleButton("canvas", room,
                         ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight |
                             ImGuiButtonFlags_MouseButtonMiddle);
  const ImGuiIO& io = ImGui::GetIO();
  // The 0..1 square fits the canvas at zoom 1, with a margin for what lies just outside.
  const float side = 0.9f * std::min(room.x, room.y);
  const glm::vec2 centre = glm::vec2(origin.x, origin.y) + 0.5f * glm::vec2(room.x, room.y);
  if (ImGui::IsItemHovered() && io.MouseWheel != 0.0f) {
    // Zoom about the cursor: the UV under it stays under it.
    const glm::vec2 mouse(io.MousePos.x, io.MousePos.y);
    const float factor = std::pow(1.2f, io.MouseWheel);
    const float next = std::clamp(zoom_ * factor, 0.1f, 200.0f);
    pan_ = (mouse - centre) - (mouse - centre - pan_) * (next / zoom_);
    zoom_ = next;
  }
  if (ImGui::IsItemActive() && (io.MouseDelta.x != 0.0f || io.MouseDelta.y != 0.0f))
    pan_ += glm::vec2(io.MouseDelta.x, io.MouseDelta.y);
  if (ImGui::IsItemHovered() && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) {
    zoom_ = 1.0f;
    pan_ = glm::vec2(0.0f);
  }
  const float size = side * zoom_;
  const glm::vec2 corner = centre + pan_ - 0.5f * glm::vec2(size);  // UV (0, 0): top left
  auto at = [&](glm::vec2 uv) { return ImVec2(corner.x + uv.x * size, corner.y + uv.y * size); };

  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->PushClipRect(origin, ImVec2(origin.x + room.x, origin.y + room.y), true);
  draw->AddRectFilled(origin, ImVec2(origin.x + room.x, origin.y + room.y),
                      IM_COL32(20, 20, 22, 255));
  if (image >= 0) {
    if (const ImTextureID id = textures.get(renderer, size_t(image), renderer::ImageChannel::Rgb)) {
      ImGui_ImplVulkan_BeginImage(draw, static_cast<VkDescriptorSet>(id));
      draw->AddImage(id, at({0, 0}), at({1, 1}), ImVec2(0, 0), ImVec2(1, 1),
                     IM_COL32(255, 255, 255, 160));
      ImGui_ImplVulkan_EndImage(draw);
    }
  }
  draw->AddRect(at({0, 0}), at({1, 1}), kSquare, 0.0f, 0, 1.5f);
  // Triangles whose bounds miss the canvas are skipped: a zoomed-in view of a large mesh
  // draws what it shows.
  const glm::vec2 lo(origin.x, origin.y), hi = lo + glm::vec2(room.x, room.y);
  const UvLayout& l = *layout_;
  for (uint32_t t = 0; t < l.triangles(); ++t) {
    const ImVec2 a = at(l.corners[t * 3]), b = at(l.corners[t * 3 + 1]),
                 c = at(l.corners[t * 3 + 2]);
    if (std::max({a.x, b.x, c.x}) < lo.x || std::min({a.x, b.x, c.x}) > hi.x ||
        std::max({a.y, b.y, c.y}) < lo.y || std::min({a.y, b.y, c.y}) > hi.y)
      continue;
    if (l.flags[t] & UvLayout::kOverlap)
      draw->AddTriangleFilled(a, b, c, kOverlapFill);
    else if (l.flags[t] & UvLayout::kOutside)
      draw->AddTriangleFilled(a, b, c, kOutsideFill);
    draw->AddTriangle(a, b, c, kEdge, 1.0f);
  }
  draw->PopClipRect();
}

}  // namespace vitrine::app
