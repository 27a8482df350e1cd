// The GPU copy of a scene::Scene: geometry, the packed material array, node and light data,
// textures, samplers, descriptor sets, and the list of draws of the chosen scene. Materials,
// nodes and lights live in device-local buffers with a CPU mirror each; the refresh*
// functions update the mirrors from the scene and mark the bytes that the frame's copies
// (uploads.h) must send.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <vector>

#include <volk.h>

#include "context.h"
#include "deform_gpu.h"
#include "dirty.h"
#include "frames.h"
#include "joint_matrices.h"
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
  uint32_t primitive = 0;  // index in the node's mesh's primitives (material variants)
  uint32_t material = 0;   // index into the MaterialData array (default: materials.size())
  uint32_t features = 0;   // ShaderFeature bits (pipelines.h) of the material and primitive
  // The material's extension texture slots and gpu::kLayer* bits (PipelineKey).
  uint32_t extensionSlots = 0;
  uint32_t layers = 0;
  scene::Topology topology = scene::Topology::Triangles;
  bool blend = false;
  bool doubleSided = false;
  glm::vec3 center{0.0f};  // of the primitive's bounds, mesh space (back-to-front sorting)
  // Skinning and morphing (deform_gpu.h), pushed with node and material as gpu::DrawConstants.
  bool skinned = false;
  uint32_t firstVertex = 0;
  uint32_t jointOffset = 0, influenceOffset = 0, influenceSets = 0;
  uint32_t targetOffset = 0, targetCount = 0, weightOffset = 0;
  // TEXCOORD_2..7 of the primitive (scene::Primitive::extraTexcoordSets, 0 when it has none or
  // they did not fit) and its first vec2 in SceneGpu::texcoords.
  uint32_t texcoordSets = 0, texcoordOffset = 0;
  // Bit n: the primitive has TEXCOORD_n, 0..7 (channel views: PipelineKey::channelTexcoords).
  uint32_t texcoordPresence = 0;
  // EXT_mesh_gpu_instancing: the draw's instances, their transforms from
  // SceneGpu::jointMatrices[firstInstance] on (mesh.vert's gl_InstanceIndex); `instancesMirror`
  // when their transforms mirror (the mirroring ones are drawn apart:
  // scene::MeshInstances::mirroredFrom). 1 and 0 without.
  uint32_t instanceCount = 1, firstInstance = 0;
  bool instancesMirror = false;
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
  VkDescriptorSet set = VK_NULL_HANDLE;  // set 0, with this frame slot's FrameData
};

struct SceneGpu {
  Buffer vertices;  // device-local, the streams one after the other
  std::array<VkDeviceSize, kStreamCount> streamOffsets{};
  Buffer indices;             // device-local, uint32
  Buffer materials;           // device-local, gpu::MaterialData per material + the default
  Buffer materialExtensions;  // device-local, gpu::MaterialExtensionData, the same entries
  Buffer nodes;               // device-local, gpu::NodeData per node (at least one entry)
  Buffer lightBuffer;  // device-local, gpu::LightData per light instance (at least one entry)
  // Skinning and morphing (deform_gpu.h), read by mesh.vert. Uploaded once: the skin
  // influences and the morph target displacements of every primitive. Updated per frame: the
  // MorphWeights region's floats and the joint matrices. Each at least 64 bytes.
  Buffer influences;    // device-local, gpu::SkinInfluence
  Buffer morphTargets;  // device-local, floats (layout: shared_types.h kMorph*)
  Buffer morphWeights;  // device-local, floats
  // device-local, mat4: the joint matrices (updated per frame), then every
  // EXT_mesh_gpu_instancing instance transform (uploaded once; StagingLayout::firstInstance).
  Buffer jointMatrices;
  // Uploaded once: TEXCOORD_2..7 of every primitive that has them (gpu::kTexcoordSetCount),
  // at least 64 bytes.
  Buffer texcoords;  // device-local, vec2
  // What the per-frame buffers hold (once the frame's pending copies are done), entry for
  // entry: the sources of the per-frame copies. Sized at creation, never resized (uploads.h
  // keeps pointers to them).
  std::vector<gpu::MaterialData> materialData;
  std::vector<gpu::MaterialExtensionData> materialExtensionData;
  std::vector<gpu::NodeData> nodeData;
  std::vector<gpu::LightData> lightData;
  std::vector<float> weightData;  // morphWeights (at least one entry)
  scene::JointMatrices joints;    // jointMatrices: joints.matrices()
  // Per weight of weightData: its node, or scene.nodes.size() + its mesh.
  std::vector<uint32_t> weightOwner;
  std::vector<Texture> textures;  // per scene image; empty for images no material samples
  Texture white;                  // 1x1 white, sRGB and UNORM views: absent colour/data slots
  Texture flatNormal;             // 1x1 (0.5, 0.5, 1): absent normal slot
  Texture black;  // 1x1 black, sRGB view: an emissive texture whose image is still arriving
  std::vector<VkSampler> samplers;  // per scene sampler
  VkSampler defaultSampler = VK_NULL_HANDLE;
  VkDescriptorPool pool = VK_NULL_HANDLE;
  std::vector<VkDescriptorSet> materialSets;  // set 1 per material, the default last
  std::array<SceneFrame, kFramesInFlight> frames;
  std::vector<Draw> draws;  // of the nodes reachable from the chosen scene's roots
  // KHR_gaussian_splatting primitives of those nodes (they have no Draw): drawn by
  // pass_splats.h from the clouds themselves, prepared for each view on the CPU.
  struct SplatSource {
    uint32_t node = 0;
    scene::SplatCloudPtr cloud;
  };
  std::vector<SplatSource> splats;
  uint32_t nodeCount = 0;
  std::vector<LightInstance> lights;  // of the nodes reachable from the chosen scene's roots
  // Per node: 1 when KHR_node_visibility hides it (itself or an ancestor; visibility.h). Its
  // draws are skipped and its lights are uploaded dark.
  std::vector<uint8_t> hidden;
  // The upload that created it: the staging buffer's size (its largest chunk) and the chunks.
  VkDeviceSize stagingBytes = 0;
  uint32_t stagingChunks = 0;
};

// How beginSceneGpu uploads.
struct SceneUpload {
  // The staging buffer's bound (scene_upload.h): the upload goes in chunks of at most this.
  VkDeviceSize chunkBytes = 64ull << 20;
  // When set, told each uploaded image (an index into scene.images) once its pixels are all in
  // the staging buffer, before they reach the image: the scene's copy is no longer read.
  std::function<void(size_t image)> imageStaged;
  // When set, the staging buffer to reuse (ChunkedUpload's `reused`).
  Buffer* reusedStaging = nullptr;
  // When set, the scene shown, made from the same scene::Scene (another of its scenes is being
  // switched to): its textures are used as they are rather than uploaded again (their pixels
  // may have been freed). The pending scene borrows them until it replaces that one.
  const SceneGpu* keepTexturesOf = nullptr;
};

// The scene upload itself: scene_pending.h (beginSceneGpu, continueSceneGpu).
void destroySceneGpu(const Context& ctx, SceneGpu& gpu);

// KHR_materials_variants: gives every draw the material its primitive has in `variant`
// (scene::Primitive::materialFor; -1 = the asset's default materials, as beginSceneGpu
// starts), with that material's blend, sidedness and shader features. Draw state only: every
// material already has its GPU data and descriptor set, so nothing is uploaded or waited for.
void applyMaterialVariant(const scene::Scene& scene, int variant, SceneGpu& gpu);

// The NodeData of a world matrix: the matrix and its inverse transpose (for normals). A
// matrix with a NaN or infinite element becomes the zero matrix (its node's triangles collapse
// to a point: nothing drawn), so that no NaN reaches the GPU or a sort key.
gpu::NodeData nodeData(const glm::mat4& world);

// The refresh functions below update gpu's mirrors from `scene` (the scene gpu was created
// from) and mark, in `changed`, the mirror bytes they rewrote: byte ranges of
// gpu.materialData, gpu.nodeData or gpu.lightData, which the next frame copies to the GPU.
// Ranges outside the mirrors (a stale DirtySet) are ignored. No allocation.

// Copies `ranges` (Region::Materials: byte ranges of scene.materialData) into
// gpu.materialData.
void refreshMaterials(const scene::Scene& scene, const scene::DirtyRanges& ranges, SceneGpu& gpu,
                      scene::DirtyRanges& changed);
// Copies `ranges` (Region::MaterialExtensions: byte ranges of scene.materialExtensionData)
// into gpu.materialExtensionData.
void refreshMaterialExtensions(const scene::Scene& scene, const scene::DirtyRanges& ranges,
                               SceneGpu& gpu, scene::DirtyRanges& changed);
// Recomputes the NodeData of the nodes whose world matrices `worldRanges` covers (byte ranges
// of scene.world, DirtySet::worldMatrices), and only those: 128 bytes a node.
void refreshNodes(const scene::Scene& scene, const scene::DirtyRanges& worldRanges, SceneGpu& gpu,
                  scene::DirtyRanges& changed);
// Recomputes the LightData of the instances whose light (lightRanges: Region::Lights, byte
// ranges of element * sizeof(scene::Light)) or node (worldRanges) changed, and marks the
// entries whose bytes differ. Both range lists coalesced (sorted, disjoint).
void refreshLights(const scene::Scene& scene, const scene::DirtyRanges& lightRanges,
                   const scene::DirtyRanges& worldRanges, SceneGpu& gpu,
                   scene::DirtyRanges& changed);
// Every node's NodeData from scene.world, all marked; every light instance, those that differ
// marked.
void refreshAllNodes(const scene::Scene& scene, SceneGpu& gpu, scene::DirtyRanges& nodesChanged);
void refreshAllLights(const scene::Scene& scene, SceneGpu& gpu, scene::DirtyRanges& lightsChanged);
// After Node::visible changed (Region::Visibility): recomputes gpu.hidden and every light
// instance, marking those whose bytes differ (a light under a node just hidden or shown).
void refreshVisibility(const scene::Scene& scene, SceneGpu& gpu, scene::DirtyRanges& lightsChanged);

}  // namespace vitrine::renderer
