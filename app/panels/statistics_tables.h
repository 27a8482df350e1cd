// The statistics panel's tables: per mesh and per material, the triangles, vertices and draw
// calls the shown scene draws of it, and a material's texture memory (scene_statistics.h).
#pragma once

#include "scene.h"
#include "scene_statistics.h"

namespace vitrine::app {

// Two collapsing sections, "Meshes" and "Materials", each a scrolling table with a totals row;
// unused meshes and materials (nothing drawn) are listed greyed, last.
void drawStatisticsTables(const scene::Scene& scene, const SceneStatistics& stats);

}  // namespace vitrine::app
