// Shadows of KHR_lights_punctual lights (issue 24; renderer/passes/pass_shadows.h): a ground quad
// (z = 0, facing +z) under a square caster, lit by a directional or a spot light. Shadowed
// pixels are what is left without that light (no environment: black); lit ones the Appendix B
// radiance the light test computes (brdf_reference.h); both away from the soft edge.
#include <algorithm>
#include <cmath>

#include "brdf_reference.h"
#include "render_fixture.h"

namespace vitrine::test {
namespace {

const glm::vec3 kGround(0.8f, 0.6f, 0.4f);
constexpr float kMetallic = 0.0f;
constexpr float kRoughness = 0.6f;
const glm::vec3 kAlong = glm::normalize(glm::vec3(1.0f, 0.0f, -1.0f));  // directional light

renderer::View shadowView(const glm::vec3& eye) {
  renderer::View view = orbitView(eye, glm::vec3(0.0f), kSize, kSize);
  view.shadows = true;
  return view;
}

// The ground: a 4x4 lit quad in the z = 0 plane.
void addGround(scene::Scene& s) {
  const int ground = addMeshNode(
      s, quadPrimitive(addMaterial(s, makePbrMaterial(kGround, kMetallic, kRoughness))));
  s.nodes[ground].scale = glm::vec3(2.0f);
}

// A square caster of half side `half` at height `z` above the origin; returns its node.
int addCaster(scene::Scene& s, float half, float z, const TestMaterial& material) {
  const int node = addMeshNode(s, quadPrimitive(addMaterial(s, material)), glm::vec3(0, 0, z));
  s.nodes[node].scale = glm::vec3(half);
  return node;
}

scene::Light directional(float intensity) {
  scene::Light light;
  light.type = scene::Light::Type::Directional;
  light.intensity = intensity;
  return light;
}

// The radiance of the ground at `p` under the directional light kAlong of `intensity`.
glm::vec3 groundUnderDirectional(const View& view, const glm::vec3& p, float intensity) {
  const glm::dvec3 n(0, 0, 1);
  const glm::dvec3 l = -glm::dvec3(kAlong);
  const glm::dvec3 v = glm::normalize(glm::dvec3(view.eye) - glm::dvec3(p));
  return glm::vec3(reflected(appendixB(glm::dvec3(kGround), kMetallic, kRoughness, n, v, l),
                             glm::dvec3(intensity), n, l));
}

// The pixel showing ground point `p`, and the ground point its centre shows.
struct GroundPixel {
  glm::u8vec4 color;
  glm::vec3 point;
};
GroundPixel groundPixel(const Pixels& pixels, const View& view, const glm::vec3& p) {
  const glm::ivec2 at = project(view, p, kSize, kSize);
  return {pixelAt(pixels, at.x, at.y),
          surfacePoint(view, at, kSize, kSize, glm::vec3(0.0f), glm::vec3(0, 0, 1))};
}

TEST_F(RendererTest, DirectionalLightShadowsTheGroundUnderACaster) {
  // Caster x, y in [-0.5, 0.5] at z = 1; the light along (1, 0, -1) puts its shadow on
  // x in [0.5, 1.5], y in [-0.5, 0.5].
  scene::Scene s;
  addGround(s);
  addCaster(s, 0.5f, 1.0f, makeUnlitMaterial({1, 1, 1, 1}));
  addLightNode(s, directional(1.5f), glm::vec3(0, 0, 3), shineAlong(kAlong));
  finish(s);
  ASSERT_TRUE(renderer_->setScene(s, 0).shown);
  View view = shadowView(glm::vec3(0, 0, 4));
  const Pixels shadowed = renderer_->renderOffscreen(view, kSize, kSize);
  const renderer::DrawStats stats = renderer_->lastDrawStats();
  EXPECT_EQ(stats.shadowedLights, 1u);
  EXPECT_EQ(stats.shadowMapRenders, 1u);
  const GroundPixel inShadow = groundPixel(shadowed, view, glm::vec3(1.0f, 0.0f, 0.0f));
  EXPECT_TRUE(colorNear(inShadow.color, glm::vec3(0.0f), 1.0f));
  for (const glm::vec3 p :
       {glm::vec3(-1.0f, 0.0f, 0.0f), glm::vec3(1.0f, 1.2f, 0.0f), glm::vec3(1.0f, -1.2f, 0.0f)}) {
    const GroundPixel lit = groundPixel(shadowed, view, p);
    EXPECT_TRUE(colorNear(lit.color, groundUnderDirectional(view, lit.point, 1.5f)))
        << p.x << "," << p.y;
  }
  // Without shadows the same pixel has the light's whole radiance.
  view.shadows = false;
  const Pixels plain = renderer_->renderOffscreen(view, kSize, kSize);
  const GroundPixel unshadowed = groundPixel(plain, view, glm::vec3(1.0f, 0.0f, 0.0f));
  EXPECT_TRUE(colorNear(unshadowed.color, groundUnderDirectional(view, unshadowed.point, 1.5f)));
  EXPECT_EQ(renderer_->lastDrawStats().shadowedLights, 0u);
}

TEST_F(RendererTest, SpotLightShadowsTheGroundInsideItsCone) {
  // Spot at (-1, 0, 2) along (1, 0, -1); caster x, y in [-0.25, 0.25] at z = 1: its shadow is
  // x in [0.5, 1.5], y in [-0.5, 0.5].
  scene::Scene s;
  addGround(s);
  addCaster(s, 0.25f, 1.0f, makeUnlitMaterial({1, 1, 1, 1}));
  scene::Light light;
  light.type = scene::Light::Type::Spot;
  light.intensity = 4.0f;
  light.innerConeAngle = 0.8f;
  light.outerConeAngle = 1.0f;
  light.hasSpot = true;
  const glm::dvec3 position(-1.0, 0.0, 2.0);
  const glm::dvec3 axis = glm::normalize(glm::dvec3(1.0, 0.0, -1.0));
  addLightNode(s, light, glm::vec3(position), shineAlong(glm::vec3(axis)));
  finish(s);
  ASSERT_TRUE(renderer_->setScene(s, 0).shown);
  const View view = shadowView(glm::vec3(0, 0, 4));
  const Pixels pixels = renderer_->renderOffscreen(view, kSize, kSize);
  EXPECT_EQ(renderer_->lastDrawStats().shadowedLights, 1u);
  EXPECT_TRUE(colorNear(groundPixel(pixels, view, glm::vec3(1.0f, 0.0f, 0.0f)).color,
                        glm::vec3(0.0f), 1.0f));
  for (const glm::vec3 q : {glm::vec3(-0.3f, 0.6f, 0.0f), glm::vec3(1.0f, 0.9f, 0.0f)}) {
    const GroundPixel lit = groundPixel(pixels, view, q);
    const glm::dvec3 p(lit.point);
    const glm::dvec3 toLight = position - p;
    const double d = glm::length(toLight);
    const glm::dvec3 l = toLight / d;
    const double angle = std::acos(std::clamp(glm::dot(axis, -l), -1.0, 1.0));
    const double attenuation = rangeAttenuation(d, std::nullopt) *
                               spotAttenuation(angle, light.innerConeAngle, light.outerConeAngle);
    const glm::dvec3 n(0, 0, 1);
    const glm::dvec3 v = glm::normalize(glm::dvec3(view.eye) - p);
    const glm::vec3 expected(
        reflected(appendixB(glm::dvec3(kGround), kMetallic, kRoughness, n, v, l),
                  glm::dvec3(double(light.intensity) * attenuation), n, l));
    EXPECT_GT(expected.r, 0.05f);
    EXPECT_TRUE(colorNear(lit.color, expected)) << q.x << "," << q.y;
  }
}

TEST_F(RendererTest, PointLightShadowsTheGroundThroughItsCubeMap) {
  // Point light at (-0.5, 0, 2), range 6; caster x, y in [-0.25, 0.25] at z = 1: its shadow,
  // seen through the cube's -Z face, is x in [0, 1], y in [-0.5, 0.5].
  scene::Scene s;
  addGround(s);
  addCaster(s, 0.25f, 1.0f, makeUnlitMaterial({1, 1, 1, 1}));
  scene::Light light;
  light.type = scene::Light::Type::Point;
  light.intensity = 3.0f;
  light.range = 6.0f;
  const glm::dvec3 position(-0.5, 0.0, 2.0);
  addLightNode(s, light, glm::vec3(position));
  finish(s);
  ASSERT_TRUE(renderer_->setScene(s, 0).shown);
  const View view = shadowView(glm::vec3(0, 0, 4));
  const Pixels pixels = renderer_->renderOffscreen(view, kSize, kSize);
  EXPECT_EQ(renderer_->lastDrawStats().shadowedLights, 1u);
  EXPECT_EQ(renderer_->lastDrawStats().shadowMapRenders, 6u);
  EXPECT_TRUE(colorNear(groundPixel(pixels, view, glm::vec3(0.6f, 0.0f, 0.0f)).color,
                        glm::vec3(0.0f), 1.0f));
  // Lit points seen through two faces of the cube: -Z (the first two) and +X.
  for (const glm::vec3 q :
       {glm::vec3(-1.0f, 0.6f, 0.0f), glm::vec3(-1.9f, -1.2f, 0.0f), glm::vec3(1.8f, 1.0f, 0.0f)}) {
    const GroundPixel lit = groundPixel(pixels, view, q);
    const glm::dvec3 p(lit.point);
    const glm::dvec3 toLight = position - p;
    const double d = glm::length(toLight);
    const glm::dvec3 l = toLight / d;
    const glm::dvec3 n(0, 0, 1);
    const glm::dvec3 v = glm::normalize(glm::dvec3(view.eye) - p);
    const glm::vec3 expected(
        reflected(appendixB(glm::dvec3(kGround), kMetallic, kRoughness, n, v, l),
                  glm::dvec3(double(light.intensity) * rangeAttenuation(d, 6.0)), n, l));
    EXPECT_GT(expected.r, 0.02f);
    EXPECT_TRUE(colorNear(lit.color, expected)) << q.x << "," << q.y;
  }
}

TEST_F(RendererTest, ShadowOfABoxRestingOnTheGroundTouchesItsBase) {
  // A unit box standing on the ground (z from 0 to 1); the light along (1, 0, -1): the shadow
  // starts at the base's edge x = 0.5. The ground just outside it is dark.
  scene::Scene s;
  addGround(s);
  addMeshNode(s, cubePrimitive(addMaterial(s, makePbrMaterial(glm::vec3(0.5f), 0.0f, 0.5f))),
              glm::vec3(0.0f, 0.0f, 0.5f));
  addLightNode(s, directional(1.5f), glm::vec3(0, 0, 3), shineAlong(kAlong));
  finish(s);
  ASSERT_TRUE(renderer_->setScene(s, 0).shown);
  const View view = shadowView(glm::vec3(3.0f, -0.5f, 4.0f));
  const Pixels pixels = renderer_->renderOffscreen(view, kSize, kSize);
  const GroundPixel base = groundPixel(pixels, view, glm::vec3(0.58f, 0.0f, 0.0f));
  ASSERT_GT(base.point.x, 0.5f);   // outside the box
  ASSERT_LT(base.point.x, 0.66f);  // within a pixel's width of its base
  EXPECT_TRUE(colorNear(base.color, glm::vec3(0.0f), 1.0f));
  const GroundPixel lit = groundPixel(pixels, view, glm::vec3(1.0f, 0.9f, 0.0f));
  EXPECT_TRUE(colorNear(lit.color, groundUnderDirectional(view, lit.point, 1.5f)));
}

// Renders `s` with and without shadows from `eye` and expects every pixel whose surface faces
// a light (N.L above `minCosine`, by the ray's hit on the unit sphere) to match: a convex object
// casts nothing on itself, and a grazing light shows no acne.
void expectSphereUnshadowed(renderer::Renderer& r, const glm::vec3& eye, const glm::vec3& toLight,
                            float minCosine) {
  View view = shadowView(eye);
  const Pixels shadowed = r.renderOffscreen(view, kSize, kSize);
  EXPECT_EQ(r.lastDrawStats().shadowedLights, 1u);
  view.shadows = false;
  const Pixels plain = r.renderOffscreen(view, kSize, kSize);
  int checked = 0;
  for (int y = 0; y < int(kSize); ++y) {
    for (int x = 0; x < int(kSize); ++x) {
      const Ray ray = pixelRay(view, glm::vec2(x + 0.5f, y + 0.5f), kSize, kSize);
      const glm::vec3 d = glm::normalize(ray.direction);
      const float b = glm::dot(ray.origin, d);
      const float c = glm::dot(ray.origin, ray.origin) - 1.0f;
      const float disc = b * b - c;
      if (disc < 0.02f) continue;  // off the sphere or at its silhouette
      const glm::vec3 n = glm::normalize(ray.origin + (-b - std::sqrt(disc)) * d);
      if (glm::dot(n, toLight) < minCosine) continue;  // the terminator and beyond
      ++checked;
      const glm::u8vec4 a = pixelAt(shadowed, x, y), e = pixelAt(plain, x, y);
      for (int k = 0; k < 3; ++k)
        EXPECT_LE(std::abs(int(a[k]) - int(e[k])), 2) << "pixel " << x << "," << y;
    }
  }
  EXPECT_GT(checked, 200);
}

TEST_F(RendererTest, SphereLitAtAGrazingAngleShowsNoAcne) {
  scene::Scene s;
  addMeshNode(s, spherePrimitive(addMaterial(s, makePbrMaterial(kGround, 0.0f, 0.5f))));
  // The light grazes the sphere as the camera sees it: from the side, slightly behind.
  const glm::vec3 along = glm::normalize(glm::vec3(-1.0f, -0.1f, 0.15f));
  addLightNode(s, directional(2.0f), glm::vec3(3, 0, 0), shineAlong(along));
  finish(s);
  ASSERT_TRUE(renderer_->setScene(s, 0).shown);
  expectSphereUnshadowed(*renderer_, glm::vec3(0, 0, 3.5f), -along, 0.05f);
}

TEST_F(RendererTest, ConvexObjectCastsNothingOnItselfUnderAFrontLight) {
  // The material tests' situation with shadows on: a convex lit object looks the same.
  scene::Scene s;
  addMeshNode(s, spherePrimitive(addMaterial(s, makePbrMaterial({0.9f, 0.5f, 0.3f}, 0.3f, 0.4f))));
  const glm::vec3 along = glm::normalize(glm::vec3(-0.4f, -0.5f, -1.0f));
  addLightNode(s, directional(2.0f), glm::vec3(0, 0, 3), shineAlong(along));
  finish(s);
  ASSERT_TRUE(renderer_->setScene(s, 0).shown);
  expectSphereUnshadowed(*renderer_, glm::vec3(0.5f, 0.3f, 3.5f), -along, 0.0f);
}

// The directional scene of the first test, with the caster's material and node adjustable.
struct CasterScene {
  scene::Scene s;
  int caster = -1;
};
CasterScene casterScene(const TestMaterial& material) {
  CasterScene c;
  addGround(c.s);
  c.caster = addCaster(c.s, 0.5f, 1.0f, material);
  addLightNode(c.s, directional(1.5f), glm::vec3(0, 0, 3), shineAlong(kAlong));
  return c;
}

// Whether the ground at (1, 0) (the middle of the caster's shadow) is lit.
bool shadowMiddleLit(renderer::Renderer& r, const View& view) {
  const Pixels pixels = r.renderOffscreen(view, kSize, kSize);
  const GroundPixel p = groundPixel(pixels, view, glm::vec3(1.0f, 0.0f, 0.0f));
  const bool lit = colorNear(p.color, groundUnderDirectional(view, p.point, 1.5f));
  const bool dark = colorNear(p.color, glm::vec3(0.0f), 1.0f);
  EXPECT_NE(lit, dark) << "neither lit nor in shadow";
  return lit;
}

TEST_F(RendererTest, HiddenBlendedAndTransmissiveCastersCastNoShadow) {
  {
    CasterScene c = casterScene(makeUnlitMaterial({1, 1, 1, 1}));
    finish(c.s);
    ASSERT_TRUE(renderer_->setScene(c.s, 0).shown);
    EXPECT_FALSE(shadowMiddleLit(*renderer_, shadowView(glm::vec3(0, 0, 4))));  // the control
  }
  {
    CasterScene c = casterScene(makeUnlitMaterial({1, 1, 1, 1}));
    c.s.nodes[c.caster].visible = 0.0f;  // KHR_node_visibility: not drawn, casts nothing
    finish(c.s);
    ASSERT_TRUE(renderer_->setScene(c.s, 0).shown);
    EXPECT_TRUE(shadowMiddleLit(*renderer_, shadowView(glm::vec3(0, 0, 4))));
  }
  {
    TestMaterial blend = makeUnlitMaterial({1, 1, 1, 0.9f});
    blend.material.alphaMode = scene::AlphaMode::Blend;
    blend.data.alpha.x = float(gpu::kAlphaBlend);
    CasterScene c = casterScene(blend);
    finish(c.s);
    ASSERT_TRUE(renderer_->setScene(c.s, 0).shown);
    EXPECT_TRUE(shadowMiddleLit(*renderer_, shadowView(glm::vec3(0, 0, 4))));
  }
  {
    // KHR_materials_transmission: fully transmissive, so light passes (pass_shadows.h).
    TestMaterial glass = makePbrMaterial(glm::vec3(1.0f), 0.0f, 0.0f);
    glass.material.extensions |= 1u << uint32_t(scene::MaterialExtension::Transmission);
    CasterScene c = casterScene(glass);
    finish(c.s);
    c.s.materialExtensionData.assign(c.s.materials.size() + 1,
                                     scene::defaultMaterialExtensionData());
    const int material = c.s.meshes[size_t(c.s.nodes[c.caster].mesh)].primitives[0].material;
    c.s.materialExtensionData[size_t(material)].refraction.y = 1.0f;  // transmissionFactor
    ASSERT_TRUE(renderer_->setScene(c.s, 0).shown);
    EXPECT_TRUE(shadowMiddleLit(*renderer_, shadowView(glm::vec3(0, 0, 4))));
    EXPECT_EQ(renderer_->lastDrawStats().transmissionPasses, 1u);
  }
  EXPECT_EQ(renderer_->validationMessageCount(), 0u);
}

TEST_F(RendererTest, MaskedCasterCutsItsShadowOut) {
  // A 4x4 texture, alpha 0 in its middle 2x2 texels: the caster (x, y in [-0.5, 0.5]) has a
  // hole over [-0.25, 0.25], so its shadow (shifted by +1 in x) is lit over [0.75, 1.25]. The
  // texture is the base colour's, or (KHR_materials_pbrSpecularGlossiness) the diffuse's, whose
  // alpha is then the opacity: its base colour, opaque, must not fill the hole.
  for (const bool specularGlossiness : {false, true}) {
    SCOPED_TRACE(specularGlossiness ? "diffuseTexture" : "baseColorTexture");
    scene::Scene s;
    scene::Image image;
    image.name = "hole";
    image.width = image.height = 4;
    image.rgba8.assign(4 * 4 * 4, 255);
    for (const int texel : {5, 6, 9, 10}) image.rgba8[size_t(texel) * 4 + 3] = 0;
    s.images.push_back(image);
    scene::Sampler nearest;
    nearest.magFilter = nearest.minFilter = nearest.mipmapFilter = scene::Filter::Nearest;
    s.samplers.push_back(nearest);
    s.textures.push_back({0, 0});
    TestMaterial mask = specularGlossiness ? makePbrMaterial({1, 1, 1}, 0.0f, 0.5f)
                                           : makeUnlitMaterial({1, 1, 1, 1});
    mask.material.alphaMode = scene::AlphaMode::Mask;
    mask.data.alpha.x = float(gpu::kAlphaMask);
    mask.data.alpha.y = 0.5f;
    gpu::MaterialExtensionData extension = scene::defaultMaterialExtensionData();
    if (specularGlossiness) {
      mask.material.extensions |= 1u << uint32_t(scene::MaterialExtension::SpecularGlossiness);
      mask.material.textures[gpu::kSlotDiffuse] = 0;
      extension.textures[gpu::kSlotDiffuse - gpu::kTextureSlotCount].info = glm::vec4(0.0f);
    } else {
      mask.material.textures[gpu::kSlotBaseColor] = 0;
      mask.data.textures[gpu::kSlotBaseColor].info = glm::vec4(0.0f);
    }
    addGround(s);
    addCaster(s, 0.5f, 1.0f, mask);
    addLightNode(s, directional(1.5f), glm::vec3(0, 0, 3), shineAlong(kAlong));
    finish(s);
    s.materialExtensionData = {scene::defaultMaterialExtensionData(), extension,
                               scene::defaultMaterialExtensionData()};
    ASSERT_TRUE(renderer_->setScene(s, 0).shown);
    const View view = shadowView(glm::vec3(0, 0, 4));
    const Pixels pixels = renderer_->renderOffscreen(view, kSize, kSize);
    const GroundPixel hole = groundPixel(pixels, view, glm::vec3(1.0f, 0.0f, 0.0f));
    EXPECT_TRUE(colorNear(hole.color, groundUnderDirectional(view, hole.point, 1.5f)));
    for (const glm::vec3 p : {glm::vec3(1.0f, 0.38f, 0.0f), glm::vec3(1.0f, -0.38f, 0.0f),
                              glm::vec3(1.38f, 0.0f, 0.0f)})
      EXPECT_TRUE(colorNear(groundPixel(pixels, view, p).color, glm::vec3(0.0f), 1.0f))
          << p.x << "," << p.y;
  }
  EXPECT_EQ(renderer_->validationMessageCount(), 0u);
}

TEST_F(RendererTest, ShadowMapsRerenderOnlyWhenACasterOrLightMoved) {
  CasterScene c = casterScene(makeUnlitMaterial({1, 1, 1, 1}));
  finish(c.s);
  ASSERT_TRUE(renderer_->setScene(c.s, 0).shown);
  EXPECT_FALSE(shadowMiddleLit(*renderer_, shadowView(glm::vec3(0, 0, 4))));
  EXPECT_EQ(renderer_->lastDrawStats().shadowMapRenders, 1u);
  // A still scene: nothing; the camera moving: nothing.
  (void)renderer_->renderOffscreen(shadowView(glm::vec3(0, 0, 4)), kSize, kSize);
  EXPECT_EQ(renderer_->lastDrawStats().shadowMapRenders, 0u);
  EXPECT_FALSE(shadowMiddleLit(*renderer_, shadowView(glm::vec3(0.2f, 0.1f, 4))));
  EXPECT_EQ(renderer_->lastDrawStats().shadowMapRenders, 0u);
  EXPECT_EQ(renderer_->lastDrawStats().shadowedLights, 1u);
  // The caster moves away (+y by 2): re-rendered in that frame, the shadow gone from (1, 0).
  c.s.nodes[c.caster].translation.y = 2.0f;
  scene::updateWorldTransforms(c.s);
  renderer_->updateTransforms(c.s);
  EXPECT_TRUE(shadowMiddleLit(*renderer_, shadowView(glm::vec3(0, 0, 4))));
  EXPECT_EQ(renderer_->lastDrawStats().shadowMapRenders, 1u);
  (void)renderer_->renderOffscreen(shadowView(glm::vec3(0, 0, 4)), kSize, kSize);
  EXPECT_EQ(renderer_->lastDrawStats().shadowMapRenders, 0u);
  // As an animation reports it (applyChanges with the world matrices it changed): back over
  // (1, 0), in the same frame. A camera-only change (no region dirty but cameras) renders none.
  c.s.nodes[c.caster].translation.y = 0.0f;
  scene::updateWorldTransforms(c.s);
  scene::DirtySet moved;
  moved.worldMatrices.mark(uint32_t(c.caster) * scene::kWorldMatrixBytes, scene::kWorldMatrixBytes);
  moved.coalesce();
  renderer_->applyChanges(c.s, moved);
  EXPECT_FALSE(shadowMiddleLit(*renderer_, shadowView(glm::vec3(0, 0, 4))));
  EXPECT_EQ(renderer_->lastDrawStats().shadowMapRenders, 1u);
  scene::DirtySet camera;
  camera[scene::Region::Cameras].mark(0, 4);
  camera.coalesce();
  renderer_->applyChanges(c.s, camera);
  (void)renderer_->renderOffscreen(shadowView(glm::vec3(0, 0, 4)), kSize, kSize);
  EXPECT_EQ(renderer_->lastDrawStats().shadowMapRenders, 0u);
}

TEST_F(RendererTest, SkinnedCastersShadowFollowsItsJoint) {
  // The caster quad skinned to one joint (glTF 2.0 §3.7.3: the joint matrices are the whole
  // model transform): the joint at (0, 0, 1), then moved to (-1, 0, 1); the shadow, shifted by
  // +1 in x, is under (1, 0) first and under (0, 0) after.
  scene::Scene s;
  addGround(s);
  scene::Primitive quad = quadPrimitive(addMaterial(s, makeUnlitMaterial({1, 1, 1, 1})));
  quad.influenceSets = 1;
  quad.joints.assign(quad.positions.size(), glm::u16vec4(0));
  quad.weights.assign(quad.positions.size(), glm::vec4(1, 0, 0, 0));
  quad.minSkinJoints = 1;
  const int skinned = addMeshNode(s, quad);
  scene::Node joint;
  joint.translation = glm::vec3(0, 0, 1);
  joint.scale = glm::vec3(0.5f);
  s.nodes.push_back(joint);
  const int jointNode = int(s.nodes.size()) - 1;
  s.skins.push_back({"skin", {jointNode}, {glm::mat4(1.0f)}, -1});
  s.nodes[skinned].skin = 0;
  addLightNode(s, directional(1.5f), glm::vec3(0, 0, 3), shineAlong(kAlong));
  finish(s);
  ASSERT_TRUE(renderer_->setScene(s, 0).shown);
  const View view = shadowView(glm::vec3(0, 0, 4));
  auto groundDark = [&](const Pixels& pixels, const glm::vec3& p) {
    return colorNear(groundPixel(pixels, view, p).color, glm::vec3(0.0f), 1.0f);
  };
  const Pixels first = renderer_->renderOffscreen(view, kSize, kSize);
  EXPECT_TRUE(groundDark(first, glm::vec3(1.0f, 0.0f, 0.0f)));
  s.nodes[jointNode].translation = glm::vec3(-1, 0, 1);
  scene::updateWorldTransforms(s);
  renderer_->updateTransforms(s);
  const Pixels second = renderer_->renderOffscreen(view, kSize, kSize);
  EXPECT_EQ(renderer_->lastDrawStats().shadowMapRenders, 1u);
  EXPECT_TRUE(groundDark(second, glm::vec3(0.0f, 0.0f, 0.0f)));
  const GroundPixel vacated = groundPixel(second, view, glm::vec3(1.0f, 0.0f, 0.0f));
  EXPECT_TRUE(colorNear(vacated.color, groundUnderDirectional(view, vacated.point, 1.5f)));
}

TEST_F(RendererTest, CascadesResolveASmallShadowNearTheCameraOnALargeGround) {
  // A ground 200 units wide: its one map has texels of about 0.14. A caster x, y in
  // [-0.06, 0.06] at z = 0.3: its shadow under the light along (1, 0, -1), x in [0.24, 0.36],
  // y in [-0.06, 0.06], is narrower than one of them; the camera looks at it from a metre away.
  scene::Scene s;
  const int ground = addMeshNode(
      s, quadPrimitive(addMaterial(s, makePbrMaterial(kGround, kMetallic, kRoughness))));
  s.nodes[ground].scale = glm::vec3(100.0f);
  addCaster(s, 0.06f, 0.3f, makeUnlitMaterial({1, 1, 1, 1}));
  addLightNode(s, directional(1.5f), glm::vec3(0, 0, 3), shineAlong(kAlong));
  finish(s);
  ASSERT_TRUE(renderer_->setScene(s, 0).shown);
  const glm::vec3 eye(0.3f, -0.9f, 0.7f);
  const View view = [&] {
    View v = shadowView(eye);
    v.view = glm::lookAt(eye, glm::vec3(0.3f, 0.0f, 0.0f), glm::vec3(0, 1, 0));
    return v;
  }();
  const Pixels pixels = renderer_->renderOffscreen(view, kSize, kSize);
  const renderer::DrawStats stats = renderer_->lastDrawStats();
  EXPECT_EQ(stats.shadowedLights, 1u);
  EXPECT_EQ(stats.shadowCascades, 3u);  // the layers no other light takes
  EXPECT_EQ(stats.shadowMapRenders, 4u);
  EXPECT_TRUE(colorNear(groundPixel(pixels, view, glm::vec3(0.3f, 0.0f, 0.0f)).color,
                        glm::vec3(0.0f), 1.0f));
  for (const glm::vec3 p :
       {glm::vec3(0.0f, 0.0f, 0.0f), glm::vec3(0.6f, 0.0f, 0.0f), glm::vec3(0.3f, 0.2f, 0.0f)}) {
    const GroundPixel lit = groundPixel(pixels, view, p);
    EXPECT_TRUE(colorNear(lit.color, groundUnderDirectional(view, lit.point, 1.5f)))
        << p.x << "," << p.y;
  }
  // The camera turning a little shifts the cascades, which alone are rendered again (the
  // whole ground's map does not depend on the camera); a still one renders none.
  View turned = view;
  turned.view = glm::lookAt(eye, glm::vec3(0.32f, 0.0f, 0.0f), glm::vec3(0, 1, 0));
  (void)renderer_->renderOffscreen(turned, kSize, kSize);
  EXPECT_GE(renderer_->lastDrawStats().shadowMapRenders, 1u);
  EXPECT_LE(renderer_->lastDrawStats().shadowMapRenders, 3u);
  (void)renderer_->renderOffscreen(turned, kSize, kSize);
  EXPECT_EQ(renderer_->lastDrawStats().shadowMapRenders, 0u);
  EXPECT_EQ(renderer_->validationMessageCount(), 0u);
}

TEST_F(RendererTest, AtMostFourLightsAreShadowedAndTheStatisticsSaySo) {
  scene::Scene s;
  addGround(s);
  addCaster(s, 0.5f, 1.0f, makeUnlitMaterial({1, 1, 1, 1}));
  for (int i = 0; i < 5; ++i)
    addLightNode(s, directional(0.1f + 0.05f * float(i)), glm::vec3(0, 0, 3),
                 shineAlong(glm::normalize(glm::vec3(0.2f * float(i), 0.1f, -1.0f))));
  scene::Light point;
  point.type = scene::Light::Type::Point;
  point.intensity = 1.0f;
  addLightNode(s, point, glm::vec3(0, 0, 2));
  point.intensity = 0.5f;  // weaker: unshadowed
  addLightNode(s, point, glm::vec3(0, 1, 2));
  finish(s);
  ASSERT_TRUE(renderer_->setScene(s, 0).shown);
  (void)renderer_->renderOffscreen(shadowView(glm::vec3(0, 0, 4)), kSize, kSize);
  const renderer::DrawStats stats = renderer_->lastDrawStats();
  EXPECT_EQ(stats.shadowedLights, 5u);
  EXPECT_EQ(stats.shadowCandidates, 7u);
  EXPECT_EQ(stats.unshadowedPointLights, 1u);
  EXPECT_EQ(stats.shadowMapRenders, 4u + 6u);  // four layers and one cube
  EXPECT_EQ(stats.shadowCascades, 0u);         // no layer left for one
}

}  // namespace
}  // namespace vitrine::test
