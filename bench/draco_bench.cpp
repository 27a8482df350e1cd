// KHR_draco_mesh_compression decoding (issue 15): decodeDracoPrimitive() (libdraco's decoder
// plus our checks and the copy into the accessors' layout) against draco::Decoder alone on the
// same streams, in the same run. Throughput is MB/s of decoded output (the accessors' bytes).
// Streams: sample models re-encoded by tests/common/draco_encoder.h, and a generated grid of
// 1.1M triangles with normals and texcoords.
#include <cmath>

#include <benchmark/benchmark.h>

#include <draco/compression/decode.h>

#include "draco_decode.h"
#include "draco_encoder.h"
#include "gltf_enums.h"

namespace {

using namespace vitrine;

std::vector<test::EncodedPrimitive> modelStreams(const std::string& relative) {
  scene::GltfDocument doc;
  if (!scene::readGltfDocument("/usr/share/assimp/models/glTF2/" + relative, doc).empty())
    return {};
  std::vector<test::EncodedPrimitive> out;
  for (const auto& mesh : doc.json["meshes"])
    for (const auto& prim : mesh["primitives"]) {
      test::EncodedPrimitive e;
      if (test::encodeDracoPrimitive(doc, prim, {}, e).empty()) out.push_back(std::move(e));
    }
  return out;
}

// A 750 x 750 vertex grid: 1,122,002 triangles on a gentle wave.
std::vector<test::EncodedPrimitive> gridStream() {
  const int n = 750;
  std::vector<glm::vec3> positions, normals;
  std::vector<glm::vec2> uvs;
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x) {
      const float u = float(x) / (n - 1), v = float(y) / (n - 1);
      positions.push_back({u, 0.05f * std::sin(20 * u) * std::cos(20 * v), v});
      normals.push_back(glm::normalize(glm::vec3(-std::cos(20 * u) * std::cos(20 * v), 1.0f,
                                                 std::sin(20 * u) * std::sin(20 * v))));
      uvs.push_back({u, v});
    }
  std::vector<uint32_t> indices;
  for (int y = 0; y + 1 < n; ++y)
    for (int x = 0; x + 1 < n; ++x) {
      const uint32_t a = y * n + x, b = a + 1, c = a + n, d = c + 1;
      indices.insert(indices.end(), {a, c, b, b, c, d});
    }
  return {test::encodeDracoMesh(positions, normals, uvs, indices)};
}

const std::vector<test::EncodedPrimitive>& streams(int which) {
  static const std::vector<test::EncodedPrimitive> box =
      modelStreams("BoxTextured-glTF-Binary/BoxTextured.glb");
  static const std::vector<test::EncodedPrimitive> engine =
      modelStreams("2CylinderEngine-glTF-Binary/2CylinderEngine.glb");
  static const std::vector<test::EncodedPrimitive> skin =
      modelStreams("simple_skin/simple_skin.gltf");
  static const std::vector<test::EncodedPrimitive> grid = gridStream();
  return which == 0 ? box : which == 1 ? engine : which == 2 ? skin : grid;
}

const char* kNames[] = {"BoxTextured", "2CylinderEngine", "simple_skin", "grid_1.1M_triangles"};

void BM_Vitrine(benchmark::State& state) {
  const auto& s = streams(int(state.range(0)));
  state.SetLabel(kNames[state.range(0)]);
  uint64_t bytes = 0;
  for (auto _ : state) {
    scene::MemoryBudget budget;
    for (const test::EncodedPrimitive& e : s) {
      scene::DracoDecoded out;
      if (!scene::decodeDracoPrimitive(e.stream, e.request, budget, "/bench", out).empty()) {
        state.SkipWithError("decode failed");
        return;
      }
      bytes += out.bytes();
      budget.release(out.bytes());
      benchmark::DoNotOptimize(out);
    }
  }
  state.SetBytesProcessed(int64_t(bytes));
}

// The same streams through draco::Decoder alone; bytes counted as our output's, so the two
// rates compare time for the same work.
void BM_DracoDecoderAlone(benchmark::State& state) {
  const auto& s = streams(int(state.range(0)));
  state.SetLabel(kNames[state.range(0)]);
  uint64_t perPass = 0;
  for (const test::EncodedPrimitive& e : s) {
    for (const auto& a : e.request.attributes)
      perPass += uint64_t(a.format.count) * a.format.components * 4;  // float or 4-byte here
    perPass += uint64_t(e.request.indices->count) *
               scene::gltf::componentSize(e.request.indices->componentType);
  }
  uint64_t bytes = 0;
  for (auto _ : state) {
    for (const test::EncodedPrimitive& e : s) {
      draco::DecoderBuffer buffer;
      buffer.Init(reinterpret_cast<const char*>(e.stream.data()), e.stream.size());
      draco::Decoder decoder;
      auto mesh = decoder.DecodeMeshFromBuffer(&buffer);
      if (!mesh.ok()) {
        state.SkipWithError("decode failed");
        return;
      }
      benchmark::DoNotOptimize(mesh);
    }
    bytes += perPass;
  }
  state.SetBytesProcessed(int64_t(bytes));
}

BENCHMARK(BM_Vitrine)->DenseRange(0, 3)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DracoDecoderAlone)->DenseRange(0, 3)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
