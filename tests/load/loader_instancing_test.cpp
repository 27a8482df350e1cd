// EXT_mesh_gpu_instancing (shared/spec/extensions/EXT_mesh_gpu_instancing.md) at load: the
// instance transforms of every allowed accessor format against values worked out here, the
// mirroring instances ordered last, bounds and picking over the instances, and the refusals and
// warnings by their exact messages.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>

#include "pick.h"
#include "test_util.h"

namespace vitrine::test {
namespace {

using nlohmann::json;

void expectNear(const glm::mat4& a, const glm::mat4& b, float eps = 1e-5f) {
  for (int c = 0; c < 4; ++c)
    for (int r = 0; r < 4; ++r)
      EXPECT_NEAR(a[c][r], b[c][r], eps) << "column " << c << " row " << r;
}

// An accessor of `type` over `values` stored as `componentType` (normalized when asked).
template <class T>
int addAccessorOf(AssetBuilder& b, const std::vector<T>& values, const char* type,
                  int componentType, bool normalized, uint32_t count) {
  AccessorDesc d;
  d.bufferView = b.addBufferView(values);
  d.type = type;
  d.componentType = componentType;
  d.normalized = normalized;
  d.count = count;
  return b.addAccessor(d);
}

// quadAsset()'s node 0 instanced with `attributes`, the extension in extensionsRequired.
AssetBuilder instancedQuad(const json& attributes) {
  AssetBuilder b = quadAsset();
  b.json()["nodes"][0]["extensions"]["EXT_mesh_gpu_instancing"]["attributes"] = attributes;
  b.json()["extensionsUsed"] = {"EXT_mesh_gpu_instancing"};
  b.json()["extensionsRequired"] = {"EXT_mesh_gpu_instancing"};
  return b;
}

glm::mat4 trs(const glm::vec3& t, const glm::quat& r, const glm::vec3& s) {
  return glm::translate(glm::mat4(1.0f), t) * glm::mat4_cast(r) * glm::scale(glm::mat4(1.0f), s);
}

TEST(Instancing, FloatAttributesMakeTranslationRotationScale) {
  AssetBuilder b = quadAsset();
  const glm::quat r0 = glm::angleAxis(0.5f, glm::normalize(glm::vec3(1, 2, 3)));
  const glm::quat r1 = glm::angleAxis(-1.2f, glm::vec3(0, 1, 0));
  const int t = b.addVec3({{1, 2, 3}, {-4, 0, 0.5f}});
  const int r = b.addVec4({{r0.x, r0.y, r0.z, r0.w}, {r1.x, r1.y, r1.z, r1.w}});
  const int s = b.addVec3({{1, 2, 3}, {0.5f, 0.5f, 0.5f}});
  b.json()["nodes"][0]["extensions"]["EXT_mesh_gpu_instancing"]["attributes"] = {
      {"TRANSLATION", t}, {"ROTATION", r}, {"SCALE", s}};
  b.json()["nodes"][0]["translation"] = {0, 10, 0};
  b.json()["extensionsUsed"] = {"EXT_mesh_gpu_instancing"};
  b.json()["extensionsRequired"] = {"EXT_mesh_gpu_instancing"};
  const scene::LoadResult loaded = load(b);
  ASSERT_EQ(loaded.error, "");
  EXPECT_EQ(warningsOf(loaded), std::vector<std::string>{});
  const scene::Scene& sc = *loaded.scene;
  ASSERT_EQ(sc.nodes[0].instancing, 0);
  ASSERT_EQ(sc.instancing.size(), 1u);
  const scene::MeshInstances& m = sc.instancing[0];
  EXPECT_EQ(m.node, 0);
  ASSERT_EQ(m.transforms.size(), 2u);
  EXPECT_EQ(m.mirroredFrom, 2u);
  EXPECT_EQ(m.fileIndex, (std::vector<uint32_t>{0, 1}));
  expectNear(m.transforms[0], trs({1, 2, 3}, r0, {1, 2, 3}));
  expectNear(m.transforms[1], trs({-4, 0, 0.5f}, r1, glm::vec3(0.5f)));
  // "WorldPosition = NodeWorldXform * InstanceXform * VertexPosition": the scene's bounds are
  // those of both instances' quads (corners (+-1, +-1, 0)) moved by the node's (0, 10, 0).
  scene::Bounds want;
  for (const glm::mat4& instance : m.transforms)
    for (const glm::vec2 c :
         {glm::vec2(-1, -1), glm::vec2(1, -1), glm::vec2(1, 1), glm::vec2(-1, 1)})
      want.extend(glm::vec3(0, 10, 0) + glm::vec3(instance * glm::vec4(c, 0, 1)));
  const scene::Bounds box = scene::sceneBounds(sc, 0);
  for (int a = 0; a < 3; ++a) {
    EXPECT_NEAR(box.min[a], want.min[a], 1e-5f) << a;
    EXPECT_NEAR(box.max[a], want.max[a], 1e-5f) << a;
  }
  EXPECT_LT(box.min.x, -4.0f);  // instance 1 is there, not only the node's own quad
  EXPECT_EQ(scene::nodeInstances(sc, 0).size(), 2u);
}

// ROTATION may be normalized BYTE or SHORT (c / 127, c / 32767, formulas.md "Normalized
// integers"), renormalized to a unit quaternion; absent TRANSLATION and SCALE are identity.
TEST(Instancing, QuantizedRotationsAreDecodedAndNormalized) {
  for (const int type : {gl::kByte, gl::kShort}) {
    SCOPED_TRACE(type);
    AssetBuilder b = quadAsset();
    const float unit = type == gl::kByte ? 127.0f : 32767.0f;
    // 90 degrees about +z: (0, 0, s, s), s = 0.7071 rounded to the type; and identity.
    const int s = int(std::round(std::sqrt(0.5f) * unit));
    int accessor = 0;
    if (type == gl::kByte) {
      accessor = addAccessorOf(b, std::vector<int8_t>{0, 0, int8_t(s), int8_t(s), 0, 0, 0, 127},
                               "VEC4", type, true, 2);
    } else {
      accessor =
          addAccessorOf(b, std::vector<int16_t>{0, 0, int16_t(s), int16_t(s), 0, 0, 0, 32767},
                        "VEC4", type, true, 2);
    }
    b.json()["nodes"][0]["extensions"]["EXT_mesh_gpu_instancing"]["attributes"] = {
        {"ROTATION", accessor}};
    b.json()["extensionsUsed"] = {"EXT_mesh_gpu_instancing"};
    const scene::LoadResult loaded = load(b);
    ASSERT_EQ(loaded.error, "");
    const scene::MeshInstances& m = loaded.scene->instancing.at(0);
    ASSERT_EQ(m.transforms.size(), 2u);
    expectNear(m.transforms[0],
               glm::rotate(glm::mat4(1.0f), std::numbers::pi_v<float> / 2, glm::vec3(0, 0, 1)));
    expectNear(m.transforms[1], glm::mat4(1.0f));
  }
}

// Instances whose transform mirrors (negative determinant) follow the others, each keeping its
// index in the accessors.
TEST(Instancing, MirroringInstancesComeLast) {
  AssetBuilder b = instancedQuad(json::object());
  b.json()["nodes"][0]["extensions"]["EXT_mesh_gpu_instancing"]["attributes"]["SCALE"] =
      b.addVec3({{-1, 1, 1}, {1, 1, 1}, {1, -2, -3}, {2, 2, -2}});
  const scene::LoadResult loaded = load(b);
  ASSERT_EQ(loaded.error, "");
  const scene::MeshInstances& m = loaded.scene->instancing.at(0);
  EXPECT_EQ(m.mirroredFrom, 2u);
  EXPECT_EQ(m.fileIndex, (std::vector<uint32_t>{1, 2, 0, 3}));
  expectNear(m.transforms[2], glm::scale(glm::mat4(1.0f), {-1, 1, 1}));
}

// A ray through one instance picks the node and names that instance (its accessor index).
TEST(Instancing, PickingNamesTheInstanceHit) {
  AssetBuilder b = instancedQuad(json::object());
  b.json()["nodes"][0]["extensions"]["EXT_mesh_gpu_instancing"]["attributes"]["TRANSLATION"] =
      b.addVec3({{-3, 0, 0}, {0, 0, 0}, {3, 0, 0}});
  const scene::LoadResult loaded = load(b);
  ASSERT_EQ(loaded.error, "");
  for (const uint32_t i : {0u, 1u, 2u}) {
    const float x = -3.0f + 3.0f * float(i);
    const std::vector<scene::PickHit> hits =
        scene::pickAll(*loaded.scene, 0, {x + 0.2f, 0.3f, 5}, {0, 0, -1});
    ASSERT_EQ(hits.size(), 1u) << i;
    EXPECT_EQ(hits[0].node, 0);
    EXPECT_EQ(hits[0].instance, i);
    EXPECT_NEAR(hits[0].distance, 5.0f, 1e-4f);
  }
  EXPECT_TRUE(scene::pickAll(*loaded.scene, 0, {1.5f, 0, 5}, {0, 0, -1}).empty());  // between
}

TEST(Instancing, WrongFormatsAndCountsAreRefused) {
  {
    AssetBuilder b = instancedQuad(json::object());
    const int r =
        addAccessorOf(b, std::vector<uint8_t>{0, 0, 0, 255}, "VEC4", gl::kUnsignedByte, true, 1);
    b.json()["nodes"][0]["extensions"]["EXT_mesh_gpu_instancing"]["attributes"]["ROTATION"] = r;
    EXPECT_EQ(errorOf(b),
              "/nodes/0/extensions/EXT_mesh_gpu_instancing/attributes/ROTATION: accessor " +
                  std::to_string(r) +
                  " must be VEC4 of FLOAT, or normalized BYTE or SHORT (is VEC4 of normalized "
                  "UNSIGNED_BYTE)");
  }
  {
    AssetBuilder b = instancedQuad(json::object());
    const int t = b.addVec4({{0, 0, 0, 1}});
    b.json()["nodes"][0]["extensions"]["EXT_mesh_gpu_instancing"]["attributes"]["TRANSLATION"] = t;
    EXPECT_EQ(errorOf(b),
              "/nodes/0/extensions/EXT_mesh_gpu_instancing/attributes/TRANSLATION: accessor " +
                  std::to_string(t) + " must be VEC3 of FLOAT (is VEC4 of FLOAT)");
  }
  {
    AssetBuilder b = instancedQuad(json::object());
    json& a = b.json()["nodes"][0]["extensions"]["EXT_mesh_gpu_instancing"]["attributes"];
    a["TRANSLATION"] = b.addVec3({{0, 0, 0}, {1, 0, 0}, {2, 0, 0}});
    a["SCALE"] = b.addVec3({{1, 1, 1}, {1, 1, 1}});
    EXPECT_EQ(errorOf(b),
              "/nodes/0/extensions/EXT_mesh_gpu_instancing/attributes/SCALE: has 2 elements, "
              "TRANSLATION has 3 (every attribute of a node must have the same count)");
  }
  {
    AssetBuilder b = instancedQuad({{"TRANSLATION", 99}});
    EXPECT_EQ(errorOf(b),
              "/nodes/0/extensions/EXT_mesh_gpu_instancing/attributes/TRANSLATION: accessor 99 "
              "does not exist (4 accessors)");
  }
  {
    AssetBuilder b = instancedQuad(json::object());
    b.json()["nodes"][0]["extensions"]["EXT_mesh_gpu_instancing"]["attributes"]["ROTATION"] =
        b.addVec4({{0, 0, 0, 1}, {0, 0, 0, 0}});
    EXPECT_EQ(errorOf(b),
              "/nodes/0/extensions/EXT_mesh_gpu_instancing/attributes/ROTATION: instance 1 has a "
              "zero quaternion");
  }
  {
    AssetBuilder b = instancedQuad(json::object());
    b.json()["nodes"][0]["extensions"]["EXT_mesh_gpu_instancing"]["attributes"]["SCALE"] =
        b.addVec3({{1, 1, 1}, {1, INFINITY, 1}});
    EXPECT_EQ(errorOf(b),
              "/nodes/0/extensions/EXT_mesh_gpu_instancing/attributes: instance 1 is not finite");
  }
}

TEST(Instancing, WhatCannotBeInstancedIsWarnedAbout) {
  {
    // Custom attributes: one warning for all; the transforms still apply.
    AssetBuilder b = instancedQuad(json::object());
    json& a = b.json()["nodes"][0]["extensions"]["EXT_mesh_gpu_instancing"]["attributes"];
    a["TRANSLATION"] = b.addVec3({{0, 0, 0}, {2, 0, 0}});
    a["_ID"] = b.addFloats({0, 1}, "SCALAR");
    a["_COLOR"] = b.addVec3({{1, 0, 0}, {0, 1, 0}});
    const scene::LoadResult loaded = load(b);
    ASSERT_EQ(loaded.error, "");
    EXPECT_EQ(warningsOf(loaded),
              std::vector<std::string>{"/nodes/0/extensions/EXT_mesh_gpu_instancing/attributes/"
                                       "_COLOR: custom instance attribute ignored (and 1 more)"});
    EXPECT_EQ(loaded.scene->instancing.at(0).transforms.size(), 2u);
  }
  {
    AssetBuilder b = instancedQuad({{"_ID", 0}});
    const scene::LoadResult loaded = load(b);
    ASSERT_EQ(loaded.error, "");
    EXPECT_EQ(warningsOf(loaded),
              (std::vector<std::string>{
                  "/nodes/0/extensions/EXT_mesh_gpu_instancing/attributes: no TRANSLATION, "
                  "ROTATION or SCALE: the mesh is drawn once",
                  "/nodes/0/extensions/EXT_mesh_gpu_instancing/attributes/_ID: custom instance "
                  "attribute ignored"}));
    EXPECT_EQ(loaded.scene->nodes[0].instancing, -1);
  }
  {
    AssetBuilder b = instancedQuad({{"TRANSLATION", 0}});
    const int empty = b.addNode(json::object());
    b.json()["nodes"][empty]["extensions"]["EXT_mesh_gpu_instancing"]["attributes"] = {
        {"TRANSLATION", 0}};
    b.json()["scenes"][0]["nodes"].push_back(empty);
    const scene::LoadResult loaded = load(b);
    ASSERT_EQ(loaded.error, "");
    EXPECT_EQ(warningsOf(loaded),
              std::vector<std::string>{"/nodes/1/extensions/EXT_mesh_gpu_instancing: the node "
                                       "has no mesh: instancing ignored"});
    EXPECT_EQ(loaded.scene->instancing.size(), 1u);  // node 0's: the quad's 4 positions
  }
}

// The instance transforms count against the load's memory budget before they are allocated.
TEST(Instancing, TheInstancesCountAgainstTheMemoryBudget) {
  AssetBuilder b = instancedQuad(json::object());
  std::vector<glm::vec3> t(20000, glm::vec3(0.0f));
  b.json()["nodes"][0]["extensions"]["EXT_mesh_gpu_instancing"]["attributes"]["TRANSLATION"] =
      b.addVec3(t);
  scene::LoadOptions options;
  options.maxMemoryBytes = 600000;  // the 240 kB of floats fit, the 1.36 MB of matrices do not
  const std::vector<uint8_t> glb = b.glbBytes();
  const scene::LoadResult loaded = scene::loadSceneFromMemory(glb, "", "budget.glb", options);
  EXPECT_EQ(loaded.scene, nullptr);
  EXPECT_NE(loaded.error.find("budget.glb: /nodes/0/extensions/EXT_mesh_gpu_instancing/"
                              "attributes: instance transforms needs"),
            std::string::npos)
      << loaded.error;
}

}  // namespace
}  // namespace vitrine::test
