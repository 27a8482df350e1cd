// The scene and inspector panels in a real window under Xvfb, validation on: a node is
// selected, a material factor edited and a node hidden through the same edit functions the
// panels call; the next frame uploads exactly the edited bytes and renders them.
#include <cstdlib>

#include <GLFW/glfw3.h>
#include <gtest/gtest.h>

#include "asset_builder.h"
#include "camera.h"
#include "document.h"
#include "inspector_model.h"
#include "pointer_resolve.h"
#include "slot_edit.h"
#include "view_panel.h"
#include "viewer.h"

namespace vitrine::app {
namespace {

constexpr uint32_t kShot = 64;

// Where a world-space point lands in a kShot x kShot image seen through `view`.
glm::ivec2 screenPixel(const renderer::View& view, const glm::vec3& world) {
  const glm::vec4 clip = view.projection * view.view * glm::vec4(world, 1.0f);
  const glm::vec2 ndc = glm::vec2(clip) / clip.w;
  return {int((ndc.x * 0.5f + 0.5f) * kShot), int((0.5f - ndc.y * 0.5f) * kShot)};
}

glm::u8vec4 pixel(const renderer::Pixels& p, glm::ivec2 at) {
  const size_t i = (size_t(at.y) * p.width + size_t(at.x)) * 4;
  return {p.rgba[i], p.rgba[i + 1], p.rgba[i + 2], p.rgba[i + 3]};
}

// The demo scene in a w x h window with the validation layer on; clip i plays when enabled[i].
std::unique_ptr<Viewer> openDemo(uint32_t w, uint32_t h, std::vector<bool> enabled) {
  DocumentResult loaded = loadDocument(VITRINE_SOURCE_DIR "/assets/demo.gltf");
  EXPECT_TRUE(loaded.document) << loaded.error;
  if (!loaded.document) return nullptr;
  ViewerOptions options;
  options.width = w;
  options.height = h;
  options.validation = true;
  std::string error;
  auto viewer = Viewer::create(std::move(loaded.document), std::move(enabled), options, &error);
  EXPECT_TRUE(viewer) << error;
  return viewer;
}

TEST(InspectWindow, EditedFactorAndHiddenNodeReachTheGpu) {
  ASSERT_NE(std::getenv("DISPLAY"), nullptr) << "needs an X server: run through make test";
  // No clip plays: every upload after the first frames is an edit's.
  auto viewer = openDemo(320, 200, {false, false, false});
  ASSERT_TRUE(viewer);
  Session& s = viewer->session();
  scene::Scene& scene = *s.document->scene;
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(viewer->runFrame());
  EXPECT_EQ(viewer->renderer().lastUploadStats().bytes, 0u);
  // The demo: floor, box, ball and ring, one primitive each.
  EXPECT_EQ(viewer->renderer().lastDrawStats().drawCalls, 4u);
  EXPECT_GT(viewer->renderer().lastDrawStats().triangles, 0u);

  // Select the box, as a click in the outliner does, and frame it.
  s.selectedNode = 1;
  s.frameRequest = FrameRequest{1};
  s.assetCamera = 0;
  ASSERT_TRUE(viewer->runFrame());
  EXPECT_FALSE(s.frameRequest);
  EXPECT_FALSE(s.assetCamera) << "framing leaves the asset camera for the orbit camera";

  // The demo has no light and no environment here: the box is black until it glows.
  std::string camError;
  const auto view = assetCameraView(scene, 0, 1.0f, &camError);
  ASSERT_TRUE(view) << camError;
  const glm::ivec2 at = screenPixel(*view, {-1.6f, 0.4f, 0.0f});  // the demo's "Box" (node 1)
  const glm::u8vec4 before = pixel(viewer->renderer().renderOffscreen(*view, kShot, kShot), at);
  EXPECT_LT(int(before.g), 30);

  // Edit the box material's emissive factor as the inspector does.
  InspectorModel model;
  model.reset(scene, *s.document->gltf, s.document->animations->clips());
  const std::vector<uint32_t> materials = nodeMaterials(scene, *s.selectedNode);
  ASSERT_EQ(materials, std::vector<uint32_t>{1});
  const Property* emissive = nullptr;
  for (const Property& p : model.material(1))
    if (p.label == "Emissive") emissive = &p;
  ASSERT_NE(emissive, nullptr);
  const float green[3] = {0.0f, 1.0f, 0.0f};
  ASSERT_TRUE(writeSlot(emissive->slot, green, s.dirty));
  ASSERT_TRUE(viewer->runFrame());
  // Exactly the 12 bytes of the factor, in one range.
  EXPECT_EQ(viewer->renderer().lastUploadStats().bytes, 12u);
  EXPECT_EQ(viewer->renderer().lastUploadStats().ranges, 1u);
  const glm::u8vec4 after = pixel(viewer->renderer().renderOffscreen(*view, kShot, kShot), at);
  EXPECT_GT(int(after.g), 150) << "the box glows green";
  EXPECT_LT(int(after.r), 60);

  // Hide the box with the outliner's eye: one draw less, nothing uploaded (no light below).
  const float hidden = 0.0f;
  ASSERT_TRUE(writeSlot(nodeVisibilitySlot(scene, 1), {&hidden, 1}, s.dirty));
  ASSERT_TRUE(viewer->runFrame());
  EXPECT_EQ(viewer->renderer().lastDrawStats().drawCalls, 3u);
  const glm::u8vec4 gone = pixel(viewer->renderer().renderOffscreen(*view, kShot, kShot), at);
  EXPECT_LT(int(gone.g), int(after.g) - 50) << "the glowing box is no longer drawn";

  // The lighting panel switches the environment after start-up: a bad .hdr keeps the current
  // light (none) with a message naming the file; the studio then lights the floor.
  const glm::ivec2 floor = screenPixel(*view, {0.8f, -0.1f, 1.2f});  // the top of the floor
  const glm::u8vec4 dark = pixel(viewer->renderer().renderOffscreen(*view, kShot, kShot), floor);
  EXPECT_LT(int(dark.r), 10);
  std::string envError;
  EXPECT_FALSE(
      ViewPanel::switchEnvironment(s, viewer->renderer(), "/nonexistent/sky.hdr", &envError));
  EXPECT_EQ(envError.rfind("/nonexistent/sky.hdr: ", 0), 0u) << envError;
  EXPECT_FALSE(s.hasEnvironment);
  ASSERT_TRUE(ViewPanel::switchEnvironment(s, viewer->renderer(), "studio", &envError));
  EXPECT_TRUE(s.hasEnvironment);
  EXPECT_EQ(s.look.environment, "studio");
  ASSERT_TRUE(viewer->runFrame());
  const glm::u8vec4 lit = pixel(viewer->renderer().renderOffscreen(*view, kShot, kShot), floor);
  EXPECT_GT(int(lit.r), 20) << "the studio lights the grey floor";

  // GPU time from the window's frames' timestamps.
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(viewer->runFrame());
  EXPECT_GT(viewer->renderer().lastGpuMilliseconds(), 0.0);
  EXPECT_EQ(viewer->renderer().validationMessageCount(), 0u);
}

// A node whose material has clearcoat and sheen, selected: the inspector draws their factors
// grouped under the extensions' names, and an edit of one reaches the scene's
// materialExtensionData through the same slot the animation writes.
TEST(InspectWindow, ExtensionFactorsAreShownAndEditable) {
  ASSERT_NE(std::getenv("DISPLAY"), nullptr) << "needs an X server: run through make test";
  test::AssetBuilder b;
  const int quad = b.addColoredQuad({1, 0, 0, 1});
  b.json()["materials"][0]["extensions"]["KHR_materials_clearcoat"] = {{"clearcoatFactor", 0.5}};
  b.json()["materials"][0]["extensions"]["KHR_materials_sheen"] = nlohmann::json::object();
  b.json()["extensionsUsed"] = {"KHR_materials_clearcoat", "KHR_materials_sheen"};
  b.addScene({b.addMeshNode(quad)});
  DocumentResult loaded = loadDocument(b.writeGlb("inspect_window_coated"));
  ASSERT_TRUE(loaded.document) << loaded.error;
  ViewerOptions options;
  options.width = 640;
  options.height = 480;
  options.validation = true;
  std::string error;
  auto viewer = Viewer::create(std::move(loaded.document), {}, options, &error);
  ASSERT_TRUE(viewer) << error;
  Session& s = viewer->session();
  s.selectedNode = 0;
  for (int i = 0; i < 2; ++i) ASSERT_TRUE(viewer->runFrame());
  InspectorModel model;
  model.reset(*s.document->scene, *s.document->gltf, s.document->animations->clips());
  const Property* coat = nullptr;
  for (const Property& p : model.material(0))
    if (p.group == "KHR_materials_clearcoat" && p.label == "clearcoatFactor") coat = &p;
  ASSERT_NE(coat, nullptr);
  const float value = 0.875f;
  ASSERT_TRUE(writeSlot(coat->slot, {&value, 1}, s.dirty));
  ASSERT_TRUE(viewer->runFrame());
  EXPECT_EQ(s.document->scene->materialExtensionData[0].clearcoat.x, 0.875f);
  EXPECT_EQ(viewer->renderer().validationMessageCount(), 0u);
}

// A hand edit of an animated factor stays while the timeline stands still (the clips are not
// sampled again at the same time), and the animation takes over again once time moves.
TEST(InspectWindow, EditOfAnimatedFactorHoldsWhilePaused) {
  ASSERT_NE(std::getenv("DISPLAY"), nullptr) << "needs an X server: run through make test";
  auto viewer = openDemo(160, 100, {true, true, true});
  ASSERT_TRUE(viewer);
  Session& s = viewer->session();
  s.timeline.pause();
  s.timeline.setTime(0.5);
  ASSERT_TRUE(viewer->runFrame());
  const std::string pointer = "/materials/1/pbrMetallicRoughness/baseColorFactor";  // "Box colour"
  const scene::ResolveResult r =
      scene::resolvePointer(*s.document->scene, *s.document->gltf, pointer);
  ASSERT_TRUE(r.ok) << r.error;
  const glm::vec4& color = s.document->scene->materialData[1].baseColorFactor;
  const glm::vec4 animated = color;
  const glm::vec4 edit{0.1f, 0.9f, 0.2f, 1.0f};
  ASSERT_NE(animated, edit);
  ASSERT_TRUE(writeSlot(r.slot, {&edit.x, 4}, s.dirty));
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(viewer->runFrame());
  EXPECT_EQ(color, edit) << "the paused timeline sampled the clip again over the edit";
  viewer->inject(KeyEvent{GLFW_KEY_RIGHT, 0});  // one frame on: the clip writes again
  ASSERT_TRUE(viewer->runFrame());
  EXPECT_NE(color, edit);
  s.timeline.setTime(0.5);  // back to where the edit was made: the animated value again
  ASSERT_TRUE(viewer->runFrame());
  EXPECT_EQ(color, animated);
  EXPECT_EQ(viewer->renderer().validationMessageCount(), 0u);
}

}  // namespace
}  // namespace vitrine::app
