// KHR_materials_variants in a real window under Xvfb, validation on: Viewer::setMaterialVariant
// (what Variants menu items call) changes the picture without a scene upload, and a hot reload
// keeps the variant by name, another file starts with the default materials.
#include <cstdlib>

#include <gtest/gtest.h>

#include "asset_builder.h"
#include "document.h"
#include "viewer.h"

namespace vitrine::app {
namespace {

// An unlit blue quad (material 0) with the variants "red" (material 1) and "green" (2).
test::AssetBuilder variantQuad(const std::vector<std::string>& names = {"red", "green"}) {
  test::AssetBuilder b;
  const int quad = b.addColoredQuad({0.1f, 0.2f, 0.9f, 1.0f});
  b.addColorMaterial({0.9f, 0.1f, 0.05f, 1.0f});
  b.addColorMaterial({0.1f, 0.8f, 0.2f, 1.0f});
  for (int m : {0, 1, 2})
    b.json()["materials"][m]["extensions"]["KHR_materials_unlit"] = nlohmann::json::object();
  b.json()["extensionsUsed"] = {"KHR_materials_unlit"};
  b.addMaterialVariants(names);
  b.addVariantMapping(quad, 0, 1, {0});
  b.addVariantMapping(quad, 0, 2, {1});
  b.addScene({b.addMeshNode(quad)});
  return b;
}

std::unique_ptr<Document> load(const std::string& path) {
  DocumentResult r = loadDocument(path);
  EXPECT_TRUE(r.document) << r.error;
  return std::move(r.document);
}

// Which of red, green and blue dominates the window's centre (the UI hidden, the quad framed).
char centreColour(Viewer& viewer) {
  viewer.renderer().captureNextFrame();
  EXPECT_TRUE(viewer.runFrame());
  const renderer::Pixels shot = viewer.renderer().takeCapture();
  if (shot.rgba.empty()) return '?';
  const uint8_t* p = &shot.rgba[(size_t(shot.height / 2) * shot.width + shot.width / 2) * 4];
  if (p[0] > p[1] + 60 && p[0] > p[2] + 60) return 'r';
  if (p[1] > p[0] + 60 && p[1] > p[2] + 60) return 'g';
  if (p[2] > p[0] + 60 && p[2] > p[1] + 60) return 'b';
  return '?';
}

TEST(VariantsWindow, SwitchAndReloadKeepTheVariantByName) {
  ASSERT_NE(std::getenv("DISPLAY"), nullptr) << "needs an X server: run through make test";
  const std::string path = variantQuad().writeGlb("variants_window");
  std::unique_ptr<Document> doc = load(path);
  ASSERT_TRUE(doc);
  ViewerOptions options;
  options.width = 320;
  options.height = 200;
  options.validation = true;
  options.materialVariant = 0;  // as --variant red gives it
  std::string error;
  auto viewer = Viewer::create(std::move(doc), {}, options, &error);
  ASSERT_TRUE(viewer) << error;
  Session& s = viewer->session();
  s.showUi = false;
  EXPECT_EQ(s.materialVariant, 0);
  EXPECT_EQ(centreColour(*viewer), 'r');
  const uint64_t uploads = viewer->renderer().sceneUploadCount();

  viewer->setMaterialVariant(1);
  EXPECT_EQ(s.materialVariant, 1);
  EXPECT_EQ(centreColour(*viewer), 'g');
  viewer->setMaterialVariant(-1);
  EXPECT_EQ(centreColour(*viewer), 'b');
  EXPECT_EQ(viewer->renderer().sceneUploadCount(), uploads);  // re-bound, not re-uploaded

  // A reload whose file renamed the variants: "green" is now variant 0, and stays shown.
  viewer->setMaterialVariant(1);
  viewer->replaceDocument(load(variantQuad({"green", "red"}).writeGlb("variants_window_b")), true);
  EXPECT_EQ(s.materialVariant, 0);
  EXPECT_EQ(centreColour(*viewer), 'r');  // variant 0 maps material 1, red, in the new file
  // A variant the reloaded file no longer has, or another file: the default materials.
  viewer->replaceDocument(load(variantQuad({"a", "b"}).writeGlb("variants_window_c")), true);
  EXPECT_EQ(s.materialVariant, -1);
  EXPECT_EQ(centreColour(*viewer), 'b');
  viewer->setMaterialVariant(1);
  viewer->replaceDocument(load(path), false);
  EXPECT_EQ(s.materialVariant, -1);
  EXPECT_EQ(centreColour(*viewer), 'b');
  EXPECT_EQ(viewer->renderer().validationMessageCount(), 0u);
}

}  // namespace
}  // namespace vitrine::app
