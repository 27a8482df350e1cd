// KHR_gaussian_splatting (issue 35) in scenes, pixel by pixel against splat_reference.h: a splat
// under a rotated, non-uniformly scaled node (Sigma = M C C^T M^T, the harmonics turned with
// the node), splats whose centre is off screen (kept by their footprint; J's 1.3 guard band),
// two primitives interleaved in depth (one sort over both), splats with opaque geometry
// (depth tested, blended over it), with the frame's splat counts, a dense field of degree-3
// splats at every pixel, and the channel views. The tests' camera and
// tolerances are render_splats_test.cpp's.
#include <cmath>
#include <random>

#include "render_fixture.h"
#include "splat_reference.h"

namespace vitrine::test {
namespace {

using splat_ref::bytesNear;
using splat_ref::Camera;
using splat_ref::colored;
using splat_ref::kTolerance;
using splat_ref::scaleFor;
using splat_ref::Space;
using splat_ref::Splat;
using SplatScenes = splat_ref::SplatTest;

const glm::dvec3 kDark(20.0, 20.0, 20.0);  // background bytes

// 9. A degree-1 splat under a node turned 0.6 rad about (0.3, 1, 0.2) and scaled (1.8, 0.6, 1):
// its footprint is the reference's M C C^T M^T projected, and its colour is that of its
// coefficients turned by the node's rotation (the world direction taken into the node's frame),
// not of the world direction itself.
TEST_F(SplatScenes, NodeRotationAndScaleShapeTheFootprintAndTurnTheColour) {
  const Camera c = splat_ref::testCamera();
  const glm::dvec3 axis = glm::normalize(glm::dvec3(0.3, 1.0, 0.2));
  const glm::dvec4 rotation(axis * std::sin(0.3), std::cos(0.3));
  const glm::dvec3 translation(0.04, -0.03, 0.0), scale(1.8, 0.6, 1.0);
  Splat splat = colored({0.0, 0.0, 0.0}, 0.12, {0.5, 0.5, 0.5}, 0.9);
  splat.sh = {glm::dvec3(0.0), {0.0, 0.8, 0.0}, {0.0, 0.0, 0.8}, {0.8, 0.0, 0.0}};
  std::vector<Splat> splats{splat};
  scene::Scene s;
  splat_ref::addSplatNode(s, {&splats}, Space::Srgb, translation, rotation, scale);
  finish(s);

  // What the test tells apart: the colour without the node's rotation, and the footprint of
  // the splat's own covariance without M, are far from the reference's.
  const splat_ref::Footprint f = splat_ref::project(splats[0], c);
  Splat unturned = splats[0];
  unturned.world = splat_ref::trs(translation, {0.0, 0.0, 0.0, 1.0}, glm::dvec3(1.0));
  const splat_ref::Footprint g = splat_ref::project(unturned, c);
  EXPECT_GT(glm::length(f.color - g.color), 0.15);
  EXPECT_GT(f.cov[0][0], 2.0 * g.cov[0][0]);

  const Pixels p = render(s, c, kDark);
  const glm::ivec2 centre(int(std::floor(f.center.x)), int(std::floor(f.center.y)));
  for (const glm::ivec2 d :
       {glm::ivec2(0, 0), glm::ivec2(3, 0), glm::ivec2(-3, 0), glm::ivec2(0, 2), glm::ivec2(0, -2),
        glm::ivec2(2, 2), glm::ivec2(-2, 2), glm::ivec2(2, -2), glm::ivec2(-2, -2),
        glm::ivec2(5, 1), glm::ivec2(-5, -1), glm::ivec2(1, 4), glm::ivec2(-6, 2)}) {
    expectReference(p, splats, c, Space::Srgb, kDark, {centre + d});
  }
}

// 10. A splat (variance 16 px^2 on the axis, 21 px^2 there: J's z column grows off the axis)
// whose centre is 4 px left of the image: not culled by its centre, it colours the left columns
// as the reference says; from 15.5 px (Mahalanobis 3.4) on, the background.
TEST_F(SplatScenes, SplatCentredOffScreenStillColoursTheEdge) {
  const Camera c = splat_ref::testCamera();
  std::vector<Splat> splats{
      colored(c.worldAt({-4.0, 32.5}, 5.0), scaleFor(16.0), {1.0, 0.8, 0.4}, 0.9)};
  scene::Scene s;
  splat_ref::addSplatNode(s, {&splats}, Space::Srgb);
  finish(s);
  const splat_ref::Footprint f = splat_ref::project(splats[0], c);
  ASSERT_NEAR(f.cov[0][0], 21.0, 0.1);
  ASSERT_GT(splat_ref::mahalanobis2(f, {11.5, 32.5}), 9.5);
  const Pixels p = render(s, c, kDark);
  expectReference(p, splats, c, Space::Srgb, kDark,
                  {{0, 32}, {1, 32}, {3, 32}, {5, 32}, {8, 32}, {0, 28}, {0, 37}, {2, 35}});
  EXPECT_GT(int(pixelAt(p, 0, 32).r), 100);
  expectBackground(p, kDark, {{11, 32}, {14, 32}, {0, 44}, {0, 20}});
}

// 10b. J is taken with x/z clamped to 1.3 times the half field of view: a splat long along the
// view axis (sigma 1 in z, 0.05 across), its centre at NDC x = -1.6 (19.2 px left of the
// image), reaches the left columns with the clamped J's footprint (8.3 px sigma in x, not 10.3).
TEST_F(SplatScenes, JacobianIsClampedToTheGuardBand) {
  const Camera c = splat_ref::testCamera();
  Splat splat = colored(c.worldAt({-19.2, 32.5}, 5.0), 0.0, {1.0, 0.9, 0.8}, 0.9);
  splat.scale = {0.05, 0.05, 1.0};
  std::vector<Splat> splats{splat};
  scene::Scene s;
  splat_ref::addSplatNode(s, {&splats}, Space::Srgb);
  finish(s);
  ASSERT_NEAR(std::sqrt(splat_ref::project(splats[0], c).cov[0][0]), 8.36, 0.02);
  const Pixels p = render(s, c, kDark);
  expectReference(p, splats, c, Space::Srgb, kDark, {{0, 32}, {1, 32}, {3, 32}, {0, 33}, {2, 31}});
  expectBackground(p, kDark, {{7, 32}, {10, 32}});
}

// 11. Primitive A holds splats at z = 0 (red) and z = -2 (blue), primitive B one at z = -1
// (green), all 0.6 opaque and in line with the camera: the composite order is one sort over
// both (blue, green, red back to front). Drawing either primitive's splats over the other's
// (a sort per primitive) gives a centre pixel far from it.
TEST_F(SplatScenes, SplatsOfTwoPrimitivesAreSortedTogether) {
  const Camera c = splat_ref::testCamera();
  std::vector<Splat> a{colored({0.0, 0.0, 0.0}, 0.3, {0.9, 0.2, 0.2}, 0.6),
                       colored({0.0, 0.0, -2.0}, 0.3, {0.2, 0.2, 0.9}, 0.6)};
  std::vector<Splat> b{colored({0.0, 0.0, -1.0}, 0.3, {0.2, 0.9, 0.2}, 0.6)};
  scene::Scene s;
  splat_ref::addSplatNode(s, {&a, &b}, Space::Srgb);
  finish(s);
  std::vector<Splat> all = a;
  all.insert(all.end(), b.begin(), b.end());

  const glm::ivec2 centre(32, 32);
  const glm::dvec3 global = splat_ref::expectedBytes(all, c, centre, Space::Srgb, kDark);
  const splat_ref::Layer la = splat_ref::layerAt(a, c, centre);
  const splat_ref::Layer lb = splat_ref::layerAt(b, c, centre);
  const auto over = [](const splat_ref::Layer& front, const splat_ref::Layer& back) {
    return splat_ref::Layer{front.color + front.transmittance * back.color,
                            front.transmittance * back.transmittance};
  };
  for (const splat_ref::Layer& perPrimitive : {over(la, lb), over(lb, la)}) {
    const glm::dvec3 wrong = splat_ref::compositeBytes(perPrimitive, Space::Srgb, kDark);
    EXPECT_GT(glm::length(wrong - global), 10.0);
  }

  const Pixels p = render(s, c, kDark);
  EXPECT_TRUE(bytesNear(p, centre, global, kTolerance));
  expectReference(p, all, c, Space::Srgb, kDark, {{31, 31}, {33, 30}, {29, 34}});
  const renderer::DrawStats stats = renderer_->lastDrawStats();
  EXPECT_EQ(stats.splats, 3u);
  EXPECT_EQ(stats.splatsDrawn, 3u);
}

// The renderer at GetParam() samples a pixel: the splats' depth test reads the frame's depth
// attachment itself at 1 sample, its resolved copy with MSAA.
class SplatSamples : public splat_ref::SplatTest, public ::testing::WithParamInterface<uint32_t> {
 protected:
  void SetUp() override {
    renderer::Options options;
    options.msaaSamples = GetParam();
    startRenderer(options);
  }
};

// 12. An opaque unlit quad at z = 0 (its pixels its base colour): a splat behind it (z = -1) is
// hidden, its pixels the quad's exactly; one in front (z = 1) blends over the quad as over a
// background of the quad's bytes. A third splat behind the camera is culled: 3 splats, 2 drawn.
TEST_P(SplatSamples, OpaqueGeometryHidesSplatsBehindAndShowsThroughThoseInFront) {
  const Camera c = splat_ref::testCamera();
  const glm::vec3 base(0.2f, 0.45f, 0.7f);
  std::vector<Splat> behind{colored({-0.45, 0.0, -1.0}, 0.15, {1.0, 0.9, 0.1}, 0.9)};
  std::vector<Splat> front{colored({0.35, 0.0, 1.0}, 0.15, {1.0, 0.9, 0.1}, 0.8)};
  std::vector<Splat> culled{colored({0.0, 0.0, 7.0}, 0.3, {1.0, 1.0, 1.0}, 0.9)};
  scene::Scene s;
  addMeshNode(s, quadPrimitive(addMaterial(s, makeUnlitMaterial(glm::vec4(base, 1.0f)))));
  splat_ref::addSplatNode(s, {&behind, &front, &culled}, Space::Srgb);
  finish(s);
  const Pixels p = render(s, c, kDark);
  ASSERT_FALSE(p.rgba.empty());

  // The quad's bytes, where no splat reaches: its base colour encoded.
  const glm::ivec2 plain(32, 22);
  const glm::u8vec4 q = pixelAt(p, plain.x, plain.y);
  const glm::dvec3 quad(q.r, q.g, q.b);
  const glm::dvec3 encoded(splat_ref::encodeSrgb(base.r), splat_ref::encodeSrgb(base.g),
                           splat_ref::encodeSrgb(base.b));
  EXPECT_TRUE(bytesNear(p, plain, encoded * 255.0, 1.0));

  const glm::dvec2 hidden = c.pixelOf(behind[0].position);
  const glm::ivec2 h(int(std::floor(hidden.x)), int(std::floor(hidden.y)));
  expectBackground(p, quad, {h, h + glm::ivec2(1, 0), h + glm::ivec2(0, 1), h - glm::ivec2(1, 1)});
  // Without the quad that pixel would be the splat's.
  EXPECT_GT(glm::length(splat_ref::expectedBytes(behind, c, h, Space::Srgb, quad) - quad), 40.0);

  const glm::dvec2 shown = c.pixelOf(front[0].position);
  const glm::ivec2 f(int(std::floor(shown.x)), int(std::floor(shown.y)));
  expectReference(p, front, c, Space::Srgb, quad,
                  {f, f + glm::ivec2(2, 0), f - glm::ivec2(0, 3), f + glm::ivec2(-2, 2)});
  EXPECT_GT(int(pixelAt(p, f.x, f.y).r), int(q.r) + 80);

  const renderer::DrawStats stats = renderer_->lastDrawStats();
  EXPECT_EQ(stats.splats, 3u);
  EXPECT_EQ(stats.splatsDrawn, 2u);
}

INSTANTIATE_TEST_SUITE_P(OneAndFour, SplatSamples, ::testing::Values(1u, 4u));

// 13. A field of 150 degree-3 splats, anisotropic, turned, of every opacity, stacked deep enough
// that many pixels are covered past a transmittance of 1e-4, over a framebuffer of 61 x 45 pixels
// (not a whole number of tiles): every pixel is the reference's layer of all of them. The tile
// rasterizer's bins (a pixel missing a splat), its front-to-back order and its stop once the
// transmittance is spent (what is left out must stay below the tolerance) all show here.
TEST_F(SplatScenes, DenseFieldMatchesTheReferenceAtEveryPixel) {
  Camera c = splat_ref::testCamera();
  c.width = 61;
  c.height = 45;
  std::mt19937 rng(1335);
  std::uniform_real_distribution<double> unit(0.0, 1.0), centred(-1.0, 1.0);
  std::normal_distribution<double> normal;
  std::vector<Splat> field;
  for (int i = 0; i < 150; ++i) {
    // Every centre in view (so every splat is drawn), half of them as opaque as alpha goes.
    Splat s =
        colored({1.2 * centred(rng), 0.8 * centred(rng), 1.5 * centred(rng)}, 0.0,
                {unit(rng), unit(rng), unit(rng)}, i % 2 == 0 ? 0.99 : 0.05 + unit(rng) * 0.9);
    s.scale = {0.1 + 0.4 * unit(rng), 0.1 + 0.4 * unit(rng), 0.02 + 0.3 * unit(rng)};
    s.rotation = glm::normalize(glm::dvec4(normal(rng), normal(rng), normal(rng), normal(rng)));
    // Degree 3: every band's terms, each splat seen from its own direction.
    s.sh.resize(16);
    for (size_t k = 1; k < s.sh.size(); ++k)
      s.sh[k] = 0.15 * glm::dvec3(normal(rng), normal(rng), normal(rng));
    field.push_back(s);
  }
  scene::Scene s;
  splat_ref::addSplatNode(s, {&field}, Space::Linear);
  finish(s);
  ASSERT_TRUE(renderer_->setScene(s, 0).shown);
  const Pixels p = renderer_->renderOffscreen(splat_ref::viewOf(c, kDark), 61, 45);
  ASSERT_EQ(p.rgba.size(), size_t(61 * 45 * 4));
  int spent = 0, off = 0;
  for (int y = 0; y < c.height; ++y) {
    for (int x = 0; x < c.width; ++x) {
      const splat_ref::Layer layer = splat_ref::layerAt(field, c, {x, y});
      spent += layer.transmittance < 1e-4 ? 1 : 0;
      const glm::dvec3 want = splat_ref::compositeBytes(layer, Space::Linear, kDark);
      if (!bytesNear(p, {x, y}, want, kTolerance)) {
        if (++off <= 5) ADD_FAILURE() << bytesNear(p, {x, y}, want, kTolerance).message();
      }
    }
  }
  EXPECT_EQ(off, 0) << "pixels off the reference";
  EXPECT_GT(spent, 200) << "pixels whose transmittance the field spends";
  EXPECT_EQ(renderer_->lastDrawStats().splatsDrawn, 150u);
}

// 14. Channel views: Base colour shows the splat's colour as the shaded view does; Alpha its
// opacity as grey (stored as the byte round(255 v) would be: encoded for srgb_rec709_display);
// any other channel (here metallic) the neutral 8-pixel checker (0.3 and 0.5) where the splat
// is, each blended with the splat's alpha like a colour.
TEST_F(SplatScenes, ChannelViewsShowColourOpacityOrTheChecker) {
  const Camera c = splat_ref::testCamera();
  const double opacity = 0.7;
  std::vector<Splat> splats{
      colored(c.worldAt({32.5, 32.5}, 5.0), scaleFor(36.0), {0.9, 0.2, 0.1}, opacity)};
  scene::Scene s;
  splat_ref::addSplatNode(s, {&splats}, Space::Srgb);
  finish(s);
  ASSERT_TRUE(renderer_->setScene(s, 0).shown);
  const auto renderChannel = [&](int channel) {
    renderer::View view = splat_ref::viewOf(c, kDark);
    view.channel = channel;
    return renderer_->renderOffscreen(view, 64, 64);
  };
  // The reference of the same splat coloured `v` instead.
  const auto asGrey = [&](double v, glm::ivec2 at) {
    const std::vector<Splat> grey{
        colored(c.worldAt({32.5, 32.5}, 5.0), scaleFor(36.0), glm::dvec3(v), opacity)};
    return splat_ref::expectedBytes(grey, c, at, Space::Srgb, kDark);
  };
  const std::initializer_list<glm::ivec2> pixels{{32, 32}, {29, 35}, {39, 31}, {24, 40}, {40, 24}};

  const Pixels base = renderChannel(gpu::kChannelBaseColor);
  ASSERT_FALSE(base.rgba.empty());
  expectReference(base, splats, c, Space::Srgb, kDark, pixels);

  const Pixels alpha = renderChannel(gpu::kChannelAlpha);
  ASSERT_FALSE(alpha.rgba.empty());
  for (const glm::ivec2 at : pixels)
    EXPECT_TRUE(bytesNear(alpha, at, asGrey(opacity, at), kTolerance)) << at.x << ", " << at.y;

  const Pixels metallic = renderChannel(gpu::kChannelMetallic);
  ASSERT_FALSE(metallic.rgba.empty());
  for (const glm::ivec2 at : pixels) {
    const double checker = ((at.x / 8 + at.y / 8) & 1) == 0 ? 0.3 : 0.5;
    EXPECT_TRUE(bytesNear(metallic, at, asGrey(checker, at), kTolerance)) << at.x << ", " << at.y;
  }
  // Both cells of the checker are among the pixels: (32, 32) is 0.3, (29, 35) 0.5.
  EXPECT_GT(std::abs(asGrey(0.5, {29, 35}).r - asGrey(0.3, {29, 35}).r), 10.0);
}

}  // namespace
}  // namespace vitrine::test
