// libFuzzer target: 3DGS .ply files (splat/ply_reader.h), straight through readPlyHeader and,
// when the header's cloud fits 256 MiB (as a memory budget would refuse a larger one, the
// loader's load_ply.cpp), readPly: header lines, property types and order, ascii and both
// binary byte orders, the body's size checks and every value's conversion. Seeds: small
// binary, big-endian and ascii files of each degree (corpus_gen.cpp, folder ply/).
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <span>

#include "ply_reader.h"

namespace {

constexpr uint64_t kMaxCloudBytes = uint64_t(256) << 20;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace vitrine;
  const std::span<const uint8_t> bytes(data, size);
  splat::PlyHeader header;
  if (!splat::readPlyHeader(bytes, header).empty()) return 0;
  // An accepted header: a degree the f_rest count gives, data after the header, a count the
  // body can hold.
  if (header.degree > 3 || header.dataOffset > size || header.count == 0 || header.count > size)
    std::abort();
  if (scene::SplatCloud::bytesFor(header.count, header.degree) > kMaxCloudBytes) return 0;
  scene::SplatCloud cloud;
  if (!splat::readPly(bytes, cloud).empty()) {
    if (cloud.count != 0 || !cloud.positions.empty()) std::abort();  // refused: left empty
    return 0;
  }
  // What the extension promises the renderer: every stream of `count` elements, unit
  // quaternions, opacity in [0, 1], finite non-negative scales.
  const size_t n = cloud.count;
  if (n != header.count || cloud.degree != header.degree || cloud.positions.size() != n ||
      cloud.rotations.size() != n || cloud.scales.size() != n || cloud.opacities.size() != n ||
      cloud.sh.size() != n * cloud.coefficientsPerSplat())
    std::abort();
  for (size_t i = 0; i < n; ++i) {
    const glm::vec4& q = cloud.rotations[i];
    if (std::abs(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w - 1.0f) > 1e-4f) std::abort();
    if (!(cloud.opacities[i] >= 0.0f && cloud.opacities[i] <= 1.0f)) std::abort();
    for (int a = 0; a < 3; ++a)
      if (!(cloud.scales[i][a] >= 0.0f && std::isfinite(cloud.scales[i][a])) ||
          !std::isfinite(cloud.positions[i][a]))
        std::abort();
  }
  return 0;
}
