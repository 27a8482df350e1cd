// A generated scene with known geometry and colours, rendered by the real executable through
// an asset camera with --env none --tonemap none: pixels are predicted from the camera
// projection (glTF §3.10.3), the unlit factors, and Appendix B for the lit quad under the
// asset's one directional light.
#include <cmath>

#include <gtest/gtest.h>

#include "asset_builder.h"
#include "png.h"
#include "run_vitrine.h"

namespace vitrine::test {
namespace {

constexpr int kW = 96, kH = 48;
constexpr float kYfov = 0.8f, kCameraZ = 5.0f;
constexpr float kPi = 3.14159265f;

// Appendix B for the lit quad's centre: N = L = V = H, so |V.H| = 1 and the Fresnel weight
// (1 - |V.H|)^5 is 0; metallic 0, roughness 1 (alpha 1): D = 1 / pi, Vis = 1/4,
// dielectric = 0.96 * baseColor / pi + 0.04 * Vis * D; times the light's pi lux and N.L = 1.
glm::vec3 litCentre(const glm::vec3& baseColor) {
  const float d = 1.0f / kPi, vis = 0.25f;
  return (0.96f * baseColor / kPi + glm::vec3(0.04f * vis * d)) * kPi;
}

// Pixel column of world point (x, y, z) seen by the camera at (0, 0, kCameraZ) looking along -Z.
int pixelX(float x, float z) {
  const float ndc = x / (kCameraZ - z) / (float(kW) / kH * std::tan(0.5f * kYfov));
  return int((ndc + 1.0f) * 0.5f * kW);
}

AssetBuilder buildScene() {
  AssetBuilder b;
  const int lit = b.addColoredQuad({0.2f, 0.6f, 0.3f, 1.0f});
  const int red = b.addColoredQuad({0.8f, 0.05f, 0.05f, 1.0f}, {-2.5f, 0.0f, 0.0f});
  const int blue = b.addColoredQuad({0.1f, 0.2f, 0.9f, 1.0f}, {2.5f, 0.0f, -1.0f});
  // The red and blue quads' materials (1 and 2) are unlit: the factor exactly.
  for (int m : {1, 2})
    b.json()["materials"][m]["extensions"]["KHR_materials_unlit"] = nlohmann::json::object();
  // A directional light of pi lux shining along -Z (its node is not rotated), onto the quads.
  b.json()["extensions"]["KHR_lights_punctual"]["lights"] = {
      {{"type", "directional"}, {"intensity", kPi}}};
  b.json()["extensionsUsed"] = {"KHR_materials_unlit", "KHR_lights_punctual"};
  const int camera = b.addPerspectiveCamera(kYfov, 0.1f);
  b.addScene({b.addMeshNode(lit), b.addMeshNode(red), b.addMeshNode(blue),
              b.addNode({{"camera", camera}, {"translation", {0.0f, 0.0f, kCameraZ}}}),
              b.addNode({{"extensions", {{"KHR_lights_punctual", {{"light", 0}}}}}})});
  return b;
}

void expectColor(const Png& png, int x, int y, const glm::vec3& linear, int tolerance) {
  const uint8_t* p = png.at(x, y);
  for (int c = 0; c < 3; ++c) {
    EXPECT_NEAR(p[c], srgb8(linear[c]), tolerance) << "pixel " << x << "," << y << " channel " << c;
  }
  EXPECT_EQ(p[3], 255);
}

TEST(CliGeneratedRender, KnownColoursWhereTheCameraSeesThem) {
  const AssetBuilder b = buildScene();
  const std::string files[] = {b.writeGltf("cli-known"), b.writeGlb("cli-known"),
                               b.writeEmbeddedGltf("cli-known-embedded")};
  std::vector<uint8_t> first;
  for (const std::string& file : files) {
    const std::string out = scratchPath("known.png");
    const ProcessResult r = runVitrine({file, "--render", out, "--size", "96x48", "--camera", "0",
                                        "--env", "none", "--tonemap", "none"});
    ASSERT_EQ(r.status, 0) << r.err;
    const Png png = readPng(out);
    ASSERT_EQ(png.width, kW);
    ASSERT_EQ(png.height, kH);
    // Centre: the lit quad faces the camera and the light.
    expectColor(png, kW / 2, kH / 2, litCentre(glm::vec3(0.2f, 0.6f, 0.3f)), 2);
    // The unlit quads' centres.
    expectColor(png, pixelX(-2.5f, 0.0f), kH / 2, glm::vec3(0.8f, 0.05f, 0.05f), 1);
    expectColor(png, pixelX(2.5f, -1.0f), kH / 2, glm::vec3(0.1f, 0.2f, 0.9f), 1);
    // Above the quads (they reach y = +-1, a third of the height): the background.
    expectColor(png, kW / 2, 2, glm::vec3(0.18f, 0.18f, 0.20f), 1);
    // Between the lit and the blue quad: background too.
    expectColor(png, (pixelX(1.0f, 0.0f) + pixelX(1.5f, -1.0f)) / 2, kH / 2,
                glm::vec3(0.18f, 0.18f, 0.20f), 1);
    // .gltf with a .bin, .glb and embedded data URI: the same picture, byte for byte.
    if (first.empty())
      first = png.rgba;
    else
      EXPECT_EQ(png.rgba, first) << file;
  }
}

}  // namespace
}  // namespace vitrine::test
