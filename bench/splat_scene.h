// A generated KHR_gaussian_splatting scene with the size statistics of trained 3DGS ones, and
// writers for the two files the loader reads: a .glb with one splat primitive and a 3DGS .ply
// (splat_bench.cpp, issue 35). Header-only, so that bench/ keeps its unit count.
//
// The statistics (units: metres; E, the "scene extent" the 3DGS trainer scales its
// densification by, is 1.1x the distance of the cameras from the object: here 4.5):
//   positions  70 % a dense object, a Gaussian blob around the origin (sigma 0.5, 0.4, 0.5);
//              20 % a ground disc of radius 4 at y = -1 (uniform in area, 2 cm thick);
//              10 % a sparse background shell between radii 8 and 12 (uniform directions).
//   scales     log-normal, the median scaled with the count as training does (fewer splats
//              cover the same surfaces with larger ones: median proportional to 1/sqrt(count),
//              so the splats' summed footprint, the frame's fill, stays the same): 0.5 % of E
//              (2.25 cm) at 100,000 splats, 0.16 % (0.71 cm) at 1,000,000, on the object and
//              the ground, 5x that on the background (splatMedianScale(); a fixed median can be
//              asked for instead). Log sigma 0.7 (a heavy tail: the 99th percentile is 5x the
//              median), each axis clamped to 10 % of E (the trainer splits larger ones).
//              80 % of the splats are flat: one random axis 0.15x the others (log sigma 0.5);
//              the other axes vary by a log sigma of 0.3 around the median.
//   opacities  sigmoid(N(0.5, 3)): the bimodal mix training leaves, about 18 % below 0.1, 28 %
//              above 0.9, and 2 % below 1/255 (never drawn).
//   rotations  uniform random unit quaternions.
//   colours    degree 0: the region's colour (terracotta object, grass ground, sky background)
//              with a per-splat jitter of 0.12 per channel and 0.1 in brightness; degrees 1, 2
//              and 3: each coefficient N(0, 0.1), N(0, 0.07) and N(0, 0.05).
// The camera (splatSceneCamera) looks at the object from 4.1 m, as a trained scene's cameras
// do. Deterministic: a fixed seed and our own generator and normal deviates, so the same
// count gives the same splats on every platform.
#pragma once

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>
#include <nlohmann/json.hpp>

#include "splats.h"

namespace vitrine::bench {

static_assert(std::endian::native == std::endian::little, "the writers emit little-endian files");

// splitmix64, with Box-Muller normal deviates: small, fast and identical everywhere.
class SplatRandom {
 public:
  explicit SplatRandom(uint64_t seed) : state_(seed) {}
  uint64_t next() {
    uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  // Uniform in (0, 1).
  double uniform() { return (double(next() >> 11) + 0.5) * (1.0 / 9007199254740992.0); }
  double normal() {
    if (hasSpare_) {
      hasSpare_ = false;
      return spare_;
    }
    const double r = std::sqrt(-2.0 * std::log(uniform()));
    const double a = 6.283185307179586 * uniform();
    spare_ = r * std::sin(a);
    hasSpare_ = true;
    return r * std::cos(a);
  }

 private:
  uint64_t state_;
  double spare_ = 0.0;
  bool hasSpare_ = false;
};

// The scene's layout (see the statistics above).
struct SplatSceneLayout {
  static constexpr float kOrbitRadius = 4.0f;  // the camera's, at a height of 0.9
  static constexpr float kExtent = 4.5f;       // E: 1.1x the camera's 4.1 m from the origin
  static constexpr float kMedianScale = 0.005f * kExtent;  // at kMedianCount splats
  static constexpr uint32_t kMedianCount = 100000;
  static constexpr float kMaxScale = 0.1f * kExtent;
  static constexpr float kYFov = 0.8f;  // radians
  static constexpr float kZNear = 0.05f;
  static constexpr float kZFar = 100.0f;
};

// The viewpoint framing the scene, orbited `angle` radians about +Y (0: the .glb's camera).
struct SplatViewpoint {
  glm::vec3 eye{0.0f};
  glm::vec3 target{0.0f, -0.2f, 0.0f};
  glm::mat4 view{1.0f};  // world -> camera (glm::lookAt)
};

inline SplatViewpoint splatSceneCamera(float angle = 0.0f) {
  SplatViewpoint v;
  const float r = SplatSceneLayout::kOrbitRadius;
  v.eye = glm::vec3(r * std::sin(angle), 0.9f, r * std::cos(angle));
  v.view = glm::lookAt(v.eye, v.target, glm::vec3(0.0f, 1.0f, 0.0f));
  return v;
}

// The median scale of the object's and the ground's splats in a scene of `count` splats.
inline float splatMedianScale(uint32_t count) {
  return SplatSceneLayout::kMedianScale *
         std::sqrt(float(SplatSceneLayout::kMedianCount) / float(std::max(count, 1u)));
}

// The generated scene: `count` splats up to SH degree `degree` (0 to 3), srgb_rec709_display,
// the object's and the ground's splats of median scale `medianScale` (metres; <= 0:
// splatMedianScale(count)).
inline scene::SplatCloud makeSplatScene(uint32_t count, uint32_t degree = 3,
                                        float medianScale = 0.0f) {
  if (!(medianScale > 0.0f)) medianScale = splatMedianScale(count);
  scene::SplatCloud c;
  c.count = count;
  c.degree = std::min(degree, 3u);
  c.colorSpace = scene::SplatColorSpace::SrgbDisplay;
  c.positions.resize(count);
  c.rotations.resize(count);
  c.scales.resize(count);
  c.opacities.resize(count);
  const uint32_t k = c.coefficientsPerSplat();
  c.sh.resize(size_t(count) * k);

  SplatRandom random(0x35u);
  const auto n = [&random] { return float(random.normal()); };
  const glm::vec3 colors[3] = {{0.62f, 0.42f, 0.30f}, {0.35f, 0.45f, 0.25f}, {0.55f, 0.65f, 0.80f}};
  const float shSigma[4] = {0.0f, 0.1f, 0.07f, 0.05f};
  constexpr float kC0 = 0.2820947917738781f;
  for (uint32_t i = 0; i < count; ++i) {
    // Region by a uniform draw: 0 the object, 1 the ground, 2 the background.
    const double u = random.uniform();
    const int region = u < 0.7 ? 0 : u < 0.9 ? 1 : 2;
    glm::vec3 p;
    if (region == 0) {
      p = glm::vec3(0.5f * n(), 0.4f * n(), 0.5f * n());
    } else if (region == 1) {
      const float r = 4.0f * float(std::sqrt(random.uniform()));
      const float a = 6.2831853f * float(random.uniform());
      p = glm::vec3(r * std::cos(a), -1.0f + 0.02f * n(), r * std::sin(a));
    } else {
      glm::vec3 d(n(), n(), n());
      const float len = glm::length(d);
      d = len > 0.0f ? d / len : glm::vec3(0.0f, 1.0f, 0.0f);
      p = d * (8.0f + 4.0f * float(random.uniform()));
    }
    c.positions[i] = p;

    const float median = medianScale * (region == 2 ? 5.0f : 1.0f);
    const float base = median * std::exp(0.7f * n());
    glm::vec3 s(base * std::exp(0.3f * n()), base * std::exp(0.3f * n()),
                base * std::exp(0.3f * n()));
    if (random.uniform() < 0.8) {
      const auto axis = int(random.next() % 3);
      s[axis] = base * 0.15f * std::exp(0.5f * n());
    }
    c.scales[i] = glm::min(s, glm::vec3(SplatSceneLayout::kMaxScale));

    glm::vec4 q(n(), n(), n(), n());
    const float qlen = glm::length(q);
    c.rotations[i] = qlen > 0.0f ? q / qlen : glm::vec4(0.0f, 0.0f, 0.0f, 1.0f);

    c.opacities[i] = 1.0f / (1.0f + std::exp(-(0.5f + 3.0f * n())));

    glm::vec3* sh = c.sh.data() + size_t(i) * k;
    const glm::vec3 rgb =
        colors[region] + glm::vec3(0.1f * n()) + glm::vec3(0.12f * n(), 0.12f * n(), 0.12f * n());
    sh[0] = (rgb - 0.5f) / kC0;
    for (uint32_t l = 1; l <= c.degree; ++l) {
      for (uint32_t m = l * l; m < (l + 1) * (l + 1); ++m)
        sh[m] = shSigma[l] * glm::vec3(n(), n(), n());
    }
  }
  return c;
}

namespace detail {

inline bool writeAll(std::FILE* f, const void* data, size_t bytes) {
  return bytes == 0 || std::fwrite(data, 1, bytes, f) == bytes;
}

// Coefficient `m` of every splat, tightly packed, written in runs of 64k splats.
inline bool writeCoefficient(std::FILE* f, const scene::SplatCloud& c, uint32_t m) {
  std::vector<glm::vec3> run(std::min<uint32_t>(c.count, 65536u));
  const uint32_t k = c.coefficientsPerSplat();
  for (uint32_t b = 0; b < c.count; b += uint32_t(run.size())) {
    const uint32_t e = std::min<uint32_t>(c.count, b + uint32_t(run.size()));
    for (uint32_t i = b; i < e; ++i) run[i - b] = c.sh[size_t(i) * k + m];
    if (!writeAll(f, run.data(), size_t(e - b) * sizeof(glm::vec3))) return false;
  }
  return true;
}

}  // namespace detail

// Writes `c` as a .glb: one mesh of one POINTS primitive with the KHR_gaussian_splatting
// extension (kernel "ellipse", colorSpace "srgb_rec709_display"), every attribute FLOAT in a
// tightly packed bufferView of its own (POSITION with min and max), SH_DEGREE_l_COEF_n for every
// l <= c.degree; a second node holds a perspective camera at splatSceneCamera(0) (aspect ratio
// 4:3). Streams from the cloud: no copy of the buffer is made. "" or the error.
[[nodiscard]] inline std::string writeSplatGlb(const std::string& path,
                                               const scene::SplatCloud& c) {
  using Json = nlohmann::json;
  const std::string prefix = "KHR_gaussian_splatting:";
  Json doc;
  doc["asset"] = {{"version", "2.0"}, {"generator", "vitrine bench/splat_scene.h"}};
  doc["extensionsUsed"] = {"KHR_gaussian_splatting"};
  Json attributes = Json::object();
  uint64_t offset = 0;
  const auto add = [&](const std::string& name, const char* type, uint32_t components) {
    const uint64_t bytes = uint64_t(c.count) * components * sizeof(float);
    const size_t index = doc["accessors"].size();
    doc["bufferViews"].push_back({{"buffer", 0}, {"byteOffset", offset}, {"byteLength", bytes}});
    doc["accessors"].push_back(
        {{"bufferView", index}, {"componentType", 5126}, {"count", c.count}, {"type", type}});
    attributes[name] = index;
    offset += bytes;
  };
  add("POSITION", "VEC3", 3);
  glm::vec3 lo(0.0f), hi(0.0f);
  if (c.count > 0) lo = hi = c.positions[0];
  for (uint32_t i = 0; i < c.count; ++i) {
    lo = glm::min(lo, c.positions[i]);
    hi = glm::max(hi, c.positions[i]);
  }
  doc["accessors"][0]["min"] = {lo.x, lo.y, lo.z};
  doc["accessors"][0]["max"] = {hi.x, hi.y, hi.z};
  add(prefix + "ROTATION", "VEC4", 4);
  add(prefix + "SCALE", "VEC3", 3);
  add(prefix + "OPACITY", "SCALAR", 1);
  for (uint32_t l = 0; l <= c.degree; ++l) {
    for (uint32_t m = 0; m < 2 * l + 1; ++m)
      add(prefix + "SH_DEGREE_" + std::to_string(l) + "_COEF_" + std::to_string(m), "VEC3", 3);
  }
  doc["buffers"] = {{{"byteLength", offset}}};
  doc["meshes"] = {{{"primitives",
                     {{{"mode", 0},
                       {"attributes", attributes},
                       {"extensions",
                        {{"KHR_gaussian_splatting",
                          {{"kernel", "ellipse"}, {"colorSpace", "srgb_rec709_display"}}}}}}}}}};
  doc["cameras"] = {{{"type", "perspective"},
                     {"perspective",
                      {{"yfov", SplatSceneLayout::kYFov},
                       {"znear", SplatSceneLayout::kZNear},
                       {"zfar", SplatSceneLayout::kZFar},
                       {"aspectRatio", 4.0 / 3.0}}}}};
  const SplatViewpoint v = splatSceneCamera(0.0f);
  const glm::quat r = glm::quat_cast(glm::mat3(glm::inverse(v.view)));
  doc["nodes"] = {{{"mesh", 0}},
                  {{"camera", 0},
                   {"translation", {v.eye.x, v.eye.y, v.eye.z}},
                   {"rotation", {r.x, r.y, r.z, r.w}}}};
  doc["scenes"] = {{{"nodes", {0, 1}}}};
  doc["scene"] = 0;

  std::string text = doc.dump();
  text.resize((text.size() + 3) / 4 * 4, ' ');
  const auto u32 = [](uint64_t v) { return uint32_t(v); };
  const uint64_t total = 12 + 8 + text.size() + 8 + offset;
  if (total > 0xffffffffull)
    return path + ": " + std::to_string(total) + " bytes: too large for a .glb";
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) return path + ": cannot create";
  const uint32_t header[5] = {0x46546c67u, 2u, u32(total), u32(text.size()), 0x4e4f534au};
  const uint32_t binHeader[2] = {u32(offset), 0x004e4942u};
  bool ok = detail::writeAll(f, header, sizeof(header)) &&
            detail::writeAll(f, text.data(), text.size()) &&
            detail::writeAll(f, binHeader, sizeof(binHeader)) &&
            detail::writeAll(f, c.positions.data(), size_t(c.count) * sizeof(glm::vec3)) &&
            detail::writeAll(f, c.rotations.data(), size_t(c.count) * sizeof(glm::vec4)) &&
            detail::writeAll(f, c.scales.data(), size_t(c.count) * sizeof(glm::vec3)) &&
            detail::writeAll(f, c.opacities.data(), size_t(c.count) * sizeof(float));
  for (uint32_t m = 0; ok && m < c.coefficientsPerSplat(); ++m)
    ok = detail::writeCoefficient(f, c, m);
  ok = std::fclose(f) == 0 && ok;
  return ok ? "" : path + ": write failed";
}

// Writes `c` as the .ply the INRIA 3DGS trainer saves: binary_little_endian 1.0, one `vertex`
// element of float properties x y z nx ny nz (normals 0) f_dc_0..2 f_rest_0..(3 (K - 1) - 1)
// opacity scale_0..2 rot_0..3, K = (degree + 1)^2; opacity as its logit (clamped to +-16.6, what
// a float opacity can hold), scales as their natural logarithm, the rotation as (w, x, y, z);
// f_rest channel-major: every red coefficient 1..K-1, then green, then blue. "" or the error.
[[nodiscard]] inline std::string writeSplatPly(const std::string& path,
                                               const scene::SplatCloud& c) {
  const uint32_t k = c.coefficientsPerSplat();
  std::string header =
      "ply\nformat binary_little_endian 1.0\nelement vertex " + std::to_string(c.count) + "\n";
  std::vector<std::string> names = {"x", "y", "z", "nx", "ny", "nz", "f_dc_0", "f_dc_1", "f_dc_2"};
  for (uint32_t j = 0; j < 3 * (k - 1); ++j) names.push_back("f_rest_" + std::to_string(j));
  for (const char* name :
       {"opacity", "scale_0", "scale_1", "scale_2", "rot_0", "rot_1", "rot_2", "rot_3"})
    names.push_back(name);
  for (const std::string& name : names) header += "property float " + name + "\n";
  header += "end_header\n";

  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) return path + ": cannot create";
  bool ok = detail::writeAll(f, header.data(), header.size());
  const size_t stride = names.size();
  std::vector<float> run;
  run.reserve(stride * 16384);
  for (uint32_t i = 0; ok && i < c.count; ++i) {
    const glm::vec3 p = c.positions[i];
    run.insert(run.end(), {p.x, p.y, p.z, 0.0f, 0.0f, 0.0f});
    const glm::vec3* sh = c.sh.data() + size_t(i) * k;
    run.insert(run.end(), {sh[0].r, sh[0].g, sh[0].b});
    for (int ch = 0; ch < 3; ++ch) {
      for (uint32_t m = 1; m < k; ++m) run.push_back(sh[m][ch]);
    }
    const double o = std::clamp(double(c.opacities[i]), 6.0e-8, 1.0 - 6.0e-8);
    run.push_back(float(std::log(o / (1.0 - o))));
    const glm::vec3 s = c.scales[i];
    run.insert(run.end(), {std::log(s.x), std::log(s.y), std::log(s.z)});
    const glm::vec4 q = c.rotations[i];
    run.insert(run.end(), {q.w, q.x, q.y, q.z});
    if (run.size() + stride > run.capacity() || i + 1 == c.count) {
      ok = detail::writeAll(f, run.data(), run.size() * sizeof(float));
      run.clear();
    }
  }
  ok = std::fclose(f) == 0 && ok;
  return ok ? "" : path + ": write failed";
}

}  // namespace vitrine::bench
