// Morph targets on the GPU (glTF 2.0 §3.7.2.2), validation on: a generated quad morphing its
// positions and colours at weights 0, 0.5 and 1 and through a CUBICSPLINE weights animation,
// one weight animated through KHR_animation_pointer, a mesh's weights reaching its node, twenty
// targets at once, morph and skin on one primitive, AnimatedMorphCube through its animation;
// normals, tangents, texture coordinates and flat normals of morphed primitives shade like the same
// attributes given directly. Coverage is compared with the CPU reference (deform_check.h).
#include <cmath>
#include <numbers>

#include <glm/gtc/matrix_transform.hpp>

#include "deform.h"
#include "deform_check.h"
#include "flat_normals.h"

namespace vitrine::test {
namespace {

using anim::test::addAnimation;
using anim::test::addTimes;
using anim::test::coreChannel;
using anim::test::pointerChannel;
using anim::test::sampler;
using nlohmann::json;

::testing::AssertionResult statsAre(const renderer::UploadStats& s, uint64_t bytes,
                                    uint32_t ranges) {
  if (s.bytes == bytes && s.ranges == ranges) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << s.bytes << " bytes in " << s.ranges << " ranges uploaded, expected " << bytes << " in "
         << ranges;
}

const glm::vec4 kBaseColor(0.2f, 0.3f, 0.8f, 1.0f);
const glm::vec3 kColorDelta(0.6f, 0.5f, -0.6f);

// The colour of the morph quad at weight w1 of its colour target: COLOR_0 + w1 * delta, clamped
// (§3.7.2.2), times the white unlit material.
glm::vec3 quadColor(float w1) {
  return glm::clamp(glm::vec3(kBaseColor) + w1 * kColorDelta, 0.0f, 1.0f);
}

// Node 0 holds a quad (-1..1, unlit white, COLOR_0 kBaseColor) with two targets: 0 raises its
// top edge by 1, 1 shifts its colour by kColorDelta (VEC3: alpha unchanged).
AssetBuilder morphQuadAsset() {
  AssetBuilder b;
  const int mesh = b.addColoredQuad({1, 1, 1, 1});
  b.json()["materials"][0]["extensions"]["KHR_materials_unlit"] = json::object();
  b.json()["extensionsUsed"] = {"KHR_materials_unlit"};
  json& prim = b.json()["meshes"][mesh]["primitives"][0];
  prim["attributes"]["COLOR_0"] = b.addVec4(std::vector<glm::vec4>(4, kBaseColor));
  // addColoredQuad's corners: (-1, -1), (1, -1), (1, 1), (-1, 1).
  const int raise = b.addVec3({{0, 0, 0}, {0, 0, 0}, {0, 1, 0}, {0, 1, 0}});
  const int shift = b.addVec3(std::vector<glm::vec3>(4, kColorDelta));
  prim["targets"] = {{{"POSITION", raise}}, {{"COLOR_0", shift}}};
  b.addScene({b.addMeshNode(mesh)});
  return b;
}

View quadView() {
  return orbitView({0, 0.5f, 5}, {0, 0.5f, 0}, kSize, kSize);
}

// Where the quad is always: its lower half's middle.
glm::u8vec4 quadPixel(const Pixels& p, const View& view) {
  const glm::ivec2 at = project(view, {0, -0.5f, 0}, kSize, kSize);
  return pixelAt(p, at.x, at.y);
}

TEST_F(DeformTest, QuadAtWeightsZeroHalfAndOne) {
  AssetBuilder b = morphQuadAsset();
  const int times = addTimes(b, {0.0f, 1.0f, 2.0f});
  const int weights = b.addFloats({0, 0, 0.5f, 1, 1, 0.5f}, "SCALAR");
  addAnimation(b, json::array({sampler(times, weights)}),
               json::array({coreChannel(0, 0, "weights")}));
  b.json()["extensionsUsed"] = {"KHR_materials_unlit"};
  ASSERT_NO_FATAL_FAILURE(load(b));
  const View view = quadView();
  const std::vector<float> expected[] = {{0, 0}, {0.5f, 1}, {1, 0.5f}};
  for (int k = 0; k < 3; ++k) {
    SCOPED_TRACE("t = " + std::to_string(k));
    const Pixels p = frame(float(k), view);
    EXPECT_EQ(scene().nodes[0].weights, expected[k]);
    EXPECT_TRUE(coverageMatches(p, view, referenceTriangles(scene())));
    EXPECT_TRUE(colorNear(quadPixel(p, view), quadColor(expected[k][1])));
    // Only the node's two weights travel, and only when they change (t = 0: still zeros).
    EXPECT_TRUE(statsAre(renderer_->lastUploadStats(), k == 0 ? 0 : 8, k == 0 ? 0 : 1));
  }
  // At weight 0.5 the top edge is at 1.5; unmorphed it would be at 1.
  const Pixels half = frame(1.0f, view);
  EXPECT_TRUE(differsNear(half, project(view, {0, 1.3f, 0}, kSize, kSize), 0, background()));
  EXPECT_FALSE(coverageMatches(half, view, referenceTriangles(scene(), true, false)));
}

// formulas.md, Appendix C CUBICSPLINE, per component: keys t_k, in-tangents a, values v,
// out-tangents b.
float cubic(float t, const std::vector<float>& times, const std::vector<float>& a,
            const std::vector<float>& v, const std::vector<float>& b) {
  if (t <= times.front()) return v.front();
  if (t >= times.back()) return v.back();
  size_t k = 0;
  while (times[k + 1] < t) ++k;
  const float td = times[k + 1] - times[k];
  const float s = (t - times[k]) / td;
  const float s2 = s * s, s3 = s2 * s;
  return (2 * s3 - 3 * s2 + 1) * v[k] + td * (s3 - 2 * s2 + s) * b[k] +
         (-2 * s3 + 3 * s2) * v[k + 1] + td * (s3 - s2) * a[k + 1];
}

TEST_F(DeformTest, QuadThroughACubicSplineWeightsAnimation) {
  AssetBuilder b = morphQuadAsset();
  const std::vector<float> times = {0.0f, 1.0f, 2.5f};
  // Per target: in-tangents, values, out-tangents of the three keys.
  const std::vector<float> a[2] = {{0, 0.5f, -1}, {0, 2, 0}};
  const std::vector<float> v[2] = {{0, 1, 0.25f}, {0, 0.5f, 1}};
  const std::vector<float> o[2] = {{2, -1.5f, 0}, {1, 0, 0}};
  std::vector<float> output;  // per key: a_1 a_2, v_1 v_2, b_1 b_2 (formulas.md)
  for (size_t k = 0; k < times.size(); ++k)
    output.insert(output.end(), {a[0][k], a[1][k], v[0][k], v[1][k], o[0][k], o[1][k]});
  addAnimation(
      b, json::array({sampler(addTimes(b, times), b.addFloats(output, "SCALAR"), "CUBICSPLINE")}),
      json::array({coreChannel(0, 0, "weights")}));
  b.json()["extensionsUsed"] = {"KHR_materials_unlit"};
  ASSERT_NO_FATAL_FAILURE(load(b));
  const View view = quadView();
  for (const float t : {0.3f, 0.8f, 1.6f, 2.2f}) {
    SCOPED_TRACE("t = " + std::to_string(t));
    const Pixels p = frame(t, view);
    const float w[2] = {cubic(t, times, a[0], v[0], o[0]), cubic(t, times, a[1], v[1], o[1])};
    ASSERT_EQ(scene().nodes[0].weights.size(), 2u);
    EXPECT_NEAR(scene().nodes[0].weights[0], w[0], 1e-5f);
    EXPECT_NEAR(scene().nodes[0].weights[1], w[1], 1e-5f);
    // The reference from the formula's weights, not the engine's.
    scene().nodes[0].weights = {w[0], w[1]};
    EXPECT_TRUE(coverageMatches(p, view, referenceTriangles(scene())));
    EXPECT_TRUE(colorNear(quadPixel(p, view), quadColor(w[1])));
  }
}

TEST_F(DeformTest, OneWeightThroughAnAnimationPointer) {
  AssetBuilder b = morphQuadAsset();
  b.json()["nodes"][0]["weights"] = {0.75, 0};
  addAnimation(b, json::array({sampler(addTimes(b, {0.0f, 1.0f}), b.addFloats({0, 1}, "SCALAR"))}),
               json::array({pointerChannel(0, "/nodes/0/weights/1")}));
  b.json()["extensionsUsed"] = {"KHR_materials_unlit", "KHR_animation_pointer"};
  ASSERT_NO_FATAL_FAILURE(load(b));
  const View view = quadView();
  const Pixels p = frame(0.4f, view);
  EXPECT_EQ(scene().nodes[0].weights, (std::vector<float>{0.75f, 0.4f}));
  EXPECT_TRUE(statsAre(renderer_->lastUploadStats(), 4, 1));  // the one float
  EXPECT_TRUE(coverageMatches(p, view, referenceTriangles(scene())));
  EXPECT_TRUE(colorNear(quadPixel(p, view), quadColor(0.4f)));
}

TEST_F(DeformTest, TheWholeWeightArrayThroughAnAnimationPointer) {
  AssetBuilder b = morphQuadAsset();
  addAnimation(
      b,
      json::array({sampler(addTimes(b, {0.0f, 1.0f}), b.addFloats({0, 0, 0.5f, 0.25f}, "SCALAR"))}),
      json::array({pointerChannel(0, "/nodes/0/weights")}));
  b.json()["extensionsUsed"] = {"KHR_materials_unlit", "KHR_animation_pointer"};
  ASSERT_NO_FATAL_FAILURE(load(b));
  const View view = quadView();
  const Pixels p = frame(1.0f, view);
  EXPECT_EQ(scene().nodes[0].weights, (std::vector<float>{0.5f, 0.25f}));
  EXPECT_TRUE(statsAre(renderer_->lastUploadStats(), 8, 1));
  EXPECT_TRUE(coverageMatches(p, view, referenceTriangles(scene())));
  EXPECT_TRUE(colorNear(quadPixel(p, view), quadColor(0.25f)));
}

TEST_F(DeformTest, MeshWeightsThroughAnAnimationPointerReachANodeWithoutWeights) {
  // Node 0 has no `weights`: it instantiates the mesh with the mesh's (glTF 2.0 node.weights).
  AssetBuilder b = morphQuadAsset();
  b.json()["meshes"][0]["weights"] = {0, 0};
  addAnimation(
      b,
      json::array({sampler(addTimes(b, {0.0f, 1.0f}), b.addFloats({0, 0, 0.5f, 0.25f}, "SCALAR"))}),
      json::array({pointerChannel(0, "/meshes/0/weights")}));
  b.json()["extensionsUsed"] = {"KHR_materials_unlit", "KHR_animation_pointer"};
  ASSERT_NO_FATAL_FAILURE(load(b));
  const View view = quadView();
  for (const float t : {0.5f, 1.0f}) {
    const Pixels p = frame(t, view);
    const std::vector<float> w{0.5f * t, 0.25f * t};
    EXPECT_EQ(scene().meshes[0].weights, w);
    EXPECT_EQ(scene().nodes[0].weights, w);
    // The node's two floats and the mesh's, neighbours in the MorphWeights region.
    EXPECT_TRUE(statsAre(renderer_->lastUploadStats(), 16, 1));
    EXPECT_TRUE(coverageMatches(p, view, referenceTriangles(scene())));
    EXPECT_TRUE(colorNear(quadPixel(p, view), quadColor(w[1])));
  }
}

TEST_F(DeformTest, TwentyTargetsAtOnce) {
  AssetBuilder b = morphQuadAsset();
  json& prim = b.json()["meshes"][0]["primitives"][0];
  json targets = json::array();
  std::vector<float> weights;
  for (int k = 0; k < 20; ++k) {
    const float up = 0.01f * float(k + 1);  // target k raises the top edge by up
    targets.push_back({{"POSITION", b.addVec3({{0, 0, 0}, {0, 0, 0}, {0, up, 0}, {0, up, 0}})}});
    weights.push_back(k % 2 == 0 ? 0.5f : 0.0f);
  }
  prim["targets"] = targets;
  b.json()["nodes"][0]["weights"] = weights;
  ASSERT_NO_FATAL_FAILURE(load(b));
  ASSERT_EQ(scene().meshes[0].targetCount, 20u);
  const View view = quadView();
  const Pixels p = renderer_->renderOffscreen(view, kSize, kSize);
  // 0.5 x 0.01 x (1 + 3 + ... + 19) = 0.5: the top edge at 1.5.
  EXPECT_TRUE(coverageMatches(p, view, referenceTriangles(scene())));
  EXPECT_TRUE(differsNear(p, project(view, {0, 1.35f, 0}, kSize, kSize), 0, background()));
  EXPECT_FALSE(differsNear(p, project(view, {0, 1.65f, 0}, kSize, kSize), 1, background()));
}

TEST_F(DeformTest, MorphThenSkinOnOnePrimitive) {
  AssetBuilder b = morphQuadAsset();
  json& prim = b.json()["meshes"][0]["primitives"][0];
  prim["targets"] = {prim["targets"][0]};    // the raise only
  b.json()["meshes"][0]["weights"] = {1.0};  // the mesh's default weight
  std::vector<uint8_t> joints(16, 0);
  AccessorDesc d;
  d.bufferView = b.addBufferView(joints);
  d.componentType = gl::kUnsignedByte;
  d.type = "VEC4";
  d.count = 4;
  prim["attributes"]["JOINTS_0"] = b.addAccessor(d);
  prim["attributes"]["WEIGHTS_0"] = b.addVec4(std::vector<glm::vec4>(4, {1, 0, 0, 0}));
  const glm::quat turn = glm::angleAxis(std::numbers::pi_v<float> / 2, glm::vec3(0, 0, 1));
  const int joint =
      b.addNode({{"translation", {0.5, 0, 0}}, {"rotation", {turn.x, turn.y, turn.z, turn.w}}});
  b.json()["nodes"][0]["skin"] = 0;
  b.json()["skins"] = {{{"joints", {joint}}}};
  b.json()["scenes"][0]["nodes"].push_back(joint);
  ASSERT_NO_FATAL_FAILURE(load(b));
  ASSERT_EQ(scene().nodes[0].weights, std::vector<float>{1.0f});
  const View view = orbitView({-0.25f, 0, 5}, {-0.25f, 0, 0}, kSize, kSize);
  const Pixels p = renderer_->renderOffscreen(view, kSize, kSize);
  EXPECT_TRUE(coverageMatches(p, view, referenceTriangles(scene())));
  // By hand: raised to y = 2 first, then turned: the raised edge points to -x, at x = -1.5.
  EXPECT_TRUE(differsNear(p, project(view, {-1.3f, 0, 0}, kSize, kSize), 0, background()));
  // Skinning first and then adding the (unturned) displacement puts the quad elsewhere.
  std::vector<Triangle> wrong;
  const scene::Primitive& q = scene().meshes[0].primitives[0];
  const glm::mat4 model = glm::translate(glm::mat4(1.0f), {0.5f, 0, 0}) * glm::mat4_cast(turn);
  for (size_t i = 0; i < q.indices.size(); i += 3) {
    Triangle t;
    for (int k = 0; k < 3; ++k) {
      const uint32_t v = q.indices[i + size_t(k)];
      t[size_t(k)] = glm::vec3(model * glm::vec4(q.positions[v], 1.0f)) + q.targets[0].positions[v];
    }
    wrong.push_back(t);
  }
  EXPECT_FALSE(coverageMatches(p, view, wrong));
}

TEST_F(DeformTest, AnimatedMorphCubeFollowsItsAnimation) {
  ASSERT_NO_FATAL_FAILURE(loadFile(std::string(VITRINE_MODELS_DIR) +
                                   "/glTF-Sample-Models/AnimatedMorphCube-glTF/"
                                   "AnimatedMorphCube.gltf"));
  const View view = orbitView({3, 2.5f, 5}, {0, 0, 0}, kSize, kSize);
  int distinct = 0;
  for (const float t : {0.5f, 1.2f, 2.0f, 3.1f, 4.0f}) {
    SCOPED_TRACE("t = " + std::to_string(t));
    const std::vector<float> before = scene().nodes[0].weights;
    const Pixels p = frame(t, view);
    EXPECT_TRUE(coverageMatches(p, view, referenceTriangles(scene())));
    const bool changed = scene().nodes[0].weights != before;
    EXPECT_TRUE(statsAre(renderer_->lastUploadStats(), changed ? 8 : 0, changed ? 1 : 0));
    if (!coverageMatches(p, view, referenceTriangles(scene(), true, false))) ++distinct;
  }
  EXPECT_GE(distinct, 2);  // the morph shows: the undeformed cube does not match then
}

// --- shading of morphed attributes -----------------------------------------------------------

// A lit grey quad facing +z, lit from the upper left front; `edit` changes its primitive.
template <class Edit>
scene::Scene litQuad(Edit edit, bool normalMap = false) {
  scene::Scene s;
  TestMaterial m = makePbrMaterial({0.8f, 0.8f, 0.8f}, 0.0f, 0.6f);
  if (normalMap) {
    s.images.push_back({"normal", 1, 1, {190, 140, 220, 255}});
    s.textures.push_back({0, -1});
    m.material.textures[gpu::kSlotNormal] = 0;
    m.data.textures[gpu::kSlotNormal].info = glm::vec4(0.0f);
  }
  scene::Primitive quad = quadPrimitive(addMaterial(s, m));
  edit(quad);
  const int node = addMeshNode(s, quad);
  scene::Mesh& mesh = s.meshes[size_t(s.nodes[size_t(node)].mesh)];
  mesh.targetCount = uint32_t(mesh.primitives[0].targets.size());
  s.nodes[size_t(node)].weights.assign(mesh.targetCount, 1.0f);
  scene::Light light;
  light.type = scene::Light::Type::Directional;
  light.intensity = 2.0f;
  addLightNode(s, light, {0, 0, 5}, shineAlong(glm::normalize(glm::vec3(0.6f, -0.5f, -1))));
  finish(s);
  // The MorphWeights region: the node's weights, then the mesh's (loadMorphWeights()).
  uint32_t offset = 0;
  for (scene::Node& n : s.nodes) {
    n.morphWeightOffset = offset;
    offset += uint32_t(n.weights.size());
  }
  mesh.morphWeightOffset = offset;
  mesh.weights.assign(mesh.targetCount, 0.0f);
  return s;
}

glm::u8vec4 renderLit(renderer::Renderer& r, const scene::Scene& s) {
  r.setScene(s, 0);
  const View view = orbitView({0, 0, 3}, {0, 0, 0}, kSize, kSize);
  const Pixels p = r.renderOffscreen(view, kSize, kSize);
  return pixelAt(p, kSize / 2 - 4, kSize / 2 + 3);
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

TEST_F(RendererTest, MorphedNormalsShadeLikeTheSameNormals) {
  const glm::vec3 delta(0.7f, 0.3f, -0.4f);
  const glm::u8vec4 morphed = renderLit(*renderer_, litQuad([&](scene::Primitive& p) {
    scene::MorphTarget t;
    t.normals.assign(4, delta);
    p.targets = {t};
  }));
  const glm::u8vec4 direct = renderLit(*renderer_, litQuad([&](scene::Primitive& p) {
    p.normals.assign(4, glm::vec3(0, 0, 1) + delta);
  }));
  const glm::u8vec4 flat = renderLit(*renderer_, litQuad([](scene::Primitive&) {}));
  EXPECT_TRUE(sameColor(morphed, direct, 2));
  EXPECT_FALSE(sameColor(morphed, flat, 6));
}

TEST_F(RendererTest, MorphedTangentsShadeLikeTheSameTangents) {
  // A quarter turn of the tangent in the quad's plane: +x to +y.
  const glm::u8vec4 morphed =
      renderLit(*renderer_, litQuad(
                                [](scene::Primitive& p) {
                                  p.tangents.assign(4, glm::vec4(1, 0, 0, 1));
                                  scene::MorphTarget t;
                                  t.tangents.assign(4, glm::vec3(-1, 1, 0));
                                  p.targets = {t};
                                },
                                true));
  const glm::u8vec4 direct = renderLit(
      *renderer_,
      litQuad([](scene::Primitive& p) { p.tangents.assign(4, glm::vec4(0, 1, 0, 1)); }, true));
  const glm::u8vec4 unmorphed = renderLit(
      *renderer_,
      litQuad([](scene::Primitive& p) { p.tangents.assign(4, glm::vec4(1, 0, 0, 1)); }, true));
  EXPECT_TRUE(sameColor(morphed, direct, 2));
  EXPECT_FALSE(sameColor(morphed, unmorphed, 6));
}

TEST_F(RendererTest, FlatNormalsAreThoseOfTheMorphedTriangle) {
  // No NORMAL: flat normals. A target tilts the quad (its top edge 1.5 towards +z); the lit
  // colour must be that of a quad built tilted, not that of the untilted normal.
  auto tilt = [](scene::Primitive& p, bool asTarget) {
    p.normals.clear();
    if (!asTarget)
      for (glm::vec3& v : p.positions) v.z += v.y > 0 ? 1.5f : 0.0f;
    scene::generateFlatNormals(p);
    if (asTarget) {
      scene::MorphTarget t;
      for (const glm::vec3& v : p.positions) t.positions.push_back({0, 0, v.y > 0 ? 1.5f : 0.0f});
      p.targets = {t};
    }
  };
  const glm::u8vec4 morphed =
      renderLit(*renderer_, litQuad([&](scene::Primitive& p) { tilt(p, true); }));
  const glm::u8vec4 built =
      renderLit(*renderer_, litQuad([&](scene::Primitive& p) { tilt(p, false); }));
  // What keeping the undeformed flat normal (+z) would show.
  const glm::u8vec4 stale = renderLit(*renderer_, litQuad([&](scene::Primitive& p) {
    tilt(p, false);
    p.normals.assign(p.positions.size(), glm::vec3(0, 0, 1));
    p.flatNormals = false;
  }));
  EXPECT_TRUE(sameColor(morphed, built, 2));
  EXPECT_FALSE(sameColor(morphed, stale, 6));
}

TEST_F(RendererTest, MorphedTexcoordsSampleTheTextureElsewhere) {
  // A 2x1 texture, red | green, sampled NEAREST; every uv at (0.25, 0.5) is red, and the target
  // moves them by +0.5 in u to green (weight 1) or by 0.2 to still red (weight 0.4).
  for (const float w : {0.0f, 0.4f, 1.0f}) {
    scene::Scene s;
    s.images.push_back({"rg", 2, 1, {255, 0, 0, 255, 0, 255, 0, 255}});
    scene::Sampler nearest;
    nearest.magFilter = nearest.minFilter = nearest.mipmapFilter = scene::Filter::Nearest;
    nearest.useMipmaps = false;
    s.samplers.push_back(nearest);
    s.textures.push_back({0, 0});
    TestMaterial m = makeUnlitMaterial({1, 1, 1, 1});
    m.material.textures[gpu::kSlotBaseColor] = 0;
    m.data.textures[gpu::kSlotBaseColor].info = glm::vec4(0.0f);
    scene::Primitive quad = quadPrimitive(addMaterial(s, m));
    quad.texcoords[0].assign(4, glm::vec2(0.25f, 0.5f));
    scene::MorphTarget t;
    t.texcoords[0].assign(4, glm::vec2(0.5f, 0));
    quad.targets = {t};
    const int node = addMeshNode(s, quad);
    s.meshes[0].targetCount = 1;
    s.meshes[0].weights = {0.0f};
    s.meshes[0].morphWeightOffset = 1;
    s.nodes[size_t(node)].weights = {w};
    finish(s);
    renderer_->setScene(s, 0);
    const View view = orbitView({0, 0, 3}, {0, 0, 0}, kSize, kSize);
    const Pixels p = renderer_->renderOffscreen(view, kSize, kSize);
    EXPECT_TRUE(colorNear(pixelAt(p, kSize / 2, kSize / 2),
                          w > 0.5f ? glm::vec3(0, 1, 0) : glm::vec3(1, 0, 0)))
        << "weight " << w;
  }
}

}  // namespace
}  // namespace vitrine::test
