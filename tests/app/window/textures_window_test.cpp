// The texture browser, the UV panel and the statistics panel in a real window under Xvfb,
// validation on (issue 22 §4): they draw, previews included, on an asset with shared images;
// the statistics sit beside the view, not over it; and a new document replaces the previews'
// descriptor sets without a validation message. VITRINE_TEXTURES_SHOT=<path.png> also writes
// what the window showed, to look at.
#include <cstdlib>
#include <optional>

#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include "common/asset_builder.h"
#include "common/png_writer.h"
#include "document.h"
#include "shared_images_asset.h"
#include "viewer.h"

namespace vitrine::app {
namespace {

const ImGuiWindow* drawn(const char* name) {
  const ImGuiWindow* w = ImGui::FindWindowByName(name);
  return w && w->Active ? w : nullptr;
}

std::unique_ptr<Document> load(const std::string& path) {
  DocumentResult r = loadDocument(path);
  EXPECT_TRUE(r.document) << r.error;
  return std::move(r.document);
}

// The first node whose mesh's first primitive samples a texture, else the first with a mesh.
uint32_t firstTexturedMeshNode(const scene::Scene& scene) {
  std::optional<uint32_t> any;
  for (uint32_t n = 0; n < scene.nodes.size(); ++n) {
    const int mesh = scene.nodes[n].mesh;
    if (mesh < 0 || scene.meshes[size_t(mesh)].primitives.empty()) continue;
    if (!any) any = n;
    const int material = scene.meshes[size_t(mesh)].primitives[0].material;
    if (material < 0) continue;
    for (int t : scene.materials[size_t(material)].textures)
      if (t >= 0) return n;
  }
  return any.value_or(0);
}

// Writes the next frame the window presents to `path` (when not empty).
void shoot(Viewer& viewer, const char* path) {
  if (!path || !*path) return;
  viewer.renderer().captureNextFrame();
  ASSERT_TRUE(viewer.runFrame());
  const renderer::Pixels shot = viewer.renderer().takeCapture();
  ASSERT_FALSE(shot.rgba.empty());
  std::vector<uint16_t> samples(shot.rgba.begin(), shot.rgba.end());
  const std::vector<uint8_t> png = test::encodePng(shot.width, shot.height, 4, 8, samples);
  test::writeFile(path, png.data(), png.size());
}

TEST(TexturesWindow, PanelsDrawPreviewsAndFactsWithoutValidationMessages) {
  ASSERT_NE(std::getenv("DISPLAY"), nullptr) << "needs an X server: run through make test";
  ViewerOptions options;
  options.width = 1280;
  options.height = 800;
  options.validation = true;
  std::string error;
  const char* asset = std::getenv("VITRINE_TEXTURES_ASSET");
  const bool own = !asset || !*asset;
  auto viewer = Viewer::create(
      load(own ? test::writeSharedImagesAsset("textures_window_shared") : std::string(asset)), {},
      options, &error);
  ASSERT_TRUE(viewer) << error;
  Session& s = viewer->session();
  s.panels.textures = true;
  s.panels.uv = true;
  s.selectedNode = firstTexturedMeshNode(*s.document->scene);
  for (int i = 0; i < 4; ++i) ASSERT_TRUE(viewer->runFrame());
  ASSERT_TRUE(drawn("Textures"));
  ASSERT_TRUE(drawn("UV"));
  const ImGuiWindow* stats = drawn("Statistics");
  ASSERT_TRUE(stats);
  // Beside the view the model is framed in, in the right column under the inspector.
  const ImGuiWindow* inspector = drawn("Inspector");
  ASSERT_TRUE(inspector);
  EXPECT_EQ(stats->Pos.x, inspector->Pos.x);
  EXPECT_GE(stats->Pos.y, inspector->Pos.y + inspector->Size.y - 1.0f);

  if (own) {
    const std::vector<ImageFacts>& facts = viewer->scenePanels().textureFacts();
    ASSERT_EQ(facts.size(), 4u);
    EXPECT_EQ(facts[1].gpuBytes, 340u);
    EXPECT_EQ(viewer->scenePanels().statistics().drawn.drawCalls, 4u);
    // What the renderer drew agrees with the statistics of the scene.
    EXPECT_EQ(viewer->renderer().lastDrawStats().drawCalls, 4u);
    EXPECT_EQ(viewer->renderer().lastDrawStats().triangles, 8u);
    ASSERT_TRUE(viewer->scenePanels().uv().layout());
    EXPECT_EQ(viewer->scenePanels().uv().layout()->triangles(), 2u);
    EXPECT_EQ(viewer->scenePanels().uv().layout()->overlapping, 0u);
    // The renderer's texture of image 1 as the preview sees it.
    const renderer::UiImage ui = viewer->renderer().uiImage(1, renderer::ImageChannel::G);
    EXPECT_NE(ui.view, VK_NULL_HANDLE);
    EXPECT_EQ(ui.width, 8u);
    EXPECT_EQ(ui.mipLevels, 4u);
    EXPECT_EQ(viewer->renderer().uiImage(3, renderer::ImageChannel::Rgb).view, VK_NULL_HANDLE);
  }
  shoot(*viewer, std::getenv("VITRINE_TEXTURES_SHOT"));

  // Another document: the previews' sets of the old scene go, new ones are made.
  viewer->replaceDocument(load(test::writeSharedImagesAsset("textures_window_shared_2")), false);
  s.selectedNode = 0;
  for (int i = 0; i < 6; ++i) ASSERT_TRUE(viewer->runFrame());
  ASSERT_TRUE(drawn("Textures"));
  EXPECT_EQ(viewer->renderer().validationMessageCount(), 0u);
}

}  // namespace
}  // namespace vitrine::app
