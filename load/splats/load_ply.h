// A 3DGS .ply (splat/ply_reader.h) opened as a scene: one node, one mesh, one splat primitive,
// the splats converted as KHR_gaussian_splatting maps them. The loader's loadScene() sends
// files ending in ".ply" here.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "memory_budget.h"
#include "scene.h"

namespace vitrine::scene {

// Builds `scene` from the bytes of `path` (for messages and Scene::path): one node and one mesh
// named after the file's stem, one primitive (POINTS) whose `splats` hold the cloud and whose
// bounds are the splats' 3-sigma boxes, one scene holding the node, the default material alone
// in materialData, Scene::world computed. The splats (SplatCloud::bytesFor) are reserved from
// `budget` before they are allocated, and stay reserved: the scene holds them. Returns "" or
// "<path>: <what>" (`scene` then untouched); what does not stop drawing (rotations of length
// zero, drawn unrotated) goes to `warnings` when given, in the same form.
[[nodiscard]] std::string loadPlyScene(std::span<const uint8_t> bytes, const std::string& path,
                                       MemoryBudget& budget, Scene& scene,
                                       std::vector<std::string>* warnings = nullptr);

}  // namespace vitrine::scene
