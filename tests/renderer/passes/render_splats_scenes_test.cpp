// KHR_gaussian_splatting (issue 35) in scenes, pixel by pixel against splat_reference.h: a splat
// under a rotated, non-uniformly scaled node (Sigma = M C C^T M^T, the harmonics turned with
// the node), splats whose centre is off screen (kept by their footprint; J's 1.3 guard band),
// two primitives interleaved in depth (one sort over both), and splats with opaque geometry
// (depth tested, blended over it), with the frame's splat counts. The tests' camera and
// tolerances are render_splats_test.cpp's.
#include <cmath>

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

// 12. An opaque unlit quad at z = 0 (its pixels its base colour): a splat behind it (z = -1) is
// hidden, its pixels the quad's exactly; one in front (z = 1) blends over the quad as over a
// background of the quad's bytes. A third splat behind the camera is culled: 3 splats, 2 drawn.
TEST_F(SplatScenes, OpaqueGeometryHidesSplatsBehindAndShowsThroughThoseInFront) {
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

}  // namespace
}  // namespace vitrine::test
