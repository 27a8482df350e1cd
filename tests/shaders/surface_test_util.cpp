#include "surface_test_util.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "png_writer.h"

namespace vitrine::test {

SurfaceMaterial dielectric() {
  SurfaceMaterial m;
  m.baseColor = {0.3, 0.5, 0.7};
  m.roughness = 0.4;
  return m;
}

SurfaceMaterial metal() {
  SurfaceMaterial m;
  m.baseColor = {0.9, 0.7, 0.4};
  m.metallic = 1.0;
  m.roughness = 0.35;
  return m;
}

Pixels SurfaceRendererTest::render(const AssetBuilder& b) {
  bound_ = anim::test::bindAsset(b);
  EXPECT_TRUE(bound_.scene) << bound_.error;
  if (!bound_.scene) return {};
  renderer_->setScene(*bound_.scene, bound_.scene->activeScene);
  return renderer_->renderOffscreen(surfaceView(), kSize, kSize);
}

AssetBuilder surfaceAsset(const SurfaceMaterial& core, const json& extensions, float intensity,
                          bool tangents) {
  AssetBuilder b;
  const int mesh = b.addColoredQuad(glm::vec4(glm::vec3(core.baseColor), 1.0f));
  if (tangents) {
    b.json()["meshes"][mesh]["primitives"][0]["attributes"]["TANGENT"] =
        b.addVec4(std::vector<glm::vec4>(4, glm::vec4(1, 0, 0, 1)));
  }
  json& material = b.json()["materials"][0];
  material["pbrMetallicRoughness"]["metallicFactor"] = core.metallic;
  material["pbrMetallicRoughness"]["roughnessFactor"] = core.roughness;
  json used = json::array({"KHR_lights_punctual"});
  if (!extensions.empty()) {
    material["extensions"] = extensions;
    for (auto it = extensions.begin(); it != extensions.end(); ++it) used.push_back(it.key());
  }
  b.json()["extensions"]["KHR_lights_punctual"]["lights"] =
      json::array({{{"type", "directional"}, {"intensity", intensity}}});
  const glm::quat q = shineAlong(-glm::vec3(lightDirection()));
  const int light = b.addNode({{"rotation", {q.x, q.y, q.z, q.w}},
                               {"extensions", {{"KHR_lights_punctual", {{"light", 0}}}}}});
  b.addScene({b.addMeshNode(mesh), light});
  b.json()["extensionsUsed"] = used;
  return b;
}

int addTexture2x2(AssetBuilder& b, const std::vector<glm::u8vec4>& texels) {
  std::vector<uint16_t> samples;
  for (const glm::u8vec4& t : texels) samples.insert(samples.end(), {t.r, t.g, t.b, t.a});
  const int image = b.addImage(encodePng(2, 2, 4, 8, samples));
  const int sampler = b.addSampler({{"magFilter", 9728}, {"minFilter", 9728}});
  return b.addTexture(image, sampler);
}

glm::ivec2 texelOf(const glm::vec3& point, glm::vec2 offset) {
  const glm::vec2 uv = glm::vec2((point.x + 1.0f) / 2.0f, (1.0f - point.y) / 2.0f) + offset;
  const glm::vec2 f = uv - glm::floor(uv);
  return {f.x < 0.5f ? 0 : 1, f.y < 0.5f ? 0 : 1};
}

View surfaceView() {
  return orbitView(glm::vec3(0, 0, 3), glm::vec3(0.0f), kSize, kSize);
}

glm::dvec3 expectedAt(const SurfaceMaterial& m, double intensity, const glm::vec3& point) {
  const View view = surfaceView();
  const glm::ivec2 pixel = project(view, point, kSize, kSize);
  // Where the pixel's centre (where the fragment is shaded) meets the quad.
  const glm::vec3 p = surfacePoint(view, pixel, kSize, kSize, glm::vec3(0.0f), glm::vec3(0, 0, 1));
  const glm::dvec3 v = glm::normalize(glm::dvec3(view.eye) - glm::dvec3(p));
  return surfaceRadiance(m, intensity, {0, 0, 1}, {1, 0, 0}, {0, 1, 0}, v, lightDirection());
}

float intensityFor(const std::vector<SurfaceMaterial>& materials,
                   const std::vector<glm::vec3>& points) {
  double peak = 0.0;
  for (size_t i = 0; i < points.size(); ++i) {
    const glm::dvec3 e = expectedAt(materials[i], 1.0, points[i]);
    peak = std::max({peak, e.r, e.g, e.b});
  }
  return float(0.8 / peak);
}

glm::u8vec4 pixelOf(const Pixels& pixels, const glm::vec3& point) {
  const glm::ivec2 at = project(surfaceView(), point, kSize, kSize);
  return pixelAt(pixels, at.x, at.y);
}

int largestDifference(const Pixels& a, const Pixels& b, const std::vector<glm::vec3>& points) {
  int largest = 0;
  for (const glm::vec3& p : points) {
    const glm::u8vec4 x = pixelOf(a, p), y = pixelOf(b, p);
    for (int c = 0; c < 3; ++c) largest = std::max(largest, std::abs(int(x[c]) - int(y[c])));
  }
  return largest;
}

}  // namespace vitrine::test
