#include "splat_view.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "parallel.h"
#include "stopwatch.h"

namespace vitrine::splat {
namespace {

// Splats per parallelFor item: large enough that an item's overhead is nothing, small enough
// that two threads share a million splats evenly.
constexpr uint32_t kChunk = 16384;

// Below this an opacity can never reach the rasterizer's alpha threshold (1/255).
constexpr float kMinOpacity = 1.0f / 255.0f;
// The 3DGS rasterizer's low-pass filter: every 2D covariance is widened by 0.3 pixel^2, so that
// a splat covers at least about a pixel.
constexpr float kLowPass = 0.3f;
// The 3DGS rasterizer's guard band: J is evaluated at the mean with its NDC x and y clamped to
// +-1.3, so a splat far off the axis does not get a huge, skewed footprint.
constexpr float kGuardBand = 1.3f;
// The kernel's 3-sigma cut-off ("Ellipse Kernel Rendering").
constexpr float kSigmas = 3.0f;

// What a splat needs from its instance, in float, computed once per instance in double so that a
// node far from the origin loses no precision: the means are taken straight to camera space
// (and to the eye) without passing through world coordinates.
struct InstanceMath {
  const scene::SplatCloud* cloud = nullptr;
  glm::mat3 toEye{1.0f};      // M: mean - eye = toEye * p + eyeOffset (world orientation)
  glm::vec3 eyeOffset{0.0f};  // M's translation - eye
  glm::mat3 toCamera{1.0f};   // V M, upper-left 3x3: t = toCamera * p + cameraOffset
  glm::vec3 cameraOffset{0.0f};
  glm::mat3 toNode{1.0f};  // R^T: a world direction in the node's frame (R: M's columns, unit)
  bool encode = false;     // lin_rec709_display drawn in a frame that blends sRGB-encoded
};

struct ViewMath {
  glm::mat4 projection{1.0f};
  float width = 1.0f;
  float height = 1.0f;
};

// The geometry of splat `i`: false when it is culled. Fills everything but the colour.
bool projectSplat(const InstanceMath& inst, const ViewMath& view, uint32_t i, ProjectedSplat& out) {
  const scene::SplatCloud& cloud = *inst.cloud;
  const float opacity = cloud.opacities[i];
  if (!(opacity >= kMinOpacity)) return false;

  const glm::vec3 p = cloud.positions[i];
  const glm::vec3 t = inst.toCamera * p + inst.cameraOffset;  // camera space
  const glm::mat4& P = view.projection;
  const glm::vec4 clip = P * glm::vec4(t, 1.0f);
  // The near and far planes: the mean must lie between them (the 3DGS rasterizer's near-plane
  // rule, here at the camera's own near plane).
  if (!(clip.w > 0.0f) || clip.z < -clip.w || clip.z > clip.w) return false;
  const float invW = 1.0f / clip.w;
  const glm::vec3 ndc = glm::vec3(clip) * invW;

  // "Splat Reconstruction": C from the quaternion (x, y, z, w) and the scale, exactly the
  // text's matrix. Sigma = M C C^T M^T is never formed: Sigma' = (J W M C)(J W M C)^T below.
  const glm::vec4 q = cloud.rotations[i];
  const glm::vec3 s = cloud.scales[i];
  const float xx = q.x * q.x, yy = q.y * q.y, zz = q.z * q.z;
  const float xy = q.x * q.y, xz = q.x * q.z, yz = q.y * q.z;
  const float wx = q.w * q.x, wy = q.w * q.y, wz = q.w * q.z;
  // glm is column-major: C[column][row].
  const glm::mat3 C(s.x * glm::vec3(1.0f - 2.0f * (yy + zz), 2.0f * (xy + wz), 2.0f * (xz - wy)),
                    s.y * glm::vec3(2.0f * (xy - wz), 1.0f - 2.0f * (xx + zz), 2.0f * (yz + wx)),
                    s.z * glm::vec3(2.0f * (xz + wy), 2.0f * (yz - wx), 1.0f - 2.0f * (xx + yy)));

  // "Splat Projection": J, the Jacobian of camera space -> framebuffer pixel, at the mean with
  // its NDC x and y clamped to the guard band at the same depth (for P's x row linear in t.x:
  // solve P_x . t' = n (P_w . t') for t'.x, and the same for y).
  glm::vec3 tj = t;
  const auto clampAxis = [&](int r, float n) {
    const float lim = std::clamp(n, -kGuardBand, kGuardBand);
    if (lim == n) return;
    const float denom = P[r][r] - lim * P[r][3];
    if (denom == 0.0f) return;
    const float restR = clip[r] - P[r][r] * t[r];
    const float restW = clip.w - P[r][3] * t[r];
    tj[r] = (lim * restW - restR) / denom;
  };
  clampAxis(0, ndc.x);
  clampAxis(1, ndc.y);
  const glm::vec4 cj = P * glm::vec4(tj, 1.0f);
  const float invWj = 1.0f / cj.w;
  // d(clip_r / clip_w)/dt = (P_r - (clip_r / clip_w) P_w) / clip_w, rows of P (xyz columns);
  // pixel.x = (ndc.x / 2 + 1/2) W, pixel.y = (1/2 - ndc.y / 2) H (the renderer flips y).
  const glm::vec3 rowX(P[0][0], P[1][0], P[2][0]);
  const glm::vec3 rowY(P[0][1], P[1][1], P[2][1]);
  const glm::vec3 rowW(P[0][3], P[1][3], P[2][3]);
  const glm::vec3 jx = (rowX - (cj.x * invWj) * rowW) * (invWj * 0.5f * view.width);
  const glm::vec3 jy = (rowY - (cj.y * invWj) * rowW) * (invWj * -0.5f * view.height);

  // Rows of J W M C: (J_row)^T (W M) C, then Sigma' = B B^T (symmetric, positive semidefinite
  // by construction, no cancellation from forming Sigma first).
  const glm::vec3 bx = (jx * inst.toCamera) * C;
  const glm::vec3 by = (jy * inst.toCamera) * C;
  const float sxx = glm::dot(bx, bx) + kLowPass;
  const float syy = glm::dot(by, by) + kLowPass;
  const float sxy = glm::dot(bx, by);
  // det = sxx syy - sxy^2 without its cancellation (a long thin footprint's products agree to
  // all but a few bits): by Lagrange's identity |bx|^2 |by|^2 - (bx . by)^2 = |bx x by|^2, so
  // det = |bx x by|^2 + l (|bx|^2 + |by|^2) + l^2 for the low-pass l, in double.
  const glm::dvec3 dx(bx), dy(by);
  const glm::dvec3 cross = glm::cross(dx, dy);
  const double det = glm::dot(cross, cross) +
                     double(kLowPass) * (glm::dot(dx, dx) + glm::dot(dy, dy)) +
                     double(kLowPass) * double(kLowPass);
  if (!(det > 0.0) || !std::isfinite(det)) return false;

  // The 3-sigma ellipse's bounding box (its exact half extents are 3 sqrt of the diagonal).
  const float ex = kSigmas * std::sqrt(sxx);
  const float ey = kSigmas * std::sqrt(syy);
  const glm::vec2 center((ndc.x * 0.5f + 0.5f) * view.width, (0.5f - ndc.y * 0.5f) * view.height);
  // Culled only when the whole box is off the framebuffer, never by the centre alone.
  if (center.x + ex <= 0.0f || center.x - ex >= view.width || center.y + ey <= 0.0f ||
      center.y - ey >= view.height) {
    return false;
  }

  out.center = center;
  out.depth = ndc.z * 0.5f + 0.5f;
  out.opacity = opacity;
  out.conic = glm::vec3(float(syy / det), float(-sxy / det), float(sxx / det));
  out.extentX = ex;
  out.extentY = ey;
  return true;
}

// The standard sRGB OETF (IEC 61966-2-1) of a value clamped to [0, 1].
float encodeSrgb(float c) {
  c = std::clamp(c, 0.0f, 1.0f);
  return c <= 0.0031308f ? 12.92f * c : 1.055f * std::pow(c, 1.0f / 2.4f) - 0.055f;
}

glm::vec3 colorOf(const InstanceMath& inst, uint32_t i) {
  const scene::SplatCloud& cloud = *inst.cloud;
  // "Splat Lighting": the direction from the camera to the mean in global space, taken into the
  // node's frame by R^T. Evaluating the harmonics at R^T dir is the same as rotating the
  // coefficients by R (the text's SHOULD: "transformed by the rotation component of the global
  // transformation matrix"), without Wigner-D matrices. Normalized again because R^T is only
  // orthonormal for the decomposable matrices the text asks for.
  glm::vec3 dir(0.0f, 0.0f, 1.0f);
  if (cloud.degree > 0) {
    const glm::vec3 v = inst.toNode * (inst.toEye * cloud.positions[i] + inst.eyeOffset);
    const float len2 = glm::dot(v, v);
    if (len2 > 0.0f) dir = v / std::sqrt(len2);
  }
  glm::vec3 c = splatColor(cloud, i, dir);
  if (inst.encode) c = glm::vec3(encodeSrgb(c.r), encodeSrgb(c.g), encodeSrgb(c.b));
  return c;
}

InstanceMath instanceMath(const SplatInstance& instance, const SplatCamera& camera,
                          bool frameSrgb) {
  InstanceMath m;
  m.cloud = instance.cloud;
  const glm::dmat4 world(instance.world);
  const glm::dmat4 toCamera = glm::dmat4(camera.view) * world;
  m.toEye = glm::mat3(world);
  m.eyeOffset = glm::vec3(glm::dvec3(world[3]) - glm::dvec3(camera.eye));
  m.toCamera = glm::mat3(toCamera);
  m.cameraOffset = glm::vec3(toCamera[3]);
  glm::dmat3 r(world);
  for (int c = 0; c < 3; ++c) {
    const double len = glm::length(r[c]);
    if (len > 0.0) r[c] /= len;
  }
  m.toNode = glm::mat3(glm::transpose(r));
  m.encode = frameSrgb && instance.cloud->colorSpace == scene::SplatColorSpace::LinearDisplay;
  return m;
}

bool consistent(const scene::SplatCloud& c) {
  return c.positions.size() >= c.count && c.rotations.size() >= c.count &&
         c.scales.size() >= c.count && c.opacities.size() >= c.count &&
         c.sh.size() >= uint64_t(c.count) * c.coefficientsPerSplat() && c.degree <= 3;
}

// One parallelFor item of the first pass: a run of one instance's splats (instance: its index in
// the span, as the ids give it).
struct Chunk {
  uint32_t instance = 0;
  uint32_t begin = 0;
  uint32_t end = 0;
  uint64_t offset = 0;  // where its kept splats go in the distance, id and unsorted arrays
  uint64_t kept = 0;
};

}  // namespace

glm::vec3 splatColor(const scene::SplatCloud& cloud, uint32_t splat, const glm::vec3& dir) {
  // "Calculating color from Spherical Harmonics", the text's constants and signs (Condon-Shortley
  // phase included), coefficient k = l * l + (m + l).
  const glm::vec3* sh = cloud.sh.data() + uint64_t(splat) * cloud.coefficientsPerSplat();
  glm::vec3 c = sh[0] * 0.2820947917738781f;
  if (cloud.degree >= 1) {
    const float x = dir.x, y = dir.y, z = dir.z;
    c += sh[1] * (y * -0.4886025119029199f) + sh[2] * (z * 0.4886025119029199f) +
         sh[3] * (x * -0.4886025119029199f);
    if (cloud.degree >= 2) {
      const float xx = x * x, yy = y * y, zz = z * z;
      c += sh[4] * (x * y * 1.092548430592079f) + sh[5] * (y * z * -1.092548430592079f) +
           sh[6] * ((2.0f * zz - xx - yy) * 0.3153915652525200f) +
           sh[7] * (x * z * -1.092548430592079f) + sh[8] * ((xx - yy) * 0.5462742152960395f);
      if (cloud.degree >= 3) {
        c += sh[9] * (y * (3.0f * xx - yy) * -0.5900435899266435f) +
             sh[10] * (x * y * z * 2.890611442640554f) +
             sh[11] * (y * (4.0f * zz - xx - yy) * -0.4570457994644657f) +
             sh[12] * (z * (2.0f * zz - 3.0f * xx - 3.0f * yy) * 0.3731763325901154f) +
             sh[13] * (x * (4.0f * zz - xx - yy) * -0.4570457994644657f) +
             sh[14] * (z * (xx - yy) * 1.445305721320277f) +
             sh[15] * (x * (xx - 3.0f * yy) * -0.5900435899266435f);
      }
    }
  }
  // "Splat Composition": negative colours are clamped to zero; above one is kept (blending
  // clamps or tonemaps the sum, not each splat).
  return glm::max(c + 0.5f, glm::vec3(0.0f));
}

void prepareSplats(std::span<const SplatInstance> instances, const SplatCamera& camera,
                   SplatFrame& frame, SplatScratch& scratch) {
  frame.total = frame.culled = 0;
  frame.sortMilliseconds = frame.projectMilliseconds = 0.0;
  scene::Stopwatch watch;

  // The frame blends linear values only when every splat is linear. Otherwise it blends
  // sRGB-encoded values, and linear instances are encoded per splat before blending: the
  // encoding of a blend is not the blend of encodings, so this approximates blending them
  // linearly; the colour is clamped to [0, 1] first (the transfer function's domain), losing
  // only what a normalized target would clamp anyway.
  bool anySplats = false, allLinear = true;
  for (const SplatInstance& inst : instances) {
    if (!inst.cloud || inst.cloud->count == 0) continue;
    anySplats = true;
    allLinear = allLinear && inst.cloud->colorSpace == scene::SplatColorSpace::LinearDisplay;
  }
  frame.space = anySplats && allLinear ? scene::SplatColorSpace::LinearDisplay
                                       : scene::SplatColorSpace::SrgbDisplay;
  const bool frameSrgb = frame.space == scene::SplatColorSpace::SrgbDisplay;

  ViewMath view;
  view.projection = camera.projection;
  view.width = float(camera.width);
  view.height = float(camera.height);

  // Per instance math, and the runs of splats the passes share between threads.
  std::vector<InstanceMath> math(instances.size());
  std::vector<Chunk> chunks;
  uint64_t total = 0;
  for (size_t n = 0; n < instances.size(); ++n) {
    const scene::SplatCloud* cloud = instances[n].cloud;
    if (!cloud || cloud->count == 0) continue;
    frame.total += cloud->count;
    if (!consistent(*cloud)) continue;  // malformed streams: nothing drawn, all culled
    math[n] = instanceMath(instances[n], camera, frameSrgb);
    for (uint64_t b = 0; b < cloud->count; b += kChunk) {
      const auto end = uint32_t(std::min<uint64_t>(cloud->count, b + kChunk));
      chunks.push_back({uint32_t(n), uint32_t(b), end, total, 0});
      total += end - b;
    }
  }

  // Pass 1, in memory order: cull, project, colour, and the distance of every kept splat
  // ("Sorting Method": cameraDistance). Each run writes from its own offset.
  scratch.distances.resize(total);
  scratch.ids.resize(total);
  scratch.unsorted.resize(total);
  scene::parallelFor(chunks.size(), [&](size_t c) {
    Chunk& chunk = chunks[c];
    const InstanceMath& inst = math[chunk.instance];
    float* distances = scratch.distances.data() + chunk.offset;
    uint64_t* ids = scratch.ids.data() + chunk.offset;
    ProjectedSplat* out = scratch.unsorted.data() + chunk.offset;
    uint64_t kept = 0;
    for (uint32_t i = chunk.begin; i < chunk.end; ++i) {
      if (!projectSplat(inst, view, i, out[kept])) continue;
      out[kept].color = colorOf(inst, i);
      distances[kept] = glm::length(inst.toEye * inst.cloud->positions[i] + inst.eyeOffset);
      ids[kept] = uint64_t(chunk.instance) << 32 | i;
      ++kept;
    }
    chunk.kept = kept;
  });
  // Close the gaps the culled splats left, in run order: the same whatever the threads did.
  uint64_t kept = 0;
  for (const Chunk& chunk : chunks) {
    if (kept != chunk.offset && chunk.kept > 0) {
      std::memmove(scratch.distances.data() + kept, scratch.distances.data() + chunk.offset,
                   chunk.kept * sizeof(float));
      std::memmove(scratch.ids.data() + kept, scratch.ids.data() + chunk.offset,
                   chunk.kept * sizeof(uint64_t));
      std::memmove(scratch.unsorted.data() + kept, scratch.unsorted.data() + chunk.offset,
                   chunk.kept * sizeof(ProjectedSplat));
    }
    kept += chunk.kept;
  }
  scratch.distances.resize(kept);
  scratch.ids.resize(kept);
  frame.culled = frame.total - kept;
  frame.projectMilliseconds += watch.lap() * 1e3;

  // "Splat Composition": one sort over every splat of every instance, back to front.
  sortBackToFront(scratch.distances, scratch.order, scratch.sort);
  frame.sortMilliseconds = watch.lap() * 1e3;

  // Pass 2: the splats in drawing order.
  frame.splats.resize(kept);
  const size_t items = (kept + kChunk - 1) / kChunk;
  scene::parallelFor(items, [&](size_t item) {
    const size_t end = std::min<size_t>(kept, (item + 1) * kChunk);
    const uint32_t* order = scratch.order.data();
    const ProjectedSplat* from = scratch.unsorted.data();
    ProjectedSplat* to = frame.splats.data();
    for (size_t k = item * kChunk; k < end; ++k) to[k] = from[order[k]];
  });
  frame.projectMilliseconds += watch.lap() * 1e3;
}

}  // namespace vitrine::splat
