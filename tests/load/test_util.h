// Helpers shared by the scene tests.
#pragma once

#include <cstring>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "asset_builder.h"
#include "accessor.h"
#include "gltf_document.h"
#include "loader.h"

namespace vitrine::test {

// Parses the builder's document as an in-memory GLB. Returns the error ("" on success).
inline std::string parseInMemory(const AssetBuilder& b, scene::GltfDocument& doc) {
  const std::vector<uint8_t> glb = b.glbBytes();
  return scene::parseGltfDocument(glb, "", doc);
}

// Loads the builder's asset through a .glb file named after the running test.
inline scene::LoadResult load(const AssetBuilder& b) {
  const auto* info = testing::UnitTest::GetInstance()->current_test_info();
  std::string stem = std::string("gen_") + info->test_suite_name() + "_" + info->name();
  for (char& c : stem) {
    if (c == '/') c = '_';
  }
  return scene::loadScene(b.writeGlb(stem));
}

// The error without its "<path>: " prefix.
inline std::string errorOf(const AssetBuilder& b) {
  const std::string e = load(b).error;
  const size_t cut = e.find(".glb: ");
  return cut == std::string::npos ? e : e.substr(cut + 6);
}

inline std::vector<std::string> warningsOf(const scene::LoadResult& r) {
  std::vector<std::string> out;
  for (const std::string& w : r.warnings) out.push_back(w.substr(w.find(".glb: ") + 6));
  return out;
}

// A valid asset: one node holding AssetBuilder::addColoredQuad(color) (accessors 0-3: POSITION,
// NORMAL, TEXCOORD_0, indices; material 0), in scene 0.
inline AssetBuilder quadAsset(const glm::vec4& color = {0, 1, 0, 1}) {
  AssetBuilder b;
  b.addScene({b.addMeshNode(b.addColoredQuad(color))});
  return b;
}

// loadScene(path).error, checking that a scene comes back exactly when there is no error.
inline std::string loadError(const std::string& path) {
  const scene::LoadResult r = scene::loadScene(path);
  EXPECT_EQ(r.scene == nullptr, !r.error.empty());
  return r.error;
}

// The bytes of `values`, as they lie in a buffer.
template <class T>
std::vector<uint8_t> bytesOf(const std::vector<T>& values) {
  std::vector<uint8_t> out(values.size() * sizeof(T));
  std::memcpy(out.data(), values.data(), out.size());
  return out;
}

// Parses the builder's asset and reads accessor `index` as floats; returns the first error.
inline std::string readFloats(const AssetBuilder& b, uint32_t index, std::vector<float>& out) {
  scene::GltfDocument doc;
  if (std::string err = parseInMemory(b, doc); !err.empty()) return err;
  return scene::readAccessor(doc, index, out);
}

}  // namespace vitrine::test
