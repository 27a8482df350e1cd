#include "splat_reference.h"

#include <algorithm>
#include <cmath>

#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>

namespace vitrine::test::splat_ref {
namespace {

// "Table of Constants" (Appendix A) with the signs of "Calculating color from Spherical
// Harmonics".
constexpr double kY00 = 0.2820947917738781;
constexpr double kY1 = 0.4886025119029199;
constexpr double kY2a = 1.092548430592079;
constexpr double kY20 = 0.3153915652525200;
constexpr double kY22 = 0.5462742152960395;
constexpr double kY3a = 0.5900435899266435;
constexpr double kY3b = 2.890611442640554;
constexpr double kY3c = 0.4570457994644657;
constexpr double kY30 = 0.3731763325901154;
constexpr double kY32 = 1.445305721320277;

// The text's C, row by row as printed; glm is column-major (m[column][row]).
glm::dmat3 scaleRotation(const glm::dvec4& q, const glm::dvec3& s) {
  const double x = q.x, y = q.y, z = q.z, w = q.w;
  const double rows[3][3] = {
      {s.x * (1 - 2 * (y * y + z * z)), s.y * (2 * (x * y - w * z)), s.z * (2 * (x * z + w * y))},
      {s.x * (2 * (x * y + w * z)), s.y * (1 - 2 * (x * x + z * z)), s.z * (2 * (y * z - w * x))},
      {s.x * (2 * (x * z - w * y)), s.y * (2 * (y * z + w * x)), s.z * (1 - 2 * (x * x + y * y))}};
  glm::dmat3 m;
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) m[c][r] = rows[r][c];
  return m;
}

// The rotation of a decomposable matrix: its columns made unit.
glm::dmat3 rotationOf(const glm::dmat4& world) {
  glm::dmat3 r(world);
  for (int c = 0; c < 3; ++c) r[c] /= glm::length(r[c]);
  return r;
}

}  // namespace

glm::dmat4 Camera::view() const {
  return glm::lookAt(eye, target, up);
}

glm::dvec2 Camera::focal() const {
  // glm::perspective: x_ndc = (1 / (aspect tan(yfov/2))) x / z, y_ndc = (1 / tan(yfov/2)) y / z,
  // and a pixel is 2 / width (2 / height) of NDC.
  const double t = std::tan(yfov / 2);
  const double aspect = double(width) / double(height);
  return {double(width) / (2 * aspect * t), double(height) / (2 * t)};
}

glm::dvec2 Camera::pixelOf(const glm::dvec3& world) const {
  const glm::dvec3 t = glm::dvec3(view() * glm::dvec4(world, 1.0));
  const double z = -t.z;
  const glm::dvec2 f = focal();
  return {width / 2.0 + f.x * t.x / z, height / 2.0 - f.y * t.y / z};
}

glm::dvec3 Camera::worldAt(const glm::dvec2& pixel, double depth) const {
  const glm::dvec2 f = focal();
  const glm::dvec4 t((pixel.x - width / 2.0) * depth / f.x, -(pixel.y - height / 2.0) * depth / f.y,
                     -depth, 1.0);
  return glm::dvec3(glm::inverse(view()) * t);
}

glm::dmat3 covariance3d(const Splat& s) {
  const glm::dmat3 m(s.world);
  const glm::dmat3 c = scaleRotation(s.rotation, s.scale);
  return m * c * glm::transpose(c) * glm::transpose(m);
}

glm::dvec3 shColor(const Splat& s, const glm::dvec3& dir) {
  glm::dvec3 color = s.sh[0] * kY00;
  const size_t n = s.sh.size();
  const glm::dmat3 r = rotationOf(s.world);
  if (n >= 4) {
    // Degree 1 is linear in the direction: per channel, the vector g with
    // g . d = SH_{1,-1} y (-kY1) + SH_{1,0} z kY1 + SH_{1,1} x (-kY1) in the splat's frame. The
    // coefficients turned by R are the vector R g, dotted with the world direction.
    for (int ch = 0; ch < 3; ++ch) {
      const glm::dvec3 g(-kY1 * s.sh[3][ch], -kY1 * s.sh[1][ch], kY1 * s.sh[2][ch]);
      color[ch] += glm::dot(r * g, dir);
    }
  }
  const glm::dvec3 d = glm::transpose(r) * dir;  // the direction in the splat's frame
  const double x = d.x, y = d.y, z = d.z;
  if (n >= 9) {
    color += s.sh[4] * (x * y * kY2a) + s.sh[5] * (y * z * -kY2a) +
             s.sh[6] * ((2 * z * z - x * x - y * y) * kY20) + s.sh[7] * (x * z * -kY2a) +
             s.sh[8] * ((x * x - y * y) * kY22);
  }
  if (n >= 16) {
    color += s.sh[9] * (y * (3 * x * x - y * y) * -kY3a) + s.sh[10] * (x * y * z * kY3b) +
             s.sh[11] * (y * (4 * z * z - x * x - y * y) * -kY3c) +
             s.sh[12] * (z * (2 * z * z - 3 * x * x - 3 * y * y) * kY30) +
             s.sh[13] * (x * (4 * z * z - x * x - y * y) * -kY3c) +
             s.sh[14] * (z * (x * x - y * y) * kY32) + s.sh[15] * (x * (x * x - 3 * y * y) * -kY3a);
  }
  // "negative c_i values MUST be clamped to zero"; the 0.5 bias of the text's Color_final.
  return glm::max(color + 0.5, glm::dvec3(0.0));
}

Footprint project(const Splat& s, const Camera& camera) {
  Footprint f;
  const glm::dvec3 mean = glm::dvec3(s.world * glm::dvec4(s.position, 1.0));
  const glm::dmat4 view = camera.view();
  const glm::dvec3 t = glm::dvec3(view * glm::dvec4(mean, 1.0));  // camera space
  const double z = -t.z;                                          // depth along the view axis
  f.opacity = s.opacity;
  f.distance = glm::length(mean - camera.eye);
  f.kept = z > camera.znear && z < camera.zfar && s.opacity >= 1.0 / 255.0;
  if (!f.kept) return f;

  const glm::dvec2 focal = camera.focal();
  f.center = camera.pixelOf(mean);
  // J of (x, y, z) -> pixel at the mean, x/z and y/z clamped to 1.3 times the half field of
  // view (u = width/2 + fx x/(-z), v = height/2 - fy y/(-z)).
  const double limX = 1.3 * (camera.width / 2.0) / focal.x;
  const double limY = 1.3 * (camera.height / 2.0) / focal.y;
  const double rx = std::clamp(t.x / z, -limX, limX);
  const double ry = std::clamp(t.y / z, -limY, limY);
  const double j[2][3] = {{focal.x / z, 0.0, focal.x * rx / z},
                          {0.0, -focal.y / z, -focal.y * ry / z}};
  const glm::dmat3 w(view);
  const glm::dmat3 sigma = w * covariance3d(s) * glm::transpose(w);  // camera space
  for (int a = 0; a < 2; ++a) {
    for (int b = 0; b < 2; ++b) {
      double sum = 0.0;
      for (int k = 0; k < 3; ++k)
        for (int l = 0; l < 3; ++l) sum += j[a][k] * sigma[l][k] * j[b][l];
      f.cov[b][a] = sum + (a == b ? 0.3 : 0.0);
    }
  }
  f.color = shColor(s, glm::normalize(mean - camera.eye));
  return f;
}

double mahalanobis2(const Footprint& f, const glm::dvec2& at) {
  const glm::dvec2 d = at - f.center;
  return glm::dot(d, glm::inverse(f.cov) * d);
}

double alphaAt(const Footprint& f, const glm::dvec2& at) {
  if (!f.kept) return 0.0;
  const double d2 = mahalanobis2(f, at);
  if (d2 > 9.0) return 0.0;  // the 3 sigma cut-off
  const double alpha = std::min(0.99, f.opacity * std::exp(-0.5 * d2));
  return alpha < 1.0 / 255.0 ? 0.0 : alpha;
}

Layer layerAt(std::span<const Splat> splats, const Camera& camera, glm::ivec2 pixel) {
  std::vector<Footprint> footprints;
  for (const Splat& s : splats) footprints.push_back(project(s, camera));
  // "Splat Composition": sorted by the distance from the camera; the text's sum runs from the
  // nearest (whose transmittance is 1), what back-to-front blending computes.
  std::stable_sort(footprints.begin(), footprints.end(),
                   [](const Footprint& a, const Footprint& b) { return a.distance < b.distance; });
  const glm::dvec2 at = glm::dvec2(pixel) + 0.5;
  Layer layer;
  for (const Footprint& f : footprints) {
    const double alpha = alphaAt(f, at);
    layer.color += f.color * alpha * layer.transmittance;
    layer.transmittance *= 1.0 - alpha;
  }
  return layer;
}

double encodeSrgb(double c) {
  c = std::clamp(c, 0.0, 1.0);
  return c <= 0.0031308 ? 12.92 * c : 1.055 * std::pow(c, 1.0 / 2.4) - 0.055;
}

double decodeSrgb(double c) {
  c = std::clamp(c, 0.0, 1.0);
  return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

glm::dvec3 compositeBytes(const Layer& layer, Space space, const glm::dvec3& sceneBytes) {
  glm::dvec3 out;
  for (int ch = 0; ch < 3; ++ch) {
    const double scene = sceneBytes[ch] / 255.0;
    if (space == Space::Srgb) {
      out[ch] = std::clamp(layer.color[ch] + layer.transmittance * scene, 0.0, 1.0);
    } else {
      out[ch] = encodeSrgb(layer.color[ch] + layer.transmittance * decodeSrgb(scene));
    }
  }
  return out * 255.0;
}

glm::dvec3 expectedBytes(std::span<const Splat> splats, const Camera& camera, glm::ivec2 pixel,
                         Space space, const glm::dvec3& sceneBytes) {
  return compositeBytes(layerAt(splats, camera, pixel), space, sceneBytes);
}

glm::dmat4 trs(const glm::dvec3& t, const glm::dvec4& q, const glm::dvec3& s) {
  return glm::translate(glm::dmat4(1.0), t) * glm::mat4_cast(glm::dquat(q.w, q.x, q.y, q.z)) *
         glm::scale(glm::dmat4(1.0), s);
}

std::shared_ptr<scene::SplatCloud> cloudOf(std::span<const Splat> splats, Space space) {
  auto cloud = std::make_shared<scene::SplatCloud>();
  cloud->count = uint32_t(splats.size());
  cloud->degree = splats.empty() ? 0 : uint32_t(std::lround(std::sqrt(splats[0].sh.size()))) - 1;
  cloud->colorSpace = space == Space::Srgb ? scene::SplatColorSpace::SrgbDisplay
                                           : scene::SplatColorSpace::LinearDisplay;
  for (const Splat& s : splats) {
    cloud->positions.push_back(glm::vec3(s.position));
    cloud->rotations.push_back(glm::vec4(s.rotation));
    cloud->scales.push_back(glm::vec3(s.scale));
    cloud->opacities.push_back(float(s.opacity));
    for (const glm::dvec3& c : s.sh) cloud->sh.push_back(glm::vec3(c));
  }
  return cloud;
}

scene::Primitive splatPrimitive(std::shared_ptr<const scene::SplatCloud> cloud) {
  scene::Primitive p;
  p.topology = scene::Topology::Points;
  for (uint32_t i = 0; i < cloud->count; ++i) {
    const glm::vec3 s = cloud->scales[i];
    const float r = 3.0f * std::max({s.x, s.y, s.z});
    p.bounds.extend(cloud->positions[i] - r);
    p.bounds.extend(cloud->positions[i] + r);
  }
  p.sourceVertexCount = cloud->count;
  p.splats = std::move(cloud);
  return p;
}

renderer::View viewOf(const Camera& camera, const glm::dvec3& backgroundBytes) {
  renderer::View v;
  v.view = glm::mat4(camera.view());
  v.projection = glm::perspective(float(camera.yfov), float(camera.width) / float(camera.height),
                                  float(camera.znear), float(camera.zfar));
  v.eye = glm::vec3(camera.eye);
  const glm::dvec3 linear(decodeSrgb(backgroundBytes.r / 255.0),
                          decodeSrgb(backgroundBytes.g / 255.0),
                          decodeSrgb(backgroundBytes.b / 255.0));
  v.clearColor = glm::vec4(glm::vec3(linear), 1.0f);
  v.background = renderer::Background::Color;
  v.tonemap = renderer::Tonemap::None;
  v.exposure = 0.0f;
  return v;
}

Camera testCamera(const glm::dvec3& eye, const glm::dvec3& up) {
  Camera c;
  c.eye = eye;
  c.up = up;
  c.yfov = 2.0 * std::atan(0.5);
  return c;
}

double scaleFor(double sigma2) {
  return std::sqrt(sigma2 - 0.3) / 12.8;
}

Splat colored(const glm::dvec3& position, double scale, const glm::dvec3& rgb, double opacity) {
  Splat s;
  s.position = position;
  s.scale = glm::dvec3(scale);
  s.opacity = opacity;
  s.sh = {(rgb - 0.5) / kY00};
  return s;
}

int addSplatNode(scene::Scene& s, std::initializer_list<std::vector<Splat>*> groups, Space space,
                 const glm::dvec3& t, const glm::dvec4& r, const glm::dvec3& scale) {
  scene::Mesh mesh;
  for (std::vector<Splat>* group : groups) {
    for (Splat& splat : *group) splat.world = trs(t, r, scale);
    mesh.primitives.push_back(splatPrimitive(cloudOf(*group, space)));
  }
  s.meshes.push_back(std::move(mesh));
  scene::Node node;
  node.mesh = int(s.meshes.size()) - 1;
  node.translation = glm::vec3(t);
  node.rotation = glm::quat(float(r.w), float(r.x), float(r.y), float(r.z));
  node.scale = glm::vec3(scale);
  s.nodes.push_back(node);
  return int(s.nodes.size()) - 1;
}

::testing::AssertionResult bytesNear(const Pixels& p, glm::ivec2 at, const glm::dvec3& expected,
                                     double tolerance) {
  const glm::u8vec4 got = pixelAt(p, at.x, at.y);
  for (int c = 0; c < 3; ++c) {
    if (std::abs(double(got[c]) - expected[c]) > tolerance) {
      return ::testing::AssertionFailure()
             << "pixel (" << at.x << ", " << at.y << ") is (" << int(got.r) << ", " << int(got.g)
             << ", " << int(got.b) << "), expected (" << expected.r << ", " << expected.g << ", "
             << expected.b << ") within " << tolerance;
    }
  }
  return ::testing::AssertionSuccess();
}

Pixels SplatTest::render(const scene::Scene& s, const Camera& c, const glm::dvec3& background) {
  const renderer::SceneResult shown = renderer_->setScene(s, 0);
  EXPECT_TRUE(shown.shown) << shown.error;
  Pixels p =
      renderer_->renderOffscreen(viewOf(c, background), uint32_t(c.width), uint32_t(c.height));
  EXPECT_EQ(p.rgba.size(), size_t(c.width) * size_t(c.height) * 4);
  if (!p.rgba.empty()) {
    EXPECT_TRUE(bytesNear(p, {1, 1}, background, 0.0)) << "the background";
  }
  return p;
}

void SplatTest::expectReference(const Pixels& p, std::span<const Splat> splats, const Camera& c,
                                Space space, const glm::dvec3& background,
                                std::initializer_list<glm::ivec2> pixels, double tolerance) {
  if (p.rgba.empty()) return;
  for (const glm::ivec2 at : pixels)
    EXPECT_TRUE(bytesNear(p, at, expectedBytes(splats, c, at, space, background), tolerance));
}

void SplatTest::expectBackground(const Pixels& p, const glm::dvec3& background,
                                 std::initializer_list<glm::ivec2> pixels) {
  if (p.rgba.empty()) return;
  for (const glm::ivec2 at : pixels) EXPECT_TRUE(bytesNear(p, at, background, 0.0));
}

}  // namespace vitrine::test::splat_ref
