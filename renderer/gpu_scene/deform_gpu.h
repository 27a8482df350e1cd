// Skinning and morphing on the GPU, the data side (mesh.vert does the arithmetic): what each
// primitive uploads once (skin influences, morph target displacements), the per-frame mirrors
// (morph weights, joint matrices) and their refresh from the scene's changes, and what a draw
// tells mesh.vert through its push constants and pipeline features.
#pragma once

#include <cstdint>
#include <vector>

#include <volk.h>

#include "dirty.h"
#include "scene.h"
#include "shared_types.h"

namespace vitrine::renderer {

struct Draw;
struct SceneGpu;

// Where one primitive's static deformation data sits in the two upload-once buffers.
struct PrimitiveDeform {
  uint32_t influenceOffset = 0;  // first gpu::SkinInfluence (influenceSets per vertex)
  uint32_t influenceSets = 0;    // 0: no influences uploaded (no JOINTS_n, or over the limit)
  uint32_t targetOffset = 0;     // first float of its target data (layout: shared_types.h)
  uint32_t targetCount = 0;
  uint32_t morphMask = 0;  // gpu::kMorph* bits its targets displace; 0: not morphed
};

struct DeformLayout {
  std::vector<std::vector<PrimitiveDeform>> primitives;  // [mesh][primitive]
  uint64_t influenceCount = 0;  // gpu::SkinInfluence entries of every primitive
  uint64_t targetFloats = 0;    // floats of every primitive's target data
};

// Lays out every usable primitive's influences and targets (usable[mesh][primitive]: it has
// vertices and indices the renderer uploads). A primitive whose data would end past
// `maxBufferBytes` (the device's maxStorageBufferRange) is left out and drawn undeformed.
DeformLayout layoutDeform(const scene::Scene& scene, const std::vector<std::vector<bool>>& usable,
                          VkDeviceSize maxBufferBytes);

// Writes the influences (layout.influenceCount entries at `influences`) and the target data
// (layout.targetFloats floats at `targets`).
void writeDeformData(const scene::Scene& scene, const DeformLayout& layout,
                     gpu::SkinInfluence* influences, float* targets);

// Sizes and fills the per-frame mirrors: gpu.weightData from the MorphWeights region (every
// node's weights, then every mesh's), gpu.joints from scene.world.
void initDeformMirrors(const scene::Scene& scene, SceneGpu& gpu);

// Fills draw d's deformation fields and features (kFeatureSkin, the morph bits,
// kFeatureFlatNormals) for primitive `primitive` of node `node`'s mesh: skinned when the node
// has a skin and the primitive uploaded influences whose joints the skin has; morphed when the
// node instantiates targets the primitive uploaded.
void deformDraw(const scene::Scene& scene, uint32_t node, const scene::Primitive& primitive,
                const PrimitiveDeform& layout, const SceneGpu& gpu, Draw& d);

// Whether draw d's model transform mirrors (negative determinant), which reverses the winding
// of its triangles (glTF 2.0 §3.7.4): its node's world matrix; for a skinned draw, whose node
// transform is ignored, the first joint matrix of its skin.
bool drawMirrored(const SceneGpu& gpu, const Draw& d, const std::vector<gpu::NodeData>& nodes);

// The push constants of draw d.
gpu::DrawConstants drawConstants(const Draw& d);

// Copies the morph weights `ranges` covers (Region::MorphWeights: byte ranges of the region,
// 4 bytes a weight) from the scene's nodes and meshes into gpu.weightData, and marks them in
// `changed`. Ranges outside the mirror are ignored. No allocation.
void refreshMorphWeights(const scene::Scene& scene, const scene::DirtyRanges& ranges, SceneGpu& gpu,
                         scene::DirtyRanges& changed);
// Recomputes the joint matrices of the joints whose world matrices `worldRanges` covers
// (DirtySet::worldMatrices) and marks them in `changed` (byte ranges of gpu.joints).
void refreshJoints(const scene::Scene& scene, const scene::DirtyRanges& worldRanges, SceneGpu& gpu,
                   scene::DirtyRanges& changed);
// Every joint matrix and every morph weight, all marked.
void refreshAllDeform(const scene::Scene& scene, SceneGpu& gpu, scene::DirtyRanges& weightsChanged,
                      scene::DirtyRanges& jointsChanged);

}  // namespace vitrine::renderer
