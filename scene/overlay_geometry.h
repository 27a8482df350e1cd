// World-space segments that show what the finished picture does not (issue 22 §2): skeletons,
// vertex normals and tangents, boxes, light and camera gizmos. The app colours them and the
// renderer draws them over the picture (renderer::View::lines); nothing here knows either.
// Every function reads scene.world as it is (updateWorldTransforms first) and appends to its
// output.
#pragma once

#include <cstdint>
#include <vector>

#include <glm/glm.hpp>

#include "scene.h"

namespace vitrine::scene {

struct Segment {
  glm::vec3 a{0.0f}, b{0.0f};
};

// Whether node `node` is drawn: KHR_node_visibility hides it when it or an ancestor has
// visible 0.
bool nodeShown(const Scene& scene, int node);

// A node mask (scene::subtreeMask, what the window's Isolate shows): null for every node, else
// only the nodes n with (*shown)[n] != 0.
using NodeMask = const std::vector<uint8_t>*;
bool inMask(NodeMask shown, int node);

// The skins the nodes of scene `sceneIndex` are skinned with, each once, in node order. With a
// mask, those of the masked-in nodes and those with a joint in the mask.
std::vector<int> skinsInScene(const Scene& scene, int sceneIndex, NodeMask shown = nullptr);

// Skin `skin` as posed by scene.world: a bone from each joint to its nearest ancestor that is
// a joint of the same skin (a root joint has none), and each joint's world position, in
// skin.joints order.
struct Skeleton {
  std::vector<Segment> bones;
  std::vector<glm::vec3> joints;
  std::vector<int> jointNodes;  // skin.joints
};
Skeleton skeleton(const Scene& scene, int skin);

// A joint marker: three segments of `size` along the world axes, centred on `at`.
void jointMarker(const glm::vec3& at, float size, std::vector<Segment>& out);

// For the vertices of the primitives drawn by the shown nodes (in `mask`) of scene `sceneIndex`,
// deformed as drawn (scene/deform.h: morph targets, then skin), a segment of `length` from the
// vertex along its unit normal into `normals`, and one along its unit tangent into `tangents` where
// it has TANGENT. At most `maxVertices` in all: beyond, every k-th vertex counted across all the
// primitives, so that the density stays even. Returns the vertices shown and their total.
struct VertexFrameCount {
  uint64_t shown = 0, total = 0;
};
VertexFrameCount vertexFrames(const Scene& scene, int sceneIndex, float length,
                              uint64_t maxVertices, std::vector<Segment>& normals,
                              std::vector<Segment>& tangents, NodeMask mask = nullptr);

// The 12 edges of `box` (axis-aligned, world space); nothing for an empty box.
void boxEdges(const Bounds& box, std::vector<Segment>& out);

// The light of node `node` (KHR_lights_punctual, its node's world matrix: the light shines
// along -Z): directional, an arrow of `size` along its direction; spot, its outer cone as 8
// lines of the range (else `size`) and the circle at their ends; point, three circles of radius
// range (else `size`) about it. Nothing for a node without a light.
void lightGizmo(const Scene& scene, int node, float size, std::vector<Segment>& out);

// The camera of node `node`: its frustum from the near plane to the far one (for an infinite
// projection or one deeper than `size`, to `size`), and an up tick above the far plane; the
// viewport aspect `aspect` where the camera has none. Nothing for a node without a camera.
void cameraGizmo(const Scene& scene, int node, float aspect, float size, std::vector<Segment>& out);

}  // namespace vitrine::scene
