#include "topology.h"

#include "gltf_enums.h"

namespace vitrine::scene {

Topology listTopology(int mode) {
  switch (mode) {
    case gltf::kPoints:
      return Topology::Points;
    case gltf::kLines:
    case gltf::kLineLoop:
    case gltf::kLineStrip:
      return Topology::Lines;
    default:
      return Topology::Triangles;
  }
}

size_t toListIndices(int mode, std::span<const uint32_t> in, std::vector<uint32_t>& out) {
  out.clear();
  const size_t n = in.size();
  switch (mode) {
    case gltf::kPoints:
      out.assign(in.begin(), in.end());
      return 0;
    case gltf::kLines:
      out.assign(in.begin(), in.begin() + (n - n % 2));
      return n % 2;
    case gltf::kLineLoop:
    case gltf::kLineStrip:
      if (n < 2) return n;
      out.reserve(2 * n);
      for (size_t i = 0; i + 1 < n; ++i) out.insert(out.end(), {in[i], in[i + 1]});
      if (mode == gltf::kLineLoop) out.insert(out.end(), {in[n - 1], in[0]});
      return 0;
    case gltf::kTriangleStrip:
      if (n < 3) return n;
      out.reserve(3 * (n - 2));
      for (size_t i = 0; i + 2 < n; ++i) {
        if (i % 2 == 0) {
          out.insert(out.end(), {in[i], in[i + 1], in[i + 2]});
        } else {
          out.insert(out.end(), {in[i], in[i + 2], in[i + 1]});
        }
      }
      return 0;
    case gltf::kTriangleFan:
      if (n < 3) return n;
      out.reserve(3 * (n - 2));
      for (size_t i = 0; i + 2 < n; ++i) out.insert(out.end(), {in[i + 1], in[i + 2], in[0]});
      return 0;
    default:  // kTriangles
      out.assign(in.begin(), in.begin() + (n - n % 3));
      return n % 3;
  }
}

}  // namespace vitrine::scene
