// The "Not drawn" note in a real window under Xvfb, validation on: an asset using an extension
// Vitrine does not draw shows the note in the 3D view, with the panels and without them (Tab),
// until a document without one replaces it.
#include <cstdlib>

#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include "asset_builder.h"
#include "document.h"
#include "not_drawn_note.h"
#include "viewer.h"

namespace vitrine::app {
namespace {

std::unique_ptr<Document> quadDocument(const std::vector<std::string>& used,
                                       const std::string& name) {
  test::AssetBuilder b;
  b.addScene({b.addMeshNode(b.addColoredQuad({1, 0, 0, 1}))});
  if (!used.empty()) b.json()["extensionsUsed"] = used;
  DocumentResult r = loadDocument(b.writeGlb(name));
  EXPECT_TRUE(r.document) << r.error;
  return std::move(r.document);
}

// The note's ImGui window when it was drawn in the last frame, else null.
const ImGuiWindow* drawnNote() {
  const ImGuiWindow* w = ImGui::FindWindowByName(kNotDrawnWindow);
  return w && w->Active ? w : nullptr;
}

TEST(NotDrawnWindow, TheNoteNamesTheExtensionsUntilTheNextLoad) {
  ASSERT_NE(std::getenv("DISPLAY"), nullptr) << "needs an X server: run through make test";
  auto doc = quadDocument({"KHR_lights_punctual", "EXT_foo", "EXT_bar"}, "not_drawn_two");
  ASSERT_TRUE(doc);
  EXPECT_EQ(doc->notDrawn, (std::vector<std::string>{"EXT_foo", "EXT_bar"}));
  ViewerOptions options;
  options.width = 480;
  options.height = 320;
  options.validation = true;
  std::string error;
  auto viewer = Viewer::create(std::move(doc), {}, options, &error);
  ASSERT_TRUE(viewer) << error;
  Session& s = viewer->session();
  // ImGui sizes an auto-resized window in its first frame and places it in the second.
  for (int i = 0; i < 2; ++i) ASSERT_TRUE(viewer->runFrame());
  const ImGuiWindow* note = drawnNote();
  ASSERT_TRUE(note) << "the note is drawn without opening anything";
  // Inside the window, in the view's left half, and not under a panel.
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const ImRect box = note->Rect();
  EXPECT_GT(box.GetWidth(), 0.0f);
  EXPECT_GE(box.Min.x, 0.0f);
  EXPECT_LT(box.Min.x, 0.5f * display.x);
  EXPECT_LE(box.Max.y, display.y);
  for (const char* panel : {"Outliner", "Inspector", "Timeline", "##MainMenuBar"}) {
    const ImGuiWindow* w = ImGui::FindWindowByName(panel);
    ASSERT_TRUE(w && w->Active) << panel;
    EXPECT_FALSE(w->Rect().Overlaps(box)) << panel;
  }

  s.showUi = false;  // Tab hides the panels, not the note: bottom left of the whole window
  ASSERT_TRUE(viewer->runFrame());
  note = drawnNote();
  ASSERT_TRUE(note);
  EXPECT_NEAR(note->Pos.x, 12.0f * s.uiScale, 1.0f);
  EXPECT_NEAR(note->Pos.y + note->Size.y, display.y - 12.0f * s.uiScale, 1.0f);
  s.showUi = true;

  // A load without unsupported extensions takes the note away.
  auto clean = quadDocument({"KHR_lights_punctual"}, "not_drawn_none");
  ASSERT_TRUE(clean);
  EXPECT_TRUE(clean->notDrawn.empty());
  viewer->replaceDocument(std::move(clean), false);
  ASSERT_TRUE(viewer->runFrame());
  EXPECT_FALSE(drawnNote());
  EXPECT_EQ(viewer->renderer().validationMessageCount(), 0u);
}

}  // namespace
}  // namespace vitrine::app
