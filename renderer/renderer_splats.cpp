// KHR_gaussian_splatting in the renderer's frames: the view's splat instances gathered from the
// scene shown, prepared on the CPU (splat/splat_view.h: one sort over all of them) when what
// they depend on changed, and staged for the frame's splat pass (pass_splats.h).
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
  if (hasScene_ && cameraFinite) {
    for (const SceneGpu::SplatSource& s : scene_.splats) {
      if (s.node >= scene_.nodeData.size()) continue;
      if (s.node < scene_.hidden.size() && scene_.hidden[s.node]) continue;  // KHR_node_visibility
      if (!view.shownNodes.empty() &&
          (s.node >= view.shownNodes.size() || !view.shownNodes[s.node]))
        continue;  // isolated away
      splatInstances_.push_back({s.cloud.get(), scene_.nodeData[s.node].world});
    }
  }
  // What the prepared splats depend on: the camera, the framebuffer, each instance's cloud and
  // world matrix, the scene (a new one may reuse an old cloud's address).
  std::vector<float> key;
  key.reserve(40 + splatInstances_.size() * 18);
  appendMatrix(key, view.view);
  appendMatrix(key, view.projection);
  key.insert(key.end(), {view.eye.x, view.eye.y, view.eye.z, float(attachments.extent.width),
                         float(attachments.extent.height), float(sceneUploads_)});
  for (const splat::SplatInstance& i : splatInstances_) {
    const auto address = reinterpret_cast<uintptr_t>(i.cloud);
    key.push_back(float(address & 0xffffff));
    key.push_back(float((address >> 24) & 0xffffff));
    appendMatrix(key, i.world);
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
    splatKey_ = std::move(key);
    splatsPrepared_ = true;
  }
  return stageSplats(ctx_, splatPass_, output, slotIndex_, splatFrame_, attachments, view.channel);
}

void RendererImpl::addSplatStats(DrawStats& stats) const {
  stats.splats = splatFrame_.total;
  stats.splatsDrawn = splatFrame_.splats.size();
  stats.splatSortMilliseconds = splatsPrepared_ ? splatFrame_.sortMilliseconds : 0.0;
  stats.splatProjectMilliseconds = splatsPrepared_ ? splatFrame_.projectMilliseconds : 0.0;
}

}  // namespace vitrine::renderer
