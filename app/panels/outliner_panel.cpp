#include "outliner_panel.h"

#include <climits>

#include <imgui.h>

#include "slot_edit.h"
#include "theme.h"

namespace vitrine::app {
namespace {

void sceneChooser(Session& s, renderer::Renderer& renderer) {
  scene::Scene& scene = *s.document->scene;
  if (scene.scenes.size() < 2) {
    ImGui::TextUnformatted(sceneLabel(scene, scene.activeScene).c_str());
    return;
  }
  ImGui::SetNextItemWidth(-1.0f);
  if (!ImGui::BeginCombo("##scene", sceneLabel(scene, scene.activeScene).c_str())) return;
  for (int i = 0; i < int(scene.scenes.size()); ++i) {
    ImGui::PushID(i);
    if (ImGui::Selectable(sceneLabel(scene, i).c_str(), i == scene.activeScene) &&
        i != scene.activeScene) {
      const int before = scene.activeScene;
      scene.activeScene = i;
      // The textures stay on the GPU: the window has freed their pixels (freeUploadedPixels
      // and addImagesReleasing in viewer.cpp).
      const renderer::SceneResult shown = renderer.switchScene(scene, i);
      if (!shown.shown) {  // the device cannot hold it: the scene shown stays
        scene.activeScene = before;
        s.fileError = "scene " + std::to_string(i) + ": " + shown.error;
        ImGui::PopID();
        break;
      }
      if (s.materialVariant >= 0) renderer.setMaterialVariant(scene, s.materialVariant);
      s.selectedNode.reset();
      s.isolatedNode.reset();
      s.frameRequest = FrameRequest{};  // the whole (new) scene
    }
    ImGui::PopID();
  }
  ImGui::EndCombo();
}

}  // namespace

void OutlinerPanel::draw(const PanelRect& rect, Session& s, renderer::Renderer& renderer) {
  if (!beginDockedPanel("Outliner", rect)) return;
  sceneChooser(s, renderer);
  scene::Scene& scene = *s.document->scene;
  if (documentSerial_ != s.document->serial || sceneIndex_ != scene.activeScene) {
    documentSerial_ = s.document->serial;
    sceneIndex_ = scene.activeScene;
    rows_ = buildNodeTree(scene, sceneIndex_);
  }
  ImGui::BeginDisabled(!s.selectedNode);
  if (ImGui::Button("Frame selected")) s.frameRequest = FrameRequest{s.selectedNode};
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (ImGui::Button("Frame all")) s.frameRequest = FrameRequest{};
  ImGui::Separator();

  ImGui::BeginChild("tree");
  const float indent = ImGui::GetStyle().IndentSpacing;
  uint32_t skipBelow = UINT_MAX;  // rows deeper than this are in a closed subtree
  // Whether each depth's node is hidden (its own eye or above), read live: animation and
  // the eyes change Node::visible.
  std::vector<bool> hiddenAt;
  for (const TreeRow& row : rows_) {
    if (row.depth > skipBelow) continue;
    skipBelow = UINT_MAX;
    // Rows are rebuilt with the document, so this holds; checked all the same, since a stale
    // row would index past the nodes.
    if (row.node >= scene.nodes.size()) continue;
    scene::Node& node = scene.nodes[row.node];
    hiddenAt.resize(row.depth + 1);
    const bool own = node.visible < 0.5f;
    const bool underHidden = row.depth > 0 && hiddenAt[row.depth - 1];
    hiddenAt[row.depth] = own || underHidden;

    ImGui::PushID(int(row.node));
    bool visible = !own;
    if (ImGui::Checkbox("##visible", &visible)) {
      const float value = visible ? 1.0f : 0.0f;
      writeSlot(nodeVisibilitySlot(scene, row.node), {&value, 1}, s.dirty);
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Visible (KHR_node_visibility)");
    ImGui::SameLine();
    ImGui::SetCursorPosX(ImGui::GetCursorPosX() + float(row.depth) * indent);
    ImGuiTreeNodeFlags tf = ImGuiTreeNodeFlags_NoTreePushOnOpen | ImGuiTreeNodeFlags_OpenOnArrow |
                            ImGuiTreeNodeFlags_SpanAvailWidth;
    if (row.children == 0) tf |= ImGuiTreeNodeFlags_Leaf;
    if (row.depth < 2) tf |= ImGuiTreeNodeFlags_DefaultOpen;
    if (s.selectedNode == row.node) tf |= ImGuiTreeNodeFlags_Selected;
    if (hiddenAt[row.depth])
      ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    const bool open = ImGui::TreeNodeEx("node", tf, "%s", nodeLabel(scene, row.node).c_str());
    if (hiddenAt[row.depth]) ImGui::PopStyleColor();
    if (ImGui::IsItemClicked() && !ImGui::IsItemToggledOpen()) s.selectedNode = row.node;
    if (ImGui::IsItemHovered() && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left))
      s.frameRequest = FrameRequest{row.node};
    if (row.badges) {
      ImGui::SameLine();
      ImGui::TextDisabled("%s", badgeText(row.badges).c_str());
    }
    if (!open) skipBelow = row.depth;
    ImGui::PopID();
  }
  ImGui::EndChild();
  ImGui::End();
}

}  // namespace vitrine::app
