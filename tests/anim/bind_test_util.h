// Helpers for the binding tests: animations added to an AssetBuilder's JSON, and the asset
// written, loaded (scene and document from the same file) and bound in one call.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "animation.h"
#include "asset_builder.h"
#include "gltf_document.h"
#include "loader.h"

namespace vitrine::anim::test {

using nlohmann::json;
using vitrine::test::AccessorDesc;
using vitrine::test::AssetBuilder;
namespace gl = vitrine::test::gl;

struct Bound {
  std::unique_ptr<scene::Scene> scene;  // null when the asset did not load (error says why)
  std::shared_ptr<scene::GltfDocument> document;
  std::string error;
  BindResult result;

  const scene::GltfDocument& doc() const { return *document; }
  Animations& animations() { return *result.animations; }
  const ChannelInfo& channel(size_t clip, size_t c) {
    return result.animations->clips()[clip].channels[c];
  }
};

inline std::string testStem() {
  const auto* info = testing::UnitTest::GetInstance()->current_test_info();
  std::string stem = std::string("anim_") + info->test_suite_name() + "_" + info->name();
  for (char& c : stem) {
    if (c == '/') c = '_';
  }
  return stem;
}

// Loads the asset the way the viewer does (loadScene, which keeps the document) and, when
// `edit` is given, changes the parsed JSON before binding: the loader's validator rejects some
// broken channels before binding would see them (e.g. a sampler index out of range), and
// bindAnimations must not trust it.
template <class Edit>
inline Bound bindAsset(const AssetBuilder& b, Edit edit) {
  Bound out;
  scene::LoadResult loaded = scene::loadScene(b.writeGlb(testStem()));
  if (!loaded.scene || !loaded.document) {
    out.error = loaded.error;
    return out;
  }
  out.scene = std::move(loaded.scene);
  out.document = std::move(loaded.document);
  edit(out.document->json);
  out.result = bindAnimations(*out.scene, *out.document);
  return out;
}

inline Bound bindAsset(const AssetBuilder& b) {
  return bindAsset(b, [](json&) {});
}

// Keyframe times: SCALAR FLOAT with min and max, as animation inputs require.
inline int addTimes(AssetBuilder& b, const std::vector<float>& times) {
  AccessorDesc d;
  d.bufferView = b.addBufferView(times);
  d.type = "SCALAR";
  d.count = uint32_t(times.size());
  d.min = {times.front()};
  d.max = {times.back()};
  return b.addAccessor(d);
}

// Output values of any component type, tightly packed.
template <class T>
int addOutput(AssetBuilder& b, const std::vector<T>& values, const std::string& type,
              int componentType, bool normalized = false) {
  const uint32_t components = type == "SCALAR" ? 1 : type == "VEC2" ? 2 : type == "VEC3" ? 3 : 4;
  AccessorDesc d;
  d.bufferView = b.addBufferView(values);
  d.type = type;
  d.componentType = componentType;
  d.normalized = normalized;
  d.count = uint32_t(values.size() / components);
  return b.addAccessor(d);
}

inline json sampler(int input, int output, const std::string& interpolation = "") {
  json s = {{"input", input}, {"output", output}};
  if (!interpolation.empty()) s["interpolation"] = interpolation;
  return s;
}

inline json coreChannel(int sampler, int node, const std::string& path) {
  return {{"sampler", sampler}, {"target", {{"node", node}, {"path", path}}}};
}

inline json pointerChannel(int sampler, const std::string& pointer) {
  return {
      {"sampler", sampler},
      {"target",
       {{"path", "pointer"}, {"extensions", {{"KHR_animation_pointer", {{"pointer", pointer}}}}}}}};
}

// Appends an animation; returns its index.
inline int addAnimation(AssetBuilder& b, const json& samplers, const json& channels,
                        const std::string& name = "") {
  json& list = b.json()["animations"];
  if (list.is_null()) list = json::array();
  json a = {{"samplers", samplers}, {"channels", channels}};
  if (!name.empty()) a["name"] = name;
  list.push_back(a);
  auto& used = b.json()["extensionsUsed"];
  if (used.is_null()) used = json::array({"KHR_animation_pointer"});
  return int(list.size()) - 1;
}

// A scene of `materials` coloured quads (material i on mesh i, node i), all roots.
inline AssetBuilder quads(int materials) {
  AssetBuilder b;
  std::vector<int> nodes;
  for (int i = 0; i < materials; ++i) {
    nodes.push_back(b.addMeshNode(b.addColoredQuad({0.5f, 0.5f, 0.5f, 1.0f})));
  }
  b.addScene(nodes);
  return b;
}

}  // namespace vitrine::anim::test
