#include "inspector_panel.h"

#include <algorithm>
#include <vector>

#include <glm/gtc/quaternion.hpp>
#include <imgui.h>

#include "node_tree.h"
#include "slot_edit.h"
#include "theme.h"

namespace vitrine::app {
namespace {

// A Float or FloatArray slot's value range for dragging: unbounded, 0.01 per pixel.
constexpr float kDragSpeed = 0.01f;

bool rotationWidget(const Property& p, scene::DirtySet& dirty) {
  // The slot holds (x, y, z, w); glm::quat's constructor takes (w, x, y, z).
  const float* q = p.slot.data;
  const glm::quat rotation(q[3], q[0], q[1], q[2]);
  glm::vec3 degrees = glm::degrees(glm::eulerAngles(rotation));
  if (!ImGui::DragFloat3(p.label.c_str(), &degrees.x, 0.5f, 0.0f, 0.0f, "%.1f deg")) return false;
  const glm::quat edited = glm::normalize(glm::quat(glm::radians(degrees)));
  const float values[4] = {edited.x, edited.y, edited.z, edited.w};
  return writeSlot(p.slot, values, dirty);
}

// Who drives a property's value, as its field shows it.
enum class Driver { None, Clip, Graph };

bool drivenWidget(const Property& p, Driver driver, scene::DirtySet& dirty) {
  ImGui::PushID(p.pointer.c_str());
  bool changed = false;
  // Animated values (by a clip or by the graph) are marked by tinting their field (an amber
  // frame), not by text beside it that a narrow column clips.
  const bool animated = driver != Driver::None;
  if (animated) {
    ImGui::PushStyleColor(ImGuiCol_FrameBg, ImVec4(0.30f, 0.16f, 0.03f, 0.95f));
    ImGui::PushStyleColor(ImGuiCol_FrameBgHovered, ImVec4(0.38f, 0.21f, 0.05f, 0.95f));
  }
  // A label longer than the room ImGui leaves it right of the field goes on its own line
  // above a full-width field, so that it is never cut at the panel's edge.
  const float labelRoom = ImGui::GetContentRegionAvail().x - ImGui::CalcItemWidth() -
                          ImGui::GetStyle().ItemInnerSpacing.x;
  const bool labelAbove = ImGui::CalcTextSize(p.label.c_str()).x > labelRoom;
  Property relabeled;  // the field's own label hidden ("##"), when it is drawn above
  if (labelAbove) {
    ImGui::TextUnformatted(p.label.c_str());
    ImGui::PushItemWidth(-1.0f);
    relabeled = p;
    relabeled.label = "##" + p.label;
  }
  const Property& shown = labelAbove ? relabeled : p;
  if (p.slot.rotation && p.slot.count == 4) {
    changed = rotationWidget(shown, dirty);
  } else {
    std::vector<float> v(p.slot.data, p.slot.data + p.slot.count);
    bool edited = false;
    const char* label = shown.label.c_str();
    if (p.color && v.size() == 3) {
      edited = ImGui::ColorEdit3(label, v.data(), ImGuiColorEditFlags_Float);
    } else if (p.color && v.size() == 4) {
      edited = ImGui::ColorEdit4(label, v.data(), ImGuiColorEditFlags_Float);
    } else if (v.size() >= 1 && v.size() <= 4 && p.slot.type != scene::ValueType::FloatArray) {
      edited = ImGui::DragScalarN(label, ImGuiDataType_Float, v.data(), int(v.size()), kDragSpeed);
    } else {
      ImGui::TextUnformatted(label);
      for (size_t i = 0; i < v.size(); ++i) {
        ImGui::PushID(int(i));
        edited |= ImGui::DragFloat("##w", &v[i], kDragSpeed);
        ImGui::PopID();
      }
    }
    if (edited) changed = writeSlot(p.slot, v, dirty);
  }
  if (labelAbove) ImGui::PopItemWidth();
  if (animated) ImGui::PopStyleColor(2);
  // Animated values update live; an edit holds until the clip (or graph) writes it again.
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        driver == Driver::Clip ? "%s\nanimated: an edit holds until the clip writes it again"
        : driver == Driver::Graph
            ? "%s\nwritten by the graph: an edit holds until the graph writes it again"
            : "%s",
        p.pointer.c_str());
  ImGui::PopID();
  return changed;
}

// This frame's clips playing (playingClips) and slots the graph wrote, read once per section.
struct Drivers {
  std::vector<bool> playing;
  const std::vector<scene::Slot>* written = nullptr;  // never null
  Driver of(const Property& p) const {
    if (animatedBy(p, playing)) return Driver::Clip;
    return writtenBy(p, *written) ? Driver::Graph : Driver::None;
  }
};

Drivers drivers(Session& s) {
  static const std::vector<scene::Slot> kNone;
  Drivers d;
  d.playing = playingClips(s.timeline.enabled(), s.graphDriven() ? s.graph.get() : nullptr,
                           s.document->animations->clips().size());
  // What the graph wrote stays tinted while the timeline is shown instead: it is still there.
  d.written = s.graph && s.graph->host() ? &s.graph->host()->writtenSlots() : &kNone;
  return d;
}

}  // namespace

bool propertyWidget(const Property& p, const std::vector<bool>& enabled, scene::DirtySet& dirty) {
  return drivenWidget(p, animatedBy(p, enabled) ? Driver::Clip : Driver::None, dirty);
}

void metadataLines(const char* heading, const std::vector<MetadataLine>& lines) {
  if (lines.empty()) return;
  if (heading) ImGui::TextDisabled("%s", heading);
  for (const MetadataLine& l : lines) {
    ImGui::TextDisabled("%s", l.label.c_str());
    ImGui::Indent();
    ImGui::TextWrapped("%s", l.value.c_str());
    ImGui::Unindent();
  }
}

void InspectorPanel::draw(const PanelRect& rect, Session& s, renderer::Renderer& renderer) {
  if (!beginDockedPanel("Inspector", rect)) return;
  if (documentSerial_ != s.document->serial) {
    // A new document (load or reload): its slots are new, resolve them again, once.
    documentSerial_ = s.document->serial;
    model_.reset(*s.document->scene, *s.document->gltf, s.document->animations->clips());
    assetLines_ = assetMetadataLines(*s.document->scene);
    objectLines_.clear();
  }
  // Fields leave about 7 characters' room for their labels, in the font's size (DPI).
  ImGui::PushItemWidth(-7.5f * ImGui::GetFontSize());
  // Open by default when the asset describes itself (KHR_xmp_json_ld), not for a generator.
  const bool described = s.document->scene->metadata.assetPacket() != nullptr;
  if (ImGui::CollapsingHeader("Asset", described ? ImGuiTreeNodeFlags_DefaultOpen : 0))
    assetSection();
  if (ImGui::CollapsingHeader("Node", ImGuiTreeNodeFlags_DefaultOpen)) nodeSection(s);
  if (ImGui::CollapsingHeader("Materials", ImGuiTreeNodeFlags_DefaultOpen)) materialSection(s);
  view_.draw(s, renderer);
  ImGui::PopItemWidth();
  ImGui::End();
}

void InspectorPanel::nodeSection(Session& s) {
  scene::Scene& scene = *s.document->scene;
  if (!s.selectedNode || *s.selectedNode >= scene.nodes.size()) {
    ImGui::TextDisabled("Select a node in the outliner.");
    return;
  }
  const uint32_t n = *s.selectedNode;
  const scene::Node& node = scene.nodes[n];
  ImGui::Text("%s", nodeLabel(scene, n).c_str());
  ImGui::SameLine();
  ImGui::TextDisabled("node %u", n);
  if (node.hasMatrix) ImGui::TextDisabled("Local transform: a matrix (glTF: not animatable)");
  if (node.instancing >= 0 && size_t(node.instancing) < scene.instancing.size())
    ImGui::TextDisabled("Drawn as %zu instances (EXT_mesh_gpu_instancing)",
                        scene.instancing[size_t(node.instancing)].transforms.size());
  const Drivers d = drivers(s);
  for (const Property& p : model_.node(n)) drivenWidget(p, d.of(p), s.dirty);
  if (n < scene.world.size()) {
    const glm::vec3 world(scene.world[n][3]);
    ImGui::Text("World position  %.3f  %.3f  %.3f", world.x, world.y, world.z);
  }
  metadataLines("Node metadata", metadata(scene, scene::XmpObject::Node, n));
  if (node.mesh >= 0)
    metadataLines("Mesh metadata", metadata(scene, scene::XmpObject::Mesh, uint32_t(node.mesh)));
}

void InspectorPanel::assetSection() {
  if (assetLines_.empty()) {
    ImGui::TextDisabled("No generator, copyright or XMP metadata.");
    return;
  }
  metadataLines(nullptr, assetLines_);
}

const std::vector<MetadataLine>& InspectorPanel::metadata(const scene::Scene& scene,
                                                          scene::XmpObject kind, uint32_t index) {
  const std::pair<int, uint32_t> key{int(kind), index};
  auto it = objectLines_.find(key);
  if (it == objectLines_.end())
    it = objectLines_.emplace(key, objectMetadataLines(scene, kind, index)).first;
  return it->second;
}

void InspectorPanel::materialSection(Session& s) {
  scene::Scene& scene = *s.document->scene;
  if (!s.selectedNode) return;
  const std::vector<uint32_t> materials = nodeMaterials(scene, *s.selectedNode);
  if (materials.empty()) {
    ImGui::TextDisabled("No material (no mesh, or the default material).");
    return;
  }
  for (const uint32_t m : materials) {
    const std::string name =
        scene.materials[m].name.empty() ? "Material " + std::to_string(m) : scene.materials[m].name;
    ImGui::PushID(int(m));
    if (ImGui::TreeNodeEx("material", ImGuiTreeNodeFlags_DefaultOpen, "%s", name.c_str())) {
      metadataLines("Material metadata", metadata(scene, scene::XmpObject::Material, m));
      const std::vector<Property>& props = model_.material(m);
      const Drivers d = drivers(s);
      // Core properties first, then one tree node per extension (its properties are adjacent).
      for (size_t i = 0; i < props.size();) {
        size_t end = i + 1;
        while (end < props.size() && props[end].group == props[i].group) ++end;
        const bool open = props[i].group.empty() ||
                          ImGui::TreeNodeEx(props[i].group.c_str(), ImGuiTreeNodeFlags_DefaultOpen,
                                            "%s", props[i].group.c_str());
        if (open) {
          for (size_t k = i; k < end; ++k) drivenWidget(props[k], d.of(props[k]), s.dirty);
          if (!props[i].group.empty()) ImGui::TreePop();
        }
        i = end;
      }
      ImGui::TreePop();
    }
    ImGui::PopID();
  }
}

}  // namespace vitrine::app
