// A view's splats (splat/splat_view.h) against KHR_gaussian_splatting's formulas evaluated here
// independently, in double precision: C from the quaternion and scale as the text writes it,
// Sigma = M C C^T M^T, and the EWA projection with the Jacobian written the classic 3DGS way
// (camera looking down +z, y down, fx = P[0][0] W / 2), the colours from the text's harmonics.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <numbers>
#include <string>

#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>

#include "splat_view.h"

namespace vitrine::splat {
namespace {

using scene::SplatCloud;
using scene::SplatColorSpace;

struct Camera {
  glm::dvec3 eye{0.0, 0.0, 0.0};
  glm::dvec3 target{0.0, 0.0, -1.0};
  glm::dvec3 up{0.0, 1.0, 0.0};
  double fovy = std::numbers::pi / 3.0;
  double near = 0.1;
  double far = 100.0;
  uint32_t width = 200;
  uint32_t height = 100;

  glm::dmat4 view() const { return glm::lookAt(eye, target, up); }
  glm::dmat4 projection() const {
    return glm::perspective(fovy, double(width) / height, near, far);
  }
  SplatCamera splatCamera() const {
    return {glm::mat4(view()), glm::mat4(projection()), glm::vec3(eye), width, height};
  }
};

// One splat per call; degree-0 colour 0 unless set.
void addSplat(SplatCloud& c, glm::vec3 p, glm::vec4 q = {0, 0, 0, 1},
              glm::vec3 s = {0.1f, 0.1f, 0.1f}, float opacity = 0.8f) {
  c.positions.push_back(p);
  c.rotations.push_back(q);
  c.scales.push_back(s);
  c.opacities.push_back(opacity);
  c.sh.resize(c.sh.size() + c.coefficientsPerSplat(), glm::vec3(0.0f));
  ++c.count;
}

glm::vec4 quat(double angle, glm::dvec3 axis) {
  const glm::dquat q = glm::angleAxis(angle, glm::normalize(axis));
  return glm::vec4(q.x, q.y, q.z, q.w);
}

struct Expected {
  glm::dvec2 center;
  double depth;
  glm::dvec3 conic;
  double extentX, extentY;
};

// The text's formulas in double, written independently of splat_view.cpp.
// The matrices are the float ones prepareSplats gets, widened: the reference computes exactly
// what it was given.
Expected reference(const SplatCloud& cloud, uint32_t i, const glm::dmat4& nodeWorld,
                   const Camera& cam) {
  const glm::dmat4 world(glm::mat4{nodeWorld});
  const glm::dvec4 q(cloud.rotations[i]);
  const glm::dvec3 s(cloud.scales[i]);
  const double qx = q.x, qy = q.y, qz = q.z, qw = q.w;
  // "Splat Reconstruction", row by row as printed (glm stores columns: C[col][row]).
  const double rows[3][3] = {{s.x * (1 - 2 * (qy * qy + qz * qz)), s.y * (2 * (qx * qy - qw * qz)),
                              s.z * (2 * (qx * qz + qw * qy))},
                             {s.x * (2 * (qx * qy + qw * qz)), s.y * (1 - 2 * (qx * qx + qz * qz)),
                              s.z * (2 * (qy * qz - qw * qx))},
                             {s.x * (2 * (qx * qz - qw * qy)), s.y * (2 * (qy * qz + qw * qx)),
                              s.z * (1 - 2 * (qx * qx + qy * qy))}};
  glm::dmat3 C;
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) C[c][r] = rows[r][c];
  const glm::dmat3 M(world);
  const glm::dmat3 sigma = M * C * glm::transpose(C) * glm::transpose(M);

  // 3DGS camera: looks down +z, y down. Ours looks down -z with y up: flip y and z.
  const glm::dmat4 V(cam.splatCamera().view);
  const glm::dmat4 P(cam.splatCamera().projection);
  const glm::dvec3 t = glm::dvec3(V * world * glm::dvec4(glm::dvec3(cloud.positions[i]), 1.0));
  const double x = t.x, y = -t.y, z = -t.z;
  const glm::dmat3 flip(glm::dvec3(1, 0, 0), glm::dvec3(0, -1, 0), glm::dvec3(0, 0, -1));
  const glm::dmat3 W = flip * glm::dmat3(V);
  const double fx = P[0][0] * cam.width / 2.0, fy = P[1][1] * cam.height / 2.0;
  const double limX = 1.3 / P[0][0], limY = 1.3 / P[1][1];  // 1.3 tan(fov / 2)
  const double xc = std::clamp(x / z, -limX, limX) * z, yc = std::clamp(y / z, -limY, limY) * z;
  // J (2x3) as glm (3 columns of 2).
  const glm::dmat3x2 J(glm::dvec2(fx / z, 0.0), glm::dvec2(0.0, fy / z),
                       glm::dvec2(-fx * xc / (z * z), -fy * yc / (z * z)));
  glm::dmat2 cov = J * W * sigma * glm::transpose(W) * glm::transpose(J);
  cov[0][0] += 0.3;
  cov[1][1] += 0.3;
  const double det = cov[0][0] * cov[1][1] - cov[0][1] * cov[0][1];
  Expected e;
  e.center = {fx * x / z + cam.width / 2.0, fy * y / z + cam.height / 2.0};
  const double ndcZ = (P[2][2] * t.z + P[3][2]) / -t.z;
  e.depth = 0.5 * ndcZ + 0.5;
  e.conic = {cov[1][1] / det, -cov[0][1] / det, cov[0][0] / det};
  e.extentX = 3.0 * std::sqrt(cov[0][0]);
  e.extentY = 3.0 * std::sqrt(cov[1][1]);
  return e;
}

void expectNear(const ProjectedSplat& got, const Expected& e) {
  const auto rel = [](double v) { return 2e-4 * std::max(1.0, std::abs(v)); };
  EXPECT_NEAR(got.center.x, e.center.x, 1e-3);
  EXPECT_NEAR(got.center.y, e.center.y, 1e-3);
  EXPECT_NEAR(got.depth, e.depth, 1e-6);
  // The conic's entries are relative to its largest one.
  const double scale = std::max({std::abs(e.conic.x), std::abs(e.conic.z), 1e-12});
  EXPECT_NEAR(got.conic.x, e.conic.x, 2e-4 * scale);
  EXPECT_NEAR(got.conic.y, e.conic.y, 2e-4 * scale);
  EXPECT_NEAR(got.conic.z, e.conic.z, 2e-4 * scale);
  EXPECT_NEAR(got.extentX, e.extentX, rel(e.extentX));
  EXPECT_NEAR(got.extentY, e.extentY, rel(e.extentY));
}

SplatFrame prepare(const std::vector<SplatInstance>& instances, const Camera& cam) {
  SplatFrame frame;
  SplatScratch scratch;
  prepareSplats(instances, cam.splatCamera(), frame, scratch);
  return frame;
}

SplatFrame prepareOne(const SplatCloud& cloud, const Camera& cam,
                      const glm::dmat4& world = glm::dmat4(1.0)) {
  return prepare({{&cloud, glm::mat4(world)}}, cam);
}

TEST(SplatView, IsotropicSplatMatchesTheTextAndItsClosedForm) {
  SplatCloud cloud;
  addSplat(cloud, {0.5f, -0.25f, -5.0f}, {0, 0, 0, 1}, {0.2f, 0.2f, 0.2f});
  Camera cam;
  const SplatFrame frame = prepareOne(cloud, cam);
  ASSERT_EQ(frame.splats.size(), 1u);
  expectNear(frame.splats[0], reference(cloud, 0, glm::dmat4(1.0), cam));
  // Closed form on the axis: sigma' = (fx s / z)^2 + 0.3, fx = P00 W / 2.
  SplatCloud onAxis;
  addSplat(onAxis, {0, 0, -5.0f}, {0, 0, 0, 1}, {0.2f, 0.2f, 0.2f});
  const ProjectedSplat p = prepareOne(onAxis, cam).splats.at(0);
  const double fx = cam.projection()[0][0] * 100.0, fy = cam.projection()[1][1] * 50.0;
  const double sxx = std::pow(fx * 0.2 / 5.0, 2) + 0.3, syy = std::pow(fy * 0.2 / 5.0, 2) + 0.3;
  EXPECT_NEAR(p.center.x, 100.0, 1e-4);
  EXPECT_NEAR(p.center.y, 50.0, 1e-4);
  EXPECT_NEAR(p.conic.x, 1.0 / sxx, 1e-6);
  EXPECT_NEAR(p.conic.y, 0.0, 1e-7);
  EXPECT_NEAR(p.conic.z, 1.0 / syy, 1e-6);
  EXPECT_NEAR(p.extentX, 3.0 * std::sqrt(sxx), 1e-4);
  EXPECT_NEAR(p.extentY, 3.0 * std::sqrt(syy), 1e-4);
  // depth: the OpenGL NDC z of z = -5, mapped to 0..1.
  const double n = 0.1, f = 100.0, ndc = ((f + n) / (f - n) * 5.0 - 2 * f * n / (f - n)) / 5.0;
  EXPECT_NEAR(p.depth, 0.5 * ndc + 0.5, 1e-6);
}

TEST(SplatView, RotatedAnisotropicSplatKeepsItsOrientation) {
  // Long along the local x axis, turned 45 degrees about the view axis: up and to the right on
  // screen, so with y down in pixels the covariance's xy is negative and the conic's b positive.
  SplatCloud cloud;
  addSplat(cloud, {0.3f, 0.2f, -4.0f}, quat(std::numbers::pi / 4, {0, 0, 1}), {0.5f, 0.05f, 0.1f});
  addSplat(cloud, {-0.6f, 0.4f, -6.0f}, quat(1.1, {0.3, -0.8, 0.5}), {0.3f, 0.02f, 0.15f});
  Camera cam;
  cam.eye = {0.2, 0.1, 0.5};
  cam.target = {0.1, 0.05, -3.0};
  const SplatFrame frame = prepareOne(cloud, cam);
  ASSERT_EQ(frame.splats.size(), 2u);
  // Back to front: splat 1 (farther) first.
  expectNear(frame.splats[0], reference(cloud, 1, glm::dmat4(1.0), cam));
  expectNear(frame.splats[1], reference(cloud, 0, glm::dmat4(1.0), cam));
  EXPECT_GT(frame.splats[1].conic.y, 0.05f * frame.splats[1].conic.x);
}

// A needle (40 units long, 0.1 mm thick) turned 45 degrees on screen: sigma along it about 700
// px, across it the low-pass's 0.55 px. Its conic matches the text's in double: the
// determinant of the 2D covariance, whose products nearly cancel, is taken in double (in float
// it kept a few bits, and the conic was off by more than 10 %).
TEST(SplatView, NeedleConicMatchesTheText) {
  SplatCloud cloud;
  addSplat(cloud, {0.0f, 0.0f, -5.0f}, quat(std::numbers::pi / 4, {0, 0, 1}),
           {40.0f, 0.0001f, 0.0001f});
  Camera cam;
  const SplatFrame frame = prepareOne(cloud, cam);
  ASSERT_EQ(frame.splats.size(), 1u);
  expectNear(frame.splats[0], reference(cloud, 0, glm::dmat4(1.0), cam));
  EXPECT_GT(frame.splats[0].extentX, 1000.0f);
}

TEST(SplatView, NodeTransformEntersTheCovariance) {
  SplatCloud cloud;
  addSplat(cloud, {0.1f, 0.2f, 0.3f}, quat(0.7, {1, 2, 3}), {0.2f, 0.05f, 0.1f});
  glm::dmat4 world = glm::translate(glm::dmat4(1.0), glm::dvec3(1.0, -0.5, -6.0));
  world = glm::rotate(world, 0.9, glm::dvec3(0.2, 1.0, -0.4));
  world = glm::scale(world, glm::dvec3(3.0, 0.5, 1.5));
  Camera cam;
  const SplatFrame frame = prepareOne(cloud, cam, world);
  ASSERT_EQ(frame.splats.size(), 1u);
  expectNear(frame.splats[0], reference(cloud, 0, world, cam));
  // The same splat without the node is a different ellipse (the test can tell).
  const Expected bare =
      reference(cloud, 0, glm::translate(glm::dmat4(1.0), {1.0, -0.5, -6.0}), cam);
  EXPECT_GT(std::abs(frame.splats[0].extentX - bare.extentX), 1.0);
}

TEST(SplatView, FarOffAxisSplatUsesTheClampedJacobian) {
  // The mean at NDC x of about 1.6, a footprint large enough to reach the screen.
  SplatCloud cloud;
  addSplat(cloud, {-12.0f, 1.0f, -6.5f}, quat(0.4, {0, 1, 1}), {3.0f, 1.5f, 2.0f});
  Camera cam;
  const SplatFrame frame = prepareOne(cloud, cam);
  ASSERT_EQ(frame.splats.size(), 1u);
  EXPECT_LT(frame.splats[0].center.x, -40.0f);
  EXPECT_GT(frame.splats[0].center.x + frame.splats[0].extentX, 0.0f);
  expectNear(frame.splats[0], reference(cloud, 0, glm::dmat4(1.0), cam));
}

TEST(SplatView, FarFromTheOriginStaysPrecise) {
  // A node 200 km out, seen from 5 m: float world coordinates there are 1.5 cm apart, so the
  // means must reach camera space without passing through them.
  SplatCloud cloud;
  addSplat(cloud, {0.3f, -0.2f, 0.1f}, quat(0.5, {1, 0, 1}), {0.05f, 0.02f, 0.03f});
  addSplat(cloud, {-0.4f, 0.25f, -0.3f}, quat(1.2, {0, 1, 2}), {0.01f, 0.04f, 0.02f});
  const glm::dvec3 far(123456.0, 50.0, -200000.0);
  glm::dmat4 world = glm::translate(glm::dmat4(1.0), far);
  world = glm::rotate(world, 0.3, glm::dvec3(0, 1, 0));
  Camera cam;
  cam.eye = far + glm::dvec3(3.0, 1.0, 4.0);
  cam.target = far;
  const SplatFrame frame = prepareOne(cloud, cam, world);
  ASSERT_EQ(frame.splats.size(), 2u);
  // Both at about 5 m: which is farther decides the order.
  const glm::dvec3 eye(glm::vec3(cam.eye));
  const glm::dmat4 w(glm::mat4{world});
  const auto distance = [&](int i) {
    return glm::length(glm::dvec3(w * glm::dvec4(glm::dvec3(cloud.positions[i]), 1.0)) - eye);
  };
  const int first = distance(0) > distance(1) ? 0 : 1;
  expectNear(frame.splats[0], reference(cloud, first, world, cam));
  expectNear(frame.splats[1], reference(cloud, 1 - first, world, cam));
}

// A degree `degree` cloud of one splat with distinct coefficients, so that a misplaced
// coefficient or sign shows.
SplatCloud harmonicCloud(uint32_t degree) {
  SplatCloud c;
  c.degree = degree;
  addSplat(c, {0, 0, 0});
  for (uint32_t k = 0; k < c.coefficientsPerSplat(); ++k)
    c.sh[k] = glm::vec3(0.05f * (k + 1), -0.03f * float(k) + 0.1f, 0.02f * float(k * k % 7));
  return c;
}

glm::dvec3 sh(const SplatCloud& c, int k) {
  return glm::dvec3(c.sh[k]);
}

TEST(SplatView, DegreeOneAndThreeColoursFromThreeDirections) {
  const double y00 = 0.2820947917738781, c1 = 0.4886025119029199;
  const double c20 = 0.3153915652525200, c22 = 0.5462742152960395;
  const double c30 = 0.3731763325901154, c31 = 0.4570457994644657, c33 = 0.5900435899266435;
  for (uint32_t degree : {1u, 3u}) {
    const SplatCloud c = harmonicCloud(degree);
    const bool d3 = degree == 3;
    // +z: Y10 = c1 z, Y20 = c20 (2z^2), Y30 = c30 z (2 z^2).
    glm::dvec3 e = 0.5 + sh(c, 0) * y00 + sh(c, 2) * c1;
    if (d3) e += sh(c, 6) * 2.0 * c20 + sh(c, 12) * 2.0 * c30;
    glm::dvec3 got = splatColor(c, 0, {0, 0, 1});
    for (int ch = 0; ch < 3; ++ch) EXPECT_NEAR(got[ch], std::max(e[ch], 0.0), 1e-5) << degree;
    // +x: Y11 = -c1 x, Y20 = -c20, Y22 = c22, Y31 = -c31 x (-x^2) = c31, Y33 = -c33 x^3.
    e = 0.5 + sh(c, 0) * y00 - sh(c, 3) * c1;
    if (d3) e += -sh(c, 6) * c20 + sh(c, 8) * c22 + sh(c, 13) * c31 - sh(c, 15) * c33;
    got = splatColor(c, 0, {1, 0, 0});
    for (int ch = 0; ch < 3; ++ch) EXPECT_NEAR(got[ch], std::max(e[ch], 0.0), 1e-5) << degree;
    // -y: Y1-1 = -c1 y = c1, Y20 = -c20, Y22 = -c22, Y3-3 = -c33 y (-y^2) = -c33,
    // Y3-1 = -c31 y (-y^2) = -c31.
    e = 0.5 + sh(c, 0) * y00 + sh(c, 1) * c1;
    if (d3) e += -sh(c, 6) * c20 - sh(c, 8) * c22 - sh(c, 9) * c33 - sh(c, 11) * c31;
    got = splatColor(c, 0, {0, -1, 0});
    for (int ch = 0; ch < 3; ++ch) EXPECT_NEAR(got[ch], std::max(e[ch], 0.0), 1e-5) << degree;
  }
}

TEST(SplatView, DegreeThreeColourInAGeneralDirection) {
  // The text's full sum at (x, y, z) = (1, 2, -2) / 3, constants from their expressions.
  const SplatCloud c = harmonicCloud(3);
  const double x = 1.0 / 3, y = 2.0 / 3, z = -2.0 / 3, pi = std::numbers::pi;
  const double k1 = std::sqrt(3 / (4 * pi)), k2 = 0.5 * std::sqrt(15 / pi);
  const double k20 = 0.25 * std::sqrt(5 / pi), k22 = 0.25 * std::sqrt(15 / pi);
  const double k33 = 0.25 * std::sqrt(35 / (2 * pi)), k32 = 0.5 * std::sqrt(105 / pi);
  const double k31 = 0.25 * std::sqrt(21 / (2 * pi)), k30 = 0.25 * std::sqrt(7 / pi);
  const double basis[16] = {0.5 / std::sqrt(pi),
                            -k1 * y,
                            k1 * z,
                            -k1 * x,
                            k2 * x * y,
                            -k2 * y * z,
                            k20 * (2 * z * z - x * x - y * y),
                            -k2 * x * z,
                            k22 * (x * x - y * y),
                            -k33 * y * (3 * x * x - y * y),
                            k32 * x * y * z,
                            -k31 * y * (4 * z * z - x * x - y * y),
                            k30 * z * (2 * z * z - 3 * x * x - 3 * y * y),
                            -k31 * x * (4 * z * z - x * x - y * y),
                            0.5 * k32 * z * (x * x - y * y),
                            -k33 * x * (x * x - 3 * y * y)};
  glm::dvec3 e(0.5);
  for (int k = 0; k < 16; ++k) e += sh(c, k) * basis[k];
  const glm::vec3 got = splatColor(c, 0, glm::vec3(x, y, z));
  for (int ch = 0; ch < 3; ++ch) EXPECT_NEAR(got[ch], std::max(e[ch], 0.0), 1e-5);
}

TEST(SplatView, ViewDirectionAndNodeRotationTurnTheHarmonics) {
  // Degree 1: red along local +x (Y11 = -c1 x), green along local +z (Y10 = c1 z).
  SplatCloud c;
  c.degree = 1;
  addSplat(c, {0, 0, 0}, {0, 0, 0, 1}, {0.1f, 0.1f, 0.1f});
  c.sh[3] = {1, 0, 0};
  c.sh[2] = {0, 1, 0};
  const double c1 = 0.4886025119029199;
  Camera cam;
  cam.eye = {0, 0, 5};
  cam.target = {0, 0, 0};
  // Seen from +z the direction camera -> mean is -z: green 0.5 - c1, red 0.5.
  glm::vec3 got = prepareOne(c, cam).splats.at(0).color;
  EXPECT_NEAR(got.r, 0.5, 1e-5);
  EXPECT_NEAR(got.g, 0.5 - c1, 1e-5);
  // The node turned +90 degrees about y (local +x is world -z) and scaled unevenly: the same
  // world direction is local +x, so red 0.5 - c1 and green 0.5.
  glm::dmat4 world = glm::rotate(glm::dmat4(1.0), std::numbers::pi / 2, glm::dvec3(0, 1, 0));
  world = glm::scale(world, glm::dvec3(2.0, 3.0, 0.5));
  got = prepareOne(c, cam, world).splats.at(0).color;
  EXPECT_NEAR(got.r, 0.5 - c1, 1e-5);
  EXPECT_NEAR(got.g, 0.5, 1e-5);
  // The direction is the mean's, not the view axis: a mean to the camera's right (+x) seen
  // from the origin looking down -z gives red 0.5 - c1 x with x the unit direction's.
  SplatCloud side = c;
  side.positions[0] = {3, 0, -4};
  Camera origin;
  got = prepareOne(side, origin).splats.at(0).color;
  EXPECT_NEAR(got.r, 0.5 - c1 * 0.6, 1e-5);
  EXPECT_NEAR(got.g, 0.5 - c1 * 0.8, 1e-5);
}

TEST(SplatView, ColourAboveOneIsKeptBelowZeroClamped) {
  SplatCloud c;
  addSplat(c, {0, 0, -3});
  c.sh[0] = {3.0f, -3.0f, 0.0f};
  const glm::vec3 got = prepareOne(c, Camera{}).splats.at(0).color;
  EXPECT_NEAR(got.r, 0.5 + 3 * 0.2820947917738781, 1e-5);
  EXPECT_EQ(got.g, 0.0f);
  EXPECT_NEAR(got.b, 0.5, 1e-6);
}

TEST(SplatView, OpacityPassesThroughAndInvisibleSplatsAreCulled) {
  SplatCloud c;
  addSplat(c, {0, 0, -3}, {0, 0, 0, 1}, {0.1f, 0.1f, 0.1f}, 0.37f);
  addSplat(c, {0, 0, -4}, {0, 0, 0, 1}, {0.1f, 0.1f, 0.1f}, 0.0038f);  // < 1/255
  addSplat(c, {0, 0, -5}, {0, 0, 0, 1}, {0.1f, 0.1f, 0.1f}, 0.004f);
  const SplatFrame frame = prepareOne(c, Camera{});
  ASSERT_EQ(frame.splats.size(), 2u);
  EXPECT_EQ(frame.splats[0].opacity, 0.004f);
  EXPECT_EQ(frame.splats[1].opacity, 0.37f);
  EXPECT_EQ(frame.total, 3u);
  EXPECT_EQ(frame.culled, 1u);
}

TEST(SplatView, MeansOutsideTheNearAndFarPlanesAreCulled) {
  SplatCloud c;
  // Large splats: their footprints would cover the screen if they were drawn.
  const glm::vec4 q{0, 0, 0, 1};
  const glm::vec3 s{1, 1, 1};
  addSplat(c, {0, 0, 1.0f}, q, s, 0.5f);      // behind the camera
  addSplat(c, {0, 0, -0.05f}, q, s, 0.51f);   // in front, nearer than the near plane (0.1)
  addSplat(c, {0, 0, -0.15f}, q, s, 0.52f);   // just past the near plane: kept
  addSplat(c, {0, 0, -99.0f}, q, s, 0.53f);   // before the far plane (100): kept
  addSplat(c, {0, 0, -101.0f}, q, s, 0.54f);  // beyond it
  addSplat(c, {0.01f, 0, 0}, q, s, 0.55f);    // at the eye's depth
  const SplatFrame frame = prepareOne(c, Camera{});
  ASSERT_EQ(frame.splats.size(), 2u);
  EXPECT_EQ(frame.splats[0].opacity, 0.53f);
  EXPECT_EQ(frame.splats[1].opacity, 0.52f);
  EXPECT_GT(frame.splats[1].depth, 0.0f);
  EXPECT_LT(frame.splats[0].depth, 1.0f);
  EXPECT_EQ(frame.culled, 4u);
}

TEST(SplatView, FootprintNotCentreDecidesTheScreenCull) {
  // 200 x 100 pixels, fovy 60 degrees: at z = -10, pixel x = 100 + 8.66 t.x, so t.x = -12.12
  // puts the centre 5 pixels left of the screen.
  const Camera cam;
  SplatCloud big, small, below;
  addSplat(big, {-12.12f, 0, -10}, {0, 0, 0, 1}, {1, 1, 1});
  addSplat(small, {-12.12f, 0, -10}, {0, 0, 0, 1}, {0.1f, 0.1f, 0.1f});
  addSplat(below, {0, -6.5f, -10}, {0, 0, 0, 1}, {0.5f, 0.5f, 0.5f});  // centre under the screen
  const SplatFrame kept = prepareOne(big, cam);
  ASSERT_EQ(kept.splats.size(), 1u);
  EXPECT_NEAR(kept.splats[0].center.x, -5.0f, 0.1f);
  EXPECT_GT(kept.splats[0].center.x + kept.splats[0].extentX, 10.0f);
  expectNear(kept.splats[0], reference(big, 0, glm::dmat4(1.0), cam));
  const SplatFrame culled = prepareOne(small, cam);
  EXPECT_TRUE(culled.splats.empty());
  EXPECT_EQ(culled.culled, 1u);
  const SplatFrame under = prepareOne(below, cam);
  ASSERT_EQ(under.splats.size(), 1u);
  EXPECT_GT(under.splats[0].center.y, 100.0f);
  EXPECT_LT(under.splats[0].center.y - under.splats[0].extentY, 100.0f);
}

TEST(SplatView, InstancesAreSortedTogetherBackToFront) {
  // Instance A at distances 2, 4, 6; instance B (a node moved by -1 along z) at 3, 5, 7.
  SplatCloud a, b;
  for (float d : {2.0f, 4.0f, 6.0f})
    addSplat(a, {0, 0, -d}, {0, 0, 0, 1}, {0.05f, 0.05f, 0.05f}, d / 10);
  for (float d : {2.0f, 4.0f, 6.0f})
    addSplat(b, {0, 0, -d}, {0, 0, 0, 1}, {0.05f, 0.05f, 0.05f}, (d + 1) / 10);
  const glm::mat4 moved = glm::translate(glm::mat4(1.0f), glm::vec3(0, 0, -1));
  const SplatFrame frame = prepare({{&a, glm::mat4(1.0f)}, {&b, moved}}, Camera{});
  ASSERT_EQ(frame.splats.size(), 6u);
  const float expected[] = {0.7f, 0.6f, 0.5f, 0.4f, 0.3f, 0.2f};
  for (size_t i = 0; i < 6; ++i) EXPECT_FLOAT_EQ(frame.splats[i].opacity, expected[i]) << i;
  for (size_t i = 1; i < 6; ++i) EXPECT_GT(frame.splats[i - 1].depth, frame.splats[i].depth);
  EXPECT_EQ(frame.total, 6u);
  EXPECT_EQ(frame.culled, 0u);
}

TEST(SplatView, FrameColourSpace) {
  SplatCloud lin, srgb, emptyCloud;
  lin.colorSpace = SplatColorSpace::LinearDisplay;
  emptyCloud.colorSpace = SplatColorSpace::SrgbDisplay;
  addSplat(lin, {0, 0, -3});
  addSplat(srgb, {0, 0, -4});
  // Colour 0.5 + 0.282 c = 0.2 (linear) and 0.3 (encoded).
  lin.sh[0] = glm::vec3(float((0.2 - 0.5) / 0.2820947917738781));
  srgb.sh[0] = glm::vec3(float((0.3 - 0.5) / 0.2820947917738781));
  const glm::mat4 I(1.0f);
  EXPECT_EQ(prepare({}, Camera{}).space, SplatColorSpace::SrgbDisplay);
  // Every instance with splats linear (an empty one does not count): linear, unchanged.
  SplatFrame f = prepare({{&lin, I}, {&emptyCloud, I}}, Camera{});
  EXPECT_EQ(f.space, SplatColorSpace::LinearDisplay);
  EXPECT_NEAR(f.splats.at(0).color.r, 0.2f, 1e-5);
  // Mixed: blended encoded, the linear one encoded with the sRGB transfer function.
  f = prepare({{&lin, I}, {&srgb, I}}, Camera{});
  EXPECT_EQ(f.space, SplatColorSpace::SrgbDisplay);
  ASSERT_EQ(f.splats.size(), 2u);
  EXPECT_NEAR(f.splats[0].color.g, 0.3f, 1e-5);  // the sRGB one, farther
  EXPECT_NEAR(f.splats[1].color.g, 1.055 * std::pow(0.2, 1 / 2.4) - 0.055, 1e-5);
  f = prepare({{&srgb, I}}, Camera{});
  EXPECT_EQ(f.space, SplatColorSpace::SrgbDisplay);
  EXPECT_NEAR(f.splats.at(0).color.b, 0.3f, 1e-5);
}

TEST(SplatView, ResultDoesNotDependOnTheThreadCount) {
  // Three chunks' worth of splats in a grid with some culled, prepared on one and on three
  // threads: byte for byte the same.
  SplatCloud c;
  c.degree = 1;
  for (int i = 0; i < 40000; ++i) {
    const float x = float(i % 200) * 0.1f - 10.0f, y = float(i / 200) * 0.05f - 5.0f;
    addSplat(c, {x, y, -5.0f - float(i % 7)}, quat(i * 0.01, {1, 1, 0}), {0.02f, 0.03f, 0.01f},
             float(i % 100) / 100.0f);
    c.sh[i * 4 + 1] = glm::vec3(0.1f * float(i % 3));
  }
  const Camera cam;
  SplatScratch scratch;
  SplatFrame one, three;
  const char* old = std::getenv("VITRINE_THREADS");
  const std::string saved = old ? old : "";
  setenv("VITRINE_THREADS", "1", 1);
  prepareSplats({{{&c, glm::mat4(1.0f)}}}, cam.splatCamera(), one, scratch);
  setenv("VITRINE_THREADS", "3", 1);
  prepareSplats({{{&c, glm::mat4(1.0f)}}}, cam.splatCamera(), three, scratch);
  if (old)
    setenv("VITRINE_THREADS", saved.c_str(), 1);
  else
    unsetenv("VITRINE_THREADS");
  EXPECT_GT(one.culled, 0u);
  EXPECT_GT(one.splats.size(), 20000u);
  ASSERT_EQ(one.splats.size(), three.splats.size());
  EXPECT_EQ(0, std::memcmp(one.splats.data(), three.splats.data(),
                           one.splats.size() * sizeof(ProjectedSplat)));
}

}  // namespace
}  // namespace vitrine::splat
