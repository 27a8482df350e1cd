// Skinning on the GPU (glTF 2.0 §3.7.3), validation on: simple_skin through its animation, a
// generated two-bone arm bent by 90 degrees, a 300-joint ribbon drawn by two meshes sharing
// its skin; every frame's coverage is compared with the CPU reference of the vertex pipeline
// (deform_check.h), and shading with the same transform applied by a node instead of a skin
// (normals, tangents, mirrors).
#include <cmath>
#include <numbers>

#include <glm/gtc/matrix_transform.hpp>

#include "deform_check.h"

namespace vitrine::test {
namespace {

using anim::test::addAnimation;
using anim::test::addTimes;
using anim::test::coreChannel;
using anim::test::sampler;
using nlohmann::json;

constexpr float kPi = std::numbers::pi_v<float>;
constexpr uint64_t kNodeBytes = sizeof(gpu::NodeData);
constexpr uint64_t kJointBytes = sizeof(glm::mat4);

::testing::AssertionResult statsAre(const renderer::UploadStats& s, uint64_t bytes,
                                    uint32_t ranges) {
  if (s.bytes == bytes && s.ranges == ranges) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << s.bytes << " bytes in " << s.ranges << " ranges uploaded, expected " << bytes << " in "
         << ranges;
}

json quat(const glm::quat& q) {
  return {q.x, q.y, q.z, q.w};
}

glm::quat aboutZ(float angle) {
  return glm::angleAxis(angle, glm::vec3(0, 0, 1));
}

// An unlit material of this colour.
int addUnlitMaterial(AssetBuilder& b, const glm::vec4& color) {
  const int m = b.addColorMaterial(color);
  b.json()["materials"][m]["extensions"]["KHR_materials_unlit"] = json::object();
  b.json()["extensionsUsed"] = {"KHR_materials_unlit"};
  return m;
}

// VEC4 accessors of UNSIGNED_BYTE or UNSIGNED_SHORT joints.
int addJoints(AssetBuilder& b, const std::vector<glm::u16vec4>& joints, int componentType) {
  std::vector<uint8_t> bytes;
  for (const glm::u16vec4& j : joints) {
    for (int c = 0; c < 4; ++c) {
      bytes.push_back(uint8_t(j[c]));
      if (componentType == gl::kUnsignedShort) bytes.push_back(uint8_t(j[c] >> 8));
    }
  }
  AccessorDesc d;
  d.bufferView = b.addBufferView(bytes);
  d.type = "VEC4";
  d.componentType = componentType;
  d.count = uint32_t(joints.size());
  return b.addAccessor(d);
}

int addMatrices(AssetBuilder& b, const std::vector<glm::mat4>& matrices) {
  std::vector<float> values;
  for (const glm::mat4& m : matrices) values.insert(values.end(), &m[0][0], &m[0][0] + 16);
  return b.addFloats(values, "MAT4");
}

// --- simple_skin --------------------------------------------------------------------------

TEST_F(DeformTest, SimpleSkinFollowsItsAnimation) {
  ASSERT_NO_FATAL_FAILURE(
      loadFile(std::string(VITRINE_MODELS_DIR) + "/simple_skin/simple_skin.gltf"));
  const View view = orbitView({-0.25f, 1, 4.5f}, {-0.25f, 1, 0}, kSize, kSize);
  // Joint node 2 turns about z: 45 degrees at 0.5 s, 90 from 1 to 1.5 s, 45 at 2 s, back to 0
  // at 2.5 s, -90 at 4 s (LINEAR, spherical between keys). Each frame moving it uploads its
  // node data and its one joint matrix, nothing else.
  glm::quat before = scene().nodes[2].rotation;
  for (const float t : {0.5f, 0.75f, 1.0f, 1.5f, 2.0f, 3.3f, 4.0f}) {
    SCOPED_TRACE("t = " + std::to_string(t));
    const Pixels p = frame(t, view);
    EXPECT_TRUE(coverageMatches(p, view, referenceTriangles(scene())));
    const bool moved = scene().nodes[2].rotation != before;
    EXPECT_TRUE(statsAre(renderer_->lastUploadStats(), moved ? kNodeBytes + kJointBytes : 0,
                         moved ? 2 : 0));
    if (t == 1.5f) {
      EXPECT_FALSE(moved);  // the key at 1.5 s repeats the one at 1 s
    }
    // The check has teeth: the bind pose is visibly elsewhere once bent.
    if (t == 1.0f || t == 4.0f) {
      EXPECT_FALSE(coverageMatches(p, view, referenceTriangles(scene(), false)));
    }
    before = scene().nodes[2].rotation;
  }
}

// --- a two-bone arm ------------------------------------------------------------------------

// A strip along +x from 0 to 2, 0.4 high, in 4 segments; joint 0 (node 1, at the origin)
// holds x <= 0.5, joint 1 (node 2, its child at x = 1) x >= 1.5, the column at x = 1 half and
// half. Node 2 turns by `elbow` about z, or from 0 to 90 degrees over one second when
// `animated`. The mesh node (node 0) is moved and turned: the spec says that transform is
// ignored.
AssetBuilder armAsset(float elbow, bool animated) {
  AssetBuilder b;
  std::vector<glm::vec3> positions;
  std::vector<glm::u16vec4> joints;
  std::vector<glm::vec4> weights;
  for (int c = 0; c <= 4; ++c) {
    for (const float y : {-0.2f, 0.2f}) {
      positions.push_back({0.5f * float(c), y, 0});
      joints.push_back({0, 1, 0, 0});
      weights.push_back(c <= 1   ? glm::vec4(1, 0, 0, 0)
                        : c == 2 ? glm::vec4(0.5f, 0.5f, 0, 0)
                                 : glm::vec4(0, 1, 0, 0));
    }
  }
  std::vector<uint32_t> indices;
  for (uint32_t c = 0; c < 4; ++c) {
    const uint32_t v = 2 * c;  // bottom left; +1 top left, +2 bottom right, +3 top right
    indices.insert(indices.end(), {v, v + 2, v + 3, v, v + 3, v + 1});
  }
  PrimitiveDesc p;
  p.attributes["POSITION"] = b.addPositions(positions);
  p.attributes["NORMAL"] = b.addVec3(std::vector<glm::vec3>(positions.size(), {0, 0, 1}));
  p.attributes["JOINTS_0"] = addJoints(b, joints, gl::kUnsignedByte);
  p.attributes["WEIGHTS_0"] = b.addVec4(weights);
  p.indices = b.addIndices(indices);
  p.material = addUnlitMaterial(b, {0.9f, 0.6f, 0.1f, 1});
  b.addMesh({p});
  b.addNode({{"mesh", 0},
             {"skin", 0},
             {"translation", {5, 3, 0}},
             {"rotation", quat(glm::angleAxis(0.7f, glm::vec3(1, 0, 0)))}});
  b.addNode({{"children", {2}}});
  b.addNode({{"translation", {1, 0, 0}}, {"rotation", quat(aboutZ(animated ? 0.0f : elbow))}});
  b.json()["skins"] = {
      {{"joints", {1, 2}},
       {"inverseBindMatrices",
        addMatrices(b, {glm::mat4(1.0f), glm::translate(glm::mat4(1.0f), {-1, 0, 0})})}}};
  b.addScene({0, 1});
  if (animated) {
    const int times = addTimes(b, {0.0f, 1.0f});
    const glm::quat q0 = aboutZ(0.0f), q1 = aboutZ(elbow);
    const int values = b.addFloats({q0.x, q0.y, q0.z, q0.w, q1.x, q1.y, q1.z, q1.w}, "VEC4");
    addAnimation(b, json::array({sampler(times, values)}),
                 json::array({coreChannel(0, 2, "rotation")}));
  }
  return b;
}

// armAsset() with its influences split over two sets: JOINTS_0/WEIGHTS_0 hold joint 0's
// weight, JOINTS_1/WEIGHTS_1 (UNSIGNED_SHORT joints, normalized UNSIGNED_BYTE weights) joint
// 1's.
AssetBuilder twoSetArmAsset(float elbow) {
  AssetBuilder b = armAsset(elbow, false);
  json& attributes = b.json()["meshes"][0]["primitives"][0]["attributes"];
  std::vector<glm::vec4> first;
  std::vector<uint8_t> second;
  for (int c = 0; c <= 4; ++c) {
    const float w1 = c <= 1 ? 0.0f : c == 2 ? 0.5f : 1.0f;
    for (int row = 0; row < 2; ++row) {
      first.push_back({1.0f - w1, 0, 0, 0});
      second.insert(second.end(), {uint8_t(std::lround(255 * w1)), 0, 0, 0});
    }
  }
  attributes["JOINTS_0"] =
      addJoints(b, std::vector<glm::u16vec4>(10, {0, 0, 0, 0}), gl::kUnsignedByte);
  attributes["WEIGHTS_0"] = b.addVec4(first);
  attributes["JOINTS_1"] =
      addJoints(b, std::vector<glm::u16vec4>(10, {1, 0, 0, 0}), gl::kUnsignedShort);
  AccessorDesc d;
  d.bufferView = b.addBufferView(second);
  d.componentType = gl::kUnsignedByte;
  d.normalized = true;
  d.type = "VEC4";
  d.count = 10;
  attributes["WEIGHTS_1"] = b.addAccessor(d);
  return b;
}

View armView() {
  return orbitView({1, 0.5f, 4}, {1, 0.5f, 0}, kSize, kSize);
}

TEST_F(DeformTest, TwoBoneArmBentBy90Degrees) {
  ASSERT_NO_FATAL_FAILURE(load(armAsset(kPi / 2, false)));
  const View view = armView();
  const Pixels p = renderer_->renderOffscreen(view, kSize, kSize);
  EXPECT_TRUE(coverageMatches(p, view, referenceTriangles(scene())));
  // By hand: the forearm stands up from the elbow at (1, 0): its middle (1, 0.75) is drawn,
  // where it lay unbent (1.75, 0) is not, and nothing is where the mesh node would put it.
  EXPECT_TRUE(differsNear(p, project(view, {1.0f, 0.75f, 0}, kSize, kSize), 0, background()));
  EXPECT_FALSE(differsNear(p, project(view, {1.75f, 0, 0}, kSize, kSize), 1, background()));
  EXPECT_FALSE(coverageMatches(p, view, referenceTriangles(scene(), false)));
}

TEST_F(DeformTest, TwoBoneArmWithItsWeightsInTwoInfluenceSets) {
  ASSERT_NO_FATAL_FAILURE(load(twoSetArmAsset(kPi / 2)));
  ASSERT_EQ(scene().meshes[0].primitives[0].influenceSets, 2u);
  const View view = armView();
  const Pixels p = renderer_->renderOffscreen(view, kSize, kSize);
  EXPECT_TRUE(coverageMatches(p, view, referenceTriangles(scene())));
  // The elbow column's 128/255 is not exactly one half, but the forearm stands up all the same.
  EXPECT_TRUE(differsNear(p, project(view, {1.0f, 0.75f, 0}, kSize, kSize), 0, background()));
  EXPECT_FALSE(differsNear(p, project(view, {1.75f, 0, 0}, kSize, kSize), 1, background()));
}

TEST_F(DeformTest, TwoBoneArmBendingOverAnAnimation) {
  ASSERT_NO_FATAL_FAILURE(load(armAsset(kPi / 2, true)));
  const View view = armView();
  for (const float t : {0.0f, 0.3f, 0.6f, 1.0f, 0.5f}) {
    SCOPED_TRACE("t = " + std::to_string(t));
    const Pixels p = frame(t, view);
    EXPECT_TRUE(coverageMatches(p, view, referenceTriangles(scene())));
  }
  // The last frame went back to 45 degrees: its node data and joint matrix only.
  EXPECT_TRUE(statsAre(renderer_->lastUploadStats(), kNodeBytes + kJointBytes, 2));
}

// --- hundreds of joints, one skin, two meshes ------------------------------------------------

// A chain of 300 joints 0.01 apart along +x, each turned by `curl` about z from its parent;
// two strips 0.2 wide (above and below the x axis, each its own mesh and node, red and green)
// skin to it, vertex column c to joint min(c, 299) (UNSIGNED_SHORT joints). Joint j is node
// 2 + j.
AssetBuilder ribbonAsset(float curl) {
  constexpr int kJoints = 300;
  AssetBuilder b;
  const int materials[2] = {addUnlitMaterial(b, {0.9f, 0.2f, 0.2f, 1}),
                            addUnlitMaterial(b, {0.2f, 0.9f, 0.2f, 1})};
  for (int strip = 0; strip < 2; ++strip) {
    std::vector<glm::vec3> positions;
    std::vector<glm::u16vec4> joints;
    std::vector<uint32_t> indices;
    for (int c = 0; c <= kJoints; ++c) {
      for (const float y : {0.0f, 0.2f}) {
        positions.push_back({0.01f * float(c), strip == 0 ? y : -y, 0});
        joints.push_back({uint16_t(std::min(c, kJoints - 1)), 0, 0, 0});
      }
      if (c == kJoints) break;
      const uint32_t v = 2 * uint32_t(c);
      if (strip == 0) {
        indices.insert(indices.end(), {v, v + 2, v + 3, v, v + 3, v + 1});
      } else {  // mirrored in y: keep the front faces counter-clockwise
        indices.insert(indices.end(), {v, v + 3, v + 2, v, v + 1, v + 3});
      }
    }
    PrimitiveDesc p;
    p.attributes["POSITION"] = b.addPositions(positions);
    p.attributes["NORMAL"] = b.addVec3(std::vector<glm::vec3>(positions.size(), {0, 0, 1}));
    p.attributes["JOINTS_0"] = addJoints(b, joints, gl::kUnsignedShort);
    p.attributes["WEIGHTS_0"] =
        b.addVec4(std::vector<glm::vec4>(positions.size(), glm::vec4(1, 0, 0, 0)));
    p.indices = b.addIndices(indices);
    p.material = materials[strip];
    b.addMesh({p});
    b.addNode({{"mesh", strip}, {"skin", 0}});
  }
  std::vector<int> jointNodes;
  std::vector<glm::mat4> inverseBind;
  for (int j = 0; j < kJoints; ++j) {
    const int node = b.addNode({{"translation", {j == 0 ? 0.0f : 0.01f, 0, 0}},
                                {"rotation", quat(aboutZ(j == 0 ? 0.0f : curl))}});
    if (j > 0) b.json()["nodes"][node - 1]["children"] = {node};
    jointNodes.push_back(node);
    inverseBind.push_back(glm::translate(glm::mat4(1.0f), {-0.01f * float(j), 0, 0}));
  }
  b.json()["skins"] = {
      {{"joints", jointNodes}, {"inverseBindMatrices", addMatrices(b, inverseBind)}}};
  b.addScene({0, 1, jointNodes[0]});
  return b;
}

TEST_F(DeformTest, ThreeHundredJointsSharedByTwoMeshes) {
  // 0.6 degrees a joint: the 3-long ribbon curls into a half circle of radius about 0.95.
  ASSERT_NO_FATAL_FAILURE(load(ribbonAsset(kPi / 299.0f)));
  ASSERT_EQ(scene().skins[0].joints.size(), 300u);
  constexpr uint32_t kRibbonSize = 96;
  const View view = orbitView({0.5f, 0.95f, 3}, {0.5f, 0.95f, 0}, kRibbonSize, kRibbonSize);
  const Pixels p = renderer_->renderOffscreen(view, kRibbonSize, kRibbonSize);
  EXPECT_TRUE(coverageMatches(p, view, referenceTriangles(scene()), 200));
  EXPECT_FALSE(coverageMatches(p, view, referenceTriangles(scene(), false)));
  // Halfway round, at joint 150 (heading up), the strip that lay above the x axis (mesh 0,
  // red) is on the inside of the curl, the other (green) outside: 0.1 from the joint each way.
  const glm::mat4& joint = scene().world[2 + 150];
  const glm::vec3 at(joint[3]), left = glm::normalize(glm::vec3(joint[1]));
  const glm::ivec2 inner = project(view, at + 0.1f * left, kRibbonSize, kRibbonSize);
  const glm::ivec2 outer = project(view, at - 0.1f * left, kRibbonSize, kRibbonSize);
  EXPECT_TRUE(colorNear(pixelAt(p, inner.x, inner.y), {0.9f, 0.2f, 0.2f}, 3.0f));
  EXPECT_TRUE(colorNear(pixelAt(p, outer.x, outer.y), {0.2f, 0.9f, 0.2f}, 3.0f));
}

// --- shading: the joint matrices move normals and tangents like a node's matrix ------------

const glm::u8vec4 kNormalTexel(190, 140, 220, 255);  // tilted towards +u and -v

struct Posed {
  glm::quat rotation{1, 0, 0, 0};
  glm::vec3 scale{1.0f};
};

// A normal-mapped quad with TANGENT (+x) lit by a directional light from the upper left front,
// posed by `pose` through a node, or through a skin's one joint (node 1) while its own node
// (node 0) has a transform that must be ignored.
scene::Scene shadedQuad(const Posed& pose, bool skinned, bool normalMap) {
  scene::Scene s;
  TestMaterial m = makePbrMaterial({0.8f, 0.8f, 0.8f}, 0.0f, 0.6f);
  if (normalMap) {
    s.images.push_back(
        {"normal", 1, 1, {kNormalTexel.r, kNormalTexel.g, kNormalTexel.b, kNormalTexel.a}});
    s.textures.push_back({0, -1});
    m.material.textures[gpu::kSlotNormal] = 0;
    m.data.textures[gpu::kSlotNormal].info = glm::vec4(0.0f);
  }
  m.material.doubleSided = true;  // a mirror shows the back face
  m.data.alpha.z = 1.0f;
  scene::Primitive quad = quadPrimitive(addMaterial(s, m));
  quad.tangents.assign(4, glm::vec4(1, 0, 0, 1));
  if (skinned) {
    quad.influenceSets = 1;
    quad.joints.assign(4, glm::u16vec4(0));
    quad.weights.assign(4, glm::vec4(1, 0, 0, 0));
    quad.minSkinJoints = 1;
  }
  const int node = addMeshNode(s, quad);
  if (skinned) {
    s.nodes[size_t(node)].skin = 0;
    s.nodes[size_t(node)].translation = {3, 0, 0};  // ignored
    s.nodes[size_t(node)].scale = {0.5f, 0.5f, 0.5f};
    scene::Node joint;
    joint.rotation = pose.rotation;
    joint.scale = pose.scale;
    s.nodes.push_back(joint);
    scene::Skin skin;
    skin.joints = {int(s.nodes.size()) - 1};
    skin.inverseBindMatrices = {glm::mat4(1.0f)};
    s.skins.push_back(skin);
  } else {
    s.nodes[size_t(node)].rotation = pose.rotation;
    s.nodes[size_t(node)].scale = pose.scale;
  }
  scene::Light light;
  light.type = scene::Light::Type::Directional;
  light.intensity = 2.0f;
  addLightNode(s, light, {0, 0, 5}, shineAlong(glm::normalize(glm::vec3(0.6f, -0.5f, -1))));
  finish(s);
  return s;
}

// The centre pixels of the quad posed through a skin and through a node.
std::pair<glm::u8vec4, glm::u8vec4> shadeBothWays(renderer::Renderer& r, const Posed& pose,
                                                  bool normalMap) {
  const View view = orbitView({0, 0, 3}, {0, 0, 0}, kSize, kSize);
  glm::u8vec4 out[2];
  for (int skinned = 0; skinned < 2; ++skinned) {
    r.setScene(shadedQuad(pose, skinned == 1, normalMap), 0);
    const Pixels p = r.renderOffscreen(view, kSize, kSize);
    out[skinned] = pixelAt(p, kSize / 2 - 4, kSize / 2 + 3);
  }
  return {out[1], out[0]};
}

::testing::AssertionResult sameColor(const glm::u8vec4& a, const glm::u8vec4& b, int tolerance) {
  for (int c = 0; c < 3; ++c) {
    if (std::abs(int(a[c]) - int(b[c])) > tolerance) {
      return ::testing::AssertionFailure()
             << "(" << int(a.r) << ", " << int(a.g) << ", " << int(a.b) << ") vs (" << int(b.r)
             << ", " << int(b.g) << ", " << int(b.b) << ")";
    }
  }
  return ::testing::AssertionSuccess();
}

TEST_F(RendererTest, SkinnedNormalsAndTangentsShadeLikeTheSameNodeTransform) {
  const glm::u8vec4 unposed = shadeBothWays(*renderer_, {}, true).second;
  const Posed poses[] = {
      {glm::angleAxis(0.9f, glm::vec3(0, 1, 0)), glm::vec3(1.0f)},  // turns the normal
      {aboutZ(1.2f), glm::vec3(1.0f)},                              // turns the tangent only
      {glm::angleAxis(0.5f, glm::normalize(glm::vec3(1, 1, 0))), glm::vec3(1.0f, 1.6f, 1.0f)},
      {glm::angleAxis(0.4f, glm::vec3(1, 0, 0)), glm::vec3(-1.0f, 1.0f, 1.0f)},  // a mirror
  };
  for (size_t i = 0; i < std::size(poses); ++i) {
    SCOPED_TRACE("pose " + std::to_string(i));
    const auto [skinned, node] = shadeBothWays(*renderer_, poses[i], true);
    EXPECT_TRUE(sameColor(skinned, node, 2));
    EXPECT_FALSE(sameColor(node, unposed, 6));  // each pose changes the shading
  }
}

}  // namespace
}  // namespace vitrine::test
