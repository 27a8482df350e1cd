// The scene of the transmission tests (issue 13), shared by their files: a camera at z = 3
// looking down -z (yfov 0.6), so the front quad (z = 0, the material under test, roughness 0
// unless said) fills the image; behind it at z = -1 an unlit backdrop of colour kLeft for x <
// edge and kRight beyond (the opaque scene the transmission pass captures). No light unless
// said, so a pixel shows only what passes through the front quad.
#pragma once

#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "anim/bind_test_util.h"
#include "render_fixture.h"

namespace vitrine::test {

inline const glm::dvec3 kLeft(0.80, 0.55, 0.30);
inline const glm::dvec3 kRight(0.20, 0.45, 0.90);
inline const glm::dvec3 kTint(0.90, 0.80, 0.60);
inline constexpr double kIor = 1.5;
inline constexpr int kCameraNode = 0;
inline constexpr int kFrontMaterial = 0;

struct Front {
  nlohmann::json extensions = nlohmann::json::object();  // the front material's extensions
  double roughness = 0.0;
  glm::dvec3 tint = kTint;
  double scale = 1.0;  // the front node's uniform scale
  double edge = 10.0;  // backdrop split, world x (10: all kLeft)
  bool backdrop = true;
  std::optional<int> lightFrom;  // none, or a directional light shining from behind
  glm::dvec3 toLight{0.0};       // direction to that light (behind: z < 0)
  double intensity = 1.0;
};

inline int addQuadNode(AssetBuilder& b, int mesh, const glm::dvec3& translation,
                       const glm::dvec3& scale) {
  return b.addNode({{"mesh", mesh},
                    {"translation", {translation.x, translation.y, translation.z}},
                    {"scale", {scale.x, scale.y, scale.z}}});
}

inline AssetBuilder frontAsset(const Front& f) {
  AssetBuilder b;
  const int camera = b.addPerspectiveCamera(0.6f, 0.1f);
  std::vector<int> roots = {b.addNode({{"camera", camera}, {"translation", {0, 0, 3}}})};
  const int front = b.addColoredQuad(glm::vec4(glm::vec3(f.tint), 1.0f));  // material 0
  nlohmann::json& m = b.json()["materials"][kFrontMaterial];
  m["pbrMetallicRoughness"]["metallicFactor"] = 0.0;
  m["pbrMetallicRoughness"]["roughnessFactor"] = f.roughness;
  if (!f.extensions.empty()) m["extensions"] = f.extensions;
  roots.push_back(addQuadNode(b, front, glm::dvec3(0.0), glm::dvec3(f.scale)));
  nlohmann::json used = {"KHR_materials_unlit", "KHR_lights_punctual", "KHR_animation_pointer",
                         "KHR_texture_transform"};
  for (const auto& [name, value] : f.extensions.items()) used.push_back(name);
  if (f.backdrop) {
    // Two unlit quads meeting at x = edge, 6 high, from x = -3 to 3 (clipped at the edge).
    const double e = std::clamp(f.edge, -2.9, 2.9);
    const int left = b.addColoredQuad(glm::vec4(glm::vec3(kLeft), 1.0f));
    const int right = b.addColoredQuad(glm::vec4(glm::vec3(kRight), 1.0f));
    for (int material : {1, 2})
      b.json()["materials"][material]["extensions"]["KHR_materials_unlit"] =
          nlohmann::json::object();
    roots.push_back(addQuadNode(b, left, {(e - 3.0) / 2, 0, -1}, {(e + 3.0) / 2, 3, 1}));
    roots.push_back(addQuadNode(b, right, {(e + 3.0) / 2, 0, -1}, {(3.0 - e) / 2, 3, 1}));
  }
  if (f.lightFrom) {
    b.json()["extensions"]["KHR_lights_punctual"]["lights"] = {
        {{"type", "directional"}, {"intensity", f.intensity}}};
    const glm::quat q = shineAlong(glm::vec3(-f.toLight));
    roots.push_back(b.addNode({{"rotation", {q.x, q.y, q.z, q.w}},
                               {"extensions", {{"KHR_lights_punctual", {{"light", 0}}}}}}));
  }
  b.json()["extensionsUsed"] = used;
  b.addScene(roots);
  return b;
}

class TransmissionTest : public RendererTest {
 protected:
  // The pass's barriers (depth shared with the main pass, the mip chain, the texture sampled
  // by the next frame) are checked by synchronization validation too.
  void SetUp() override {
    setenv("VK_LAYER_ENABLES", "VK_VALIDATION_FEATURE_ENABLE_SYNCHRONIZATION_VALIDATION_EXT", 1);
    RendererTest::SetUp();
    unsetenv("VK_LAYER_ENABLES");
  }
  void load(const AssetBuilder& b) {
    bound_ = anim::test::bindAsset(b);
    ASSERT_TRUE(bound_.scene) << bound_.error;
    ASSERT_EQ(bound_.result.warnings, std::vector<std::string>{});
    renderer_->setScene(*bound_.scene, bound_.scene->activeScene);
    view_ = cameraView(*bound_.scene, kCameraNode, kSize, kSize);
    view_.clearColor = glm::vec4(0.0f, 0.0f, 0.0f, 1.0f);
  }
  Pixels render() { return renderer_->renderOffscreen(view_, kSize, kSize); }
  Pixels frame(float seconds) {
    bound_.animations().evaluate(seconds, {true}, dirty_);
    renderer_->applyChanges(*bound_.scene, dirty_);
    dirty_.clear();
    return render();
  }

  // The point of the front quad (z = 0) a pixel shows, and the direction to the eye there.
  glm::dvec3 frontPoint(glm::ivec2 pixel) const {
    return glm::dvec3(surfacePoint(view_, pixel, kSize, kSize, glm::vec3(0.0f), {0, 0, 1}));
  }
  glm::dvec3 toEye(glm::ivec2 pixel) const {
    return glm::normalize(glm::dvec3(view_.eye) - frontPoint(pixel));
  }
  // The continuous horizontal pixel coordinate (pixel centres at integers) of a world point.
  double screenX(const glm::dvec3& world) const {
    const glm::dvec4 clip =
        glm::dmat4(view_.projection) * glm::dmat4(view_.view) * glm::dvec4(world, 1.0);
    return (clip.x / clip.w * 0.5 + 0.5) * double(kSize) - 0.5;
  }

  anim::test::Bound bound_;
  scene::DirtySet dirty_;
  View view_;
};

// Pixels checked: a grid over the image, away from its border.
inline std::vector<glm::ivec2> grid() {
  std::vector<glm::ivec2> out;
  for (int y = 6; y < int(kSize) - 6; y += 7)
    for (int x = 6; x < int(kSize) - 6; x += 7) out.push_back({x, y});
  return out;
}

inline nlohmann::json transmissionExtension(double factor) {
  return {{"KHR_materials_transmission", {{"transmissionFactor", factor}}}};
}

}  // namespace vitrine::test
