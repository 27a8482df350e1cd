// The draws of a scene: one per primitive of each node the chosen scene reaches, with the
// material state (blend, sidedness, shader features, layers) that KHR_materials_variants can
// switch (applyMaterialVariant, declared in scene_gpu.h). Internal to the scene_*.cpp files.
#pragma once

#include "scene.h"
#include "scene_gpu.h"
#include "scene_staging.h"

namespace vitrine::renderer {

// Appends to gpu.draws the draws of scene.scenes[sceneIndex]'s nodes, in scene order, at the
// ranges of the staging layout `s`, with their default materials and deformation.
void buildDraws(const scene::Scene& scene, int sceneIndex, const StagingLayout& s, SceneGpu& gpu);

}  // namespace vitrine::renderer
