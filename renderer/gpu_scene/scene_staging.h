// The staging buffer of a scene upload (beginSceneGpu): where each primitive's vertices and
// indices, the initial mirrors, the deformation data and the images sit in it, and its
// contents. Internal to the scene_*.cpp files.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include <volk.h>

#include "deform_gpu.h"
#include "resources.h"
#include "scene.h"
#include "scene_gpu.h"

namespace vitrine::renderer {

// Where each uploaded primitive's vertices and indices start; skipped primitives (no
// positions or indices, or an index out of range) keep indexCount 0.
struct PrimitiveRange {
  uint32_t firstIndex = 0;
  uint32_t indexCount = 0;
  int32_t vertexOffset = 0;
  // TEXCOORD_2..7 uploaded (Primitive::extraTexcoordSets; 0 when the primitive has none or they
  // would end past the device's maxStorageBufferRange: those sets then read as zero) and their
  // first vec2 in the texcoords buffer.
  uint32_t texcoordSets = 0;
  uint32_t texcoordOffset = 0;
};

// Byte offsets of everything in the staging buffer.
struct StagingLayout {
  std::vector<std::vector<PrimitiveRange>> ranges;  // [mesh][primitive]
  VkDeviceSize vertexCount = 0, indexCount = 0;
  VkDeviceSize vertexBytes = 0, indexBytes = 0, materialBytes = 0, extensionBytes = 0;
  VkDeviceSize vertices = 0, indices = 0, materials = 0, extensions = 0, white = 0, flatNormal = 0,
               black = 0;
  VkDeviceSize nodes = 0, lights = 0;  // initial NodeData and LightData (SceneGpu's mirrors)
  DeformLayout deform;
  VkDeviceSize influenceBytes = 0, targetBytes = 0, weightBytes = 0, jointBytes = 0;
  VkDeviceSize influences = 0, targets = 0, weights = 0, joints = 0;
  VkDeviceSize texcoordCount = 0;  // vec2 of TEXCOORD_2..7 over every primitive
  VkDeviceSize texcoordBytes = 0, texcoords = 0;
  // EXT_mesh_gpu_instancing: the instance transforms follow the joint matrices in their buffer
  // (set 0 binding 6, one mat4 array: no binding of their own), every Scene::instancing entry's
  // in order. Per entry, its first mat4 in that buffer (what mesh.vert's gl_InstanceIndex
  // indexes), and their total.
  std::vector<uint32_t> firstInstance;
  VkDeviceSize instanceCount = 0;
  // Per scene image, when uploaded: where its mip chain starts (every level, level 0 first,
  // tightly packed: mip_chain.h).
  std::vector<VkDeviceSize> images;
  // Per scene image: 1, or the factor it is downscaled by to fit maxImageDimension2D
  // (imageExtent); empty: all 1.
  std::vector<uint32_t> imageShrink;
  // Per scene image: its levels are averaged in linear light (an SRGB texture); empty: none.
  std::vector<bool> imageSrgb;
  VkDeviceSize total = 0;
};

// The extent of `image` once divided by `shrink` (rounded up), as uploaded.
VkExtent2D imageExtent(const scene::Image& image, uint32_t shrink);
// The smallest power of two dividing `image` to fit `maxDimension` on both sides.
uint32_t imageShrinkToFit(const scene::Image& image, uint32_t maxDimension);

// Lays out `scene` (its images where uploadImage says so) and gpu's mirrors (sized already),
// each region 16-byte aligned; fills streamOffsets, each stream's offset in the vertex buffer.
// maxStorageBytes: the device's maxStorageBufferRange (layoutDeform). imageShrink: per image,
// the factor it is downscaled by (StagingLayout::imageShrink). imageSrgb: per image, whether
// its texture is SRGB (StagingLayout::imageSrgb).
[[nodiscard]] StagingLayout layoutStaging(const scene::Scene& scene,
                                          const std::vector<bool>& uploadImage, const SceneGpu& gpu,
                                          VkDeviceSize maxStorageBytes,
                                          std::array<VkDeviceSize, kStreamCount>& streamOffsets,
                                          const std::vector<uint32_t>& imageShrink = {},
                                          const std::vector<bool>& imageSrgb = {});

// A layout of nothing but the mip chains of the images with uploadImage set, from offset 0:
// images streamed in after their scene (Renderer::addImages).
[[nodiscard]] StagingLayout layoutImages(const scene::Scene& scene,
                                         const std::vector<bool>& uploadImage,
                                         const std::vector<uint32_t>& imageShrink,
                                         const std::vector<bool>& imageSrgb);

// A window [begin, end) of the staging layout's offsets, backed by `bytes` (end - begin bytes):
// one chunk of a chunked upload (scene_upload.h). Writes outside it are dropped, so the whole
// staging contents can be written chunk after chunk by the same code.
struct StagingWindow {
  uint8_t* bytes = nullptr;
  VkDeviceSize begin = 0, end = 0;
  // Writes the part of [offset, offset + size) inside the window from src.
  void put(VkDeviceSize offset, const void* src, VkDeviceSize size) const;
  // Writes `count` copies of the `elementSize` bytes at `element` from `offset` (clipped).
  void fill(VkDeviceSize offset, const void* element, VkDeviceSize elementSize,
            VkDeviceSize count) const;
  bool overlaps(VkDeviceSize offset, VkDeviceSize size) const {
    return offset < end && offset + size > begin;
  }
};

// What writeStaging computes rather than copies: the deformation data (writeDeformData, once
// per upload) and, per image, the levels of its mip chain that are not the scene's pixels
// (levels 1.., or every level of a downscaled image), from the first chunk the chain
// overlaps to the last: at most the chains a chunk overlaps are held at once.
struct StagingScratch {
  bool deformWritten = false;
  std::vector<gpu::SkinInfluence> influences;
  std::vector<float> targets;
  std::vector<std::vector<uint8_t>> chains;  // per scene image; empty when not held
};

// Writes the part inside `window` of: the vertices (absent streams filled with their
// defaults), TEXCOORD_2..7, the instance transforms, indices, deformation data, the two 1x1
// placeholder textures and the uploaded images' mip chains at their layout offsets. The chains of
// the images the window reaches are computed on the loader's threads (scene::parallelFor), one
// image per item, when the window first reaches them. Images with `upload` set must still have
// their pixels until the chunk that holds the end of their chain has been written.
void writeStaging(const scene::Scene& scene, const StagingLayout& s,
                  const std::array<VkDeviceSize, kStreamCount>& streamOffsets,
                  const std::vector<bool>& upload, const StagingWindow& window,
                  StagingScratch& scratch);

// The images' part of writeStaging: the mip chains of the images with `upload` set.
void writeImageChains(const scene::Scene& scene, const StagingLayout& s,
                      const std::vector<bool>& upload, const StagingWindow& window,
                      StagingScratch& scratch);

// Writes the part inside `window` of gpu's mirrors (their initial values).
void writeMirrors(const StagingLayout& s, const SceneGpu& gpu, const StagingWindow& window);

// Records the copy of dst.size bytes at srcOffset in `src` to `dst` (nothing for no buffer).
void copyRegion(VkCommandBuffer cmd, VkBuffer src, VkDeviceSize srcOffset, const Buffer& dst);

}  // namespace vitrine::renderer
