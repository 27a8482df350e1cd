// The GPU copy of a scene::Scene: geometry, the packed material array, textures, samplers,
// descriptor sets, per-frame node buffers, and the list of draws of the chosen scene.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include <volk.h>

#include "context.h"
#include "frames.h"
#include "lights.h"
#include "pipelines.h"
#include "resources.h"
#include "scene.h"
#include "shared_types.h"
#include "textures.h"

namespace vitrine::renderer {

// One indexed draw: a primitive of a node's mesh.
struct Draw {
  uint32_t firstIndex = 0;
  uint32_t indexCount = 0;
  int32_t vertexOffset = 0;
  uint32_t node = 0;
  uint32_t material = 0;  // index into the MaterialData array (default: materials.size())
  uint32_t features = 0;  // ShaderFeature bits (pipelines.h) of the material and primitive
  scene::Topology topology = scene::Topology::Triangles;
  bool blend = false;
  bool doubleSided = false;
  glm::vec3 center{0.0f};  // of the primitive's bounds, mesh space (back-to-front sorting)
};

// Vertex streams, each a region of SceneGpu::vertices bound as its own binding.
enum Stream : uint32_t {
  kPosition,
  kNormal,
  kTexcoord0,
  kTexcoord1,
  kColor,
  kTangent,
  kStreamCount
};

struct SceneFrame {
  Buffer nodes;  // gpu::NodeData per node, host-visible, written while the slot is idle
  VkDescriptorSet set = VK_NULL_HANDLE;  // set 0
  uint64_t nodesVersion = 0;             // which node data `nodes` holds
  Buffer lights;  // gpu::LightData per light instance (at least one entry), host-visible
};

struct SceneGpu {
  Buffer vertices;  // device-local, the streams one after the other
  std::array<VkDeviceSize, kStreamCount> streamOffsets{};
  Buffer indices;                   // device-local, uint32
  Buffer materials;                 // device-local, gpu::MaterialData per material + the default
  std::vector<Texture> textures;    // per scene image; empty for images no material samples
  Texture white;                    // 1x1 white, sRGB and UNORM views: absent colour/data slots
  Texture flatNormal;               // 1x1 (0.5, 0.5, 1): absent normal slot
  std::vector<VkSampler> samplers;  // per scene sampler
  VkSampler defaultSampler = VK_NULL_HANDLE;
  VkDescriptorPool pool = VK_NULL_HANDLE;
  std::vector<VkDescriptorSet> materialSets;  // set 1 per material, the default last
  std::array<SceneFrame, kFramesInFlight> frames;
  std::vector<Draw> draws;  // of the nodes reachable from the chosen scene's roots
  uint32_t nodeCount = 0;
  std::vector<LightInstance> lights;  // of the nodes reachable from the chosen scene's roots
};

// Uploads `scene` through one staging buffer (waits for the copy: load time only) and builds
// the draws of scene.scenes[sceneIndex]. frameData[i] is the FrameData buffer of slot i.
void createSceneGpu(const Context& ctx, const PipelineLayouts& layouts,
                    const std::array<VkBuffer, kFramesInFlight>& frameData,
                    const scene::Scene& scene, int sceneIndex, SceneGpu& gpu);
void destroySceneGpu(const Context& ctx, SceneGpu& gpu);

// NodeData (world matrix and normal matrix) of every node, from scene.world.
void computeNodeData(const scene::Scene& scene, std::vector<gpu::NodeData>& out);

// Copies `nodes` into the slot's node buffer unless it already holds `version`. The slot
// must be idle (its fence waited for).
void uploadNodes(SceneGpu& gpu, uint32_t slot, const std::vector<gpu::NodeData>& nodes,
                 uint64_t version);
// LightData of every light instance of gpu.lights.
void computeLightData(const scene::Scene& scene, const SceneGpu& gpu,
                      std::vector<gpu::LightData>& out);
// Copies `lights` into the slot's light buffer. The slot must be idle.
void uploadLights(SceneGpu& gpu, uint32_t slot, const std::vector<gpu::LightData>& lights);

}  // namespace vitrine::renderer
