// KHR_gaussian_splatting (../shared/spec/extensions/KHR_gaussian_splatting.md): the splats of
// one primitive as the loader decodes them (every component type dequantized to floats, glTF
// 2.0 §3.11), or as a 3DGS .ply converts to (splat/ply_reader.h). Shared, read-only, between the
// scene and the renderer's per-view preparation (splat/splat_view.h).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include <glm/glm.hpp>

namespace vitrine::scene {

// The extension's `colorSpace` values ("Available Color Spaces"): the space the splats'
// colours are reconstructed in and blended in.
enum class SplatColorSpace : uint8_t {
  SrgbDisplay,    // "srgb_rec709_display": blended as encoded values, written as they are
  LinearDisplay,  // "lin_rec709_display": blended as linear values, then the sRGB transfer
};

// Spherical-harmonic coefficients per colour channel up to `degree`: (degree + 1)^2.
constexpr uint32_t shCoefficientCount(uint32_t degree) {
  return (degree + 1) * (degree + 1);
}

// One splat primitive's Gaussians, structure of arrays, `count` elements each (sh: count *
// shCoefficientCount(degree)).
struct SplatCloud {
  uint32_t count = 0;
  uint32_t degree = 0;  // highest spherical-harmonic degree present, 0 to 3
  SplatColorSpace colorSpace = SplatColorSpace::SrgbDisplay;
  std::vector<glm::vec3> positions;  // POSITION: the means, in mesh space
  std::vector<glm::vec4> rotations;  // :ROTATION, unit quaternions (x, y, z, w)
  std::vector<glm::vec3> scales;     // :SCALE, linear standard deviations along the local axes
  std::vector<float> opacities;      // :OPACITY, 0 to 1
  // The coefficients SH_DEGREE_l_COEF_n (RGB each), splat after splat: coefficient k of splat
  // i is sh[i * shCoefficientCount(degree) + k], k = l * l + n (n from 0 for m = -l to 2l for
  // m = l, the extension's packing: "Attributes are packed from the lowest order (m) to
  // highest for each degree").
  std::vector<glm::vec3> sh;

  uint32_t coefficientsPerSplat() const { return shCoefficientCount(degree); }
  // Bytes the streams above hold for `count` splats of `degree` (what the memory budget is
  // charged before they are allocated).
  static uint64_t bytesFor(uint64_t count, uint32_t degree) {
    return count * (sizeof(glm::vec3) * 2 + sizeof(glm::vec4) + sizeof(float) +
                    sizeof(glm::vec3) * shCoefficientCount(degree));
  }
};

using SplatCloudPtr = std::shared_ptr<const SplatCloud>;

}  // namespace vitrine::scene
