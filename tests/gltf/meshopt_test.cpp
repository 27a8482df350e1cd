// EXT_meshopt_compression (gltf/meshopt_decode.h, buffer_views.h): streams made by
// meshoptimizer's own encoder, decoded by the loader into the bytes every bufferView reader
// sees; the fallback buffer has no uri. Bad streams are refused with the extension's pointer.
#include <algorithm>
#include <cmath>
#include <fstream>
#include <functional>
#include <iterator>

#include <gtest/gtest.h>
#include <meshoptimizer.h>

#include "buffer_views.h"
#include "meshopt_decode.h"
#include "png_writer.h"
#include "load/test_util.h"

namespace vitrine::test {
namespace {

using nlohmann::json;

// An AssetBuilder whose compressed views decode into buffer 1, a fallback without uri.
class MeshoptAsset {
 public:
  // Stores `encoded` in buffer 0 and makes that view a compressed view of count * stride
  // bytes. Returns the view index.
  int addCompressed(const std::vector<uint8_t>& encoded, uint32_t count, uint32_t stride,
                    const char* mode, const char* filter = nullptr) {
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
            {"extensions", {{"EXT_meshopt_compression", ext}}}};
    fallbackLength_ += (uint64_t(count) * stride + 3) & ~uint64_t(3);
    return v;
  }
  int addAttributes(const void* data, uint32_t count, uint32_t stride,
                    const char* filter = nullptr) {
    std::vector<uint8_t> encoded(meshopt_encodeVertexBufferBound(count, stride));
    encoded.resize(meshopt_encodeVertexBuffer(encoded.data(), encoded.size(), data, count, stride));
    return addCompressed(encoded, count, stride, "ATTRIBUTES", filter);
  }
  int accessor(int view, int componentType, const char* type, uint32_t count,
               bool normalized = false) {
    AccessorDesc d;
    d.bufferView = view;
    d.componentType = componentType;
    d.type = type;
    d.count = count;
    d.normalized = normalized;
    return b.addAccessor(d);
  }
  // Adds buffer 1 (call after the last addBufferView, which rewrites `buffers`) and writes.
  std::string write(const std::string& stem) {
    b.json()["buffers"].push_back(
        {{"byteLength", fallbackLength_},
         {"extensions", {{"EXT_meshopt_compression", {{"fallback", true}}}}}});
    b.json()["extensionsUsed"] = {"EXT_meshopt_compression"};
    b.json()["extensionsRequired"] = {"EXT_meshopt_compression"};
    return b.writeGltf(stem);
  }

  AssetBuilder b;

 private:
  uint64_t fallbackLength_ = 0;
};

std::string readDoc(const std::string& path, scene::GltfDocument& doc,
                    const scene::LoadOptions& options = {}) {
  return scene::readGltfDocument(path, doc, options);
}

const std::vector<glm::vec3> kPositions = {{0, 0, 0}, {1, 0, 0},     {1, 1, 0},
                                           {0, 1, 0}, {0.5f, 2, -1}, {3.25f, -7, 1e-3f}};

TEST(Meshopt, AttributesDecodeToTheEncodedBytes) {
  MeshoptAsset m;
  const int view = m.addAttributes(kPositions.data(), 6, 12);
  const int a = m.accessor(view, gl::kFloat, "VEC3", 6);
  scene::GltfDocument doc;
  ASSERT_EQ(readDoc(m.write("meshopt_attributes"), doc), "");
  EXPECT_TRUE(doc.model.buffers[1].data.empty());  // the fallback is never loaded
  std::vector<float> out;
  ASSERT_EQ(scene::readAccessor(doc, uint32_t(a), out), "");
  ASSERT_EQ(out.size(), 18u);
  for (size_t v = 0; v < 6; ++v)
    for (int c = 0; c < 3; ++c) EXPECT_EQ(out[v * 3 + c], kPositions[v][c]) << v;
}

TEST(Meshopt, TrianglesAndIndicesModesOfBothWidths) {
  const std::vector<uint32_t> triangles = {0, 1, 2, 2, 3, 0, 1, 4, 5, 5, 2, 1};
  const std::vector<uint32_t> sequence = {5, 4, 3, 3, 2, 1, 0, 0, 5, 1};
  MeshoptAsset m;
  std::vector<int> accessors;
  for (const uint32_t width : {2u, 4u}) {
    std::vector<uint8_t> t(meshopt_encodeIndexBufferBound(triangles.size(), 6));
    t.resize(meshopt_encodeIndexBuffer(t.data(), t.size(), triangles.data(), triangles.size()));
    const int tv = m.addCompressed(t, uint32_t(triangles.size()), width, "TRIANGLES");
    std::vector<uint8_t> s(meshopt_encodeIndexSequenceBound(sequence.size(), 6));
    s.resize(meshopt_encodeIndexSequence(s.data(), s.size(), sequence.data(), sequence.size()));
    const int sv = m.addCompressed(s, uint32_t(sequence.size()), width, "INDICES");
    const int type = width == 2 ? gl::kUnsignedShort : gl::kUnsignedInt;
    accessors.push_back(m.accessor(tv, type, "SCALAR", uint32_t(triangles.size())));
    accessors.push_back(m.accessor(sv, type, "SCALAR", uint32_t(sequence.size())));
  }
  scene::GltfDocument doc;
  ASSERT_EQ(readDoc(m.write("meshopt_indices"), doc), "");
  for (size_t k = 0; k < accessors.size(); ++k) {
    std::vector<uint32_t> out;
    ASSERT_EQ(scene::readAccessor(doc, uint32_t(accessors[k]), out), "");
    if (k % 2 == 1) {
      EXPECT_EQ(out, sequence) << "accessor " << accessors[k];
      continue;
    }
    // The triangle codec keeps each triangle and its winding but may rotate its vertices.
    ASSERT_EQ(out.size(), triangles.size());
    for (size_t t = 0; t < out.size(); t += 3) {
      bool same = false;
      for (size_t r = 0; r < 3; ++r)
        same = same || (out[t] == triangles[t + r] && out[t + 1] == triangles[t + (r + 1) % 3] &&
                        out[t + 2] == triangles[t + (r + 2) % 3]);
      EXPECT_TRUE(same) << "triangle " << t / 3 << " of accessor " << accessors[k];
    }
  }
}

TEST(Meshopt, OctahedralQuaternionAndExponentialFilters) {
  // Appendix B: the filter runs on the decoded view; the accessor reads its result.
  const std::vector<glm::vec4> normals = {
      {0, 0, 1, 0}, {1, 0, 0, 0}, {0.6f, -0.8f, 0, 0}, {0.48f, 0.6f, -0.64f, 0}};
  std::vector<int8_t> oct(16);
  meshopt_encodeFilterOct(oct.data(), 4, 4, 8, &normals[0].x);
  const glm::vec4 q1 = glm::normalize(glm::vec4(0.1f, 0.7f, -0.2f, 0.6f));
  const std::vector<glm::vec4> quats = {{0, 0, 0, 1}, q1, {0.5f, 0.5f, 0.5f, 0.5f}};
  std::vector<int16_t> quat(12);
  meshopt_encodeFilterQuat(quat.data(), 3, 8, 12, &quats[0].x);
  const std::vector<glm::vec3> values = {{1.5f, -1024.25f, 3e-4f}, {0, 7, 123456.0f}};
  std::vector<uint32_t> exp(6);
  meshopt_encodeFilterExp(exp.data(), 2, 12, 23, &values[0].x);

  MeshoptAsset m;
  const int n =
      m.accessor(m.addAttributes(oct.data(), 4, 4, "OCTAHEDRAL"), gl::kByte, "VEC3", 4, true);
  const int q =
      m.accessor(m.addAttributes(quat.data(), 3, 8, "QUATERNION"), gl::kShort, "VEC4", 3, true);
  const int e =
      m.accessor(m.addAttributes(exp.data(), 2, 12, "EXPONENTIAL"), gl::kFloat, "VEC3", 2);
  scene::GltfDocument doc;
  ASSERT_EQ(readDoc(m.write("meshopt_filters"), doc), "");
  std::vector<float> out;
  ASSERT_EQ(scene::readAccessor(doc, uint32_t(n), out), "");
  for (size_t v = 0; v < 4; ++v)
    for (int c = 0; c < 3; ++c) EXPECT_NEAR(out[v * 3 + c], normals[v][c], 0.02f) << v;
  ASSERT_EQ(scene::readAccessor(doc, uint32_t(q), out), "");
  for (size_t v = 0; v < 3; ++v) {
    const glm::vec4 got(out[v * 4], out[v * 4 + 1], out[v * 4 + 2], out[v * 4 + 3]);
    // q and -q are one rotation: the filter may return either.
    EXPECT_NEAR(std::abs(glm::dot(got, quats[v])), 1.0f, 1e-3f) << v;
  }
  ASSERT_EQ(scene::readAccessor(doc, uint32_t(e), out), "");
  // 23-bit mantissas with one exponent per vector (the 0.18 encoder shares it): the step is
  // relative to the vector's largest component.
  for (size_t v = 0; v < 2; ++v) {
    const float largest =
        std::max({std::abs(values[v].x), std::abs(values[v].y), std::abs(values[v].z)});
    for (int c = 0; c < 3; ++c) EXPECT_NEAR(out[v * 3 + c], values[v][c], largest * 1e-6f) << v;
  }
}

TEST(Meshopt, AnImageInACompressedViewDecodes) {
  const std::vector<uint8_t> png = encodePng(2, 2, 4, 8, std::vector<uint16_t>(16, 200));
  std::vector<uint8_t> padded = png;
  padded.resize((png.size() + 3) & ~size_t(3));  // PNG decoders ignore bytes after IEND
  MeshoptAsset m;
  const int view = m.addAttributes(padded.data(), uint32_t(padded.size() / 4), 4);
  m.b.json()["images"] = {{{"bufferView", view}, {"mimeType", "image/png"}}};
  scene::GltfDocument doc;
  ASSERT_EQ(readDoc(m.write("meshopt_image"), doc), "");
  EXPECT_EQ(doc.model.images[0].image, padded);
}

TEST(Meshopt, CompressedKeyframesStayReadableAfterLoading) {
  // The animation engine reads sampler accessors from the document after the load freed what
  // the scene copied: a decoded keyframe view must survive that.
  const std::vector<float> times = {0, 0.5f, 1};
  const std::vector<glm::vec3> translations = {{0, 0, 0}, {1, 2, 3}, {-4, 5, 6}};
  MeshoptAsset m;
  const int t = m.accessor(m.addAttributes(times.data(), 3, 4), gl::kFloat, "SCALAR", 3);
  const int o = m.accessor(m.addAttributes(translations.data(), 3, 12), gl::kFloat, "VEC3", 3);
  m.b.json()["accessors"][t]["min"] = {0};
  m.b.json()["accessors"][t]["max"] = {1};
  m.b.addScene({m.b.addNode(json::object())});
  m.b.json()["animations"] = {
      {{"samplers", {{{"input", t}, {"output", o}}}},
       {"channels", {{{"sampler", 0}, {"target", {{"node", 0}, {"path", "translation"}}}}}}}};
  const scene::LoadResult r = scene::loadScene(m.write("meshopt_keyframes"));
  ASSERT_EQ(r.error, "");
  std::vector<float> out;
  ASSERT_EQ(scene::readAccessor(*r.document, uint32_t(o), out), "");
  EXPECT_EQ(out, (std::vector<float>{0, 0, 0, 1, 2, 3, -4, 5, 6}));
}

// One compressed position view for the bad-input cases; `edit` breaks it.
std::string brokenAsset(const std::string& stem, const std::function<void(MeshoptAsset&)>& edit) {
  MeshoptAsset m;
  m.accessor(m.addAttributes(kPositions.data(), 6, 12), gl::kFloat, "VEC3", 6);
  edit(m);
  return m.write(stem);
}

TEST(Meshopt, ACorruptHeaderIsRefusedWithTheDecoderError) {
  const std::string path = brokenAsset("meshopt_bad_header", [](MeshoptAsset&) {});
  // Flip the stream's header byte (0xa0) in the written .bin.
  const std::string binPath = path.substr(0, path.size() - 5) + ".bin";
  std::ifstream in(binPath, std::ios::binary);
  std::string bin((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  in.close();
  bin[0] = char(~bin[0]);
  writeFile(binPath, bin);
  EXPECT_EQ(loadError(path), path +
                                 ": /bufferViews/0/extensions/EXT_meshopt_compression: "
                                 "meshopt_decodeVertexBuffer failed (-1: unknown stream header "
                                 "or version)");
}

TEST(Meshopt, ATruncatedStreamIsRefusedWithTheDecoderError) {
  const std::string path = brokenAsset("meshopt_truncated", [](MeshoptAsset& m) {
    json& ext = m.b.json()["bufferViews"][0]["extensions"]["EXT_meshopt_compression"];
    ext["byteLength"] = ext["byteLength"].get<int>() - 8;
  });
  EXPECT_EQ(loadError(path), path +
                                 ": /bufferViews/0/extensions/EXT_meshopt_compression: "
                                 "meshopt_decodeVertexBuffer failed (-3: stream size does not "
                                 "match the data)");
}

TEST(Meshopt, ACountThatDoesNotMatchTheViewIsRefused) {
  const std::string path = brokenAsset("meshopt_count", [](MeshoptAsset& m) {
    m.b.json()["bufferViews"][0]["extensions"]["EXT_meshopt_compression"]["count"] = 5;
  });
  EXPECT_EQ(loadError(path), path +
                                 ": /bufferViews/0/extensions/EXT_meshopt_compression: "
                                 "byteStride 12 x count 5 = 60 differs from the bufferView's "
                                 "byteLength 72");
}

TEST(Meshopt, LayoutRulesOfTheExtensionAreChecked) {
  const std::string path = brokenAsset("meshopt_filter_stride", [](MeshoptAsset& m) {
    m.b.json()["bufferViews"][0]["extensions"]["EXT_meshopt_compression"]["filter"] = "QUATERNION";
  });
  EXPECT_EQ(loadError(path), path +
                                 ": /bufferViews/0/extensions/EXT_meshopt_compression: "
                                 "byteStride 12 must be 8 with the QUATERNION filter");
}

TEST(Meshopt, AViewReadingTheFallbackDirectlyNamesWhatNeedsIt) {
  // Accessor 0 read by a mesh a node places: the asset cannot be shown.
  const std::string path = brokenAsset("meshopt_fallback_read", [](MeshoptAsset& m) {
    m.b.json()["bufferViews"][0].erase("extensions");
    m.b.json()["meshes"] = {{{"primitives", {{{"attributes", {{"NORMAL", 0}}}}}}}};
    m.b.json()["nodes"] = {{{"mesh", 0}}};
  });
  EXPECT_EQ(loadError(path),
            path + ": /buffers/1: has no uri, but /accessors/0 reads it through bufferView 0");
  // Read by nothing else, accessor 0 is unused: a warning (TOLERANCE.md).
  const std::string unused = brokenAsset("meshopt_fallback_read_unused", [](MeshoptAsset& m) {
    m.b.json()["bufferViews"][0].erase("extensions");
  });
  const scene::LoadResult r = scene::loadScene(unused);
  EXPECT_EQ(r.error, "");
  EXPECT_EQ(r.warnings, (std::vector<std::string>{
                            unused + ": /buffers/1: has no uri, and only accessors nothing uses "
                                     "read it (/accessors/0 through bufferView 0); not loaded"}));
}

TEST(Meshopt, DecodedSizesAreReservedFromTheBudget) {
  MeshoptAsset m;
  std::vector<uint8_t> big(64 * 1024, 7);
  m.accessor(m.addAttributes(big.data(), uint32_t(big.size() / 16), 16), gl::kFloat, "VEC4",
             uint32_t(big.size() / 16));
  const std::string path = m.write("meshopt_budget");
  scene::LoadOptions options;
  options.maxMemoryBytes = 32 * 1024;
  scene::GltfDocument doc;
  const std::string err = readDoc(path, doc, options);
  EXPECT_EQ(err.rfind("/bufferViews/0/extensions/EXT_meshopt_compression: the decoded bufferView "
                      "needs 65536 bytes, more than the",
                      0),
            0u)
      << err;
  options.maxMemoryBytes = 0;
  EXPECT_EQ(readDoc(path, doc, options), "");
}

TEST(Meshopt, TheByteSpanEntryPointRefusesBadLayoutsWithoutCrashing) {
  // What a libFuzzer target calls: any stream, any layout.
  scene::MeshoptStream s;
  s.count = 3;
  s.byteStride = 6;  // not a multiple of 4
  std::vector<uint8_t> out(18);
  const std::vector<uint8_t> noise(40, 0xa0);
  EXPECT_EQ(scene::decodeMeshoptStream(s, noise, out),
            "byteStride 6 must be a multiple of 4 up to 256 in ATTRIBUTES mode");
  s.byteStride = 4;
  EXPECT_EQ(scene::decodeMeshoptStream(s, noise, out),
            "output holds 18 bytes, not count x byteStride");
  out.resize(12);
  s.mode = scene::MeshoptStream::Mode::Triangles;
  EXPECT_NE(scene::decodeMeshoptStream(s, noise, out), "");
  EXPECT_NE(scene::decodeMeshoptStream(s, {}, out), "");
}

}  // namespace
}  // namespace vitrine::test
