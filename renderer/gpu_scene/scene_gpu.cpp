// Creation and destruction of a SceneGpu: which images are sampled, the staging upload
// (scene_staging.h), buffers and textures, samplers, descriptor sets (scene_sets.h) and draws
// (scene_draws.h). The per-frame mirrors and their refresh: scene_mirrors.h.
#include "scene_gpu.h"

#include <algorithm>
#include <string>
#include <vector>

#include "mip_chain.h"
#include "scene_draws.h"
#include "scene_mirrors.h"
#include "scene_pending.h"
#include "scene_sets.h"
#include "scene_staging.h"
#include "scene_upload.h"

namespace vitrine::renderer {

namespace {

std::string bytes(VkDeviceSize n) {
  return std::to_string(n) + " bytes";
}

// The refusal of `layout` on ctx's limits, "" when it fits: each storage buffer against
// maxStorageBufferRange, each buffer against maxMemoryAllocationSize, what stays on the
// device against its largest device-local heap.
std::string limitProblem(const Context& ctx, const StagingLayout& s, const SceneGpu& gpu) {
  struct Need {
    const char* what;
    VkDeviceSize size;
  };
  const Need storage[] = {
      {"material data", s.materialBytes},
      {"material extension data", s.extensionBytes},
      {"node data", gpu.nodeData.size() * sizeof(gpu::NodeData)},
      {"light data", gpu.lightData.size() * sizeof(gpu::LightData)},
      {"skin influences", s.influenceBytes},
      {"morph targets", s.targetBytes},
      {"morph weights", s.weightBytes},
      {"joint matrices and instance transforms", s.jointBytes},
      {"TEXCOORD_2..7 data", s.texcoordBytes},
  };
  const VkDeviceSize range = ctx.properties.limits.maxStorageBufferRange;
  for (const Need& n : storage)
    if (n.size > range)
      return "the scene's " + std::string(n.what) + " needs " + bytes(n.size) +
             ", more than the device's maxStorageBufferRange (" + bytes(range) + ")";
  // The staging buffer is one chunk (scene_upload.h), never the whole upload.
  const Need buffers[] = {{"vertex data", s.vertexBytes}, {"index data", s.indexBytes}};
  for (const Need& n : buffers)
    if (ctx.maxAllocationSize > 0 && n.size > ctx.maxAllocationSize)
      return "the scene's " + std::string(n.what) + " needs " + bytes(n.size) +
             ", more than the device's maxMemoryAllocationSize (" + bytes(ctx.maxAllocationSize) +
             ")";
  // Everything but the staging buffer stays in device memory: about what it holds.
  const VkDeviceSize resident = s.total;
  if (ctx.deviceLocalHeap > 0 && resident > ctx.deviceLocalHeap)
    return "the scene needs " + bytes(resident) +
           " of device memory, more than the device's largest device-local heap (" +
           bytes(ctx.deviceLocalHeap) + ")";
  return {};
}

// Which of the scene's images its materials sample (with pixels), through which views, and
// by how much each is downscaled to fit maxImageDimension2D (a warning each). Images `skip`
// marks (already on the GPU) are left out; empty: none.
struct ImagePlan {
  std::vector<bool> srgb, unorm, upload;
  std::vector<uint32_t> shrink;
};

ImagePlan planImages(const Context& ctx, const scene::Scene& scene, const std::vector<bool>& skip,
                     std::vector<std::string>& warnings) {
  ImagePlan p;
  const size_t n = scene.images.size();
  p.srgb.assign(n, false);
  p.unorm.assign(n, false);
  for (const scene::Material& m : scene.materials) {
    for (int slot = 0; slot < gpu::kMaterialTextureCount; ++slot) {
      const int image = slotImage(scene, m, slot);
      if (image >= 0 && (skip.empty() || !skip[size_t(image)]))
        (gpu::isColorSlot(slot) ? p.srgb : p.unorm)[size_t(image)] = true;
    }
  }
  p.upload.assign(n, false);
  for (size_t i = 0; i < n; ++i) p.upload[i] = p.srgb[i] || p.unorm[i];
  // Images beyond maxImageDimension2D: downscaled by a power of two to fit.
  const uint32_t maxDimension = ctx.properties.limits.maxImageDimension2D;
  p.shrink.assign(n, 1);
  for (size_t i = 0; i < n; ++i) {
    const scene::Image& image = scene.images[i];
    if (!p.upload[i] || std::max(image.width, image.height) <= maxDimension) continue;
    p.shrink[i] = imageShrinkToFit(image, maxDimension);
    const VkExtent2D e = imageExtent(image, p.shrink[i]);
    warnings.push_back("image " + std::to_string(i) + " (" + std::to_string(image.width) + "x" +
                       std::to_string(image.height) +
                       ") is larger than the device's maxImageDimension2D (" +
                       std::to_string(maxDimension) + "): downscaled to " +
                       std::to_string(e.width) + "x" + std::to_string(e.height));
  }
  return p;
}

// The upload regions of every level of texture t, whose chain starts at `offset`.
void textureRegions(VkDeviceSize offset, const Texture& t, std::vector<UploadRegion>& regions) {
  for (uint32_t level = 0; level < t.image.desc.mipLevels; ++level) {
    const VkExtent2D e = mipExtent(t.image.desc.extent, level);
    const VkDeviceSize size = VkDeviceSize(e.width) * e.height * 4;
    regions.push_back({offset, size, VkDeviceSize(e.width) * 4, VK_NULL_HANDLE, &t, level});
    offset += size;
  }
}

// Tells `imageStaged` each uploaded image, from *next on, whose pixels (its whole mip chain)
// are staged once `chunk` is: chunks come in order, so *next moves on past them.
void tellStaged(const scene::Scene& scene, const StagingLayout& s, const std::vector<bool>& upload,
                const UploadChunk& chunk, const std::function<void(size_t)>& imageStaged,
                size_t& next) {
  if (!imageStaged) return;
  for (; next < scene.images.size(); ++next) {
    if (!upload[next]) continue;
    const VkExtent2D e = imageExtent(scene.images[next], s.imageShrink[next]);
    if (s.images[next] + mipChainBytes(e) > chunk.end) break;
    imageStaged(next);
  }
}

}  // namespace

bool beginSceneGpu(const Context& ctx, const PipelineLayouts& layouts,
                   const std::array<VkBuffer, kFramesInFlight>& frameData,
                   const scene::Scene& scene, int sceneIndex, const SceneUpload& uploadOptions,
                   PendingSceneGpu& pending) {
  SceneGpu& gpu = pending.gpu;
  SceneResult& result = pending.result;
  // Textures kept from the scene shown are not planned again.
  std::vector<bool>& kept = pending.keptTextures;
  kept.assign(scene.images.size(), false);
  if (const SceneGpu* shown = uploadOptions.keepTexturesOf) {
    for (size_t i = 0; i < kept.size() && i < shown->textures.size(); ++i)
      kept[i] = shown->textures[i].image.image != VK_NULL_HANDLE;
  }
  const ImagePlan images = planImages(ctx, scene, kept, result.warnings);
  std::vector<bool>& upload = pending.upload;
  upload = images.upload;
  const std::vector<uint32_t>& shrink = images.shrink;
  const std::vector<bool>& srgb = images.srgb;
  const std::vector<bool>& unorm = images.unorm;
  // Non-finite world matrices (nodeData() zeroes them): one warning naming the first.
  size_t nonFinite = 0, firstNonFinite = 0;
  for (size_t n = 0; n < scene.world.size(); ++n) {
    if (finiteMatrix(scene.world[n])) continue;
    if (nonFinite++ == 0) firstNonFinite = n;
  }
  if (nonFinite > 0)
    result.warnings.push_back(
        "node " + std::to_string(firstNonFinite) +
        (nonFinite > 1 ? " and " + std::to_string(nonFinite - 1) + " other node(s)" : "") +
        ": world matrix not finite (NaN or infinity): hidden");

  initMirrors(scene, sceneIndex, gpu);
  initDeformMirrors(scene, gpu);
  pending.layout = layoutStaging(scene, upload, gpu, ctx.properties.limits.maxStorageBufferRange,
                                 gpu.streamOffsets, shrink, srgb);
  const StagingLayout& s = pending.layout;
  if (std::string problem = limitProblem(ctx, s, gpu); !problem.empty()) {
    result.shown = false;
    result.error = std::move(problem);
    return false;
  }
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
  gpu.texcoords = createBuffer(ctx, s.texcoordBytes, storage, local);
  gpu.white = createTexture(ctx, 1, 1, true, true);
  gpu.flatNormal = createTexture(ctx, 1, 1, false, true);
  gpu.black = createTexture(ctx, 1, 1, true, false);
  gpu.textures.resize(scene.images.size());
  for (size_t i = 0; i < scene.images.size(); ++i) {
    if (kept[i]) gpu.textures[i] = uploadOptions.keepTexturesOf->textures[i];
    if (!upload[i]) continue;
    const VkExtent2D e = imageExtent(scene.images[i], s.imageShrink[i]);
    gpu.textures[i] = createTexture(ctx, e.width, e.height, srgb[i], unorm[i]);
  }

  // Where each part of the staging layout goes, in layout order.
  std::vector<UploadRegion> regions;
  auto buffer = [&](VkDeviceSize offset, const Buffer& b) {
    if (b.buffer) regions.push_back({offset, b.size, 0, b.buffer, nullptr});
  };
  auto texture = [&](VkDeviceSize offset, const Texture& t) { textureRegions(offset, t, regions); };
  buffer(s.vertices, gpu.vertices);
  buffer(s.indices, gpu.indices);
  buffer(s.materials, gpu.materials);
  buffer(s.extensions, gpu.materialExtensions);
  buffer(s.nodes, gpu.nodes);
  buffer(s.lights, gpu.lightBuffer);
  buffer(s.influences, gpu.influences);
  buffer(s.targets, gpu.morphTargets);
  buffer(s.weights, gpu.morphWeights);
  buffer(s.joints, gpu.jointMatrices);
  buffer(s.texcoords, gpu.texcoords);
  texture(s.white, gpu.white);
  texture(s.flatNormal, gpu.flatNormal);
  texture(s.black, gpu.black);
  for (size_t i = 0; i < scene.images.size(); ++i)
    if (upload[i]) texture(s.images[i], gpu.textures[i]);

  // The descriptor sets name the textures before their pixels arrive (and before
  // uploadOptions.imageStaged may free the scene's copy of them).
  for (const scene::Sampler& sampler : scene.samplers)
    gpu.samplers.push_back(createSampler(ctx, sampler));
  gpu.defaultSampler = createSampler(ctx, scene::Sampler{});
  createSceneSets(ctx, layouts, frameData, scene, gpu);

  pending.sceneIndex = sceneIndex;
  pending.options = uploadOptions;
  pending.chunks =
      std::make_unique<ChunkedUpload>(ctx, std::move(regions), s.total, uploadOptions.chunkBytes);
  gpu.stagingBytes = pending.chunks->stagingBytes();
  gpu.stagingChunks = pending.chunks->chunkCount();
  return true;
}

bool continueSceneGpu(const scene::Scene& scene, PendingSceneGpu& pending, bool wait) {
  const StagingLayout& s = pending.layout;
  SceneGpu& gpu = pending.gpu;
  auto fill = [&](const UploadChunk& chunk, uint8_t* bytes) {
    const StagingWindow window{bytes, chunk.begin, chunk.end};
    writeStaging(scene, s, gpu.streamOffsets, pending.upload, window, pending.scratch);
    writeMirrors(s, gpu, window);
    tellStaged(scene, s, pending.upload, chunk, pending.options.imageStaged, pending.nextImage);
  };
  if (!pending.chunks->step(fill, wait)) return false;
  pending.chunks.reset();  // the staging buffer goes as soon as it is not needed
  buildDraws(scene, pending.sceneIndex, s, gpu);
  return true;
}

void destroyPendingSceneGpu(const Context& ctx, PendingSceneGpu& pending) {
  pending.chunks.reset();  // waits for a chunk in flight
  // The shown scene's; a scene refused or failing early has no textures yet.
  for (size_t i = 0; i < pending.keptTextures.size() && i < pending.gpu.textures.size(); ++i)
    if (pending.keptTextures[i]) pending.gpu.textures[i] = Texture{};
  destroySceneGpu(ctx, pending.gpu);
}

void takeKeptTextures(const PendingSceneGpu& pending, SceneGpu& shown) {
  for (size_t i = 0; i < pending.keptTextures.size() && i < shown.textures.size(); ++i)
    if (pending.keptTextures[i]) shown.textures[i] = Texture{};
}

size_t addSceneImages(const Context& ctx, const scene::Scene& scene, const SceneUpload& options,
                      SceneGpu& gpu, std::vector<std::string>& warnings) {
  gpu.textures.resize(scene.images.size());
  std::vector<bool> onGpu(scene.images.size());
  for (size_t i = 0; i < onGpu.size(); ++i) onGpu[i] = gpu.textures[i].image.image != nullptr;
  const ImagePlan images = planImages(ctx, scene, onGpu, warnings);
  size_t added = 0;
  std::vector<UploadRegion> regions;
  const StagingLayout s = layoutImages(scene, images.upload, images.shrink, images.srgb);
  for (size_t i = 0; i < scene.images.size(); ++i) {
    if (!images.upload[i]) continue;
    const VkExtent2D e = imageExtent(scene.images[i], images.shrink[i]);
    gpu.textures[i] = createTexture(ctx, e.width, e.height, images.srgb[i], images.unorm[i]);
    textureRegions(s.images[i], gpu.textures[i], regions);
    ++added;
  }
  if (added == 0) return 0;
  StagingScratch scratch;
  size_t nextImage = 0;  // the first image not yet told staged
  const auto fill = [&](const UploadChunk& chunk, uint8_t* bytes) {
    writeImageChains(scene, s, images.upload, StagingWindow{bytes, chunk.begin, chunk.end},
                     scratch);
    tellStaged(scene, s, images.upload, chunk, options.imageStaged, nextImage);
  };
  try {
    ChunkedUpload upload(ctx, std::move(regions), s.total, options.chunkBytes,
                         options.reusedStaging);
    while (!upload.step(fill, /*wait=*/true)) {
    }
  } catch (...) {
    // Nothing may bind a texture whose pixels never arrived (the upload's destructor has
    // waited for its chunk in flight).
    for (size_t i = 0; i < scene.images.size(); ++i)
      if (images.upload[i]) destroyTexture(ctx, gpu.textures[i]);
    throw;
  }
  return added;
}

void destroySceneGpu(const Context& ctx, SceneGpu& gpu) {
  if (gpu.pool) vkDestroyDescriptorPool(ctx.device, gpu.pool, nullptr);  // frees the sets
  for (VkSampler sampler : gpu.samplers) vkDestroySampler(ctx.device, sampler, nullptr);
  if (gpu.defaultSampler) vkDestroySampler(ctx.device, gpu.defaultSampler, nullptr);
  for (Texture& t : gpu.textures) destroyTexture(ctx, t);
  destroyTexture(ctx, gpu.white);
  destroyTexture(ctx, gpu.flatNormal);
  destroyTexture(ctx, gpu.black);
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
  destroyBuffer(ctx, gpu.texcoords);
  gpu = SceneGpu{};
}

}  // namespace vitrine::renderer
