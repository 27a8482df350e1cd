// Statistics per mesh and per material of the scene shown (issue 22 §4), what the statistics
// panel tabulates under the renderer's totals. Pure CPU, from the scene::Scene: a draw call is
// one primitive of one node of the shown scene that instances its mesh, as the renderer
// records them (nodes hidden by KHR_node_visibility included: these are the asset's numbers,
// not the last frame's).
#pragma once

#include <cstdint>
#include <vector>

#include "scene.h"
#include "texture_facts.h"

namespace vitrine::app {

struct GeometryCounts {
  uint64_t triangles = 0;  // of triangle primitives (indices / 3); lines and points have none
  // As uploaded: the file's POSITION count, but for primitives whose flat normals or
  // generated tangents split shared vertices (scene::Primitive::positions).
  uint64_t vertices = 0;
  uint64_t drawCalls = 0;
};

struct MeshStatistics {
  uint32_t primitives = 0;
  // Copies of the mesh the shown scene draws: one per node with this mesh, or each node's
  // EXT_mesh_gpu_instancing instances.
  uint64_t instances = 0;
  GeometryCounts once;   // the mesh's own geometry (drawCalls: its primitives)
  GeometryCounts drawn;  // once x instances (drawCalls: one per primitive and instanced draw)
};

struct MaterialStatistics {
  uint32_t primitives = 0;    // primitives of the meshes drawn that use the material
  GeometryCounts drawn;       // summed over their draws
  uint64_t textureBytes = 0;  // GPU memory of the images it samples, each once
};

struct SceneStatistics {
  std::vector<MeshStatistics> meshes;  // per Scene::meshes
  // Per Scene::materials, plus the spec's default material last (defaultMaterialIndex()).
  std::vector<MaterialStatistics> materials;
  GeometryCounts drawn;       // totals of the shown scene
  uint64_t textureBytes = 0;  // every image on the GPU, each once
};

// `sceneIndex`: the scene shown (Scene::activeScene); `variant`: the KHR_materials_variants
// variant drawn (-1 = the asset's own materials); `facts`: textureFacts(scene).
SceneStatistics sceneStatistics(const scene::Scene& scene, int sceneIndex, int variant,
                                const std::vector<ImageFacts>& facts);

}  // namespace vitrine::app
