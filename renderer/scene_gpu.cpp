#include "scene_gpu.h"

#include <algorithm>
#include <cstring>

#include <glm/gtc/matrix_inverse.hpp>

#include "visibility.h"
#include "vk_check.h"
#include "vk_struct.h"

namespace vitrine::renderer {
namespace {

constexpr VkDeviceSize kAlign = 16;

VkDeviceSize alignUp(VkDeviceSize v) {
  return (v + kAlign - 1) & ~(kAlign - 1);
}

bool imageUsable(const scene::Image& image) {
  return image.width > 0 && image.height > 0 &&
         image.rgba8.size() == size_t(image.width) * image.height * 4;
}

// The scene image a material slot samples, or -1.
int slotImage(const scene::Scene& scene, const scene::Material& material, int slot) {
  const int t = material.textures[slot];
  if (t < 0 || t >= int(scene.textures.size())) return -1;
  const int image = scene.textures[t].image;
  if (image < 0 || image >= int(scene.images.size()) || !imageUsable(scene.images[image]))
    return -1;
  return image;
}

// Where each uploaded primitive's vertices and indices start; skipped primitives (no
// positions or indices, or an index out of range) keep indexCount 0.
struct PrimitiveRange {
  uint32_t firstIndex = 0;
  uint32_t indexCount = 0;
  int32_t vertexOffset = 0;
};

// Byte offsets of everything in the staging buffer.
struct StagingLayout {
  std::vector<std::vector<PrimitiveRange>> ranges;  // [mesh][primitive]
  VkDeviceSize vertexCount = 0, indexCount = 0;
  VkDeviceSize vertexBytes = 0, indexBytes = 0, materialBytes = 0, extensionBytes = 0;
  VkDeviceSize vertices = 0, indices = 0, materials = 0, extensions = 0, white = 0, flatNormal = 0;
  VkDeviceSize nodes = 0, lights = 0;  // initial NodeData and LightData (SceneGpu's mirrors)
  DeformLayout deform;
  VkDeviceSize influenceBytes = 0, targetBytes = 0, weightBytes = 0, jointBytes = 0;
  VkDeviceSize influences = 0, targets = 0, weights = 0, joints = 0;
  std::vector<VkDeviceSize> images;  // per scene image, when uploaded
  VkDeviceSize total = 0;
};

bool primitiveUsable(const scene::Primitive& p) {
  if (p.positions.empty() || p.indices.empty()) return false;
  const uint32_t count = uint32_t(p.positions.size());
  return std::all_of(p.indices.begin(), p.indices.end(), [&](uint32_t i) { return i < count; });
}

StagingLayout layoutStaging(const scene::Scene& scene, const std::vector<bool>& uploadImage,
                            const SceneGpu& gpu, VkDeviceSize maxStorageBytes,
                            std::array<VkDeviceSize, kStreamCount>& streamOffsets) {
  StagingLayout s;
  s.ranges.resize(scene.meshes.size());
  std::vector<std::vector<bool>> usable(scene.meshes.size());
  for (size_t m = 0; m < scene.meshes.size(); ++m) {
    for (const scene::Primitive& p : scene.meshes[m].primitives) {
      PrimitiveRange r;
      usable[m].push_back(primitiveUsable(p));
      if (usable[m].back()) {
        r.firstIndex = uint32_t(s.indexCount);
        r.indexCount = uint32_t(p.indices.size());
        r.vertexOffset = int32_t(s.vertexCount);
        s.vertexCount += p.positions.size();
        s.indexCount += p.indices.size();
      }
      s.ranges[m].push_back(r);
    }
  }
  const VkDeviceSize strides[kStreamCount] = {12, 12, 8, 8, 16, 16};
  for (uint32_t i = 0; i < kStreamCount; ++i) {
    streamOffsets[i] = s.vertexBytes;
    s.vertexBytes = alignUp(s.vertexBytes + strides[i] * s.vertexCount);
  }
  s.indexBytes = alignUp(4 * s.indexCount);
  s.materialBytes = gpu.materialData.size() * sizeof(gpu::MaterialData);
  s.extensionBytes = gpu.materialExtensionData.size() * sizeof(gpu::MaterialExtensionData);
  s.deform = layoutDeform(scene, usable, maxStorageBytes);
  // At least 64 bytes each: a storage buffer cannot be empty.
  s.influenceBytes =
      std::max<VkDeviceSize>(64, s.deform.influenceCount * sizeof(gpu::SkinInfluence));
  s.targetBytes = std::max<VkDeviceSize>(64, s.deform.targetFloats * sizeof(float));
  s.weightBytes = std::max<VkDeviceSize>(64, gpu.weightData.size() * sizeof(float));
  s.jointBytes = std::max<VkDeviceSize>(64, gpu.joints.count() * sizeof(glm::mat4));

  VkDeviceSize at = 0;
  auto place = [&](VkDeviceSize bytes) {
    const VkDeviceSize offset = at;
    at = alignUp(at + bytes);
    return offset;
  };
  s.vertices = place(s.vertexBytes);
  s.indices = place(s.indexBytes);
  s.materials = place(s.materialBytes);
  s.extensions = place(s.extensionBytes);
  s.nodes = place(gpu.nodeData.size() * sizeof(gpu::NodeData));
  s.lights = place(gpu.lightData.size() * sizeof(gpu::LightData));
  s.influences = place(s.influenceBytes);
  s.targets = place(s.targetBytes);
  s.weights = place(s.weightBytes);
  s.joints = place(s.jointBytes);
  s.white = place(4);
  s.flatNormal = place(4);
  s.images.assign(scene.images.size(), 0);
  for (size_t i = 0; i < scene.images.size(); ++i)
    if (uploadImage[i]) s.images[i] = place(scene.images[i].rgba8.size());
  s.total = at;
  return s;
}

template <typename T>
void fillStream(uint8_t* dst, const std::vector<T>& values, size_t count, const T& fallback) {
  T* out = reinterpret_cast<T*>(dst);
  if (values.size() == count) {
    std::memcpy(out, values.data(), count * sizeof(T));
  } else {
    std::fill(out, out + count, fallback);
  }
}

void writeStaging(const scene::Scene& scene, const StagingLayout& s,
                  const std::array<VkDeviceSize, kStreamCount>& streamOffsets,
                  const std::vector<bool>& upload, uint8_t* staging) {
  uint8_t* v = staging + s.vertices;
  auto* indices = reinterpret_cast<uint32_t*>(staging + s.indices);
  for (size_t m = 0; m < scene.meshes.size(); ++m) {
    for (size_t pi = 0; pi < scene.meshes[m].primitives.size(); ++pi) {
      const scene::Primitive& p = scene.meshes[m].primitives[pi];
      const PrimitiveRange& r = s.ranges[m][pi];
      if (r.indexCount == 0) continue;
      const size_t n = p.positions.size(), base = size_t(r.vertexOffset);
      fillStream(v + streamOffsets[kPosition] + 12 * base, p.positions, n, glm::vec3(0.0f));
      // Absent streams: zero normal (unlit), zero uv, white colour, zero tangent (the fragment
      // shader then builds the tangent frame from derivatives).
      fillStream(v + streamOffsets[kNormal] + 12 * base, p.normals, n, glm::vec3(0.0f));
      fillStream(v + streamOffsets[kTexcoord0] + 8 * base, p.texcoords[0], n, glm::vec2(0.0f));
      fillStream(v + streamOffsets[kTexcoord1] + 8 * base, p.texcoords[1], n, glm::vec2(0.0f));
      fillStream(v + streamOffsets[kColor] + 16 * base, p.colors, n, glm::vec4(1.0f));
      fillStream(v + streamOffsets[kTangent] + 16 * base, p.tangents, n, glm::vec4(0.0f));
      std::memcpy(indices + r.firstIndex, p.indices.data(), 4 * p.indices.size());
    }
  }

  writeDeformData(scene, s.deform, reinterpret_cast<gpu::SkinInfluence*>(staging + s.influences),
                  reinterpret_cast<float*>(staging + s.targets));

  const uint8_t white[4] = {255, 255, 255, 255};
  const uint8_t flatNormal[4] = {128, 128, 255, 255};
  std::memcpy(staging + s.white, white, 4);
  std::memcpy(staging + s.flatNormal, flatNormal, 4);
  for (size_t i = 0; i < scene.images.size(); ++i)
    if (upload[i])
      std::memcpy(staging + s.images[i], scene.images[i].rgba8.data(),
                  scene.images[i].rgba8.size());
}

// Light instance i's LightData; a hidden node's light shines with no colour (KHR_node_visibility
// hides light sources too), so the shader's light count need not change.
gpu::LightData instanceData(const scene::Scene& scene, const SceneGpu& gpu, size_t i) {
  gpu::LightData d = lightData(scene, gpu.lights[i]);
  const uint32_t node = gpu.lights[i].node;
  if (node < gpu.hidden.size() && gpu.hidden[node]) d.color = glm::vec4(0.0f);
  return d;
}

// The mirrors of the buffers updated per frame, at their initial values.
void initMirrors(const scene::Scene& scene, int sceneIndex, SceneGpu& gpu) {
  // One entry per material plus the default, whatever the scene's array holds.
  gpu.materialData.resize(scene.materials.size() + 1);
  for (size_t i = 0; i < gpu.materialData.size(); ++i)
    gpu.materialData[i] =
        i < scene.materialData.size() ? scene.materialData[i] : scene::defaultMaterialData();
  gpu.materialExtensionData.resize(gpu.materialData.size());
  for (size_t i = 0; i < gpu.materialExtensionData.size(); ++i)
    gpu.materialExtensionData[i] = i < scene.materialExtensionData.size()
                                       ? scene.materialExtensionData[i]
                                       : scene::defaultMaterialExtensionData();
  // At least one entry each: a storage buffer cannot be empty.
  gpu.nodeCount = uint32_t(scene.nodes.size());
  gpu.nodeData.assign(std::max<size_t>(1, gpu.nodeCount), nodeData(glm::mat4(1.0f)));
  for (uint32_t i = 0; i < gpu.nodeCount && i < scene.world.size(); ++i)
    gpu.nodeData[i] = nodeData(scene.world[i]);
  computeHidden(scene, gpu.hidden);
  gpu.lights = findLightInstances(scene, sceneIndex);
  gpu.lightData.assign(std::max<size_t>(1, gpu.lights.size()), gpu::LightData{});
  for (size_t i = 0; i < gpu.lights.size(); ++i) gpu.lightData[i] = instanceData(scene, gpu, i);
}

void writeMirrors(const StagingLayout& s, const SceneGpu& gpu, uint8_t* staging) {
  std::memcpy(staging + s.materials, gpu.materialData.data(), s.materialBytes);
  std::memcpy(staging + s.extensions, gpu.materialExtensionData.data(), s.extensionBytes);
  std::memcpy(staging + s.nodes, gpu.nodeData.data(), gpu.nodeData.size() * sizeof(gpu::NodeData));
  std::memcpy(staging + s.lights, gpu.lightData.data(),
              gpu.lightData.size() * sizeof(gpu::LightData));
  std::memcpy(staging + s.weights, gpu.weightData.data(), gpu.weightData.size() * sizeof(float));
  if (gpu.joints.count() > 0)
    std::memcpy(staging + s.joints, gpu.joints.matrices().data(),
                gpu.joints.count() * sizeof(glm::mat4));
}

// Whether the coalesced (sorted, disjoint) `ranges` touch the bytes [begin, end).
bool touches(const scene::DirtyRanges& ranges, uint64_t begin, uint64_t end) {
  const std::vector<scene::ByteRange>& r = ranges.ranges();
  // The first range ending after `begin`; disjoint sorted ranges have sorted ends too.
  const auto it = std::upper_bound(r.begin(), r.end(), begin, [](uint64_t v, const auto& x) {
    return v < uint64_t(x.offset) + x.size;
  });
  return it != r.end() && it->offset < end;
}

// Recomputes instance i's LightData; marks it when its bytes changed.
void refreshLight(const scene::Scene& scene, size_t i, SceneGpu& gpu, scene::DirtyRanges& changed) {
  const gpu::LightData d = instanceData(scene, gpu, i);
  if (std::memcmp(&d, &gpu.lightData[i], sizeof(d)) == 0) return;
  gpu.lightData[i] = d;
  changed.mark(uint32_t(i * sizeof(gpu::LightData)), sizeof(gpu::LightData));
}

void copyRegion(VkCommandBuffer cmd, VkBuffer src, VkDeviceSize srcOffset, const Buffer& dst) {
  if (!dst.buffer) return;
  const VkBufferCopy region{srcOffset, 0, dst.size};
  vkCmdCopyBuffer(cmd, src, dst.buffer, 1, &region);
}

VkDescriptorPool createPool(const Context& ctx, uint32_t materialSets) {
  const VkDescriptorPoolSize sizes[] = {
      {VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, kFramesInFlight},
      {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 8 * kFramesInFlight},
      {VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, materialSets * gpu::kMaterialTextureCount},
  };
  auto info = vkStruct<VkDescriptorPoolCreateInfo>(VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO);
  info.maxSets = materialSets + kFramesInFlight;
  info.poolSizeCount = 3;
  info.pPoolSizes = sizes;
  VkDescriptorPool pool = VK_NULL_HANDLE;
  VK_CHECK(vkCreateDescriptorPool(ctx.device, &info, nullptr, &pool));
  return pool;
}

std::vector<VkDescriptorSet> allocateSets(const Context& ctx, VkDescriptorPool pool,
                                          VkDescriptorSetLayout layout, uint32_t count) {
  std::vector<VkDescriptorSetLayout> layouts(count, layout);
  std::vector<VkDescriptorSet> sets(count);
  auto info = vkStruct<VkDescriptorSetAllocateInfo>(VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO);
  info.descriptorPool = pool;
  info.descriptorSetCount = count;
  info.pSetLayouts = layouts.data();
  VK_CHECK(vkAllocateDescriptorSets(ctx.device, &info, sets.data()));
  return sets;
}

void writeFrameSets(const Context& ctx, const std::array<VkBuffer, kFramesInFlight>& frameData,
                    SceneGpu& gpu) {
  for (uint32_t i = 0; i < kFramesInFlight; ++i) {
    const VkDescriptorBufferInfo buffers[] = {
        {frameData[i], 0, sizeof(gpu::FrameData)},
        {gpu.nodes.buffer, 0, VK_WHOLE_SIZE},
        {gpu.materials.buffer, 0, VK_WHOLE_SIZE},
        {gpu.lightBuffer.buffer, 0, VK_WHOLE_SIZE},
        {gpu.morphWeights.buffer, 0, VK_WHOLE_SIZE},
        {gpu.morphTargets.buffer, 0, VK_WHOLE_SIZE},
        {gpu.jointMatrices.buffer, 0, VK_WHOLE_SIZE},
        {gpu.influences.buffer, 0, VK_WHOLE_SIZE},
        {gpu.materialExtensions.buffer, 0, VK_WHOLE_SIZE},
    };
    constexpr uint32_t kBindings = 9;  // pipelines.h, set 0
    VkWriteDescriptorSet writes[kBindings];
    for (uint32_t b = 0; b < kBindings; ++b) {
      writes[b] = vkStruct<VkWriteDescriptorSet>(VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET);
      writes[b].dstSet = gpu.frames[i].set;
      writes[b].dstBinding = b;
      writes[b].descriptorCount = 1;
      writes[b].descriptorType =
          b == 0 ? VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER : VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
      writes[b].pBufferInfo = &buffers[b];
    }
    vkUpdateDescriptorSets(ctx.device, kBindings, writes, 0, nullptr);
  }
}

void writeMaterialSets(const Context& ctx, const scene::Scene& scene, SceneGpu& gpu) {
  for (size_t m = 0; m < gpu.materialSets.size(); ++m) {
    VkDescriptorImageInfo images[gpu::kMaterialTextureCount];
    VkWriteDescriptorSet writes[gpu::kMaterialTextureCount];
    for (int slot = 0; slot < gpu::kMaterialTextureCount; ++slot) {
      VkDescriptorImageInfo& info = images[slot];
      info.imageLayout = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL;
      info.sampler = gpu.defaultSampler;
      const bool normal = slot == gpu::kSlotNormal || slot == gpu::kSlotClearcoatNormal;
      info.imageView = gpu::isColorSlot(slot) ? gpu.white.srgb
                       : normal               ? gpu.flatNormal.unorm
                                              : gpu.white.unorm;
      const int image =
          m < scene.materials.size() ? slotImage(scene, scene.materials[m], slot) : -1;
      if (image >= 0) {
        const Texture& t = gpu.textures[image];
        info.imageView = gpu::isColorSlot(slot) ? t.srgb : t.unorm;
        const int sampler = scene.textures[scene.materials[m].textures[slot]].sampler;
        if (sampler >= 0 && sampler < int(gpu.samplers.size()))
          info.sampler = gpu.samplers[sampler];
      }
      writes[slot] = vkStruct<VkWriteDescriptorSet>(VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET);
      writes[slot].dstSet = gpu.materialSets[m];
      writes[slot].dstBinding = uint32_t(slot);
      writes[slot].descriptorCount = 1;
      writes[slot].descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
      writes[slot].pImageInfo = &info;
    }
    vkUpdateDescriptorSets(ctx.device, gpu::kMaterialTextureCount, writes, 0, nullptr);
  }
}

// What mesh.frag is specialized for when it draws `p` with material `material`: read from
// the packed MaterialData, as the shader reads it (the extension and texture presence never
// change after load; animations change values only).
uint32_t shaderFeatures(const scene::Scene& scene, const scene::Primitive& p, uint32_t material) {
  const gpu::MaterialData m = material < scene.materialData.size() ? scene.materialData[material]
                                                                   : scene::defaultMaterialData();
  uint32_t features = 0;
  for (int slot = 0; slot < gpu::kTextureSlotCount; ++slot)
    if (m.textures[slot].info.y >= 0.0f) features |= 1u << slot;
  if (m.alpha.w > 0.5f) features |= kFeatureUnlit;
  if (p.normals.size() != p.positions.size()) features |= kFeatureNoNormals;
  return features;
}

// The extension texture slots and layers mesh.frag is specialized for with `material`
// (Draw::extensionSlots, Draw::layers). An unlit material has no layer.
void materialLayers(const scene::Scene& scene, uint32_t material, Draw& d) {
  d.extensionSlots = 0;
  d.layers = 0;
  if (material >= scene.materials.size() || material >= scene.materialExtensionData.size()) return;
  if (scene.materials[material].unlit) return;
  d.layers = scene::materialLayers(scene.materials[material]);
  const gpu::MaterialExtensionData& e = scene.materialExtensionData[material];
  for (int i = 0; i < gpu::kExtensionTextureCount; ++i)
    if (e.textures[i].info.y >= 0.0f) d.extensionSlots |= 1u << i;
}

// Draws `p` with `material` (an index into scene.materials; others: the default material).
void setDrawMaterial(const scene::Scene& scene, const scene::Primitive& p, int material, Draw& d) {
  const uint32_t defaultMaterial = scene.defaultMaterialIndex();
  d.material = material >= 0 && material < int(scene.materials.size()) ? uint32_t(material)
                                                                       : defaultMaterial;
  d.blend = false;
  d.doubleSided = false;
  if (d.material != defaultMaterial) {
    const scene::Material& mat = scene.materials[d.material];
    d.blend = mat.alphaMode == scene::AlphaMode::Blend;
    d.doubleSided = mat.doubleSided;
  }
  d.features = shaderFeatures(scene, p, d.material);
  materialLayers(scene, d.material, d);
}

void buildDraws(const scene::Scene& scene, int sceneIndex, const StagingLayout& s, SceneGpu& gpu) {
  for (const int n : scene::sceneNodesInOrder(scene, sceneIndex)) {
    const scene::Node& node = scene.nodes[n];
    if (node.mesh >= 0 && node.mesh < int(scene.meshes.size())) {
      const scene::Mesh& mesh = scene.meshes[node.mesh];
      for (size_t pi = 0; pi < mesh.primitives.size(); ++pi) {
        const scene::Primitive& p = mesh.primitives[pi];
        const PrimitiveRange& r = s.ranges[node.mesh][pi];
        if (r.indexCount == 0) continue;
        Draw d;
        d.firstIndex = r.firstIndex;
        d.indexCount = r.indexCount;
        d.vertexOffset = r.vertexOffset;
        d.node = uint32_t(n);
        d.primitive = uint32_t(pi);
        d.topology = p.topology;
        setDrawMaterial(scene, p, p.material, d);
        d.center = p.bounds.empty() ? glm::vec3(0.0f) : 0.5f * (p.bounds.min + p.bounds.max);
        deformDraw(scene, uint32_t(n), p, s.deform.primitives[node.mesh][pi], gpu, d);
        gpu.draws.push_back(d);
      }
    }
  }
}

}  // namespace

gpu::NodeData nodeData(const glm::mat4& world) {
  gpu::NodeData d;
  d.world = world;
  // A singular matrix (a zero scale) has no inverse; its node is invisible anyway.
  d.normal =
      glm::determinant(glm::mat3(world)) != 0.0f ? glm::inverseTranspose(world) : glm::mat4(1.0f);
  return d;
}

namespace {

// Copies `ranges` of the `size` bytes at `source` to the same bytes of `mirror` and marks them.
void refreshMirror(const void* sourceBytes, void* mirrorBytes, uint64_t size,
                   const scene::DirtyRanges& ranges, scene::DirtyRanges& changed) {
  const auto* source = static_cast<const uint8_t*>(sourceBytes);
  auto* mirror = static_cast<uint8_t*>(mirrorBytes);
  for (const scene::ByteRange& r : ranges.ranges()) {
    const uint64_t begin = std::min<uint64_t>(r.offset, size);
    const uint64_t end = std::min<uint64_t>(uint64_t(r.offset) + r.size, size);
    if (end <= begin) continue;
    std::memcpy(mirror + begin, source + begin, end - begin);
    changed.mark(uint32_t(begin), uint32_t(end - begin));
  }
}

}  // namespace

void refreshMaterials(const scene::Scene& scene, const scene::DirtyRanges& ranges, SceneGpu& gpu,
                      scene::DirtyRanges& changed) {
  refreshMirror(
      scene.materialData.data(), gpu.materialData.data(),
      std::min(gpu.materialData.size(), scene.materialData.size()) * sizeof(gpu::MaterialData),
      ranges, changed);
}

void refreshMaterialExtensions(const scene::Scene& scene, const scene::DirtyRanges& ranges,
                               SceneGpu& gpu, scene::DirtyRanges& changed) {
  refreshMirror(scene.materialExtensionData.data(), gpu.materialExtensionData.data(),
                std::min(gpu.materialExtensionData.size(), scene.materialExtensionData.size()) *
                    sizeof(gpu::MaterialExtensionData),
                ranges, changed);
}

void refreshNodes(const scene::Scene& scene, const scene::DirtyRanges& worldRanges, SceneGpu& gpu,
                  scene::DirtyRanges& changed) {
  const uint64_t count = std::min<uint64_t>(gpu.nodeCount, scene.world.size());
  for (const scene::ByteRange& r : worldRanges.ranges()) {
    // Every node whose matrix overlaps the range, even partly.
    const uint64_t first = std::min<uint64_t>(r.offset / scene::kWorldMatrixBytes, count);
    const uint64_t last = std::min<uint64_t>(
        (uint64_t(r.offset) + r.size + scene::kWorldMatrixBytes - 1) / scene::kWorldMatrixBytes,
        count);
    if (last <= first) continue;
    for (uint64_t n = first; n < last; ++n) gpu.nodeData[n] = nodeData(scene.world[n]);
    changed.mark(uint32_t(first * sizeof(gpu::NodeData)),
                 uint32_t((last - first) * sizeof(gpu::NodeData)));
  }
}

void refreshLights(const scene::Scene& scene, const scene::DirtyRanges& lightRanges,
                   const scene::DirtyRanges& worldRanges, SceneGpu& gpu,
                   scene::DirtyRanges& changed) {
  if (lightRanges.empty() && worldRanges.empty()) return;
  for (size_t i = 0; i < gpu.lights.size(); ++i) {
    const LightInstance& instance = gpu.lights[i];
    const uint64_t light = uint64_t(instance.light) * sizeof(scene::Light);
    const uint64_t world = uint64_t(instance.node) * scene::kWorldMatrixBytes;
    if (touches(lightRanges, light, light + sizeof(scene::Light)) ||
        touches(worldRanges, world, world + scene::kWorldMatrixBytes))
      refreshLight(scene, i, gpu, changed);
  }
}

void refreshAllNodes(const scene::Scene& scene, SceneGpu& gpu, scene::DirtyRanges& nodesChanged) {
  const uint32_t count = uint32_t(std::min<size_t>(gpu.nodeCount, scene.world.size()));
  for (uint32_t n = 0; n < count; ++n) gpu.nodeData[n] = nodeData(scene.world[n]);
  if (count > 0) nodesChanged.mark(0, count * uint32_t(sizeof(gpu::NodeData)));
}

void refreshAllLights(const scene::Scene& scene, SceneGpu& gpu, scene::DirtyRanges& lightsChanged) {
  for (size_t i = 0; i < gpu.lights.size(); ++i) refreshLight(scene, i, gpu, lightsChanged);
}

void refreshVisibility(const scene::Scene& scene, SceneGpu& gpu,
                       scene::DirtyRanges& lightsChanged) {
  computeHidden(scene, gpu.hidden);
  refreshAllLights(scene, gpu, lightsChanged);
}

void createSceneGpu(const Context& ctx, const PipelineLayouts& layouts,
                    const std::array<VkBuffer, kFramesInFlight>& frameData,
                    const scene::Scene& scene, int sceneIndex, SceneGpu& gpu) {
  // Which images are sampled, and through which views.
  std::vector<bool> srgb(scene.images.size(), false), unorm(scene.images.size(), false);
  for (const scene::Material& m : scene.materials) {
    for (int slot = 0; slot < gpu::kMaterialTextureCount; ++slot) {
      const int image = slotImage(scene, m, slot);
      if (image >= 0) (gpu::isColorSlot(slot) ? srgb : unorm)[image] = true;
    }
  }
  std::vector<bool> upload(scene.images.size());
  for (size_t i = 0; i < upload.size(); ++i) upload[i] = srgb[i] || unorm[i];

  initMirrors(scene, sceneIndex, gpu);
  initDeformMirrors(scene, gpu);
  const StagingLayout s = layoutStaging(
      scene, upload, gpu, ctx.properties.limits.maxStorageBufferRange, gpu.streamOffsets);
  Buffer staging = createBuffer(ctx, s.total, VK_BUFFER_USAGE_TRANSFER_SRC_BIT,
                                VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT);
  writeStaging(scene, s, gpu.streamOffsets, upload, static_cast<uint8_t*>(staging.mapped));
  writeMirrors(s, gpu, static_cast<uint8_t*>(staging.mapped));

  const VkMemoryPropertyFlags local = VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT;
  const VkBufferUsageFlags dst = VK_BUFFER_USAGE_TRANSFER_DST_BIT;
  if (s.vertexCount > 0) {
    gpu.vertices = createBuffer(ctx, s.vertexBytes, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT | dst, local);
    gpu.indices = createBuffer(ctx, s.indexBytes, VK_BUFFER_USAGE_INDEX_BUFFER_BIT | dst, local);
  }
  // Materials, nodes and lights are then updated by per-frame copies (uploads.h).
  const VkBufferUsageFlags storage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | dst;
  gpu.materials = createBuffer(ctx, s.materialBytes, storage, local);
  gpu.materialExtensions = createBuffer(ctx, s.extensionBytes, storage, local);
  gpu.nodes = createBuffer(ctx, gpu.nodeData.size() * sizeof(gpu::NodeData), storage, local);
  gpu.lightBuffer =
      createBuffer(ctx, gpu.lightData.size() * sizeof(gpu::LightData), storage, local);
  gpu.influences = createBuffer(ctx, s.influenceBytes, storage, local);
  gpu.morphTargets = createBuffer(ctx, s.targetBytes, storage, local);
  gpu.morphWeights = createBuffer(ctx, s.weightBytes, storage, local);
  gpu.jointMatrices = createBuffer(ctx, s.jointBytes, storage, local);
  gpu.white = createTexture(ctx, 1, 1, true, true);
  gpu.flatNormal = createTexture(ctx, 1, 1, false, true);
  gpu.textures.resize(scene.images.size());
  for (size_t i = 0; i < scene.images.size(); ++i)
    if (upload[i])
      gpu.textures[i] =
          createTexture(ctx, scene.images[i].width, scene.images[i].height, srgb[i], unorm[i]);

  OneShot oneShot = beginOneShot(ctx);
  copyRegion(oneShot.cmd, staging.buffer, s.vertices, gpu.vertices);
  copyRegion(oneShot.cmd, staging.buffer, s.indices, gpu.indices);
  copyRegion(oneShot.cmd, staging.buffer, s.materials, gpu.materials);
  copyRegion(oneShot.cmd, staging.buffer, s.extensions, gpu.materialExtensions);
  copyRegion(oneShot.cmd, staging.buffer, s.nodes, gpu.nodes);
  copyRegion(oneShot.cmd, staging.buffer, s.lights, gpu.lightBuffer);
  copyRegion(oneShot.cmd, staging.buffer, s.influences, gpu.influences);
  copyRegion(oneShot.cmd, staging.buffer, s.targets, gpu.morphTargets);
  copyRegion(oneShot.cmd, staging.buffer, s.weights, gpu.morphWeights);
  copyRegion(oneShot.cmd, staging.buffer, s.joints, gpu.jointMatrices);
  memoryBarrier(oneShot.cmd, VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                VK_PIPELINE_STAGE_2_VERTEX_INPUT_BIT | VK_PIPELINE_STAGE_2_VERTEX_SHADER_BIT |
                    VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT,
                VK_ACCESS_2_VERTEX_ATTRIBUTE_READ_BIT | VK_ACCESS_2_INDEX_READ_BIT |
                    VK_ACCESS_2_SHADER_STORAGE_READ_BIT);
  recordTextureUpload(oneShot.cmd, gpu.white, staging.buffer, s.white);
  recordTextureUpload(oneShot.cmd, gpu.flatNormal, staging.buffer, s.flatNormal);
  for (size_t i = 0; i < scene.images.size(); ++i)
    if (upload[i]) recordTextureUpload(oneShot.cmd, gpu.textures[i], staging.buffer, s.images[i]);
  submitOneShot(ctx, oneShot);
  destroyBuffer(ctx, staging);

  for (const scene::Sampler& sampler : scene.samplers)
    gpu.samplers.push_back(createSampler(ctx, sampler));
  gpu.defaultSampler = createSampler(ctx, scene::Sampler{});

  const uint32_t materialSets = uint32_t(scene.materials.size() + 1);
  gpu.pool = createPool(ctx, materialSets);
  const std::vector<VkDescriptorSet> frameSets =
      allocateSets(ctx, gpu.pool, layouts.frame, kFramesInFlight);
  for (uint32_t i = 0; i < kFramesInFlight; ++i) gpu.frames[i].set = frameSets[i];
  gpu.materialSets = allocateSets(ctx, gpu.pool, layouts.material, materialSets);
  writeFrameSets(ctx, frameData, gpu);
  writeMaterialSets(ctx, scene, gpu);

  buildDraws(scene, sceneIndex, s, gpu);
}

void applyMaterialVariant(const scene::Scene& scene, int variant, SceneGpu& gpu) {
  for (Draw& d : gpu.draws) {
    const int mesh = d.node < scene.nodes.size() ? scene.nodes[d.node].mesh : -1;
    if (mesh < 0 || size_t(mesh) >= scene.meshes.size() ||
        d.primitive >= scene.meshes[size_t(mesh)].primitives.size())
      continue;  // not the scene gpu was created from
    const scene::Primitive& p = scene.meshes[size_t(mesh)].primitives[d.primitive];
    setDrawMaterial(scene, p, p.materialFor(variant), d);
  }
}

void destroySceneGpu(const Context& ctx, SceneGpu& gpu) {
  if (gpu.pool) vkDestroyDescriptorPool(ctx.device, gpu.pool, nullptr);  // frees the sets
  for (VkSampler sampler : gpu.samplers) vkDestroySampler(ctx.device, sampler, nullptr);
  if (gpu.defaultSampler) vkDestroySampler(ctx.device, gpu.defaultSampler, nullptr);
  for (Texture& t : gpu.textures) destroyTexture(ctx, t);
  destroyTexture(ctx, gpu.white);
  destroyTexture(ctx, gpu.flatNormal);
  destroyBuffer(ctx, gpu.vertices);
  destroyBuffer(ctx, gpu.indices);
  destroyBuffer(ctx, gpu.materials);
  destroyBuffer(ctx, gpu.materialExtensions);
  destroyBuffer(ctx, gpu.nodes);
  destroyBuffer(ctx, gpu.lightBuffer);
  destroyBuffer(ctx, gpu.influences);
  destroyBuffer(ctx, gpu.morphTargets);
  destroyBuffer(ctx, gpu.morphWeights);
  destroyBuffer(ctx, gpu.jointMatrices);
  gpu = SceneGpu{};
}

}  // namespace vitrine::renderer
