// KHR_draco_mesh_compression (issue 15): sample models re-encoded with libdraco's encoder
// (tests/common/draco_encoder.h) load like their originals within the quantization step, and
// bad streams or mismatched fallback accessors are refused with the extension's JSON pointer.
#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>

#include <gtest/gtest.h>

#include "asset_builder.h"
#include "draco_decode.h"
#include "draco_encoder.h"
#include "gltf_enums.h"
#include "loader.h"

namespace vitrine::test {
namespace {

using nlohmann::json;
using scene::Primitive;

const std::string kAt = "/meshes/0/primitives/0/extensions/KHR_draco_mesh_compression";

std::string model(const std::string& relative) {
  return std::string(VITRINE_MODELS_DIR) + "/" + relative;
}

std::string outDir() {
  return tempPath("draco");
}

// Largest value range of any component of `values` (Draco quantizes every component over the
// attribute's largest range: compression/attributes/attribute_quantization_transform).
template <class V>
float range(const std::vector<V>& values) {
  float r = 0;
  for (int c = 0; c < V::length(); ++c) {
    float lo = INFINITY, hi = -INFINITY;
    for (const V& v : values) lo = std::min(lo, v[c]), hi = std::max(hi, v[c]);
    if (!values.empty()) r = std::max(r, hi - lo);
  }
  return r;
}

// How far decoded values may lie from the originals: one quantization step of `bits` over the
// range (the rounding error is half a step; the other half is float slack).
struct Tolerance {
  float position = 0, normal = 0, texcoord = 0, weight = 0;
};

Tolerance toleranceFor(const Primitive& p, const DracoEncodeOptions& o) {
  Tolerance t;
  t.position = range(p.positions) / float((1 << o.positionBits) - 1) + 1e-6f;
  // Octahedral normals of normalBits: about 2 / 2^bits per component, and flat normals of
  // quantized positions turn further on thin triangles.
  t.normal = p.flatNormals ? 0.05f : 4.0f / float(1 << o.normalBits);
  t.texcoord = range(p.texcoords[0]) / float((1 << o.texcoordBits) - 1) + 1e-6f;
  t.weight = range(p.weights) / float((1 << o.genericBits) - 1) + 1e-6f;
  return t;
}

template <class V>
bool near(const std::vector<V>& a, uint32_t i, const std::vector<V>& b, uint32_t j, float tol) {
  if (a.empty() != b.empty()) return false;
  if (a.empty()) return true;
  for (int c = 0; c < V::length(); ++c)
    if (!(std::abs(float(a[i][c]) - float(b[j][c])) <= tol)) return false;
  return true;
}

bool sameCorner(const Primitive& a, uint32_t i, const Primitive& b, uint32_t j,
                const Tolerance& t) {
  return near(a.positions, i, b.positions, j, t.position) &&
         near(a.normals, i, b.normals, j, t.normal) &&
         near(a.texcoords[0], i, b.texcoords[0], j, t.texcoord) &&
         near(a.weights, i, b.weights, j, t.weight) && near(a.joints, i, b.joints, j, 0.0f);
}

// Whether two corners of triangle `tri` lie on the same point (within `tol`): Draco's encoder
// drops such triangles (2CylinderEngine has thousands).
bool degenerate(const Primitive& p, size_t tri, float tol) {
  for (int k = 0; k < 3; ++k) {
    const glm::vec3 d =
        p.positions[p.indices[tri * 3 + k]] - p.positions[p.indices[tri * 3 + (k + 1) % 3]];
    if (std::abs(d.x) <= tol && std::abs(d.y) <= tol && std::abs(d.z) <= tol) return true;
  }
  return false;
}

size_t properTriangles(const Primitive& p, float tol) {
  size_t n = 0;
  for (size_t tri = 0; tri < p.indices.size() / 3; ++tri) n += !degenerate(p, tri, tol);
  return n;
}

// Draco reorders vertices and triangles: every decoded triangle must match a distinct original
// one, corners in the same cyclic order (winding kept), every attribute within tolerance, and
// every original triangle left over must be degenerate. Candidates are found through a grid of
// triangle centroids.
void expectSameTriangles(const Primitive& original, const Primitive& decoded, const Tolerance& t) {
  ASSERT_LE(decoded.indices.size(), original.indices.size());
  const float cell = std::max(t.position * 8, 1e-5f);
  auto key = [&](const Primitive& p, size_t tri, int dx, int dy, int dz) {
    glm::vec3 c(0);
    for (int k = 0; k < 3; ++k) c += p.positions[p.indices[tri * 3 + k]] / 3.0f;
    const glm::ivec3 g = glm::ivec3(glm::floor(c / cell)) + glm::ivec3(dx, dy, dz);
    return std::tuple(g.x, g.y, g.z);
  };
  std::map<std::tuple<int, int, int>, std::vector<size_t>> grid;
  const size_t triangles = original.indices.size() / 3;
  for (size_t tri = 0; tri < triangles; ++tri) grid[key(original, tri, 0, 0, 0)].push_back(tri);
  std::vector<bool> used(triangles, false);
  size_t unmatched = 0;
  for (size_t d = 0; d < decoded.indices.size() / 3; ++d) {
    bool found = false;
    for (int dx = -1; dx <= 1 && !found; ++dx)
      for (int dy = -1; dy <= 1 && !found; ++dy)
        for (int dz = -1; dz <= 1 && !found; ++dz) {
          auto it = grid.find(key(decoded, d, dx, dy, dz));
          if (it == grid.end()) continue;
          for (size_t o : it->second) {
            if (used[o]) continue;
            for (int r = 0; r < 3 && !found; ++r) {
              bool all = true;
              for (int k = 0; k < 3 && all; ++k) {
                all = sameCorner(original, original.indices[o * 3 + (k + r) % 3], decoded,
                                 decoded.indices[d * 3 + k], t);
              }
              if (all) used[o] = found = true;
            }
            if (found) break;
          }
        }
    if (!found) ++unmatched;
  }
  EXPECT_EQ(unmatched, 0u) << "of " << triangles << " triangles";
  for (size_t o = 0; o < triangles; ++o)
    EXPECT_TRUE(used[o] || degenerate(original, o, 0.0f)) << "original triangle " << o << " lost";
}

struct RoundTripCase {
  const char* name;
  const char* path;
  int indexComponentType;  // 0: smallest
  int expectedIndexType;   // of the written indices accessors (first primitive)
  int speed = 5;           // 10: libdraco's sequential method, otherwise edgebreaker
};

class DracoRoundTrip : public testing::TestWithParam<RoundTripCase> {};

TEST_P(DracoRoundTrip, LoadsLikeTheOriginalWithinTheQuantizationStep) {
  const RoundTripCase& c = GetParam();
  DracoEncodeOptions options;
  options.indexComponentType = c.indexComponentType;
  options.speed = c.speed;
  std::string path;
  ASSERT_EQ(writeDracoGltf(model(c.path), outDir(), c.name, options, path), "");
  // The data can only come from the streams: no compressed accessor has a bufferView.
  json j;
  std::ifstream(path) >> j;
  const json& prim0 = j["meshes"][0]["primitives"][0];
  ASSERT_TRUE(prim0["extensions"].contains("KHR_draco_mesh_compression"));
  EXPECT_EQ(j["accessors"][prim0["indices"].get<size_t>()]["componentType"], c.expectedIndexType);
  for (const auto& [name, accessor] : prim0["attributes"].items())
    EXPECT_FALSE(j["accessors"][accessor.get<size_t>()].contains("bufferView")) << name;

  const scene::LoadResult original = scene::loadScene(model(c.path));
  const scene::LoadResult draco = scene::loadScene(path);
  ASSERT_EQ(original.error, "");
  ASSERT_EQ(draco.error, "");
  EXPECT_EQ(draco.warnings, std::vector<std::string>{});
  ASSERT_EQ(draco.scene->meshes.size(), original.scene->meshes.size());
  size_t compared = 0;
  for (size_t m = 0; m < original.scene->meshes.size(); ++m) {
    const auto& a = original.scene->meshes[m].primitives;
    const auto& b = draco.scene->meshes[m].primitives;
    ASSERT_EQ(a.size(), b.size());
    for (size_t p = 0; p < a.size(); ++p) {
      SCOPED_TRACE("mesh " + std::to_string(m) + " primitive " + std::to_string(p));
      EXPECT_EQ(b[p].normals.empty(), a[p].normals.empty());
      EXPECT_EQ(b[p].joints.size() == b[p].positions.size(), !a[p].joints.empty());
      expectSameTriangles(a[p], b[p], toleranceFor(a[p], options));
      ++compared;
    }
  }
  EXPECT_GT(compared, 0u);
}

INSTANTIATE_TEST_SUITE_P(
    Models, DracoRoundTrip,
    testing::Values(
        RoundTripCase{"BoxTextured", "BoxTextured-glTF-Binary/BoxTextured.glb", 0,
                      gl::kUnsignedByte},
        RoundTripCase{"BoxTexturedUint", "BoxTextured-glTF/BoxTextured.gltf", gl::kUnsignedInt,
                      gl::kUnsignedInt},
        RoundTripCase{"Engine", "2CylinderEngine-glTF-Binary/2CylinderEngine.glb", 0,
                      gl::kUnsignedShort},
        RoundTripCase{"SimpleSkin", "simple_skin/simple_skin.gltf", 0, gl::kUnsignedByte},
        RoundTripCase{"EngineSequential", "2CylinderEngine-glTF-Binary/2CylinderEngine.glb", 0,
                      gl::kUnsignedShort, 10}),
    [](const auto& info) { return std::string(info.param.name); });

// The skinned model's joints and weights come through exactly and within a step.
TEST(Draco, SkinnedModelKeepsJointsAndWeights) {
  std::string path;
  ASSERT_EQ(writeDracoGltf(model("simple_skin/simple_skin.gltf"), outDir(), "Skin", {}, path), "");
  const scene::LoadResult r = scene::loadScene(path);
  ASSERT_EQ(r.error, "");
  const Primitive& p = r.scene->meshes[0].primitives[0];
  ASSERT_EQ(p.joints.size(), p.positions.size());
  ASSERT_EQ(p.weights.size(), p.positions.size());
  for (const glm::vec4& w : p.weights) EXPECT_NEAR(w.x + w.y + w.z + w.w, 1.0f, 1e-3f);
}

// The assimp sample compressed by another encoder loads with the GLB's geometry.
TEST(Draco, AssimpEngineMatchesItsGlb) {
  const scene::LoadResult draco = scene::loadScene(model("draco/2CylinderEngine.gltf"));
  const scene::LoadResult glb =
      scene::loadScene(model("2CylinderEngine-glTF-Binary/2CylinderEngine.glb"));
  ASSERT_EQ(draco.error, "");
  ASSERT_EQ(glb.error, "");
  // Both without the degenerate triangles the Draco encoder dropped.
  size_t a = 0, b = 0;
  for (const scene::Mesh& m : draco.scene->meshes)
    for (const Primitive& p : m.primitives) a += properTriangles(p, 0.0f);
  for (const scene::Mesh& m : glb.scene->meshes)
    for (const Primitive& p : m.primitives) b += properTriangles(p, 0.0f);
  // Another encoder's quantization (unknown bits) collapses a few more: 6 of 65,311 here.
  EXPECT_NEAR(double(a), double(b), double(b) / 1000);
  EXPECT_GT(a, 60000u);
}

// --- refusals ------------------------------------------------------------------------------

// BoxTextured re-encoded as <stem>.gltf (a stem per test: tests run in parallel), its JSON.
json boxJson(const std::string& stem) {
  std::string path;
  EXPECT_EQ(writeDracoGltf(model("BoxTextured-glTF/BoxTextured.gltf"), outDir(), stem, {}, path),
            "");
  json j;
  std::ifstream(path) >> j;
  return j;
}

// Loads `j` written next to the box's buffers; the error without the file name.
std::string errorOf(const json& j, const std::string& name) {
  const std::string path = outDir() + "/" + name + ".gltf";
  writeFile(path, j.dump());
  const std::string e = scene::loadScene(path).error;
  return e.substr(std::min(e.size(), path.size() + 2));
}

size_t accessorOf(const json& j, const char* attribute) {
  const json& prim = j["meshes"][0]["primitives"][0];
  return std::string(attribute) == "indices" ? prim["indices"].get<size_t>()
                                             : prim["attributes"][attribute].get<size_t>();
}

TEST(DracoErrors, CountNotMatchingTheDecodedVertices) {
  json j = boxJson("Box-count");
  j["accessors"][accessorOf(j, "NORMAL")]["count"] = 25;
  EXPECT_EQ(errorOf(j, "count"),
            kAt + "/attributes/NORMAL: decoded 24 vertices, the accessor's count is 25");
}

TEST(DracoErrors, IndexCountNotMatchingTheDecodedTriangles) {
  json j = boxJson("Box-indexCount");
  j["accessors"][accessorOf(j, "indices")]["count"] = 33;
  EXPECT_EQ(errorOf(j, "indexCount"),
            kAt +
                ": the Draco stream declares 12 triangles, the indices accessor's count is 33 "
                "(11 triangles)");
}

TEST(DracoErrors, TypeNotMatchingTheDecodedComponents) {
  json j = boxJson("Box-type");
  j["accessors"][accessorOf(j, "TEXCOORD_0")]["type"] = "VEC3";
  EXPECT_EQ(errorOf(j, "type"), kAt +
                                    "/attributes/TEXCOORD_0: decoded 2 components a vertex, "
                                    "the accessor's type VEC3 has 3");
}

TEST(DracoErrors, AttributeIdNotInTheStream) {
  json j = boxJson("Box-id");
  j["meshes"][0]["primitives"][0]["extensions"]["KHR_draco_mesh_compression"]["attributes"]
   ["NORMAL"] = 7;
  EXPECT_EQ(errorOf(j, "id"),
            kAt + "/attributes/NORMAL: the Draco stream has no attribute with id 7");
}

TEST(DracoErrors, AttributeNotOfThePrimitive) {
  json j = boxJson("Box-notPrimitive");
  j["meshes"][0]["primitives"][0]["extensions"]["KHR_draco_mesh_compression"]["attributes"]
   ["COLOR_0"] = 0;
  EXPECT_EQ(errorOf(j, "notPrimitive"),
            kAt + "/attributes/COLOR_0: is not one of the primitive's attributes");
}

TEST(DracoErrors, TriangleStripRefused) {
  json j = boxJson("Box-strip");
  j["meshes"][0]["primitives"][0]["mode"] = 5;
  EXPECT_EQ(errorOf(j, "strip"),
            kAt + ": primitive mode 5 is not supported with Draco (only TRIANGLES, 4)");
}

TEST(DracoErrors, IndexTooWideForTheAccessor) {
  std::string path;
  ASSERT_EQ(writeDracoGltf(model("2CylinderEngine-glTF-Binary/2CylinderEngine.glb"), outDir(),
                           "EngineBytes", {}, path),
            "");
  json j;
  std::ifstream(path) >> j;
  j["accessors"][accessorOf(j, "indices")]["componentType"] = gl::kUnsignedByte;
  const std::string e = errorOf(j, "EngineBytes-narrow");
  EXPECT_EQ(e.rfind(kAt + ": index ", 0), 0u) << e;
  EXPECT_NE(e.find("does not fit the indices accessor's UNSIGNED_BYTE"), std::string::npos) << e;
}

TEST(DracoErrors, TruncatedStream) {
  json j = boxJson("Box-truncated");
  const size_t view =
      j["meshes"][0]["primitives"][0]["extensions"]["KHR_draco_mesh_compression"]["bufferView"];
  j["bufferViews"][view]["byteLength"] = j["bufferViews"][view]["byteLength"].get<size_t>() / 2;
  const std::string e = errorOf(j, "truncated");
  EXPECT_EQ(e.rfind(kAt + ": Draco decoder: ", 0), 0u) << e;
}

TEST(DracoErrors, NotADracoStream) {
  json j = boxJson("Box-notDraco");
  // The stream's view moved onto the box's vertex data.
  const size_t view =
      j["meshes"][0]["primitives"][0]["extensions"]["KHR_draco_mesh_compression"]["bufferView"];
  j["bufferViews"][view] = j["bufferViews"][0];
  const std::string e = errorOf(j, "notDraco");
  EXPECT_EQ(e.rfind(kAt + ": not a Draco stream: ", 0), 0u) << e;
}

// Every single flipped byte and every truncation of a real stream: an error naming the
// extension, or a decode whose output has exactly the accessors' sizes. Never a crash.
TEST(DracoErrors, FlippedBytesAndTruncationsNeverCrash) {
  scene::GltfDocument doc;
  ASSERT_EQ(scene::readGltfDocument(model("BoxTextured-glTF/BoxTextured.gltf"), doc), "");
  EncodedPrimitive e;
  ASSERT_EQ(encodeDracoPrimitive(doc, doc.json["meshes"][0]["primitives"][0], {}, e), "");
  size_t refused = 0;
  auto check = [&](const std::vector<uint8_t>& stream) {
    scene::MemoryBudget budget;
    scene::DracoDecoded out;
    const std::string err = scene::decodeDracoPrimitive(stream, e.request, budget, kAt, out);
    if (!err.empty()) {
      ++refused;
      EXPECT_EQ(err.rfind(kAt, 0), 0u) << err;
      EXPECT_EQ(out.bytes(), 0u);
      EXPECT_EQ(budget.used(), 0u);
      return;
    }
    ASSERT_EQ(out.attributes.size(), e.request.attributes.size());
    for (size_t i = 0; i < out.attributes.size(); ++i) {
      const scene::AccessorFormat& f = e.request.attributes[i].format;
      EXPECT_EQ(out.attributes[i].size(), size_t(f.count) * f.components * 4);
    }
    EXPECT_EQ(budget.used(), out.bytes());
  };
  for (size_t i = 0; i < e.stream.size(); ++i) {
    std::vector<uint8_t> flipped = e.stream;
    flipped[i] ^= 0xFF;
    check(flipped);
    check(std::vector<uint8_t>(e.stream.begin(), e.stream.begin() + i));
  }
  EXPECT_GE(refused, e.stream.size());  // at least every truncation
}

TEST(DracoErrors, OutputReservedFromTheBudgetBeforeDecoding) {
  scene::GltfDocument doc;
  ASSERT_EQ(scene::readGltfDocument(model("BoxTextured-glTF/BoxTextured.gltf"), doc), "");
  EncodedPrimitive e;
  ASSERT_EQ(encodeDracoPrimitive(doc, doc.json["meshes"][0]["primitives"][0], {}, e), "");
  scene::MemoryBudget budget(100);
  scene::DracoDecoded out;
  // 24 x (3 + 3 + 2) floats + 36 one-byte indices.
  EXPECT_EQ(scene::decodeDracoPrimitive(e.stream, e.request, budget, kAt, out),
            kAt +
                ": decoded Draco data needs 804 bytes, more than the 100 bytes left of the "
                "100 bytes memory budget (--max-memory)");
  EXPECT_EQ(budget.used(), 0u);
}

// --- the stream's header, read before libdraco sizes its tables from it ----------------------

// A varint of the Draco bitstream (7 bits a byte, low bits first).
std::vector<uint8_t> varint(uint32_t v) {
  std::vector<uint8_t> out;
  do {
    out.push_back(uint8_t((v & 0x7F) | (v > 0x7F ? 0x80 : 0)));
    v >>= 7;
  } while (v);
  return out;
}

// `stream` with its `index`th header varint, counted from byte `at`, replaced by `value`.
std::vector<uint8_t> withVarint(const std::vector<uint8_t>& stream, size_t at, int index,
                                uint32_t value) {
  for (int i = 0; i < index; ++i)
    while (stream.at(at++) & 0x80) {
    }
  size_t end = at;
  while (stream.at(end++) & 0x80) {
  }
  std::vector<uint8_t> out(stream.begin(), stream.begin() + at);
  const std::vector<uint8_t> v = varint(value);
  out.insert(out.end(), v.begin(), v.end());
  out.insert(out.end(), stream.begin() + end, stream.end());
  return out;
}

EncodedPrimitive encodedBox(int speed) {
  scene::GltfDocument doc;
  EXPECT_EQ(scene::readGltfDocument(model("BoxTextured-glTF/BoxTextured.gltf"), doc), "");
  DracoEncodeOptions options;
  options.speed = speed;
  EncodedPrimitive e;
  EXPECT_EQ(encodeDracoPrimitive(doc, doc.json["meshes"][0]["primitives"][0], options, e), "");
  // DRACO, version 2.2, a mesh, the method (0 sequential, 1 edgebreaker), no metadata.
  EXPECT_EQ(std::string(e.stream.begin(), e.stream.begin() + 9),
            std::string("DRACO\x02\x02\x01") + char(speed == 10 ? 0 : 1));
  EXPECT_EQ(e.stream[9] | e.stream[10], 0);
  return e;
}

// The error decoding `stream` for the box's accessors gives; nothing reserved afterwards.
std::string headerError(const std::vector<uint8_t>& stream, const scene::DracoRequest& request) {
  scene::MemoryBudget budget(uint64_t(64) << 20);
  scene::DracoDecoded out;
  const std::string err = scene::decodeDracoPrimitive(stream, request, budget, kAt, out);
  EXPECT_EQ(budget.used(), out.bytes());
  if (!err.empty()) {
    EXPECT_EQ(budget.peak(), 0u) << "reserved before the header was checked";
  }
  return err;
}

// Found by fuzz/draco_fuzz.cpp: an edgebreaker header declaring ~348M triangles made libdraco
// allocate a 4 GB corner table before finding the stream too short for them.
TEST(DracoHeader, TrianglesBeyondTheIndicesAccessorRefusedBeforeDecoding) {
  const EncodedPrimitive e = encodedBox(5);
  // Edgebreaker: after the 11 header bytes, the traversal type, then vertices and triangles.
  EXPECT_EQ(headerError(withVarint(e.stream, 12, 1, 347'736'000), e.request),
            kAt +
                ": the Draco stream declares 347736000 triangles, the indices accessor's count "
                "is 36 (12 triangles)");
  EXPECT_EQ(headerError(withVarint(e.stream, 12, 0, 37), e.request),
            kAt + ": the Draco stream declares 37 vertices and 0 split symbols for 12 triangles");
  EXPECT_EQ(headerError(e.stream, e.request), "");
}

TEST(DracoHeader, SequentialVertexCountMustBeTheAccessors) {
  const EncodedPrimitive e = encodedBox(10);
  // Sequential: triangles, then vertices, right after the 11 header bytes.
  EXPECT_EQ(headerError(withVarint(e.stream, 11, 1, 4'000'000'000u), e.request),
            kAt + ": the Draco stream declares 4000000000 vertices, the accessors' count is 24");
  EXPECT_EQ(headerError(withVarint(e.stream, 11, 0, 13), e.request),
            kAt +
                ": the Draco stream declares 13 triangles, the indices accessor's count is 36 "
                "(12 triangles)");
  EXPECT_EQ(headerError(e.stream, e.request), "");
}

TEST(DracoHeader, OnlyTheExtensionsBitstreamVersionIsRead) {
  std::vector<uint8_t> stream = encodedBox(5).stream;
  stream[5] = 1;
  stream[6] = 254;  // the version of the fuzzer's input
  EXPECT_EQ(headerError(stream, encodedBox(5).request),
            kAt +
                ": Draco bitstream version 1.254 is not supported (KHR_draco_mesh_compression "
                "is defined on version 2.2)");
  EXPECT_EQ(
      headerError(std::vector<uint8_t>(stream.begin(), stream.begin() + 13), encodedBox(5).request),
      kAt +
          ": Draco bitstream version 1.254 is not supported (KHR_draco_mesh_compression "
          "is defined on version 2.2)");
  stream[5] = stream[6] = 2;
  EXPECT_EQ(
      headerError(std::vector<uint8_t>(stream.begin(), stream.begin() + 13), encodedBox(5).request),
      kAt + ": the Draco stream ends inside its header");
}

}  // namespace
}  // namespace vitrine::test
