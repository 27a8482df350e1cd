// KHR_gaussian_splatting in the renderer's frames: the view's splat instances gathered from the
// scene shown, prepared on the CPU (splat/splat_view.h: one sort over all of them) and binned
// into the tile rasterizer's tiles (splat/splat_tiles.h) when what they depend on changed, and
// staged for the frame's splat pass (pass_splats.h).
#include <algorithm>
#include <cstring>

#include "renderer_impl.h"

namespace vitrine::renderer {
namespace {

void appendMatrix(std::vector<float>& key, const glm::mat4& m) {
  const float* f = &m[0][0];
  key.insert(key.end(), f, f + 16);
}

}  // namespace

SplatDraw RendererImpl::prepareSplatFrame(const View& view, bool cameraFinite, uint32_t output,
                                          const Attachments& attachments) {
  splatsPrepared_ = false;
  splatInstances_.clear();
  // What the prepared splats depend on: the camera, the framebuffer, the scene (its uploads
  // count), and which of its splat sources are drawn, with their world matrices.
  std::vector<float> key;
  key.reserve(40 + scene_.splats.size() * 17);
  appendMatrix(key, view.view);
  appendMatrix(key, view.projection);
  key.insert(key.end(), {view.eye.x, view.eye.y, view.eye.z, float(attachments.extent.width),
                         float(attachments.extent.height), float(sceneUploads_)});
  if (hasScene_ && cameraFinite) {
    for (uint32_t source = 0; source < scene_.splats.size(); ++source) {
      const SceneGpu::SplatSource& s = scene_.splats[source];
      if (s.node >= scene_.nodeData.size()) continue;
      if (s.node < scene_.hidden.size() && scene_.hidden[s.node]) continue;  // KHR_node_visibility
      if (!view.shownNodes.empty() &&
          (s.node >= view.shownNodes.size() || !view.shownNodes[s.node]))
        continue;  // isolated away
      splatInstances_.push_back({s.cloud.get(), scene_.nodeData[s.node].world});
      key.push_back(float(source));  // exact below 2^24 sources
      appendMatrix(key, splatInstances_.back().world);
    }
  }
  // Compared bit for bit (a float key's == would take -0 for 0; memcmp does not).
  const bool same = key.size() == splatKey_.size() &&
                    std::memcmp(key.data(), splatKey_.data(), key.size() * sizeof(float)) == 0;
  if (!same) {
    splat::SplatCamera camera;
    camera.view = view.view;
    camera.projection = view.projection;
    camera.eye = view.eye;
    camera.width = attachments.extent.width;
    camera.height = attachments.extent.height;
    splat::prepareSplats(splatInstances_, camera, splatFrame_, splatScratch_);
    splatTiles_.tileSize = uint32_t(gpu::kSplatTileSize);
    // The lists' words: what the device's texel buffers hold, and at most 2^25 (128 MiB a
    // frame slot); past that each tile keeps its nearest splats (binSplats).
    const uint64_t maxWords =
        std::min<uint64_t>(ctx_.properties.limits.maxTexelBufferElements, uint64_t(1) << 25);
    splat::binSplats(drawnSplats(), camera.width, camera.height, splatTiles_, maxWords);
    splatKey_ = std::move(key);
    splatsPrepared_ = true;
    ++splatGeneration_;
  }
  return stageSplats(ctx_, splatPass_, output, slotIndex_, drawnSplats(), splatFrame_.space,
                     splatTiles_, splatGeneration_, attachments, view.channel);
}

std::span<const splat::ProjectedSplat> RendererImpl::drawnSplats() const {
  // Three texels a splat: a device whose texel buffers hold fewer (the Vulkan minimum is 65,536
  // texels; lavapipe and desktop GPUs hold 2^27 or more) draws the nearest that fit.
  const size_t fit = ctx_.properties.limits.maxTexelBufferElements / 3;
  const std::span<const splat::ProjectedSplat> all = splatFrame_.splats;
  return all.size() > fit ? all.last(fit) : all;  // back to front: the nearest last
}

void RendererImpl::addSplatStats(DrawStats& stats) const {
  stats.splats = splatFrame_.total;
  stats.splatsDrawn = drawnSplats().size();
  stats.splatSortMilliseconds = splatsPrepared_ ? splatFrame_.sortMilliseconds : 0.0;
  stats.splatProjectMilliseconds = splatsPrepared_ ? splatFrame_.projectMilliseconds : 0.0;
  stats.splatTileMilliseconds = splatsPrepared_ ? splatTiles_.milliseconds : 0.0;
}

}  // namespace vitrine::renderer
