// The CPU mirrors of a SceneGpu's per-frame buffers (materials, extensions, nodes, lights):
// their initial values here; their refresh from the scene's changes in scene_mirrors.cpp,
// declared in scene_gpu.h (the renderer calls them). Internal to the scene_*.cpp files.
#pragma once

#include "scene.h"
#include "scene_gpu.h"

namespace vitrine::renderer {

// Sizes gpu's mirrors of the buffers updated per frame and sets their initial values (one
// entry per material plus the default; at least one node and one light entry: a storage
// buffer cannot be empty), with the light instances of scene.scenes[sceneIndex] and
// gpu.hidden.
void initMirrors(const scene::Scene& scene, int sceneIndex, SceneGpu& gpu);

}  // namespace vitrine::renderer
