#include "statistics_tables.h"

#include <algorithm>
#include <string>

#include <imgui.h>

#include "texture_facts.h"

namespace vitrine::app {
namespace {

constexpr ImGuiTableFlags kTableFlags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV |
                                        ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingFixedFit;

std::string label(const std::string& name, const char* kind, size_t index) {
  return name.empty() ? std::string(kind) + " " + std::to_string(index) : name;
}

void countCells(const GeometryCounts& c) {
  ImGui::TableNextColumn();
  ImGui::Text("%llu", static_cast<unsigned long long>(c.triangles));
  ImGui::TableNextColumn();
  ImGui::Text("%llu", static_cast<unsigned long long>(c.vertices));
  ImGui::TableNextColumn();
  ImGui::Text("%llu", static_cast<unsigned long long>(c.drawCalls));
}

// The table's height: its rows, up to about eight of them, then it scrolls.
float tableHeight(size_t rows) {
  return ImGui::GetTextLineHeightWithSpacing() * float(std::min<size_t>(rows, 8) + 2) + 4.0f;
}

void meshTable(const scene::Scene& scene, const SceneStatistics& stats) {
  if (!ImGui::BeginTable("meshes", 5, kTableFlags, ImVec2(0.0f, tableHeight(stats.meshes.size()))))
    return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("Mesh", ImGuiTableColumnFlags_WidthStretch);
  ImGui::TableSetupColumn("x");
  ImGui::TableSetupColumn("Tris");
  ImGui::TableSetupColumn("Verts");
  ImGui::TableSetupColumn("Draws");
  ImGui::TableHeadersRow();
  // Drawn meshes first, in file order, then the others greyed.
  for (int pass = 0; pass < 2; ++pass) {
    for (size_t m = 0; m < stats.meshes.size(); ++m) {
      const MeshStatistics& ms = stats.meshes[m];
      if ((ms.instances > 0) != (pass == 0)) continue;
      if (pass == 1) ImGui::BeginDisabled();
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(label(scene.meshes[m].name, "mesh", m).c_str());
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%u primitives; each instance: %llu triangles, %llu vertices",
                          ms.primitives, static_cast<unsigned long long>(ms.once.triangles),
                          static_cast<unsigned long long>(ms.once.vertices));
      ImGui::TableNextColumn();
      ImGui::Text("%llu", static_cast<unsigned long long>(ms.instances));
      countCells(pass == 0 ? ms.drawn : ms.once);
      if (pass == 1) ImGui::EndDisabled();
    }
  }
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::TextUnformatted("Total");
  ImGui::TableNextColumn();
  countCells(stats.drawn);
  ImGui::EndTable();
}

void materialTable(const scene::Scene& scene, const SceneStatistics& stats) {
  if (!ImGui::BeginTable("materials", 4, kTableFlags,
                         ImVec2(0.0f, tableHeight(stats.materials.size()))))
    return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("Material", ImGuiTableColumnFlags_WidthStretch);
  ImGui::TableSetupColumn("Tris");
  ImGui::TableSetupColumn("Draws");
  ImGui::TableSetupColumn("Textures");
  ImGui::TableHeadersRow();
  for (int pass = 0; pass < 2; ++pass) {
    for (size_t m = 0; m < stats.materials.size(); ++m) {
      const MaterialStatistics& ms = stats.materials[m];
      if ((ms.drawn.drawCalls > 0) != (pass == 0)) continue;
      if (pass == 1) ImGui::BeginDisabled();
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      const std::string name = m < scene.materials.size()
                                   ? label(scene.materials[m].name, "material", m)
                                   : std::string("(default material)");
      ImGui::TextUnformatted(name.c_str());
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%u primitives, %llu vertices drawn", ms.primitives,
                          static_cast<unsigned long long>(ms.drawn.vertices));
      ImGui::TableNextColumn();
      ImGui::Text("%llu", static_cast<unsigned long long>(ms.drawn.triangles));
      ImGui::TableNextColumn();
      ImGui::Text("%llu", static_cast<unsigned long long>(ms.drawn.drawCalls));
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(ms.textureBytes ? formatBytes(ms.textureBytes).c_str() : "-");
      if (pass == 1) ImGui::EndDisabled();
    }
  }
  ImGui::EndTable();
}

}  // namespace

void drawStatisticsTables(const scene::Scene& scene, const SceneStatistics& stats) {
  if (ImGui::CollapsingHeader("Meshes", ImGuiTreeNodeFlags_DefaultOpen)) meshTable(scene, stats);
  if (ImGui::CollapsingHeader("Materials", ImGuiTreeNodeFlags_DefaultOpen))
    materialTable(scene, stats);
}

}  // namespace vitrine::app
