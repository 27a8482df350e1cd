// The staging buffer of a scene upload: its layout and its contents.
#include "scene_staging.h"

#include <algorithm>
#include <cstring>

#include "mip_chain.h"
#include "parallel.h"

namespace vitrine::renderer {
namespace {

constexpr VkDeviceSize kAlign = 16;

VkDeviceSize alignUp(VkDeviceSize v) {
  return (v + kAlign - 1) & ~(kAlign - 1);
}

bool primitiveUsable(const scene::Primitive& p) {
  if (p.positions.empty() || p.indices.empty()) return false;
  const uint32_t count = uint32_t(p.positions.size());
  return std::all_of(p.indices.begin(), p.indices.end(), [&](uint32_t i) { return i < count; });
}

}  // namespace

VkExtent2D imageExtent(const scene::Image& image, uint32_t shrink) {
  return {(image.width + shrink - 1) / shrink, (image.height + shrink - 1) / shrink};
}

uint32_t imageShrinkToFit(const scene::Image& image, uint32_t maxDimension) {
  uint32_t shrink = 1;
  while (std::max(imageExtent(image, shrink).width, imageExtent(image, shrink).height) >
         std::max(maxDimension, 1u))
    shrink *= 2;
  return shrink;
}

namespace {

// `image` averaged over shrink x shrink blocks (a box filter; the last row and column of
// blocks may be narrower), written as RGBA8 at `out`.
void writeDownscaled(const scene::Image& image, uint32_t shrink, uint8_t* out) {
  const VkExtent2D e = imageExtent(image, shrink);
  for (uint32_t y = 0; y < e.height; ++y) {
    for (uint32_t x = 0; x < e.width; ++x) {
      uint32_t sum[4] = {0, 0, 0, 0}, n = 0;
      for (uint32_t sy = y * shrink; sy < std::min((y + 1) * shrink, image.height); ++sy) {
        for (uint32_t sx = x * shrink; sx < std::min((x + 1) * shrink, image.width); ++sx) {
          const uint8_t* p = &image.rgba8[(size_t(sy) * image.width + sx) * 4];
          for (int c = 0; c < 4; ++c) sum[c] += p[c];
          ++n;
        }
      }
      for (int c = 0; c < 4; ++c) *out++ = uint8_t((sum[c] + n / 2) / n);
    }
  }
}

// Places the mip chain of every image with uploadImage set from `at` on (16-byte aligned),
// filling s.images, s.imageShrink and s.imageSrgb; returns the end.
VkDeviceSize placeImages(const scene::Scene& scene, const std::vector<bool>& uploadImage,
                         const std::vector<uint32_t>& imageShrink,
                         const std::vector<bool>& imageSrgb, StagingLayout& s, VkDeviceSize at) {
  s.images.assign(scene.images.size(), 0);
  s.imageShrink = imageShrink;
  s.imageShrink.resize(scene.images.size(), 1);
  s.imageSrgb = imageSrgb;
  s.imageSrgb.resize(scene.images.size(), false);
  for (size_t i = 0; i < scene.images.size(); ++i) {
    if (!uploadImage[i]) continue;
    s.images[i] = at;
    at = alignUp(at + mipChainBytes(imageExtent(scene.images[i], s.imageShrink[i])));
  }
  return at;
}

}  // namespace

StagingLayout layoutStaging(const scene::Scene& scene, const std::vector<bool>& uploadImage,
                            const SceneGpu& gpu, VkDeviceSize maxStorageBytes,
                            std::array<VkDeviceSize, kStreamCount>& streamOffsets,
                            const std::vector<uint32_t>& imageShrink,
                            const std::vector<bool>& imageSrgb) {
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
        const uint64_t uvs = p.extraTexcoords.size();
        if (uvs > 0 && uvs == p.positions.size() * p.extraTexcoordCount() &&
            (s.texcoordCount + uvs) * sizeof(glm::vec2) <= maxStorageBytes) {
          r.texcoordSets = p.extraTexcoordSets;
          r.texcoordOffset = uint32_t(s.texcoordCount);
          s.texcoordCount += uvs;
        }
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
  for (const scene::MeshInstances& m : scene.instancing) {
    s.firstInstance.push_back(uint32_t(gpu.joints.count() + s.instanceCount));
    s.instanceCount += m.transforms.size();
  }
  s.jointBytes =
      std::max<VkDeviceSize>(64, (gpu.joints.count() + s.instanceCount) * sizeof(glm::mat4));
  s.texcoordBytes = std::max<VkDeviceSize>(64, s.texcoordCount * sizeof(glm::vec2));

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
  s.texcoords = place(s.texcoordBytes);
  s.white = place(4);
  s.flatNormal = place(4);
  s.black = place(4);
  s.total = placeImages(scene, uploadImage, imageShrink, imageSrgb, s, at);
  return s;
}

StagingLayout layoutImages(const scene::Scene& scene, const std::vector<bool>& uploadImage,
                           const std::vector<uint32_t>& imageShrink,
                           const std::vector<bool>& imageSrgb) {
  StagingLayout s;
  s.total = placeImages(scene, uploadImage, imageShrink, imageSrgb, s, 0);
  return s;
}

void StagingWindow::put(VkDeviceSize offset, const void* src, VkDeviceSize size) const {
  const VkDeviceSize from = std::max(offset, begin), to = std::min(offset + size, end);
  if (from >= to) return;
  std::memcpy(bytes + (from - begin), static_cast<const uint8_t*>(src) + (from - offset),
              to - from);
}

void StagingWindow::fill(VkDeviceSize offset, const void* element, VkDeviceSize elementSize,
                         VkDeviceSize count) const {
  if (!overlaps(offset, elementSize * count)) return;
  // Only the elements that reach into the window.
  const VkDeviceSize first = offset < begin ? (begin - offset) / elementSize : 0;
  const VkDeviceSize last = std::min(count, (end - offset + elementSize - 1) / elementSize);
  for (VkDeviceSize i = first; i < last; ++i) put(offset + i * elementSize, element, elementSize);
}

namespace {

template <typename T>
void fillStream(const StagingWindow& w, VkDeviceSize offset, const std::vector<T>& values,
                size_t count, const T& fallback) {
  if (values.size() == count)
    w.put(offset, values.data(), count * sizeof(T));
  else
    w.fill(offset, &fallback, sizeof(T), count);
}

}  // namespace

void writeStaging(const scene::Scene& scene, const StagingLayout& s,
                  const std::array<VkDeviceSize, kStreamCount>& streamOffsets,
                  const std::vector<bool>& upload, const StagingWindow& w,
                  StagingScratch& scratch) {
  if (w.overlaps(s.vertices, s.indices + s.indexBytes - s.vertices) ||
      w.overlaps(s.texcoords, s.texcoordBytes)) {
    const VkDeviceSize v = s.vertices;
    for (size_t m = 0; m < scene.meshes.size(); ++m) {
      for (size_t pi = 0; pi < scene.meshes[m].primitives.size(); ++pi) {
        const scene::Primitive& p = scene.meshes[m].primitives[pi];
        const PrimitiveRange& r = s.ranges[m][pi];
        if (r.indexCount == 0) continue;
        const size_t n = p.positions.size(), base = size_t(r.vertexOffset);
        fillStream(w, v + streamOffsets[kPosition] + 12 * base, p.positions, n, glm::vec3(0.0f));
        // Absent streams: zero normal (unlit), zero uv, white colour, zero tangent (the
        // fragment shader then builds the tangent frame from derivatives).
        fillStream(w, v + streamOffsets[kNormal] + 12 * base, p.normals, n, glm::vec3(0.0f));
        fillStream(w, v + streamOffsets[kTexcoord0] + 8 * base, p.texcoords[0], n, glm::vec2(0.0f));
        fillStream(w, v + streamOffsets[kTexcoord1] + 8 * base, p.texcoords[1], n, glm::vec2(0.0f));
        fillStream(w, v + streamOffsets[kColor] + 16 * base, p.colors, n, glm::vec4(1.0f));
        fillStream(w, v + streamOffsets[kTangent] + 16 * base, p.tangents, n, glm::vec4(0.0f));
        w.put(s.indices + 4 * VkDeviceSize(r.firstIndex), p.indices.data(), 4 * p.indices.size());
        if (r.texcoordSets != 0)
          w.put(s.texcoords + sizeof(glm::vec2) * r.texcoordOffset, p.extraTexcoords.data(),
                sizeof(glm::vec2) * p.extraTexcoords.size());
      }
    }
  }

  if (w.overlaps(s.influences, s.influenceBytes) || w.overlaps(s.targets, s.targetBytes)) {
    if (!scratch.deformWritten) {
      scratch.influences.resize(s.deform.influenceCount);
      scratch.targets.resize(s.deform.targetFloats);
      writeDeformData(scene, s.deform, scratch.influences.data(), scratch.targets.data());
      scratch.deformWritten = true;
    }
    w.put(s.influences, scratch.influences.data(),
          scratch.influences.size() * sizeof(gpu::SkinInfluence));
    w.put(s.targets, scratch.targets.data(), scratch.targets.size() * sizeof(float));
  }

  for (size_t i = 0; i < scene.instancing.size(); ++i) {
    const std::vector<glm::mat4>& t = scene.instancing[i].transforms;
    w.put(s.joints + sizeof(glm::mat4) * s.firstInstance[i], t.data(),
          sizeof(glm::mat4) * t.size());
  }

  const uint8_t white[4] = {255, 255, 255, 255};
  const uint8_t flatNormal[4] = {128, 128, 255, 255};
  w.put(s.white, white, 4);
  w.put(s.flatNormal, flatNormal, 4);
  const uint8_t black[4] = {0, 0, 0, 255};
  w.put(s.black, black, 4);
  writeImageChains(scene, s, upload, w, scratch);
}

void writeImageChains(const scene::Scene& scene, const StagingLayout& s,
                      const std::vector<bool>& upload, const StagingWindow& w,
                      StagingScratch& scratch) {
  // The chains the window reaches, computed in parallel across images: straight into the
  // window when the whole chain is inside it (no scratch copy, no fresh pages to fault), into
  // scratch when the chain straddles chunks (kept until its last chunk).
  scratch.chains.resize(scene.images.size());
  std::vector<size_t> reached;
  for (size_t i = 0; i < scene.images.size(); ++i) {
    if (!upload[i]) continue;
    const VkExtent2D e = imageExtent(scene.images[i], s.imageShrink[i]);
    if (w.overlaps(s.images[i], mipChainBytes(e))) reached.push_back(i);
  }
  scene::parallelFor(reached.size(), [&](size_t m) {
    const size_t i = reached[m];
    const scene::Image& image = scene.images[i];
    const VkExtent2D e = imageExtent(image, s.imageShrink[i]);
    const VkDeviceSize level0 = VkDeviceSize(e.width) * e.height * 4, size = mipChainBytes(e);
    std::vector<uint8_t>& chain = scratch.chains[i];
    const bool inside = s.images[i] >= w.begin && s.images[i] + size <= w.end;
    if (inside) {
      uint8_t* dst = w.bytes + (s.images[i] - w.begin);
      if (s.imageShrink[i] > 1)
        writeDownscaled(image, s.imageShrink[i], dst);
      else
        std::memcpy(dst, image.rgba8.data(), level0);
      // A KTX2 image's own levels (KHR_texture_basisu) only at its own size.
      if (s.imageShrink[i] > 1)
        buildMipChain(dst, e, s.imageSrgb[i], dst + level0);
      else
        buildMipChain(dst, e, s.imageSrgb[i], image.mips, dst + level0);
      return;
    }
    if (!chain.empty()) return;  // computed for an earlier chunk
    if (s.imageShrink[i] > 1) {
      chain.resize(size);
      writeDownscaled(image, s.imageShrink[i], chain.data());
      buildMipChain(chain.data(), e, s.imageSrgb[i], chain.data() + level0);
    } else {
      // A 1x1 image has no level below: one byte keeps its (empty) chain marked as computed.
      chain.resize(std::max<size_t>(1, mipChainBytes(e, 1)));
      buildMipChain(image.rgba8.data(), e, s.imageSrgb[i], image.mips, chain.data());
    }
  });
  for (size_t i : reached) {
    const VkExtent2D e = imageExtent(scene.images[i], s.imageShrink[i]);
    const VkDeviceSize level0 = VkDeviceSize(e.width) * e.height * 4, size = mipChainBytes(e);
    if (s.images[i] >= w.begin && s.images[i] + size <= w.end) continue;  // written in place
    const std::vector<uint8_t>& chain = scratch.chains[i];
    if (s.imageShrink[i] > 1) {
      w.put(s.images[i], chain.data(), size);
    } else {
      w.put(s.images[i], scene.images[i].rgba8.data(), level0);
      w.put(s.images[i] + level0, chain.data(), size - level0);
    }
    // Wholly written (chunks come in order): the chain is not needed again.
    if (s.images[i] + size <= w.end) std::vector<uint8_t>().swap(scratch.chains[i]);
  }
}

void writeMirrors(const StagingLayout& s, const SceneGpu& gpu, const StagingWindow& w) {
  w.put(s.materials, gpu.materialData.data(), s.materialBytes);
  w.put(s.extensions, gpu.materialExtensionData.data(), s.extensionBytes);
  w.put(s.nodes, gpu.nodeData.data(), gpu.nodeData.size() * sizeof(gpu::NodeData));
  w.put(s.lights, gpu.lightData.data(), gpu.lightData.size() * sizeof(gpu::LightData));
  w.put(s.weights, gpu.weightData.data(), gpu.weightData.size() * sizeof(float));
  if (gpu.joints.count() > 0)
    w.put(s.joints, gpu.joints.matrices().data(), gpu.joints.count() * sizeof(glm::mat4));
}

void copyRegion(VkCommandBuffer cmd, VkBuffer src, VkDeviceSize srcOffset, const Buffer& dst) {
  if (!dst.buffer) return;
  const VkBufferCopy region{srcOffset, 0, dst.size};
  vkCmdCopyBuffer(cmd, src, dst.buffer, 1, &region);
}

}  // namespace vitrine::renderer
