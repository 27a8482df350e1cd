// EXT_meshopt_compression decode throughput (issue 15): the loader's decodeMeshoptViews() (JSON
// checks, budget reservation, allocation, parallelFor over the views) next to the library's
// decode and filter calls alone on the same streams into preallocated memory, in MB/s of
// decoded output. Assets: 2CylinderEngine packed by gltfpack -cc at start-up, and a generated
// grid of 1,004,018 triangles encoded with the library. Also: loadScene of that grid quantized
// (KHR_mesh_quantization, gltfpack) vs float (gltfpack -noq), both uncompressed, which is what
// dequantizing at load costs. Results: bench/RESULTS.md.
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <span>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>
#include <meshoptimizer.h>
#include <nlohmann/json.hpp>

#include "buffer_views.h"
#include "gltf_document.h"
#include "loader.h"
#include "meshopt_decode.h"

namespace {

using namespace vitrine::scene;
using nlohmann::json;

const std::string kDir = "/tmp/vitrine-meshopt-bench";

void writeBytes(const std::string& path, const void* data, size_t size) {
  std::ofstream(path, std::ios::binary)
      .write(static_cast<const char*>(data), std::streamsize(size));
}

// A (n+1) x (n+1) vertex grid, 2n^2 triangles, as a float .gltf (positions, normals, u32
// indices); returns its path. With `compressed`, the views are meshopt streams (positions
// ATTRIBUTES, normals OCTAHEDRAL, indices TRIANGLES) and buffer 1 is a fallback without uri.
std::string gridAsset(uint32_t n, bool compressed) {
  std::vector<float> positions, normals4;
  std::vector<uint32_t> indices;
  for (uint32_t y = 0; y <= n; ++y)
    for (uint32_t x = 0; x <= n; ++x) {
      const float fx = float(x) / float(n), fy = float(y) / float(n);
      positions.insert(positions.end(),
                       {fx, fy, 0.1f * std::sin(fx * 20.0f) * std::cos(fy * 20.0f)});
      normals4.insert(normals4.end(), {0.0f, 0.0f, 1.0f, 0.0f});
    }
  for (uint32_t y = 0; y < n; ++y)
    for (uint32_t x = 0; x < n; ++x) {
      const uint32_t i = y * (n + 1) + x;
      indices.insert(indices.end(), {i, i + 1, i + n + 2, i, i + n + 2, i + n + 1});
    }
  const uint32_t vertices = (n + 1) * (n + 1);
  std::vector<int8_t> normals(size_t(vertices) * 4);
  meshopt_encodeFilterOct(normals.data(), vertices, 4, 8, normals4.data());
  struct View {
    const void* data;
    size_t count, stride;
    const char* mode;
    const char* filter;
  };
  const View views[] = {{positions.data(), vertices, 12, "ATTRIBUTES", nullptr},
                        {normals.data(), vertices, 4, "ATTRIBUTES", "OCTAHEDRAL"},
                        {indices.data(), indices.size(), 4, "TRIANGLES", nullptr}};
  std::vector<uint8_t> bin;
  json doc = {{"asset", {{"version", "2.0"}}}};
  uint64_t fallback = 0;
  for (const View& v : views) {
    std::vector<uint8_t> bytes;
    if (!compressed) {
      bytes.assign(static_cast<const uint8_t*>(v.data),
                   static_cast<const uint8_t*>(v.data) + v.count * v.stride);
    } else if (std::strcmp(v.mode, "TRIANGLES") == 0) {
      bytes.resize(meshopt_encodeIndexBufferBound(v.count, vertices));
      bytes.resize(meshopt_encodeIndexBuffer(bytes.data(), bytes.size(),
                                             static_cast<const uint32_t*>(v.data), v.count));
    } else {
      bytes.resize(meshopt_encodeVertexBufferBound(v.count, v.stride));
      bytes.resize(
          meshopt_encodeVertexBuffer(bytes.data(), bytes.size(), v.data, v.count, v.stride));
    }
    json view = {{"buffer", 0}, {"byteOffset", bin.size()}, {"byteLength", bytes.size()}};
    if (compressed) {
      json ext = {{"buffer", 0},
                  {"byteOffset", bin.size()},
                  {"byteLength", bytes.size()},
                  {"byteStride", v.stride},
                  {"count", v.count},
                  {"mode", v.mode}};
      if (v.filter) ext["filter"] = v.filter;
      view = {{"buffer", 1},
              {"byteOffset", fallback},
              {"byteLength", v.count * v.stride},
              {"extensions", {{"EXT_meshopt_compression", ext}}}};
      fallback += v.count * v.stride;
    }
    doc["bufferViews"].push_back(view);
    bin.insert(bin.end(), bytes.begin(), bytes.end());
    while (bin.size() % 4) bin.push_back(0);
  }
  const std::string stem = kDir + "/grid" + (compressed ? "-meshopt" : "-float");
  doc["buffers"] = {{{"uri", stem.substr(kDir.size() + 1) + ".bin"}, {"byteLength", bin.size()}}};
  if (compressed) {
    doc["buffers"].push_back({{"byteLength", fallback},
                              {"extensions", {{"EXT_meshopt_compression", {{"fallback", true}}}}}});
    doc["extensionsUsed"] = doc["extensionsRequired"] = {"EXT_meshopt_compression"};
  }
  doc["accessors"] = {
      {{"bufferView", 0},
       {"componentType", 5126},
       {"count", vertices},
       {"type", "VEC3"},
       {"min", {0, 0, -0.1}},
       {"max", {1, 1, 0.1}}},
      {{"bufferView", 1},
       {"componentType", 5120},
       {"normalized", true},
       {"count", vertices},
       {"type", "VEC3"}},
      {{"bufferView", 2}, {"componentType", 5125}, {"count", indices.size()}, {"type", "SCALAR"}}};
  doc["bufferViews"][0]["byteStride"] = 12;
  doc["bufferViews"][1]["byteStride"] = 4;
  json primitive = {{"attributes", {{"POSITION", 0}, {"NORMAL", 1}}}, {"indices", 2}};
  doc["meshes"] = json::array({{{"primitives", json::array({primitive})}}});
  doc["nodes"] = {{{"mesh", 0}}};
  doc["scenes"] = {{{"nodes", {0}}}};
  doc["scene"] = 0;
  const std::string text = doc.dump();
  writeBytes(stem + ".gltf", text.data(), text.size());
  writeBytes(stem + ".bin", bin.data(), bin.size());
  return stem + ".gltf";
}

std::string packed(const std::string& in, const std::string& flags, const std::string& name) {
  const std::string out = kDir + "/" + name + ".gltf";
  const std::string cmd = "gltfpack " + flags + " -i '" + in + "' -o '" + out + "' > /dev/null";
  if (std::system(cmd.c_str()) != 0) std::abort();
  return out;
}

const std::string& asset(int which) {
  static const std::vector<std::string> paths = [] {
    std::filesystem::create_directories(kDir);
    return std::vector<std::string>{
        packed("/usr/share/assimp/models/glTF2/2CylinderEngine-glTF-Binary/2CylinderEngine.glb",
               "-cc", "engine-cc"),
        gridAsset(708, true)};
  }();
  return paths[size_t(which)];
}

const char* const kNames[] = {"2CylinderEngine (gltfpack -cc)", "grid 1,004,018 triangles"};

// The loader's path: decodeMeshoptViews on a document read once.
void BM_LoaderDecode(benchmark::State& state) {
  GltfDocument doc;
  if (!readGltfDocument(asset(int(state.range(0))), doc).empty()) std::abort();
  const std::vector<std::string> readers = bufferViewReaders(doc.json);
  uint64_t bytes = 0;
  for (const auto& v : doc.decodedViews) bytes += v.size();
  for (auto _ : state) {
    for (auto& v : doc.decodedViews) DecodedBytes().swap(v);
    doc.budget->release(bytes);
    if (!decodeMeshoptViews(doc, readers).empty()) std::abort();
    benchmark::DoNotOptimize(doc.decodedViews.data());
  }
  state.SetBytesProcessed(int64_t(state.iterations() * bytes));
  state.SetLabel(kNames[state.range(0)]);
}

// The library alone: the same streams decoded serially into memory allocated once.
void BM_LibraryDecode(benchmark::State& state) {
  GltfDocument doc;
  if (!readGltfDocument(asset(int(state.range(0))), doc).empty()) std::abort();
  struct Job {
    MeshoptStream s;
    std::span<const uint8_t> in;
    std::vector<uint8_t> out;
  };
  std::vector<Job> jobs;
  uint64_t bytes = 0;
  for (size_t v = 0; v < doc.decodedViews.size(); ++v) {
    if (doc.decodedViews[v].empty()) continue;
    Job j;
    if (!parseMeshoptStream(doc.json, v, j.s).empty()) std::abort();
    j.in = std::span<const uint8_t>(doc.model.buffers[j.s.buffer].data)
               .subspan(j.s.byteOffset, j.s.byteLength);
    j.out.resize(j.s.count * j.s.byteStride);
    bytes += j.out.size();
    jobs.push_back(std::move(j));
  }
  for (auto _ : state) {
    for (Job& j : jobs) {
      const size_t n = j.s.count, stride = j.s.byteStride;
      using M = MeshoptStream::Mode;
      using F = MeshoptStream::Filter;
      if (j.s.mode == M::Attributes)
        meshopt_decodeVertexBuffer(j.out.data(), n, stride, j.in.data(), j.in.size());
      else if (j.s.mode == M::Triangles)
        meshopt_decodeIndexBuffer(j.out.data(), n, stride, j.in.data(), j.in.size());
      else
        meshopt_decodeIndexSequence(j.out.data(), n, stride, j.in.data(), j.in.size());
      if (j.s.filter == F::Octahedral) meshopt_decodeFilterOct(j.out.data(), n, stride);
      if (j.s.filter == F::Quaternion) meshopt_decodeFilterQuat(j.out.data(), n, stride);
      if (j.s.filter == F::Exponential) meshopt_decodeFilterExp(j.out.data(), n, stride);
      benchmark::DoNotOptimize(j.out.data());
    }
  }
  state.SetBytesProcessed(int64_t(state.iterations() * bytes));
  state.SetLabel(kNames[state.range(0)]);
}

// KHR_mesh_quantization dequantized at load: loadScene of the grid quantized vs float.
void BM_LoadGrid(benchmark::State& state) {
  static const std::string floatGrid = gridAsset(708, false);
  static const std::string quantized = packed(floatGrid, "-kn", "grid-quantized");
  static const std::string unquantized = packed(floatGrid, "-kn -noq", "grid-noq");
  const std::string& path = state.range(0) ? quantized : unquantized;
  for (auto _ : state) {
    LoadResult r = loadScene(path);
    if (!r.error.empty()) std::abort();
    benchmark::DoNotOptimize(r.scene.get());
  }
  state.SetLabel(state.range(0) ? "gltfpack (quantized)" : "gltfpack -noq (float)");
}

// Wall time: the loader decodes on several threads.
BENCHMARK(BM_LoaderDecode)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_LibraryDecode)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_LoadGrid)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
