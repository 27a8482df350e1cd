#include "deform_check.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "deform.h"
#include "joint_matrices.h"
#include "loader.h"

namespace vitrine::test {
namespace {

// Where a world-space point lands in the image, in continuous pixel coordinates (pixel (x, y)
// covers [x, x + 1) x [y, y + 1), rows top to bottom).
glm::vec2 toPixels(const View& view, const glm::vec3& world, uint32_t width, uint32_t height) {
  const glm::vec4 clip = view.projection * view.view * glm::vec4(world, 1.0f);
  const glm::vec2 ndc = glm::vec2(clip) / clip.w;  // OpenGL: y up
  return {(0.5f * ndc.x + 0.5f) * float(width), (0.5f - 0.5f * ndc.y) * float(height)};
}

float cross2(const glm::vec2& a, const glm::vec2& b) {
  return a.x * b.y - a.y * b.x;
}

float segmentDistance(const glm::vec2& p, const glm::vec2& a, const glm::vec2& b) {
  const glm::vec2 ab = b - a;
  const float len2 = glm::dot(ab, ab);
  const float t = len2 > 0.0f ? std::clamp(glm::dot(p - a, ab) / len2, 0.0f, 1.0f) : 0.0f;
  return glm::length(p - (a + t * ab));
}

// Signed distance of p to the 2D triangle: negative inside (minus the distance to the nearest
// edge), positive outside.
float signedDistance(const glm::vec2& p, const std::array<glm::vec2, 3>& t) {
  const float area = cross2(t[1] - t[0], t[2] - t[0]);
  const float d = std::min({segmentDistance(p, t[0], t[1]), segmentDistance(p, t[1], t[2]),
                            segmentDistance(p, t[2], t[0])});
  if (area == 0.0f) return d;
  const float s = area > 0.0f ? 1.0f : -1.0f;
  const bool inside = s * cross2(t[1] - t[0], p - t[0]) >= 0.0f &&
                      s * cross2(t[2] - t[1], p - t[1]) >= 0.0f &&
                      s * cross2(t[0] - t[2], p - t[2]) >= 0.0f;
  return inside ? -d : d;
}

bool isBackground(const glm::u8vec4& p) {
  const glm::vec3 clear = background();
  for (int c = 0; c < 3; ++c)
    if (std::abs(float(p[c]) - srgbByte(clear[c])) > 8.0f) return false;
  return true;
}

}  // namespace

std::vector<Triangle> referenceTriangles(const scene::Scene& s, bool skinning, bool morphing) {
  const scene::JointMatrices joints(s);
  std::vector<Triangle> out;
  std::vector<int> stack(s.scenes[size_t(s.activeScene)].nodes.begin(),
                         s.scenes[size_t(s.activeScene)].nodes.end());
  while (!stack.empty()) {
    const int n = stack.back();
    stack.pop_back();
    const scene::Node& node = s.nodes[size_t(n)];
    stack.insert(stack.end(), node.children.begin(), node.children.end());
    if (node.mesh < 0) continue;
    std::span<const glm::mat4> skin;
    if (node.skin >= 0)
      skin = std::span(joints.matrices()).subspan(joints.offset(uint32_t(node.skin)));
    for (const scene::Primitive& p : s.meshes[size_t(node.mesh)].primitives) {
      if (p.topology != scene::Topology::Triangles) continue;
      for (size_t i = 0; i + 2 < p.indices.size(); i += 3) {
        Triangle t;
        for (int k = 0; k < 3; ++k) {
          const uint32_t v = p.indices[i + size_t(k)];
          const std::span<const float> weights =
              morphing ? std::span<const float>(node.weights) : std::span<const float>();
          const bool skinned = skinning && node.skin >= 0 && p.influenceSets > 0;
          // scene::deformVertex(), with the skin or the weights left out on request.
          const scene::DeformedVertex d =
              scene::transformVertex(scene::morphVertex(p, v, weights),
                                     skinned ? scene::skinMatrix(p, v, skin) : s.world[size_t(n)]);
          t[size_t(k)] = d.position;
        }
        out.push_back(t);
      }
    }
  }
  return out;
}

Coverage compareCoverage(const Pixels& pixels, const View& view,
                         const std::vector<Triangle>& triangles, float margin) {
  const int w = int(pixels.width), h = int(pixels.height);
  // Each pixel lists the triangles whose bounds, grown by the margin, reach it.
  std::vector<std::vector<uint32_t>> bins(size_t(w) * size_t(h));
  std::vector<std::array<glm::vec2, 3>> projected;
  for (const Triangle& t : triangles) {
    const std::array<glm::vec2, 3> q = {toPixels(view, t[0], pixels.width, pixels.height),
                                        toPixels(view, t[1], pixels.width, pixels.height),
                                        toPixels(view, t[2], pixels.width, pixels.height)};
    const glm::vec2 lo = glm::min(q[0], glm::min(q[1], q[2])) - (margin + 1.0f);
    const glm::vec2 hi = glm::max(q[0], glm::max(q[1], q[2])) + (margin + 1.0f);
    for (int y = std::max(0, int(lo.y)); y < std::min(h, int(hi.y) + 1); ++y)
      for (int x = std::max(0, int(lo.x)); x < std::min(w, int(hi.x) + 1); ++x)
        bins[size_t(y) * size_t(w) + size_t(x)].push_back(uint32_t(projected.size()));
    projected.push_back(q);
  }
  Coverage c;
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      const std::vector<uint32_t>& bin = bins[size_t(y) * size_t(w) + size_t(x)];
      const glm::vec2 centre(float(x) + 0.5f, float(y) + 0.5f);
      // Covered by the union of the triangles at p (strips of thin triangles cover together).
      auto covered = [&](const glm::vec2& p) {
        for (uint32_t i : bin)
          if (signedDistance(p, projected[i]) <= 0.0f) return true;
        return false;
      };
      float nearest = std::numeric_limits<float>::max();
      for (uint32_t i : bin) nearest = std::min(nearest, signedDistance(centre, projected[i]));
      bool inside = covered(centre);
      for (int k = 0; k < 8 && inside; ++k) {
        const float a = float(k) * 0.25f * 3.14159265f;
        inside = covered(centre + margin * glm::vec2(std::cos(a), std::sin(a)));
      }
      const bool blank = isBackground(pixelAt(pixels, x, y));
      const std::string where = "(" + std::to_string(x) + ", " + std::to_string(y) + ")";
      if (inside) {
        ++c.inside;
        if (blank) {
          ++c.insideBlank;
          if (c.firstMismatch.empty()) c.firstMismatch = "pixel " + where + " should be covered";
        }
      } else if (nearest > margin) {
        ++c.outside;
        if (!blank) {
          ++c.outsideDrawn;
          if (c.firstMismatch.empty()) c.firstMismatch = "pixel " + where + " should be background";
        }
      }
    }
  }
  return c;
}

::testing::AssertionResult coverageMatches(const Pixels& pixels, const View& view,
                                           const std::vector<Triangle>& triangles,
                                           uint32_t minInside) {
  const Coverage c = compareCoverage(pixels, view, triangles);
  if (c.insideBlank == 0 && c.outsideDrawn == 0 && c.inside >= minInside)
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << c.inside << " pixels inside (" << c.insideBlank << " blank), " << c.outside
         << " outside (" << c.outsideDrawn << " drawn), at least " << minInside
         << " inside wanted; " << c.firstMismatch;
}

void DeformTest::load(const AssetBuilder& b) {
  loadFile(b.writeGlb(anim::test::testStem()));
}

void DeformTest::loadFile(const std::string& path) {
  scene::LoadResult loaded = scene::loadScene(path);
  ASSERT_TRUE(loaded.scene) << loaded.error;
  scene_ = std::move(loaded.scene);
  document_ = std::move(loaded.document);
  bound_ = anim::bindAnimations(*scene_, *document_);
  ASSERT_EQ(bound_.warnings, std::vector<std::string>{});
  renderer_->setScene(*scene_, scene_->activeScene);
}

void DeformTest::animate(float seconds) {
  const std::vector<bool> enabled(bound_.animations->clips().size(), true);
  bound_.animations->evaluate(seconds, enabled, dirty_);  // coalesces
  renderer_->applyChanges(*scene_, dirty_);
  dirty_.clear();
}

Pixels DeformTest::frame(float seconds, const View& view, uint32_t size) {
  animate(seconds);
  return renderer_->renderOffscreen(view, size, size);
}

}  // namespace vitrine::test
