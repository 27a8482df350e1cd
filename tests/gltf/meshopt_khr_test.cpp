// KHR_meshopt_compression through the loader (gltf/meshopt_decode.h, meshopt_v1_decode.h):
// the gltfpack 1.3.0 fixtures of tests/data/meshopt_khr/ (README.md there) decode to their
// source assets' geometry, built views decode to their bytes, and bad views are refused with
// the KHR extension's JSON pointer. The animated fixtures' samplers: tests/anim.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <fstream>
#include <functional>
#include <iterator>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <meshoptimizer.h>

#include "meshopt_decode.h"
#include "load/test_util.h"

namespace vitrine::test {
namespace {

using nlohmann::json;
using Bytes = std::vector<uint8_t>;

const std::string kData = VITRINE_SOURCE_DIR "/tests/data/meshopt_khr/";
const std::string kModels = VITRINE_MODELS_DIR;

Bytes readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return Bytes(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// Compressed views in buffer 0, decoding into buffer 1 (a fallback without uri), under
// `extension` (KHR_meshopt_compression unless told).
class CompressedAsset {
 public:
  explicit CompressedAsset(std::string extension = scene::kMeshoptKhrExtension)
      : ext_(std::move(extension)) {}
  int add(const Bytes& encoded, uint32_t count, uint32_t stride, const char* mode,
          const char* filter = nullptr) {
    const int v = b.addBufferView(encoded);
    json& view = b.json()["bufferViews"][v];
    json ext = {{"buffer", 0},
                {"byteOffset", view["byteOffset"]},
                {"byteLength", encoded.size()},
                {"byteStride", stride},
                {"count", count},
                {"mode", mode}};
    if (filter) ext["filter"] = filter;
    view = {{"buffer", 1},
            {"byteOffset", fallbackLength_},
            {"byteLength", uint64_t(count) * stride},
            {"extensions", {{ext_, ext}}}};
    fallbackLength_ += (uint64_t(count) * stride + 3) & ~uint64_t(3);
    return v;
  }
  int accessor(int view, int componentType, const char* type, uint32_t count) {
    AccessorDesc d;
    d.bufferView = view;
    d.componentType = componentType;
    d.type = type;
    d.count = count;
    return b.addAccessor(d);
  }
  json& ext(int view) { return b.json()["bufferViews"][view]["extensions"][ext_]; }
  std::string write(const std::string& stem) {
    // Large enough for every view on it, edited ones included.
    for (const json& view : b.json()["bufferViews"])
      if (view["buffer"] == 1)
        fallbackLength_ = std::max(fallbackLength_, view["byteOffset"].get<uint64_t>() +
                                                        view["byteLength"].get<uint64_t>());
    b.json()["buffers"].push_back(
        {{"byteLength", fallbackLength_}, {"extensions", {{ext_, {{"fallback", true}}}}}});
    b.json()["extensionsUsed"] = {ext_};
    b.json()["extensionsRequired"] = {ext_};
    return b.writeGltf(stem);
  }
  AssetBuilder b;

 private:
  std::string ext_;
  uint64_t fallbackLength_ = 0;
};

const Bytes& xorStream() {
  static const Bytes s = readFile(kData + "vectors/xor.bin");  // 200 x 8 bytes, version 1
  return s;
}

TEST(MeshoptKhr, VersionOneAndLibraryStreamsDecodeInOneAsset) {
  // A version 1 stream (ours), a version 0 stream and a triangle stream (the library's).
  const std::vector<uint32_t> triangles = {0, 1, 2, 2, 3, 0, 1, 4, 5};
  Bytes tri(meshopt_encodeIndexBufferBound(triangles.size(), 6));
  tri.resize(meshopt_encodeIndexBuffer(tri.data(), tri.size(), triangles.data(), triangles.size()));
  const std::vector<float> values = {1.5f, -2, 3e6f, 0, 7, 8, 9, 10};
  Bytes v0(meshopt_encodeVertexBufferBound(2, 16));
  v0.resize(meshopt_encodeVertexBuffer(v0.data(), v0.size(), values.data(), 2, 16));
  ASSERT_EQ(v0[0], 0xa0);
  CompressedAsset m;
  const int a = m.accessor(m.add(xorStream(), 200, 8, "ATTRIBUTES"), gl::kFloat, "VEC2", 200);
  const int t = m.accessor(m.add(tri, 9, 2, "TRIANGLES"), gl::kUnsignedShort, "SCALAR", 9);
  const int v = m.accessor(m.add(v0, 2, 16, "ATTRIBUTES"), gl::kFloat, "VEC4", 2);
  scene::GltfDocument doc;
  ASSERT_EQ(scene::readGltfDocument(m.write("meshopt_khr_views"), doc), "");
  EXPECT_TRUE(doc.model.buffers[1].data.empty());  // the KHR fallback is never loaded
  std::vector<float> floats;
  ASSERT_EQ(scene::readAccessor(doc, uint32_t(a), floats), "");
  const Bytes expected = readFile(kData + "vectors/xor.raw");
  ASSERT_EQ(floats.size() * 4, expected.size());
  EXPECT_EQ(std::memcmp(floats.data(), expected.data(), expected.size()), 0);
  std::vector<uint32_t> indices;
  ASSERT_EQ(scene::readAccessor(doc, uint32_t(t), indices), "");
  ASSERT_EQ(indices.size(), 9u);
  for (size_t i = 0; i < 9; i += 3)  // the codec may rotate a triangle's corners
    EXPECT_TRUE(
        std::is_permutation(indices.begin() + i, indices.begin() + i + 3, triangles.begin() + i));
  ASSERT_EQ(scene::readAccessor(doc, uint32_t(v), floats), "");
  EXPECT_EQ(floats, values);
}

// An asset of one KHR view (the xor vector) that `edit` breaks; the load error without path.
std::string brokenError(const std::string& stem, const std::function<void(CompressedAsset&)>& edit,
                        std::string extension = scene::kMeshoptKhrExtension,
                        const Bytes& stream = xorStream()) {
  CompressedAsset m(extension);
  m.accessor(m.add(stream, 200, 8, "ATTRIBUTES"), gl::kFloat, "VEC2", 200);
  edit(m);
  const std::string path = m.write(stem);
  const std::string err = loadError(path);
  return err.rfind(path + ": ", 0) == 0 ? err.substr(path.size() + 2) : err;
}

TEST(MeshoptKhr, MalformedViewsNameTheirPointer) {
  Bytes cut = xorStream();
  cut.erase(cut.begin() + 100);
  EXPECT_EQ(brokenError(
                "meshopt_khr_cut", [](CompressedAsset&) {}, scene::kMeshoptKhrExtension, cut),
            "/bufferViews/0/extensions/KHR_meshopt_compression: attribute stream v1: block 0, "
            "byte 6: a group's packed deltas runs past the data (needs 8 bytes at offset 447, "
            "the tail block starts at 454)");
  // A count that lies, with the bufferView's byteLength lying along.
  EXPECT_EQ(brokenError("meshopt_khr_count",
                        [](CompressedAsset& m) {
                          m.ext(0)["count"] = 100000;
                          m.b.json()["bufferViews"][0]["byteLength"] = 800000;
                          m.b.json()["accessors"][0]["count"] = 100000;
                        }),
            "/bufferViews/0/extensions/KHR_meshopt_compression: attribute stream v1: block 0, "
            "byte 3: a group of bytes runs past the data (needs 16 bytes at offset 442, the tail "
            "block starts at 455)");
  // EXT_meshopt_compression has no version 1: the library's refusal.
  EXPECT_EQ(brokenError(
                "meshopt_khr_as_ext", [](CompressedAsset&) {}, scene::kMeshoptExtension),
            "/bufferViews/0/extensions/EXT_meshopt_compression: meshopt_decodeVertexBuffer "
            "failed (-1: unknown stream header or version)");
  // COLOR with 12-byte elements (the layout is checked before any decoding).
  EXPECT_EQ(brokenError("meshopt_khr_color_stride",
                        [](CompressedAsset& m) {
                          m.ext(0)["filter"] = "COLOR";
                          m.ext(0)["byteStride"] = 12;
                          m.b.json()["bufferViews"][0]["byteLength"] = 2400;
                        }),
            "/bufferViews/0/extensions/KHR_meshopt_compression: byteStride 12 must be 4 or 8 "
            "with the COLOR filter");
  EXPECT_EQ(brokenError("meshopt_khr_both",
                        [](CompressedAsset& m) {
                          json& e = m.b.json()["bufferViews"][0]["extensions"];
                          e["EXT_meshopt_compression"] = e["KHR_meshopt_compression"];
                        }),
            "/bufferViews/0/extensions: KHR_meshopt_compression and EXT_meshopt_compression must "
            "not both be used on one bufferView");
  const std::string extColor = brokenError(
      "meshopt_ext_color", [](CompressedAsset& m) { m.ext(0)["filter"] = "COLOR"; },
      scene::kMeshoptExtension);
  EXPECT_EQ(extColor.rfind("/bufferViews/0/extensions/EXT_meshopt_compression/filter: ", 0), 0u)
      << extColor;
}

TEST(MeshoptKhr, DecodedSizesAreReservedFromTheBudgetBeforeDecoding) {
  // 2^28 elements of 256 bytes (64 GiB) from a 1 KiB stream: refused before any allocation.
  const std::string err = brokenError("meshopt_khr_budget", [](CompressedAsset& m) {
    m.ext(0)["count"] = uint64_t(1) << 28;
    m.ext(0)["byteStride"] = 256;
    m.b.json()["bufferViews"][0]["byteLength"] = uint64_t(1) << 36;
    m.b.json()["accessors"][0]["count"] = 2;
  });
  EXPECT_EQ(err.rfind("/bufferViews/0/extensions/KHR_meshopt_compression: the decoded bufferView "
                      "needs 64.0 GiB, more than the",
                      0),
            0u)
      << err;
}

// ---- gltfpack fixtures against their sources ----

// One triangle corner, in world space (skinned vertices at the skin's bind pose).
struct Corner {
  glm::vec3 position{0.0f}, normal{0.0f};
  glm::vec2 uv{0.0f};
  glm::vec4 color{1.0f};
  std::vector<glm::vec3> morph;  // position deltas per target
};
using Triangle = std::array<Corner, 3>;

// The base colour texture's KHR_texture_transform offset and scale of material `m` (gltfpack
// puts the dequantization of texture coordinates there), identity without one.
std::pair<glm::vec2, glm::vec2> uvTransform(const scene::GltfDocument& doc, int m) {
  glm::vec2 offset(0.0f), scale(1.0f);
  const json& materials = doc.json.contains("materials") ? doc.json["materials"] : json();
  if (m < 0 || size_t(m) >= materials.size()) return {offset, scale};
  const json t = materials[size_t(m)].value(
      "/pbrMetallicRoughness/baseColorTexture/extensions/"
      "KHR_texture_transform"_json_pointer,
      json::object());
  if (t.contains("offset")) offset = {t["offset"][0].get<float>(), t["offset"][1].get<float>()};
  if (t.contains("scale")) scale = {t["scale"][0].get<float>(), t["scale"][1].get<float>()};
  return {offset, scale};
}

std::vector<Triangle> worldTriangles(const scene::LoadResult& r) {
  const scene::Scene& s = *r.scene;
  std::vector<Triangle> out;
  for (size_t n = 0; n < s.nodes.size(); ++n) {
    const scene::Node& node = s.nodes[n];
    if (node.mesh < 0) continue;
    for (const scene::Primitive& p : s.meshes[size_t(node.mesh)].primitives) {
      const auto [uvOffset, uvScale] = uvTransform(*r.document, p.material);
      auto matrixOf = [&](uint32_t v) {
        if (node.skin < 0 || p.joints.empty()) return glm::mat4(s.world[n]);
        const scene::Skin& skin = s.skins[size_t(node.skin)];
        glm::mat4 m(0.0f);
        for (int i = 0; i < 4; ++i) {
          const size_t j = p.joints[v][i];
          m += p.weights[v][i] * (s.world[size_t(skin.joints[j])] * skin.inverseBindMatrices[j]);
        }
        return m;
      };
      for (size_t i = 0; i + 2 < p.indices.size(); i += 3) {
        Triangle t;
        for (size_t c = 0; c < 3; ++c) {
          const uint32_t v = p.indices[i + c];
          const glm::mat4 m = matrixOf(v);
          const glm::mat3 linear(m);
          Corner& k = t[c];
          k.position = glm::vec3(m * glm::vec4(p.positions[v], 1.0f));
          k.normal = glm::normalize(glm::transpose(glm::inverse(linear)) * p.normals[v]);
          if (!p.texcoords[0].empty()) k.uv = p.texcoords[0][v] * uvScale + uvOffset;
          if (!p.colors.empty()) k.color = p.colors[v];
          for (const scene::MorphTarget& target : p.targets)
            k.morph.push_back(target.positions.empty() ? glm::vec3(0.0f)
                                                       : linear * target.positions[v]);
        }
        out.push_back(t);
      }
    }
  }
  return out;
}

struct Tolerance {
  float position, normal, uv, color;
};

// The largest component difference of each attribute: position (morph deltas included),
// normal, uv, colour.
std::array<float, 4> deviation(const Corner& a, const Corner& b) {
  auto d = [](auto x, auto y) {
    float m = 0;
    for (int i = 0; i < x.length(); ++i) m = std::max(m, std::abs(x[i] - y[i]));
    return m;
  };
  float position = d(a.position, b.position);
  for (size_t i = 0; i < std::min(a.morph.size(), b.morph.size()); ++i)
    position = std::max(position, d(a.morph[i], b.morph[i]));
  if (a.morph.size() != b.morph.size()) position = INFINITY;
  return {position, d(a.normal, b.normal), d(a.uv, b.uv), d(a.color, b.color)};
}

// The worst deviations of triangle `g` against `w` with w's corners rotated by r.
std::array<float, 4> deviation(const Triangle& g, const Triangle& w, size_t r) {
  std::array<float, 4> worst{};
  for (size_t c = 0; c < 3; ++c) {
    const std::array<float, 4> d = deviation(g[c], w[(r + c) % 3]);
    for (size_t k = 0; k < 4; ++k) worst[k] = std::max(worst[k], d[k]);
  }
  return worst;
}

bool within(const std::array<float, 4>& d, const Tolerance& t) {
  return d[0] <= t.position && d[1] <= t.normal && d[2] <= t.uv && d[3] <= t.color;
}

// Every packed triangle matches a distinct source triangle (same winding, any first corner).
void expectSameTriangles(const std::string& source, const std::string& packed,
                         const Tolerance& tol) {
  const scene::LoadResult a = scene::loadScene(source);
  const scene::LoadResult b = scene::loadScene(packed);
  ASSERT_EQ(a.error, "");
  ASSERT_EQ(b.error, "");
  for (const std::string& w : b.warnings)
    EXPECT_EQ(w.find("not supported"), std::string::npos) << w;
  const std::vector<Triangle> want = worldTriangles(a), got = worldTriangles(b);
  ASSERT_EQ(got.size(), want.size()) << packed;
  std::vector<bool> used(want.size(), false);
  for (size_t i = 0; i < got.size(); ++i) {
    bool found = false;
    std::array<float, 4> closest{INFINITY, INFINITY, INFINITY, INFINITY};  // for the message
    for (size_t j = 0; j < want.size() && !found; ++j) {
      if (used[j]) continue;
      for (size_t r = 0; r < 3 && !found; ++r) {
        const std::array<float, 4> d = deviation(got[i], want[j], r);
        found = within(d, tol);
        if (d[0] < closest[0]) closest = d;
      }
      if (found) used[j] = true;
    }
    EXPECT_TRUE(found) << packed << ": triangle " << i << "; the closest source triangle is off by "
                       << closest[0] << " (position), " << closest[1] << " (normal), " << closest[2]
                       << " (uv), " << closest[3] << " (colour)";
  }
}

// gltfpack's defaults: 14-bit positions (the box and cube span 1 to 2 units), 12-bit
// texture coordinates, 8-bit octahedral normals, 8-bit COLOR-filtered colours.
constexpr Tolerance kQuantized = {2e-4f, 0.02f, 1e-3f, 0.01f};
// -noq: positions and texture coordinates are floats, losslessly coded; normals stay floats;
// colours still go through the (lossy) 8-bit COLOR filter.
constexpr Tolerance kLossless = {1e-6f, 1e-6f, 1e-6f, 0.01f};

struct Fixture {
  const char* source;  // under VITRINE_MODELS_DIR, or tests/data/meshopt_khr/
  const char* packed;
  Tolerance tolerance;
};

TEST(MeshoptKhr, GltfpackFixturesMatchTheirSources) {
  const Fixture fixtures[] = {
      {"BoxTextured-glTF/BoxTextured.gltf", "BoxTextured-khr.glb", kQuantized},
      {"BoxTextured-glTF/BoxTextured.gltf", "BoxTextured-khr-noq.glb", kLossless},
      {"glTF-Sample-Models/AnimatedMorphCube-glTF/AnimatedMorphCube.gltf",
       "AnimatedMorphCube-khr.glb", kQuantized},
      {"glTF-Sample-Models/AnimatedMorphCube-glTF/AnimatedMorphCube.gltf",
       "AnimatedMorphCube-khr-noq.glb", kLossless},
      {"simple_skin/simple_skin.gltf", "simple_skin-khr.glb", kQuantized},
      {"simple_skin/simple_skin.gltf", "simple_skin-khr-noq.glb", kLossless},
      {nullptr, "colored_grid-khr.glb", kQuantized},
      {nullptr, "colored_grid-khr-noq.glb", kLossless},
      // Floating-point positions through the EXPONENTIAL filter: gltfpack -vpf keeps fewer
      // mantissa bits (measured 3.3e-6 here; the flat normals made from them 2.3e-5); colours
      // through the 16-bit COLOR filter at 12 bits (step 2.4e-4, measured 3.1e-4).
      {nullptr, "colored_grid-khr-vpf.glb", {1e-5f, 1e-4f, 1e-6f, 5e-4f}},
  };
  for (const Fixture& f : fixtures) {
    SCOPED_TRACE(f.packed);
    expectSameTriangles(f.source ? kModels + "/" + f.source : kData + "colored_grid.gltf",
                        kData + f.packed, f.tolerance);
  }
}

TEST(MeshoptKhr, TheTexturedBoxKeepsItsImage) {
  // The GLB's image is a plain bufferView beside the compressed ones.
  const scene::LoadResult a = scene::loadScene(kModels + "/BoxTextured-glTF/BoxTextured.gltf");
  const scene::LoadResult b = scene::loadScene(kData + "BoxTextured-khr.glb");
  ASSERT_EQ(a.error, "");
  ASSERT_EQ(b.error, "");
  ASSERT_EQ(b.scene->images.size(), 1u);
  EXPECT_EQ(b.scene->images[0].rgba8, a.scene->images[0].rgba8);
}

}  // namespace
}  // namespace vitrine::test
