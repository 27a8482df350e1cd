// Light through the surface (issue 13): KHR_materials_transmission, KHR_materials_volume,
// KHR_materials_dispersion and KHR_materials_diffuse_transmission on generated assets rendered
// headless (tone mapping None, no environment), each pixel checked against the CPU reference
// of transmission_reference.h; the transmission pass recorded only when a drawn material has
// the extension; the factors and a texture transform animated by KHR_animation_pointer. The
// scene: transmission_scene.h.
#include <algorithm>
#include <cstdlib>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "anim/bind_test_util.h"
#include "png_writer.h"
#include "render_fixture.h"
#include "transmission_scene.h"
#include "transmission_reference.h"

namespace vitrine::test {
namespace {

using anim::test::addAnimation;
using anim::test::addTimes;
using anim::test::bindAsset;
using anim::test::Bound;
using anim::test::pointerChannel;
using anim::test::sampler;
using nlohmann::json;
namespace tr = transmission;

TEST_F(TransmissionTest, ThinSurfaceTransmitsTheTintedSceneWeightedByFresnel) {
  for (double factor : {1.0, 0.5}) {
    Front f;
    f.extensions = transmissionExtension(factor);
    ASSERT_NO_FATAL_FAILURE(load(frontAsset(f)));
    const Pixels pixels = render();
    EXPECT_EQ(renderer_->lastDrawStats().transmissionPasses, 1u);
    for (glm::ivec2 p : grid()) {
      // KHR_materials_transmission "Transmission BTDF" at roughness 0: the scene straight
      // through, times baseColor and transmission, under fresnel_mix's base weight at H = N.
      const double w = tr::baseWeight(kIor, toEye(p).z);
      const glm::dvec3 expected = w * factor * kTint * kLeft;
      EXPECT_TRUE(colorNear(pixelAt(pixels, p.x, p.y), glm::vec3(expected), 3.0f))
          << "transmissionFactor " << factor << " pixel " << p.x << "," << p.y;
    }
  }
}

// The layers above the base cover what shows through it: a clear coat keeps 1 - clearcoat x fr
// of it, fr = 0.04 + 0.96 (1 - N.V)^5 (KHR_materials_clearcoat "Layering"; with no light and no
// environment the coat itself reflects nothing), and a sheen dims it by its albedo scaling.
TEST_F(TransmissionTest, ClearcoatAndSheenCoverTheSceneSeenThroughTheSurface) {
  for (double clearcoat : {1.0, 0.5}) {
    Front f;
    f.extensions = transmissionExtension(1.0);
    f.extensions["KHR_materials_clearcoat"] = {{"clearcoatFactor", clearcoat},
                                               {"clearcoatRoughnessFactor", 0.3}};
    ASSERT_NO_FATAL_FAILURE(load(frontAsset(f)));
    const Pixels pixels = render();
    for (glm::ivec2 p : grid()) {
      const double nDotV = toEye(p).z;
      const double fr = 0.04 + 0.96 * std::pow(1.0 - nDotV, 5.0);
      const glm::dvec3 expected =
          tr::baseWeight(kIor, nDotV) * kTint * kLeft * (1.0 - clearcoat * fr);
      EXPECT_TRUE(colorNear(pixelAt(pixels, p.x, p.y), glm::vec3(expected), 3.0f))
          << "clearcoatFactor " << clearcoat << " pixel " << p.x << "," << p.y;
    }
  }
  const glm::ivec2 c(int(kSize) / 2, int(kSize) / 2);
  Front plain;
  plain.extensions = transmissionExtension(1.0);
  ASSERT_NO_FATAL_FAILURE(load(frontAsset(plain)));
  const glm::u8vec4 uncovered = pixelAt(render(), c.x, c.y);
  Front sheen = plain;
  sheen.extensions["KHR_materials_sheen"] = {{"sheenColorFactor", {1.0, 1.0, 1.0}},
                                             {"sheenRoughnessFactor", 1.0}};
  ASSERT_NO_FATAL_FAILURE(load(frontAsset(sheen)));
  const glm::u8vec4 covered = pixelAt(render(), c.x, c.y);
  for (int ch = 0; ch < 3; ++ch) EXPECT_LT(int(covered[ch]) + 3, int(uncovered[ch])) << ch;
}

TEST_F(TransmissionTest, WithoutTheExtensionTheSceneBehindIsHiddenAndNoPassIsRecorded) {
  Front f;  // the same asset, no transmission: opaque, unlit by anything (black)
  ASSERT_NO_FATAL_FAILURE(load(frontAsset(f)));
  const Pixels pixels = render();
  EXPECT_EQ(renderer_->lastDrawStats().transmissionPasses, 0u);
  EXPECT_EQ(renderer_->lastDrawStats().drawCalls, 3u);
  EXPECT_TRUE(colorNear(pixelAt(pixels, kSize / 2, kSize / 2), glm::vec3(0.0f), 1.0f));

  f.extensions = transmissionExtension(1.0);
  ASSERT_NO_FATAL_FAILURE(load(frontAsset(f)));
  const Pixels seen = render();
  const renderer::DrawStats stats = renderer_->lastDrawStats();
  EXPECT_EQ(stats.transmissionPasses, 1u);
  EXPECT_EQ(stats.drawCalls, 3u);  // the pass's own draws are not counted
  EXPECT_FALSE(colorNear(pixelAt(seen, kSize / 2, kSize / 2), glm::vec3(0.0f), 8.0f));
}

json volumeTransmission(double thickness, const glm::dvec3& color, double distance) {
  json e = transmissionExtension(1.0);
  e["KHR_materials_volume"] = {{"thicknessFactor", thickness},
                               {"attenuationColor", {color.r, color.g, color.b}},
                               {"attenuationDistance", distance}};
  return e;
}

TEST_F(TransmissionTest, VolumeAttenuatesAlongTheThicknessInWorldUnits) {
  const glm::dvec3 color(0.3, 0.6, 0.9);
  for (double thickness : {0.25, 0.5}) {
    Front f;
    f.extensions = volumeTransmission(thickness, color, 1.0);
    f.scale = 2.0;  // the thickness is in the mesh's space: 2 x thickness in the world
    ASSERT_NO_FATAL_FAILURE(load(frontAsset(f)));
    const Pixels pixels = render();
    for (glm::ivec2 p : grid()) {
      // KHR_materials_volume "Attenuation": T(x) = c^(x / d) over the path through the volume,
      // as long as the world thickness (the backdrop is uniform: where it leaves does not
      // matter here).
      const glm::dvec3 expected = tr::baseWeight(kIor, toEye(p).z) * kTint * kLeft *
                                  tr::transmittance(color, 1.0, 2.0 * thickness);
      EXPECT_TRUE(colorNear(pixelAt(pixels, p.x, p.y), glm::vec3(expected), 3.0f))
          << "thickness " << thickness << " pixel " << p.x << "," << p.y;
    }
  }
}

// Refraction through the volume (KHR_materials_volume "Refraction") moves where the backdrop's
// edge appears, and dispersion (KHR_materials_dispersion) moves it per colour channel: each
// channel shows the backdrop where its own refracted path leaves the volume. A channel whose
// exit point lands within 1.5 pixels of the edge (filtering, MSAA) is not checked.
TEST_F(TransmissionTest, RefractionAndDispersionMoveTheEdgePerChannel) {
  constexpr double kThickness = 10.0, kEdge = 0.5;
  int refractedAcross = 0, splitChannels = 0;
  // 40: iors 1, 1.5, 2 (exaggerated, as the spec allows above 1), pixels apart on screen.
  for (double dispersion : {0.0, 40.0}) {
    Front f;
    f.extensions = volumeTransmission(kThickness, glm::dvec3(1.0), 1.0);
    if (dispersion > 0.0) f.extensions["KHR_materials_dispersion"] = {{"dispersion", dispersion}};
    f.edge = kEdge;
    ASSERT_NO_FATAL_FAILURE(load(frontAsset(f)));
    const Pixels pixels = render();
    const double edgeX = screenX({kEdge, 0.0, -1.0});
    const glm::dvec3 iors = tr::dispersionIors(kIor, dispersion);
    for (int y = 8; y < int(kSize) - 8; y += 8) {
      for (int x = 4; x < int(kSize) - 4; ++x) {
        const glm::ivec2 p(x, y);
        const glm::dvec3 v = toEye(p);
        bool clear[3], side[3];
        const glm::u8vec4 actual = pixelAt(pixels, x, y);
        for (int c = 0; c < 3; ++c) {
          const glm::dvec3 exit =
              frontPoint(p) + tr::refracted(-v, {0, 0, 1}, iors[c]) * kThickness;
          const double sx = screenX(exit);
          clear[c] = std::abs(sx - edgeX) > 1.5;
          side[c] = sx < edgeX;
          if (!clear[c]) continue;
          const double expected =
              tr::baseWeight(kIor, v.z) * kTint[c] * (side[c] ? kLeft : kRight)[c];
          EXPECT_NEAR(float(actual[c]), srgbByte(float(expected)), 3.0f)
              << "dispersion " << dispersion << " pixel " << x << "," << y << " channel " << c;
        }
        if (clear[1] && side[1] != (double(x) < edgeX)) ++refractedAcross;
        if (clear[0] && clear[2] && side[0] != side[2]) ++splitChannels;
      }
    }
  }
  // The check has teeth: refraction moved the edge by pixels, and dispersion split channels.
  EXPECT_GE(refractedAcross, 6);
  EXPECT_GE(splitChannels, 6);
}

// A directional light behind the surface and shining towards the eye, of `intensity`.
Front backlit(const json& extensions, double roughness, double intensity) {
  Front f;
  f.extensions = extensions;
  f.roughness = roughness;
  f.backdrop = false;
  f.lightFrom = 0;
  f.toLight = glm::normalize(glm::dvec3(0.25, 0.15, -1.0));
  f.intensity = intensity;
  return f;
}

TEST_F(TransmissionTest, SpecularTransmissionCarriesALightBehindThroughTheRoughSurface) {
  constexpr double kRoughness = 0.5;
  const Front probe = backlit(transmissionExtension(1.0), kRoughness, 1.0);
  // KHR_materials_transmission "Implementation Notes": specular_btdf(alpha = roughness^2) with
  // H_T, under fresnel_mix's base weight at V.H_T, times baseColor and |N.L|.
  auto unitRadiance = [&](glm::ivec2 p) {
    const glm::dvec3 n(0, 0, 1), v = toEye(p), l = probe.toLight;
    const double w = tr::baseWeight(kIor, glm::dot(v, tr::transmissionHalfVector(n, v, l)));
    return w * kTint * tr::specularBtdf(n, v, l, kRoughness * kRoughness) *
           std::abs(glm::dot(n, l));
  };
  ASSERT_NO_FATAL_FAILURE(load(frontAsset(probe)));  // for the view
  double peak = 0.0;
  for (glm::ivec2 p : grid()) peak = std::max(peak, unitRadiance(p).r);
  ASSERT_GT(peak, 1e-3);
  const double intensity = 0.8 / peak;
  ASSERT_NO_FATAL_FAILURE(
      load(frontAsset(backlit(transmissionExtension(1.0), kRoughness, intensity))));
  const Pixels pixels = render();
  for (glm::ivec2 p : grid())
    EXPECT_TRUE(colorNear(pixelAt(pixels, p.x, p.y), glm::vec3(unitRadiance(p) * intensity), 3.0f))
        << "pixel " << p.x << "," << p.y;
}

json diffuseTransmission(double factor, const glm::dvec3& color) {
  return {{"KHR_materials_diffuse_transmission",
           {{"diffuseTransmissionFactor", factor},
            {"diffuseTransmissionColorFactor", {color.r, color.g, color.b}}}}};
}

const glm::dvec3 kDiffuseColor(0.9, 0.5, 0.2);
constexpr double kBacklight = 2.5;

// KHR_materials_diffuse_transmission "Implementation": diffuse_btdf = color / pi for a light on
// the other side, its share diffuseTransmission of the base, under fresnel_mix (at H_T).
glm::dvec3 diffuseTransmitted(const glm::dvec3& v, const glm::dvec3& l, double factor) {
  constexpr double kPi = 3.14159265358979323846;
  const glm::dvec3 n(0, 0, 1);
  const double w = tr::baseWeight(kIor, glm::dot(v, tr::transmissionHalfVector(n, v, l)));
  return w * factor * kDiffuseColor / kPi * std::abs(glm::dot(n, l)) * kBacklight;
}

TEST_F(TransmissionTest, DiffuseTransmissionLetsALightBehindThrough) {
  for (double factor : {0.4, 1.0}) {
    const Front f = backlit(diffuseTransmission(factor, kDiffuseColor), 0.5, kBacklight);
    ASSERT_NO_FATAL_FAILURE(load(frontAsset(f)));
    const Pixels pixels = render();
    EXPECT_EQ(renderer_->lastDrawStats().transmissionPasses, 0u);  // no specular transmission
    for (glm::ivec2 p : grid()) {
      const glm::dvec3 expected = diffuseTransmitted(toEye(p), f.toLight, factor);
      EXPECT_TRUE(colorNear(pixelAt(pixels, p.x, p.y), glm::vec3(expected), 3.0f))
          << "diffuseTransmissionFactor " << factor << " pixel " << p.x << "," << p.y;
    }
  }
  // Without the extension the light behind does not reach the eye.
  ASSERT_NO_FATAL_FAILURE(load(frontAsset(backlit(json::object(), 0.5, kBacklight))));
  EXPECT_TRUE(colorNear(pixelAt(render(), kSize / 2, kSize / 2), glm::vec3(0.0f), 1.0f));
}

// A 2 x 1 texture, nearest filtered: `left` on the quad's left half, `right` on its right.
int addHalvesTexture(AssetBuilder& b, const glm::u8vec4& left, const glm::u8vec4& right) {
  const std::vector<uint16_t> samples = {left.r,  left.g,  left.b,  left.a,
                                         right.r, right.g, right.b, right.a};
  const int image = b.addImage(encodePng(2, 1, 4, 8, samples));
  const int sampler = b.addSampler({{"magFilter", 9728}, {"minFilter", 9728}});
  return b.addTexture(image, sampler);
}

// Columns well inside each half of the image (the quad's halves meet at its centre).
const int kLeftColumn = int(kSize) / 4, kRightColumn = 3 * int(kSize) / 4;

TEST_F(TransmissionTest, EachExtensionTextureScalesItsFactor) {
  const int mid = int(kSize) / 2;
  // transmissionTexture (R): transmission 1 on the left, 0 on the right (black: no light).
  {
    Front f;
    f.extensions = transmissionExtension(1.0);
    AssetBuilder b = frontAsset(f);
    const int tex = addHalvesTexture(b, {255, 0, 0, 255}, {0, 0, 0, 255});
    b.json()["materials"][kFrontMaterial]["extensions"]["KHR_materials_transmission"]
            ["transmissionTexture"] = {{"index", tex}};
    ASSERT_NO_FATAL_FAILURE(load(b));
    const Pixels pixels = render();
    const glm::ivec2 l(kLeftColumn, mid), r(kRightColumn, mid);
    EXPECT_TRUE(colorNear(pixelAt(pixels, l.x, l.y),
                          glm::vec3(tr::baseWeight(kIor, toEye(l).z) * kTint * kLeft), 3.0f));
    EXPECT_TRUE(colorNear(pixelAt(pixels, r.x, r.y), glm::vec3(0.0f), 1.0f));
  }
  // thicknessTexture (G): the volume's thickness on the left, a thin wall on the right.
  {
    const glm::dvec3 color(0.3, 0.6, 0.9);
    Front f;
    f.extensions = volumeTransmission(0.5, color, 1.0);
    AssetBuilder b = frontAsset(f);
    const int tex = addHalvesTexture(b, {0, 255, 0, 255}, {0, 0, 0, 255});
    b.json()["materials"][kFrontMaterial]["extensions"]["KHR_materials_volume"]
            ["thicknessTexture"] = {{"index", tex}};
    ASSERT_NO_FATAL_FAILURE(load(b));
    const Pixels pixels = render();
    const glm::ivec2 l(kLeftColumn, mid), r(kRightColumn, mid);
    EXPECT_TRUE(colorNear(pixelAt(pixels, l.x, l.y),
                          glm::vec3(tr::baseWeight(kIor, toEye(l).z) * kTint * kLeft *
                                    tr::transmittance(color, 1.0, 0.5)),
                          3.0f));
    EXPECT_TRUE(colorNear(pixelAt(pixels, r.x, r.y),
                          glm::vec3(tr::baseWeight(kIor, toEye(r).z) * kTint * kLeft), 3.0f));
  }
  // diffuseTransmissionTexture (A): diffuse transmission on the left, none on the right.
  {
    const Front f = backlit(diffuseTransmission(1.0, kDiffuseColor), 0.5, kBacklight);
    AssetBuilder b = frontAsset(f);
    const int tex = addHalvesTexture(b, {255, 255, 255, 255}, {255, 255, 255, 0});
    b.json()["materials"][kFrontMaterial]["extensions"]["KHR_materials_diffuse_transmission"]
            ["diffuseTransmissionTexture"] = {{"index", tex}};
    ASSERT_NO_FATAL_FAILURE(load(b));
    const Pixels pixels = render();
    const glm::ivec2 l(kLeftColumn, mid), r(kRightColumn, mid);
    EXPECT_TRUE(colorNear(pixelAt(pixels, l.x, l.y),
                          glm::vec3(diffuseTransmitted(toEye(l), f.toLight, 1.0)), 3.0f));
    EXPECT_TRUE(colorNear(pixelAt(pixels, r.x, r.y), glm::vec3(0.0f), 1.0f));
  }
}

// KHR_animation_pointer: transmissionFactor 0 -> 1 over a second (LINEAR), reaching the
// picture the same frame through the material extension upload.
TEST_F(TransmissionTest, AnimatedTransmissionFactorChangesThePictureEachFrame) {
  Front f;
  f.extensions = transmissionExtension(0.0);
  AssetBuilder b = frontAsset(f);
  addAnimation(
      b, json::array({sampler(addTimes(b, {0.0f, 1.0f}), b.addFloats({0.0f, 1.0f}, "SCALAR"))}),
      json::array({pointerChannel(
          0, "/materials/0/extensions/KHR_materials_transmission/transmissionFactor")}));
  ASSERT_NO_FATAL_FAILURE(load(b));
  const glm::ivec2 c(int(kSize) / 2, int(kSize) / 2);
  for (float t : {0.0f, 0.5f, 1.0f, 0.25f}) {
    const Pixels pixels = frame(t);
    const glm::dvec3 expected = tr::baseWeight(kIor, toEye(c).z) * double(t) * kTint * kLeft;
    EXPECT_TRUE(colorNear(pixelAt(pixels, c.x, c.y), glm::vec3(expected), 3.0f)) << "t " << t;
  }
}

// KHR_animation_pointer on the transmission texture's KHR_texture_transform offset: half a
// texture to the right swaps the transmissive and opaque halves (REPEAT wrapping).
TEST_F(TransmissionTest, AnimatedTransmissionTextureOffsetMovesTheTransmissiveHalf) {
  Front f;
  f.extensions = transmissionExtension(1.0);
  AssetBuilder b = frontAsset(f);
  const int tex = addHalvesTexture(b, {255, 0, 0, 255}, {0, 0, 0, 255});
  b.json()["materials"][kFrontMaterial]["extensions"]["KHR_materials_transmission"]
          ["transmissionTexture"] = {
      {"index", tex}, {"extensions", {{"KHR_texture_transform", {{"offset", {0.0, 0.0}}}}}}};
  addAnimation(
      b, json::array({sampler(addTimes(b, {0.0f, 1.0f}), b.addVec2({{0.0f, 0.0f}, {0.5f, 0.0f}}))}),
      json::array({pointerChannel(0,
                                  "/materials/0/extensions/KHR_materials_transmission/"
                                  "transmissionTexture/extensions/"
                                  "KHR_texture_transform/offset")}));
  ASSERT_NO_FATAL_FAILURE(load(b));
  const int mid = int(kSize) / 2;
  const glm::ivec2 l(kLeftColumn, mid), r(kRightColumn, mid);
  const glm::vec3 seenLeft(tr::baseWeight(kIor, toEye(l).z) * kTint * kLeft);
  const glm::vec3 seenRight(tr::baseWeight(kIor, toEye(r).z) * kTint * kLeft);
  Pixels pixels = frame(0.0f);
  EXPECT_TRUE(colorNear(pixelAt(pixels, l.x, l.y), seenLeft, 3.0f));
  EXPECT_TRUE(colorNear(pixelAt(pixels, r.x, r.y), glm::vec3(0.0f), 1.0f));
  pixels = frame(1.0f);
  EXPECT_TRUE(colorNear(pixelAt(pixels, l.x, l.y), glm::vec3(0.0f), 1.0f));
  EXPECT_TRUE(colorNear(pixelAt(pixels, r.x, r.y), seenRight, 3.0f));
}

// KHR_animation_pointer on KHR_materials_volume: thicknessFactor 0 -> 0.5 (LINEAR) thickens
// the attenuating volume frame by frame (node scaled by 2: the world path is twice the factor).
TEST_F(TransmissionTest, AnimatedThicknessFactorAttenuatesEachFrame) {
  const glm::dvec3 color(0.3, 0.6, 0.9);
  Front f;
  f.extensions = volumeTransmission(0.0, color, 1.0);
  f.scale = 2.0;
  AssetBuilder b = frontAsset(f);
  addAnimation(
      b, json::array({sampler(addTimes(b, {0.0f, 1.0f}), b.addFloats({0.0f, 0.5f}, "SCALAR"))}),
      json::array(
          {pointerChannel(0, "/materials/0/extensions/KHR_materials_volume/thicknessFactor")}));
  ASSERT_NO_FATAL_FAILURE(load(b));
  const glm::ivec2 c(int(kSize) / 2, int(kSize) / 2);
  for (float t : {0.0f, 0.5f, 1.0f}) {
    const Pixels pixels = frame(t);
    const glm::dvec3 expected = tr::baseWeight(kIor, toEye(c).z) * kTint * kLeft *
                                tr::transmittance(color, 1.0, 2.0 * 0.5 * double(t));
    EXPECT_TRUE(colorNear(pixelAt(pixels, c.x, c.y), glm::vec3(expected), 3.0f)) << "t " << t;
  }
}

// KHR_animation_pointer on KHR_materials_dispersion: 0 -> 40 splits the refracted backdrop edge
// per colour channel only once the value has changed (the same volume and edge as
// RefractionAndDispersionMoveTheEdgePerChannel, whose reference it reuses at t = 1).
TEST_F(TransmissionTest, AnimatedDispersionSplitsTheEdgeOnlyOnceAnimated) {
  constexpr double kThickness = 10.0, kEdge = 0.5;
  Front f;
  f.extensions = volumeTransmission(kThickness, glm::dvec3(1.0), 1.0);
  f.extensions["KHR_materials_dispersion"] = {{"dispersion", 0.0}};
  f.edge = kEdge;
  AssetBuilder b = frontAsset(f);
  addAnimation(
      b, json::array({sampler(addTimes(b, {0.0f, 1.0f}), b.addFloats({0.0f, 40.0f}, "SCALAR"))}),
      json::array(
          {pointerChannel(0, "/materials/0/extensions/KHR_materials_dispersion/dispersion")}));
  ASSERT_NO_FATAL_FAILURE(load(b));
  const double edgeX = screenX({kEdge, 0.0, -1.0});
  for (float t : {0.0f, 1.0f}) {
    const Pixels pixels = frame(t);
    const glm::dvec3 iors = tr::dispersionIors(kIor, 40.0 * double(t));
    int split = 0, checked = 0;
    const int y = int(kSize) / 2;
    for (int x = 4; x < int(kSize) - 4; ++x) {
      const glm::ivec2 p(x, y);
      const glm::dvec3 v = toEye(p);
      bool side[3];
      bool clear = true;
      for (int c = 0; c < 3; ++c) {
        const double sx =
            screenX(frontPoint(p) + tr::refracted(-v, {0, 0, 1}, iors[c]) * kThickness);
        clear = clear && std::abs(sx - edgeX) > 1.5;
        side[c] = sx < edgeX;
      }
      if (!clear) continue;
      ++checked;
      if (side[0] != side[2]) ++split;
      const glm::u8vec4 actual = pixelAt(pixels, x, y);
      for (int c = 0; c < 3; ++c) {
        const double expected =
            tr::baseWeight(kIor, v.z) * kTint[c] * (side[c] ? kLeft : kRight)[c];
        EXPECT_NEAR(float(actual[c]), srgbByte(float(expected)), 3.0f)
            << "t " << t << " pixel " << x << " channel " << c;
      }
    }
    EXPECT_GT(checked, 20);
    if (t == 0.0f) {
      EXPECT_EQ(split, 0);
    } else {
      EXPECT_GE(split, 1);
    }
  }
}

// KHR_animation_pointer on KHR_materials_diffuse_transmission: the factor 0 -> 1 lets the light
// behind through in proportion; the diffuseTransmissionTexture offset swaps its two halves.
TEST_F(TransmissionTest, AnimatedDiffuseTransmissionFactorAndTextureOffset) {
  {
    const Front f = backlit(diffuseTransmission(0.0, kDiffuseColor), 0.5, kBacklight);
    AssetBuilder b = frontAsset(f);
    addAnimation(
        b, json::array({sampler(addTimes(b, {0.0f, 1.0f}), b.addFloats({0.0f, 1.0f}, "SCALAR"))}),
        json::array({pointerChannel(0,
                                    "/materials/0/extensions/"
                                    "KHR_materials_diffuse_transmission/"
                                    "diffuseTransmissionFactor")}));
    ASSERT_NO_FATAL_FAILURE(load(b));
    const glm::ivec2 c(int(kSize) / 2, int(kSize) / 2);
    for (float t : {0.0f, 0.5f, 1.0f}) {
      const glm::dvec3 expected = diffuseTransmitted(toEye(c), f.toLight, double(t));
      EXPECT_TRUE(colorNear(pixelAt(frame(t), c.x, c.y), glm::vec3(expected), 3.0f)) << "t " << t;
    }
  }
  {
    const Front f = backlit(diffuseTransmission(1.0, kDiffuseColor), 0.5, kBacklight);
    AssetBuilder b = frontAsset(f);
    const int tex = addHalvesTexture(b, {255, 255, 255, 255}, {255, 255, 255, 0});
    b.json()["materials"][kFrontMaterial]["extensions"]["KHR_materials_diffuse_transmission"]
            ["diffuseTransmissionTexture"] = {
        {"index", tex}, {"extensions", {{"KHR_texture_transform", {{"offset", {0.0, 0.0}}}}}}};
    addAnimation(
        b,
        json::array({sampler(addTimes(b, {0.0f, 1.0f}), b.addVec2({{0.0f, 0.0f}, {0.5f, 0.0f}}))}),
        json::array({pointerChannel(0,
                                    "/materials/0/extensions/"
                                    "KHR_materials_diffuse_transmission/"
                                    "diffuseTransmissionTexture/extensions/"
                                    "KHR_texture_transform/offset")}));
    ASSERT_NO_FATAL_FAILURE(load(b));
    const int mid = int(kSize) / 2;
    const glm::ivec2 l(kLeftColumn, mid), r(kRightColumn, mid);
    Pixels pixels = frame(0.0f);
    EXPECT_TRUE(colorNear(pixelAt(pixels, l.x, l.y),
                          glm::vec3(diffuseTransmitted(toEye(l), f.toLight, 1.0)), 3.0f));
    EXPECT_TRUE(colorNear(pixelAt(pixels, r.x, r.y), glm::vec3(0.0f), 1.0f));
    pixels = frame(1.0f);
    EXPECT_TRUE(colorNear(pixelAt(pixels, l.x, l.y), glm::vec3(0.0f), 1.0f));
    EXPECT_TRUE(colorNear(pixelAt(pixels, r.x, r.y),
                          glm::vec3(diffuseTransmitted(toEye(r), f.toLight, 1.0)), 3.0f));
  }
}

// One sample (no resolve: the pass draws into the texture's level 0) and four, each through
// a resize of the offscreen target (the transmission texture is replaced with the attachments).
TEST_F(TransmissionTest, WorksAtOneAndFourSamplesAndAcrossResizes) {
  for (uint32_t samples : {1u, 4u}) {
    EXPECT_EQ(renderer_->validationMessageCount(), 0u);
    renderer::Options options;
    options.validation = true;
    options.msaaSamples = samples;
    std::string error;
    renderer_ = renderer::Renderer::create(options, &error);
    ASSERT_TRUE(renderer_) << error;
    Front f;
    f.extensions = transmissionExtension(1.0);
    ASSERT_NO_FATAL_FAILURE(load(frontAsset(f)));
    for (glm::uvec2 size : {glm::uvec2(kSize), glm::uvec2(40, 24), glm::uvec2(kSize)}) {
      View view = cameraView(*bound_.scene, kCameraNode, size.x, size.y);
      view.clearColor = glm::vec4(0.0f, 0.0f, 0.0f, 1.0f);
      const Pixels pixels = renderer_->renderOffscreen(view, size.x, size.y);
      const glm::ivec2 c(int(size.x) / 2, int(size.y) / 2);
      const glm::dvec3 p(surfacePoint(view, c, size.x, size.y, glm::vec3(0.0f), {0, 0, 1}));
      const double w = tr::baseWeight(kIor, glm::normalize(glm::dvec3(view.eye) - p).z);
      EXPECT_TRUE(colorNear(pixelAt(pixels, c.x, c.y), glm::vec3(w * kTint * kLeft), 3.0f))
          << samples << " samples, " << size.x << "x" << size.y;
    }
  }
}

}  // namespace
}  // namespace vitrine::test
