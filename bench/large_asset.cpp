#include "large_asset.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <numbers>
#include <stdexcept>
#include <thread>
#include <vector>

#include <stb_image_write.h>

#include "asset_builder.h"

namespace vitrine::bench {
namespace {

using test::AssetBuilder;
using test::PrimitiveDesc;
using Json = nlohmann::json;

constexpr float kTau = 2.0f * std::numbers::pi_v<float>;

// sin over a 4096-entry table: the texture loop calls it once per pixel.
struct SinTable {
  std::array<float, 4096> v;
  SinTable() {
    for (size_t i = 0; i < v.size(); ++i) v[i] = std::sin(kTau * float(i) / float(v.size()));
  }
  float operator()(float radians) const {
    return v[size_t(int64_t(radians * (float(v.size()) / kTau))) & (v.size() - 1)];
  }
};

// Image `t`: a smooth field (a plane wave plus rings around a point that moves with t) cut into
// nine bands of flat colour, each band shaded in four steps, over a faint vertical gradient.
// Flat areas and hard band edges compress like painted albedo (~250-400 KiB as PNG), a smooth
// gradient everywhere would not (~1.5 MiB), and noise would be unrealistic.
std::vector<uint8_t> texturePixels(int t, int n) {
  static const SinTable sinT;
  const float a = float(1 + t % 5), b = float(1 + (t / 5) % 4), c = float(3 + t % 7);
  const float phase = float(t) * 0.7f;
  const float cx = 0.3f + 0.4f * std::fmod(float(t) * 0.37f, 1.0f);
  const float cy = 0.3f + 0.4f * std::fmod(float(t) * 0.61f, 1.0f);
  std::array<std::array<float, 3>, 9> bandColour;
  for (int band = 0; band < 9; ++band)
    for (int k = 0; k < 3; ++k)
      bandColour[size_t(band)][size_t(k)] =
          0.5f + 0.4f * std::sin(float(band) * (1.3f + 0.4f * float(k)) + phase * float(k + 1));
  std::vector<uint8_t> px(size_t(n) * size_t(n) * 3);
  for (int y = 0; y < n; ++y) {
    const float fy = float(y) / float(n);
    for (int x = 0; x < n; ++x) {
      const float fx = float(x) / float(n);
      const float r = std::sqrt((fx - cx) * (fx - cx) + (fy - cy) * (fy - cy));
      const float wave = sinT(kTau * (a * fx + b * fy) + phase + 100.0f);  // +100: positive
      const float ring = sinT(kTau * 2.0f * c * r + wave + 100.0f);
      const float level = (0.5f * wave + 0.5f * ring + 1.0f) * 4.0f;  // 0..8
      const float band = std::min(std::floor(level), 8.0f);
      const float shade = 0.9f + 0.1f * std::floor((level - band) * 4.0f) / 4.0f;
      uint8_t* p = &px[(size_t(y) * size_t(n) + size_t(x)) * 3];
      for (size_t k = 0; k < 3; ++k) {
        const float v = bandColour[size_t(band)][k] * shade + 0.05f * fy;
        p[k] = uint8_t(std::clamp(v, 0.0f, 1.0f) * 255.0f);
      }
    }
  }
  return px;
}

void writeTextures(const std::string& dir, const LargeAssetCounts& counts) {
  // One filter for every row (sub) instead of stb's trial of all five per row: a third of the
  // encoding time, the same size on this content.
  stbi_write_force_png_filter = 1;
  stbi_write_png_compression_level = 4;
  std::atomic<int> next{0}, failed{-1};
  auto work = [&] {
    for (int t = next++; t < counts.textures; t = next++) {
      const std::vector<uint8_t> px = texturePixels(t, counts.textureSize);
      char name[32];
      std::snprintf(name, sizeof name, "/texture_%03d.png", t);
      if (!stbi_write_png((dir + name).c_str(), counts.textureSize, counts.textureSize, 3,
                          px.data(), counts.textureSize * 3))
        failed = t;
    }
  };
  std::vector<std::thread> threads(std::max(1u, std::thread::hardware_concurrency()));
  for (std::thread& th : threads) th = std::thread(work);
  for (std::thread& th : threads) th.join();
  if (failed >= 0)
    throw std::runtime_error("cannot write texture " + std::to_string(failed.load()) + " in " +
                             dir);
}

// Mesh m: a (g+1) x (g+1) vertex grid wrapped around a sphere (seam and poles duplicated) with a
// radius rippled differently per mesh; 2 g^2 triangles, UNSIGNED_SHORT indices.
int addBlob(AssetBuilder& b, int m, int g, int material) {
  std::vector<glm::vec3> positions, normals;
  std::vector<glm::vec2> uvs;
  const float k1 = float(2 + m % 5), k2 = float(1 + m % 3), phase = float(m) * 0.37f;
  for (int j = 0; j <= g; ++j)
    for (int i = 0; i <= g; ++i) {
      const float u = float(i) / float(g), v = float(j) / float(g);
      const float theta = kTau * u, phi = 0.5f * kTau * v;
      const glm::vec3 n(std::sin(phi) * std::cos(theta), std::cos(phi),
                        std::sin(phi) * std::sin(theta));
      const float radius = 1.0f + 0.15f * std::sin(k1 * theta + phase) * std::sin(k2 * phi);
      positions.push_back(radius * n);
      normals.push_back(n);
      uvs.push_back({u, v});
    }
  std::vector<uint32_t> indices;
  for (int j = 0; j < g; ++j)
    for (int i = 0; i < g; ++i) {
      const uint32_t q = uint32_t(j * (g + 1) + i), below = q + uint32_t(g + 1);
      indices.insert(indices.end(), {q, below, q + 1, q + 1, below, below + 1});
    }
  PrimitiveDesc p;
  p.attributes["POSITION"] = b.addPositions(positions);
  p.attributes["NORMAL"] = b.addVec3(normals);
  p.attributes["TEXCOORD_0"] = b.addVec2(uvs);
  p.indices = b.addIndices(indices, test::gl::kUnsignedShort);
  p.material = material;
  return b.addMesh({p}, "blob" + std::to_string(m));
}

}  // namespace

std::string writeLargeAsset(const std::string& dir, const LargeAssetCounts& counts) {
  std::filesystem::create_directories(dir);
  // The PNGs are most of the time (all cores); the JSON and the buffer take about a second.
  writeTextures(dir, counts);

  AssetBuilder b;
  const int sampler =
      b.addSampler({{"magFilter", 9729}, {"minFilter", 9987}});  // LINEAR(_MIPMAP_LINEAR)
  for (int t = 0; t < counts.textures; ++t) {
    char uri[32];
    std::snprintf(uri, sizeof uri, "texture_%03d.png", t);
    b.json()["images"].push_back({{"uri", uri}, {"mimeType", "image/png"}});
    const int texture = b.addTexture(t, sampler);
    b.addMaterial({{"pbrMetallicRoughness",
                    {{"baseColorTexture", {{"index", texture}}},
                     {"metallicFactor", 0.0},
                     {"roughnessFactor", 0.6}}}});
  }
  const int grid = int(std::lround(std::sqrt(counts.trianglesPerMesh / 2)));
  const int columns = int(std::ceil(std::sqrt(double(counts.meshes))));
  std::vector<int> nodes;
  for (int m = 0; m < counts.meshes; ++m) {
    const int mesh = addBlob(b, m, grid, m % counts.textures);
    nodes.push_back(
        b.addMeshNode(mesh, {3.0f * float(m % columns), 0.0f, 3.0f * float(m / columns)}));
  }
  b.addScene(nodes);

  // Animation: one shared time accessor; per node a bobbing translation and a spin about +Y.
  std::vector<float> times;
  for (int k = 0; k < counts.keyframes; ++k)
    times.push_back(2.0f * float(k) / float(counts.keyframes - 1));
  test::AccessorDesc input;
  input.bufferView = b.addBufferView(times);
  input.count = uint32_t(times.size());
  input.min = {times.front()};
  input.max = {times.back()};
  const int timeAccessor = b.addAccessor(input);
  Json samplers = Json::array(), channels = Json::array();
  for (int c = 0; c < counts.channels; ++c) {
    const int node = (c / 2) % counts.meshes;
    const bool rotation = c % 2 == 1;
    std::vector<float> values;
    for (int k = 0; k < counts.keyframes; ++k) {
      const float s = kTau * float(k) / float(counts.keyframes - 1);
      if (rotation) {  // unit quaternion (x, y, z, w) about +Y, glTF 2.0 §5.4
        const float half = 0.5f * (s + float(node));
        values.insert(values.end(), {0.0f, std::sin(half), 0.0f, std::cos(half)});
      } else {
        values.insert(values.end(),
                      {3.0f * float(node % columns), 0.5f * std::sin(s + 0.1f * float(node)),
                       3.0f * float(node / columns)});
      }
    }
    const int output = b.addFloats(values, rotation ? "VEC4" : "VEC3");
    samplers.push_back({{"input", timeAccessor}, {"output", output}, {"interpolation", "LINEAR"}});
    channels.push_back(
        {{"sampler", c},
         {"target",
          {{"node", nodes[size_t(node)]}, {"path", rotation ? "rotation" : "translation"}}}});
  }
  b.json()["animations"] =
      Json::array({{{"name", "all"}, {"samplers", samplers}, {"channels", channels}}});

  const std::string path = dir + "/large.gltf";
  test::writeFile(dir + "/large.bin", b.bin().data(), b.bin().size());
  test::writeFile(path, b.gltfText("large.bin"));
  return path;
}

}  // namespace vitrine::bench
