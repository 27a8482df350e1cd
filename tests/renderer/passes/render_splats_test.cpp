// KHR_gaussian_splatting (issue 35) drawn by the renderer, pixel by pixel against
// splat_reference.h, the text's "Ellipse Kernel Rendering" in double precision: one splat's
// fall-off and cut-off, the low-pass, orientation, opacity, order from either side, degree-1
// colour by direction, both colour spaces, colours out of [0, 1], attributes quantized through
// the loader. The scenes with nodes, screen edges, several primitives and geometry are in
// render_splats_scenes_test.cpp.
//
// Every image is 64 x 64 through a camera whose focal length is 64 px (tan(yfov / 2) = 1/2): from
// 5 units away a unit at z = 0 is 12.8 px. Tolerances are in 8-bit levels of the final sRGB
// bytes: kTolerance (1.5) where a splat colours the pixel (the GPU's floats and exp are not the
// CPU's doubles; lavapipe is within 0.7 of the reference), 0 where the text says the
// background shows unchanged, 2 between a quantized asset and its FLOAT twin.
#include <cmath>

#include "render_fixture.h"
#include "splat_reference.h"

#include "asset_builder.h"
#include "loader.h"

namespace vitrine::test {
namespace {

using splat_ref::bytesNear;
using splat_ref::Camera;
using splat_ref::colored;
using splat_ref::kTolerance;
using splat_ref::scaleFor;
using splat_ref::Space;
using splat_ref::Splat;
using Splats = splat_ref::SplatTest;

constexpr double kY1 = 0.4886025119029199;
const glm::dvec3 kDark(20.0, 20.0, 20.0);  // background bytes

Camera camera(const glm::dvec3& eye = {0.0, 0.0, 5.0}, const glm::dvec3& up = {0.0, 1.0, 0.0}) {
  return splat_ref::testCamera(eye, up);
}

void addSplats(scene::Scene& s, std::vector<Splat>& splats, Space space) {
  splat_ref::addSplatNode(s, {&splats}, space);
}

// 1. An isotropic splat: variance 16 px^2 (3 sigma = 12 px), centred on the centre of pixel
// (32, 32): the pixels 4, 8 and 11 px away are at 1, 2 and 2.75 sigma; 13 px away, and
// (9, 8) px away (Mahalanobis 3.01), beyond the cut-off: background, exactly.
TEST_F(Splats, IsotropicSplatFallsOffAsItsGaussianAndStopsAtThreeSigma) {
  const Camera c = camera();
  std::vector<Splat> splats{
      colored(c.worldAt({32.5, 32.5}, 5.0), scaleFor(16.0), {1.0, 0.9, 0.7}, 0.9)};
  scene::Scene s;
  addSplats(s, splats, Space::Srgb);
  finish(s);
  const splat_ref::Footprint f = splat_ref::project(splats[0], c);
  ASSERT_NEAR(f.cov[0][0], 16.0, 0.01);
  ASSERT_NEAR(f.center.x, 32.5, 1e-9);
  ASSERT_NEAR(splat_ref::mahalanobis2(f, {41.5, 40.5}), 9.06, 0.01);
  const Pixels p = render(s, c, kDark);
  expectReference(p, splats, c, Space::Srgb, kDark,
                  {{32, 32}, {36, 32}, {32, 28}, {40, 32}, {24, 32}, {43, 32}, {32, 43}, {35, 35}});
  // Centre: alpha 0.9 of the colour over 0.1 of the background (the text, by hand).
  EXPECT_TRUE(bytesNear(
      p, {32, 32}, (0.9 * glm::dvec3(1.0, 0.9, 0.7) + 0.1 * kDark / 255.0) * 255.0, kTolerance));
  expectBackground(p, kDark, {{45, 32}, {19, 32}, {32, 19}, {41, 40}, {23, 24}, {60, 60}});
}

// 1b. A splat of 0.25 px^2 on screen: the 0.3 px^2 low-pass makes it 0.55 px^2, so the
// neighbours of its pixel get alpha 0.9 exp(-1 / 1.1) (0.36), not 0.9 exp(-2) (0.12).
TEST_F(Splats, LowPassWidensASubpixelSplat) {
  const Camera c = camera();
  std::vector<Splat> splats{
      colored(c.worldAt({32.5, 32.5}, 5.0), scaleFor(0.55), {1.0, 1.0, 1.0}, 0.9)};
  scene::Scene s;
  addSplats(s, splats, Space::Srgb);
  finish(s);
  ASSERT_NEAR(splat_ref::project(splats[0], c).cov[1][1], 0.55, 1e-3);
  const Pixels p = render(s, c, kDark);
  expectReference(p, splats, c, Space::Srgb, kDark,
                  {{32, 32}, {33, 32}, {31, 32}, {32, 33}, {32, 31}, {33, 33}, {34, 32}});
  expectBackground(p, kDark, {{35, 32}, {32, 35}});
}

// 2. A splat long along its local x (5.1 px sigma) and thin along y (1.4 px), turned 30 degrees
// about z: bright along the turned axis (up and right on screen), dim across it and along the
// mirrored axis, at the same distances.
TEST_F(Splats, RotatedAnisotropicSplatFollowsItsQuaternion) {
  const Camera c = camera();
  const double half = 0.5 * glm::radians(30.0);
  Splat splat = colored(c.worldAt({32.5, 32.5}, 5.0), 0.0, {1.0, 0.8, 0.6}, 0.9);
  splat.scale = {0.4, 0.1, 0.1};
  splat.rotation = {0.0, 0.0, std::sin(half), std::cos(half)};
  std::vector<Splat> splats{splat};
  scene::Scene s;
  addSplats(s, splats, Space::Srgb);
  finish(s);
  const Pixels p = render(s, c, kDark);
  // Along the major axis (cos 30, -sin 30) in pixels (y down), across it, and the mirror image.
  for (const double k : {3.0, 6.0, 9.0}) {
    const auto offset = [&](double x, double y) {
      return glm::ivec2(32 + int(std::lround(k * x)), 32 + int(std::lround(k * y)));
    };
    const double cs = std::cos(glm::radians(30.0)), sn = std::sin(glm::radians(30.0));
    const glm::ivec2 major = offset(cs, -sn), minor = offset(sn, cs), mirror = offset(cs, sn);
    expectReference(p, splats, c, Space::Srgb, kDark, {major, minor, mirror});
    EXPECT_GT(int(pixelAt(p, major.x, major.y).r), int(pixelAt(p, minor.x, minor.y).r) + 20) << k;
    EXPECT_GT(int(pixelAt(p, major.x, major.y).r), int(pixelAt(p, mirror.x, mirror.y).r) + 20) << k;
  }
  expectReference(p, splats, c, Space::Srgb, kDark, {{32, 32}, {38, 29}, {26, 35}, {34, 34}});
}

// 3. A red splat at z = 0.5 and a green one at z = -0.5, both 0.7 opaque: the nearer one
// dominates, seen from +z and from -z ("Sorting Method": cameraDistance, back to front).
TEST_F(Splats, NearerSplatDominatesFromEitherSide) {
  std::vector<Splat> splats{colored({0.0, 0.0, 0.5}, 0.3, {0.9, 0.1, 0.1}, 0.7),
                            colored({0.0, 0.0, -0.5}, 0.3, {0.1, 0.9, 0.1}, 0.7)};
  scene::Scene s;
  addSplats(s, splats, Space::Srgb);
  finish(s);
  for (const double side : {5.0, -5.0}) {
    SCOPED_TRACE(side);
    const Camera c = camera({0.0, 0.0, side});
    const Pixels p = render(s, c, kDark);
    expectReference(p, splats, c, Space::Srgb, kDark, {{32, 32}, {31, 31}, {35, 30}, {29, 36}});
    const glm::u8vec4 centre = pixelAt(p, 32, 32);
    if (side > 0) {
      EXPECT_GT(int(centre.r), int(centre.g) + 60);
    } else {
      EXPECT_GT(int(centre.g), int(centre.r) + 60);
    }
  }
}

// 4. Degree 1: SH_1,-1 in red, SH_1,0 in green, SH_1,1 in blue (0.6 each, no diffuse term):
// seen along -x only blue changes (0.5 + 0.6 * 0.4886), along -y only red, along -z only green
// (0.5 - 0.6 * 0.4886), as the text's Color_SH1 says.
TEST_F(Splats, DegreeOneColourTurnsWithTheViewDirection) {
  Splat splat = colored({0.0, 0.0, 0.0}, 0.3, {0.5, 0.5, 0.5}, 0.9);
  splat.sh = {glm::dvec3(0.0), {0.6, 0.0, 0.0}, {0.0, 0.6, 0.0}, {0.0, 0.0, 0.6}};
  std::vector<Splat> splats{splat};
  scene::Scene s;
  addSplats(s, splats, Space::Srgb);
  finish(s);
  const double up = 0.5 + 0.6 * kY1, down = 0.5 - 0.6 * kY1;
  struct Case {
    glm::dvec3 eye, up, color;
  };
  for (const Case& k :
       {Case{{5, 0, 0}, {0, 1, 0}, {0.5, 0.5, up}}, Case{{0, 5, 0}, {0, 0, -1}, {up, 0.5, 0.5}},
        Case{{0, 0, 5}, {0, 1, 0}, {0.5, down, 0.5}}}) {
    SCOPED_TRACE(k.eye.x + 2 * k.eye.y + 3 * k.eye.z);
    const Camera c = camera(k.eye, k.up);
    const splat_ref::Footprint f = splat_ref::project(splats[0], c);
    for (int ch = 0; ch < 3; ++ch) EXPECT_NEAR(f.color[ch], k.color[ch], 1e-9);
    const Pixels p = render(s, c, kDark);
    expectReference(p, splats, c, Space::Srgb, kDark, {{32, 32}, {31, 31}, {34, 33}});
  }
}

// 5. Opacity 0.5 at the splat's centre: alpha 0.5 exactly, half colour, half background. And
// opacity 1 over black: alpha capped at 0.99 (the 3DGS rasterizer's), 252.45 of white, not 255.
TEST_F(Splats, OpacityScalesAlpha) {
  const Camera c = camera();
  const glm::dvec3 rgb(0.9, 0.5, 0.2);
  std::vector<Splat> splats{colored(c.worldAt({32.5, 32.5}, 5.0), scaleFor(16.0), rgb, 0.5)};
  scene::Scene s;
  addSplats(s, splats, Space::Srgb);
  finish(s);
  const Pixels p = render(s, c, kDark);
  EXPECT_TRUE(bytesNear(p, {32, 32}, (0.5 * rgb + 0.5 * kDark / 255.0) * 255.0, kTolerance));
  expectReference(p, splats, c, Space::Srgb, kDark, {{32, 32}, {36, 32}, {32, 40}});

  std::vector<Splat> opaque{
      colored(c.worldAt({32.5, 32.5}, 5.0), scaleFor(16.0), {1.0, 1.0, 1.0}, 1.0)};
  scene::Scene t;
  addSplats(t, opaque, Space::Srgb);
  finish(t);
  const glm::dvec3 black(0.0);
  const Pixels q = render(t, c, black);
  EXPECT_TRUE(bytesNear(q, {32, 32}, glm::dvec3(0.99 * 255.0), kTolerance));
  expectReference(q, opaque, c, Space::Srgb, black, {{32, 32}, {34, 33}});
}

// 6. Quantized attributes through the loader: ROTATION as normalized SHORT, OPACITY as
// normalized UNSIGNED_BYTE, SCALE as normalized UNSIGNED_SHORT (halved, the node scaling it by
// 2 again): the pixels of the FLOAT twin within 2 levels, and each against the reference of
// the values its accessors hold (glTF 2.0 §3.11: c / 32767, c / 255, c / 65535).
TEST_F(Splats, QuantizedAttributesDrawAsTheirFloatTwin) {
  const Camera c = camera();
  const double half = 0.5 * glm::radians(-40.0);
  const glm::dvec3 at = c.worldAt({32.5, 32.5}, 5.0);  // the node's translation
  SplatData d;
  d.positions = {glm::vec3(0.0f)};
  d.rotations = {glm::vec4(0.0f, 0.0f, float(std::sin(half)), float(std::cos(half)))};
  d.scales = {{0.22f, 0.07f, 0.1f}};
  d.opacities = {0.6f};
  d.sh = {splatDcFromColor({0.9f, 0.7f, 0.3f})};

  const auto loadAsset = [&](bool quantized) {
    AssetBuilder b;
    std::map<std::string, int> attributes = b.addSplatAttributes(d);
    if (quantized) {
      const std::string prefix = "KHR_gaussian_splatting:";
      const glm::dvec4 q(d.rotations[0]);
      attributes[prefix + "ROTATION"] = b.addComponents(
          {q.x * 32767, q.y * 32767, q.z * 32767, q.w * 32767}, "VEC4", gl::kShort, true);
      attributes[prefix + "OPACITY"] =
          b.addComponents({double(d.opacities[0]) * 255}, "SCALAR", gl::kUnsignedByte, true);
      const glm::dvec3 halved = glm::dvec3(d.scales[0]) / 2.0;
      attributes[prefix + "SCALE"] = b.addComponents(
          {halved.x * 65535, halved.y * 65535, halved.z * 65535}, "VEC3", gl::kUnsignedShort, true);
    }
    const double scale = quantized ? 2.0 : 1.0;
    b.addScene({b.addNode({{"mesh", b.addSplatMesh(attributes)},
                           {"translation", {at.x, at.y, at.z}},
                           {"scale", {scale, scale, scale}}})});
    const std::vector<uint8_t> glb = b.glbBytes();
    return scene::loadSceneFromMemory(glb, "", quantized ? "quantized.glb" : "float.glb");
  };
  // The reference's splat of the values each asset stores.
  const auto reference = [&](bool quantized) {
    Splat s;
    s.sh = {glm::dvec3(d.sh[0])};
    const glm::dvec4 q(d.rotations[0]);
    s.rotation = q;
    s.scale = glm::dvec3(d.scales[0]);
    s.opacity = d.opacities[0];
    s.world = splat_ref::trs(at, {0, 0, 0, 1}, glm::dvec3(1.0));
    if (quantized) {
      for (int i = 0; i < 4; ++i) s.rotation[i] = std::round(q[i] * 32767) / 32767;
      for (int i = 0; i < 3; ++i) s.scale[i] = std::round(d.scales[0][i] / 2.0 * 65535) / 65535;
      s.opacity = std::round(d.opacities[0] * 255.0) / 255;
      s.world = splat_ref::trs(at, {0, 0, 0, 1}, glm::dvec3(2.0));
    }
    return std::vector<Splat>{s};
  };

  std::vector<Pixels> images;
  for (const bool quantized : {false, true}) {
    SCOPED_TRACE(quantized ? "quantized" : "float");
    const scene::LoadResult r = loadAsset(quantized);
    ASSERT_TRUE(r.scene) << r.error;
    ASSERT_EQ(r.scene->meshes.size(), 1u);
    ASSERT_TRUE(r.scene->meshes[0].primitives[0].splats);
    EXPECT_NEAR(r.scene->meshes[0].primitives[0].splats->opacities[0],
                quantized ? 153.0 / 255.0 : 0.6, 1e-6);
    const renderer::SceneResult shown = renderer_->setScene(*r.scene, r.scene->activeScene);
    ASSERT_TRUE(shown.shown) << shown.error;
    images.push_back(renderer_->renderOffscreen(splat_ref::viewOf(c, kDark), 64, 64));
    ASSERT_EQ(images.back().rgba.size(), 64u * 64u * 4u);
    const std::vector<Splat> splats = reference(quantized);
    expectReference(images.back(), splats, c, Space::Srgb, kDark,
                    {{32, 32}, {36, 29}, {28, 35}, {35, 36}, {30, 28}, {38, 27}, {36, 36}});
  }
  for (int y = 16; y < 48; ++y) {
    for (int x = 16; x < 48; ++x) {
      const glm::u8vec4 a = pixelAt(images[0], x, y), b = pixelAt(images[1], x, y);
      for (int ch = 0; ch < 3; ++ch)
        EXPECT_LE(std::abs(int(a[ch]) - int(b[ch])), 2) << x << ", " << y;
    }
  }
}

// 7. The same coefficients over a grey background (bytes 128) as srgb_rec709_display (blended
// as encoded values: C + T * 128/255) and as lin_rec709_display (blended linear, C + T *
// decode(128/255), then encoded): two different pictures, each as its space says.
TEST_F(Splats, BothColourSpacesCompositeAsTheirSpaceSays) {
  const Camera c = camera();
  const glm::dvec3 grey(128.0);
  std::vector<Splat> splats{
      colored(c.worldAt({32.5, 32.5}, 5.0), scaleFor(16.0), {0.8, 0.6, 0.3}, 0.8)};
  std::vector<Pixels> images;
  for (const Space space : {Space::Srgb, Space::Linear}) {
    SCOPED_TRACE(space == Space::Srgb ? "srgb" : "linear");
    scene::Scene s;
    addSplats(s, splats, space);
    finish(s);
    images.push_back(render(s, c, grey));
    expectReference(images.back(), splats, c, space, grey,
                    {{32, 32}, {36, 32}, {32, 40}, {26, 38}});
  }
  // Centre, by hand: alpha 0.8; srgb 0.8 c + 0.2 * 128/255; linear encode(0.8 c + 0.2 decode).
  const double g = 128.0 / 255.0;
  const double lin = splat_ref::decodeSrgb(g);
  EXPECT_TRUE(bytesNear(images[0], {32, 32}, (0.8 * glm::dvec3(0.8, 0.6, 0.3) + 0.2 * g) * 255.0,
                        kTolerance));
  const glm::dvec3 linear = 0.8 * glm::dvec3(0.8, 0.6, 0.3) + 0.2 * lin;
  EXPECT_TRUE(
      bytesNear(images[1], {32, 32},
                255.0 * glm::dvec3(splat_ref::encodeSrgb(linear.r), splat_ref::encodeSrgb(linear.g),
                                   splat_ref::encodeSrgb(linear.b)),
                kTolerance));
  EXPECT_GT(std::abs(int(pixelAt(images[0], 32, 32).b) - int(pixelAt(images[1], 32, 32).b)), 20);
}

// 8. A diffuse colour of (1.6, -0.4, 0.5) at alpha 0.5 over bytes 51 (0.2): red 0.8 + 0.1 = 0.9
// (not clamped to 1 before blending, which would give 0.6), green 0 + 0.1 (the negative colour
// clamped to 0 first, not -0.2 + 0.1), blue 0.25 + 0.1.
TEST_F(Splats, ColoursAboveOneBlendUnclampedAndNegativesClampToZero) {
  const Camera c = camera();
  const glm::dvec3 grey(51.0);
  std::vector<Splat> splats{
      colored(c.worldAt({32.5, 32.5}, 5.0), scaleFor(16.0), {1.6, -0.4, 0.5}, 0.5)};
  for (const Space space : {Space::Srgb, Space::Linear}) {
    SCOPED_TRACE(space == Space::Srgb ? "srgb" : "linear");
    scene::Scene s;
    addSplats(s, splats, space);
    finish(s);
    const Pixels p = render(s, c, grey);
    if (space == Space::Srgb) {
      EXPECT_TRUE(bytesNear(p, {32, 32}, glm::dvec3(0.9, 0.1, 0.35) * 255.0, kTolerance));
    }
    expectReference(p, splats, c, space, grey, {{32, 32}, {35, 32}, {32, 36}});
  }
}

}  // namespace
}  // namespace vitrine::test
