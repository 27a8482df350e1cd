#include "selection_draw.h"

#include <imgui.h>

#include "selection_overlay.h"

namespace vitrine::app {

void drawSelectionBox(const renderer::View& view, const scene::Bounds& bounds) {
  const ImVec2 size = ImGui::GetIO().DisplaySize;
  ImDrawList* list = ImGui::GetBackgroundDrawList();
  // Orange, as DCC tools mark the active object; two pixels so it reads over busy models.
  const ImU32 color = IM_COL32(255, 160, 40, 230);
  for (const auto& [a, b] : projectBoxEdges(view, bounds, {size.x, size.y}))
    list->AddLine(ImVec2(a.x, a.y), ImVec2(b.x, b.y), color, 2.0f);
}

void drawSelectionMarker(const renderer::View& view, glm::vec3 at) {
  const ImVec2 size = ImGui::GetIO().DisplaySize;
  const auto p = projectPoint(view, at, {size.x, size.y});
  if (!p) return;
  const float r = 7.0f * ImGui::GetIO().FontGlobalScale * (ImGui::GetFontSize() / 15.0f);
  const ImVec2 c(p->x, p->y);
  ImDrawList* list = ImGui::GetBackgroundDrawList();
  const ImU32 color = IM_COL32(255, 160, 40, 230);  // the box's orange
  list->AddQuad(ImVec2(c.x, c.y - r), ImVec2(c.x + r, c.y), ImVec2(c.x, c.y + r),
                ImVec2(c.x - r, c.y), color, 2.0f);
  list->AddCircleFilled(c, 2.0f, color);
}

}  // namespace vitrine::app
