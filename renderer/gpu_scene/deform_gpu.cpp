#include "deform_gpu.h"

#include <algorithm>
#include <cstring>

#include "pipelines.h"
#include "scene_gpu.h"

namespace vitrine::renderer {
namespace {

// The gpu::kMorph* bits of the attributes some target of `p` displaces.
uint32_t morphMask(const scene::Primitive& p) {
  uint32_t mask = 0;
  for (const scene::MorphTarget& t : p.targets) {
    if (!t.positions.empty()) mask |= gpu::kMorphPosition;
    if (!t.normals.empty()) mask |= gpu::kMorphNormal;
    if (!t.tangents.empty()) mask |= gpu::kMorphTangent;
    if (!t.texcoords[0].empty()) mask |= gpu::kMorphTexcoord0;
    if (!t.texcoords[1].empty()) mask |= gpu::kMorphTexcoord1;
    if (!t.colors.empty()) mask |= gpu::kMorphColor;
  }
  return mask;
}

// Copies the `n` floats of element v of `stream` to out, or zeros when the target lacks it.
template <class Vec>
void put(const std::vector<Vec>& stream, size_t v, float* out) {
  constexpr int n = Vec::length();
  if (v < stream.size()) {
    for (int c = 0; c < n; ++c) out[c] = stream[v][c];
  } else {
    std::fill(out, out + n, 0.0f);
  }
}

}  // namespace

DeformLayout layoutDeform(const scene::Scene& scene, const std::vector<std::vector<bool>>& usable,
                          VkDeviceSize maxBufferBytes) {
  DeformLayout l;
  l.primitives.resize(scene.meshes.size());
  for (size_t m = 0; m < scene.meshes.size(); ++m) {
    const scene::Mesh& mesh = scene.meshes[m];
    for (size_t pi = 0; pi < mesh.primitives.size(); ++pi) {
      const scene::Primitive& p = mesh.primitives[pi];
      PrimitiveDeform d;
      const uint64_t vertices = p.positions.size();
      if (usable[m][pi] && p.influenceSets > 0 && p.joints.size() == vertices * p.influenceSets &&
          p.weights.size() == p.joints.size()) {
        const uint64_t count = vertices * p.influenceSets;
        if ((l.influenceCount + count) * sizeof(gpu::SkinInfluence) <= maxBufferBytes) {
          d.influenceOffset = uint32_t(l.influenceCount);
          d.influenceSets = p.influenceSets;
          l.influenceCount += count;
        }
      }
      const uint32_t mask = morphMask(p);
      if (usable[m][pi] && mask != 0 && p.targets.size() == mesh.targetCount) {
        const uint64_t floats = vertices * p.targets.size() * gpu::morphOffset(mask, 64);
        if ((l.targetFloats + floats) * sizeof(float) <= maxBufferBytes) {
          d.targetOffset = uint32_t(l.targetFloats);
          d.targetCount = uint32_t(p.targets.size());
          d.morphMask = mask;
          l.targetFloats += floats;
        }
      }
      l.primitives[m].push_back(d);
    }
  }
  return l;
}

void writeDeformData(const scene::Scene& scene, const DeformLayout& layout,
                     gpu::SkinInfluence* influences, float* targets) {
  for (size_t m = 0; m < scene.meshes.size(); ++m) {
    for (size_t pi = 0; pi < scene.meshes[m].primitives.size(); ++pi) {
      const scene::Primitive& p = scene.meshes[m].primitives[pi];
      const PrimitiveDeform& d = layout.primitives[m][pi];
      if (d.influenceSets > 0) {
        gpu::SkinInfluence* out = influences + d.influenceOffset;
        for (size_t i = 0; i < p.joints.size(); ++i) {
          out[i].joints = glm::uvec4(p.joints[i]);
          out[i].weights = p.weights[i];
        }
      }
      if (d.morphMask == 0) continue;
      // Vertex after vertex, target after target (shared_types.h, kMorph*).
      float* out = targets + d.targetOffset;
      for (size_t v = 0; v < p.positions.size(); ++v) {
        for (const scene::MorphTarget& t : p.targets) {
          if (d.morphMask & gpu::kMorphPosition) put(t.positions, v, out), out += 3;
          if (d.morphMask & gpu::kMorphNormal) put(t.normals, v, out), out += 3;
          if (d.morphMask & gpu::kMorphTangent) put(t.tangents, v, out), out += 3;
          if (d.morphMask & gpu::kMorphTexcoord0) put(t.texcoords[0], v, out), out += 2;
          if (d.morphMask & gpu::kMorphTexcoord1) put(t.texcoords[1], v, out), out += 2;
          if (d.morphMask & gpu::kMorphColor) put(t.colors, v, out), out += 4;
        }
      }
    }
  }
}

void initDeformMirrors(const scene::Scene& scene, SceneGpu& gpu) {
  // The MorphWeights region: node weights at their morphWeightOffset, then mesh weights.
  size_t count = 0;
  for (const scene::Node& n : scene.nodes)
    count = std::max(count, n.morphWeightOffset + n.weights.size());
  for (const scene::Mesh& m : scene.meshes)
    count = std::max(count, m.morphWeightOffset + m.weights.size());
  gpu.weightData.assign(std::max<size_t>(1, count), 0.0f);  // a storage buffer cannot be empty
  gpu.weightOwner.assign(count, UINT32_MAX);
  for (size_t n = 0; n < scene.nodes.size(); ++n) {
    const scene::Node& node = scene.nodes[n];
    for (size_t k = 0; k < node.weights.size(); ++k) {
      gpu.weightData[node.morphWeightOffset + k] = node.weights[k];
      gpu.weightOwner[node.morphWeightOffset + k] = uint32_t(n);
    }
  }
  for (size_t m = 0; m < scene.meshes.size(); ++m) {
    const scene::Mesh& mesh = scene.meshes[m];
    for (size_t k = 0; k < mesh.weights.size(); ++k) {
      gpu.weightData[mesh.morphWeightOffset + k] = mesh.weights[k];
      gpu.weightOwner[mesh.morphWeightOffset + k] = uint32_t(scene.nodes.size() + m);
    }
  }
  gpu.joints = scene::JointMatrices(scene);
}

void deformDraw(const scene::Scene& scene, uint32_t node, const scene::Primitive& p,
                const PrimitiveDeform& layout, const SceneGpu& gpu, Draw& d) {
  const scene::Node& n = scene.nodes[node];
  d.firstVertex = uint32_t(d.vertexOffset);
  const bool skinValid = n.skin >= 0 && size_t(n.skin) < scene.skins.size();
  if (skinValid && layout.influenceSets > 0 &&
      p.minSkinJoints <= scene.skins[size_t(n.skin)].joints.size()) {
    d.skinned = true;
    d.features |= kFeatureSkin;
    d.jointOffset = gpu.joints.offset(uint32_t(n.skin));
    d.influenceOffset = layout.influenceOffset;
    d.influenceSets = layout.influenceSets;
  }
  if (layout.morphMask != 0 && n.weights.size() == layout.targetCount) {
    d.features |= layout.morphMask << kFeatureMorphShift;
    d.targetOffset = layout.targetOffset;
    d.targetCount = layout.targetCount;
    d.weightOffset = n.morphWeightOffset;
  }
  // Flat normals generated at load are those of the undeformed triangle.
  const bool moves = d.skinned || (layout.morphMask & gpu::kMorphPosition) != 0;
  if (moves && p.flatNormals && p.topology == scene::Topology::Triangles)
    d.features |= kFeatureFlatNormals;
}

bool drawMirrored(const SceneGpu& gpu, const Draw& d, const std::vector<gpu::NodeData>& nodes) {
  bool mirrored = false;
  if (d.skinned) {
    const std::vector<glm::mat4>& joints = gpu.joints.matrices();
    mirrored =
        d.jointOffset < joints.size() && glm::determinant(glm::mat3(joints[d.jointOffset])) < 0.0f;
  } else {
    mirrored = d.node < nodes.size() && glm::determinant(glm::mat3(nodes[d.node].world)) < 0.0f;
  }
  return mirrored != d.instancesMirror;  // det(world * instance) = det(world) det(instance)
}

gpu::DrawConstants drawConstants(const Draw& d) {
  gpu::DrawConstants c;
  c.node = d.node;
  c.material = d.material;
  c.firstVertex = d.firstVertex;
  c.jointOffset = d.jointOffset;
  c.influenceOffset = d.influenceOffset;
  c.influenceSets = d.influenceSets;
  c.targetOffset = d.targetOffset;
  c.targetCount = d.targetCount;
  c.weightOffset = d.weightOffset;
  c.texcoordOffset = d.texcoordOffset;
  c.shadowLayer = 0;
  return c;
}

void refreshMorphWeights(const scene::Scene& scene, const scene::DirtyRanges& ranges, SceneGpu& gpu,
                         scene::DirtyRanges& changed) {
  const uint64_t count = gpu.weightOwner.size();
  const size_t nodes = scene.nodes.size();
  for (const scene::ByteRange& r : ranges.ranges()) {
    const uint64_t first = std::min<uint64_t>(r.offset / 4, count);
    const uint64_t last = std::min<uint64_t>((uint64_t(r.offset) + r.size + 3) / 4, count);
    if (last <= first) continue;
    for (uint64_t k = first; k < last; ++k) {
      const uint32_t owner = gpu.weightOwner[k];
      const std::vector<float>* weights = nullptr;
      uint32_t offset = 0;
      if (owner < nodes) {
        weights = &scene.nodes[owner].weights;
        offset = scene.nodes[owner].morphWeightOffset;
      } else if (owner - nodes < scene.meshes.size()) {
        weights = &scene.meshes[owner - nodes].weights;
        offset = scene.meshes[owner - nodes].morphWeightOffset;
      }
      if (weights && k - offset < weights->size()) gpu.weightData[k] = (*weights)[k - offset];
    }
    changed.mark(uint32_t(first * 4), uint32_t((last - first) * 4));
  }
}

void refreshJoints(const scene::Scene& scene, const scene::DirtyRanges& worldRanges, SceneGpu& gpu,
                   scene::DirtyRanges& changed) {
  gpu.joints.update(scene, worldRanges, changed);
}

void refreshAllDeform(const scene::Scene& scene, SceneGpu& gpu, scene::DirtyRanges& weightsChanged,
                      scene::DirtyRanges& jointsChanged) {
  scene::DirtyRanges all;
  all.mark(0, uint32_t(gpu.weightOwner.size() * 4));
  if (!gpu.weightOwner.empty()) refreshMorphWeights(scene, all, gpu, weightsChanged);
  gpu.joints.updateAll(scene, jointsChanged);
}

}  // namespace vitrine::renderer
