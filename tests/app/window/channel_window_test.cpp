// The material channel views and the wireframe in a real window under Xvfb, validation on:
// C / Shift+C cycle the channels and W toggles the wireframe (the look the batch modes share),
// the view shows the channel, and a note at the top left of the view names it and the
// materials that lack its input.
#include <cstdlib>

#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <GLFW/glfw3.h>

#include "asset_builder.h"
#include "channel_view.h"
#include "document.h"
#include "viewer.h"

namespace vitrine::app {
namespace {

const ImGuiWindow* drawnNote() {
  const ImGuiWindow* w = ImGui::FindWindowByName(kChannelNoteWindow);
  return w && w->Active ? w : nullptr;
}

std::unique_ptr<Document> redQuad() {
  test::AssetBuilder b;
  b.addScene({b.addMeshNode(b.addColoredQuad({1.0f, 0.0f, 0.0f, 1.0f}, {}))});
  b.json()["materials"][0]["name"] = "Red";
  DocumentResult r = loadDocument(b.writeGlb("channel_window_quad"));
  EXPECT_TRUE(r.document) << r.error;
  return std::move(r.document);
}

TEST(ChannelWindow, KeysCycleTheChannelsTheViewShowsThemAndTheNoteNamesThem) {
  ASSERT_NE(std::getenv("DISPLAY"), nullptr) << "needs an X server: run through make test";
  ViewerOptions options;
  options.width = 320;
  options.height = 240;
  options.validation = true;
  std::string error;
  auto viewer = Viewer::create(redQuad(), {}, options, &error);
  ASSERT_TRUE(viewer) << error;
  Session& s = viewer->session();
  s.showUi = false;  // the view is the whole window: its centre is the quad's
  for (int i = 0; i < 2; ++i) ASSERT_TRUE(viewer->runFrame());
  EXPECT_EQ(s.look.channel, gpu::kChannelShaded);
  EXPECT_FALSE(drawnNote());

  viewer->inject(KeyEvent{GLFW_KEY_C, 0});
  for (int i = 0; i < 2; ++i) ASSERT_TRUE(viewer->runFrame());
  EXPECT_EQ(s.look.channel, gpu::kChannelBaseColor);
  ASSERT_TRUE(drawnNote()) << "the channel is named in the view";
  EXPECT_LT(drawnNote()->Pos.x, 0.5f * ImGui::GetIO().DisplaySize.x);
  EXPECT_LT(drawnNote()->Pos.y, 0.5f * ImGui::GetIO().DisplaySize.y);
  viewer->renderer().captureNextFrame();
  ASSERT_TRUE(viewer->runFrame());
  renderer::Pixels shot = viewer->renderer().takeCapture();
  ASSERT_FALSE(shot.rgba.empty());
  const size_t centre = (size_t(shot.height / 2) * shot.width + shot.width / 2) * 4;
  // base-color: the factor (1, 0, 0), unlit and untonemapped, whatever the environment.
  EXPECT_EQ(shot.rgba[centre], 255);
  EXPECT_EQ(shot.rgba[centre + 1], 0);
  EXPECT_EQ(shot.rgba[centre + 2], 0);

  // Shift+C goes back: to the shaded view, then round to the last channel.
  viewer->inject(KeyEvent{GLFW_KEY_C, GLFW_MOD_SHIFT});
  viewer->inject(KeyEvent{GLFW_KEY_C, GLFW_MOD_SHIFT});
  ASSERT_TRUE(viewer->runFrame());
  EXPECT_EQ(s.look.channel, gpu::kChannelUvChecker);
  viewer->inject(KeyEvent{GLFW_KEY_W, 0});
  ASSERT_TRUE(viewer->runFrame());
  EXPECT_TRUE(s.look.wireframe);
  EXPECT_GT(viewer->renderer().lastDrawStats().wireframeDraws, 0u);
  EXPECT_EQ(viewer->renderer().validationMessageCount(), 0u);
}

TEST(ChannelWindow, TheNoteNamesTheMaterialsThatLackTheInput) {
  auto doc = redQuad();
  ASSERT_TRUE(doc);
  const scene::Scene& scene = *doc->scene;
  EXPECT_EQ(channelNote(scene, gpu::kChannelShaded), "");
  EXPECT_EQ(channelNote(scene, gpu::kChannelRoughness), "Channel: roughness");
  EXPECT_EQ(channelNote(scene, gpu::kChannelClearcoat),
            "Channel: clearcoat - not in this material: Red");
  EXPECT_EQ(cycleChannel(gpu::kChannelUvChecker, 1), gpu::kChannelShaded);
  EXPECT_EQ(cycleChannel(gpu::kChannelShaded, -1), gpu::kChannelUvChecker);
}

}  // namespace
}  // namespace vitrine::app
