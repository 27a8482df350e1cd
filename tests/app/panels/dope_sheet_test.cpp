// The dope sheet's state across a reload, without a window: the expanded clips and the
// selected track follow the clips by name and the track by its channel target, even when the
// exporter reordered them; another file starts closed.
#include <gtest/gtest.h>

#include "asset_builder.h"
#include "dope_sheet.h"

namespace vitrine::app {
namespace {

// One node; clips named `clips`, in that order, each with a translation channel keyed at 0 and
// 1 s and, for "walk" when `walkScale`, a scale channel keyed at 0 and 0.5 s before it.
std::string clipsText(const std::vector<std::string>& clips, bool walkScale = true) {
  test::AssetBuilder b;
  b.addScene({b.addMeshNode(b.addColoredQuad({1, 0, 0, 1}))});
  const int times = b.addFloats({0.0f, 1.0f}, "SCALAR");
  b.json()["accessors"][times]["min"] = {0.0};
  b.json()["accessors"][times]["max"] = {1.0};
  const int halfTimes = b.addFloats({0.0f, 0.5f}, "SCALAR");
  b.json()["accessors"][halfTimes]["min"] = {0.0};
  b.json()["accessors"][halfTimes]["max"] = {0.5};
  const int moves = b.addVec3({{0, 0, 0}, {1, 0, 0}});
  const int scales = b.addVec3({{1, 1, 1}, {2, 2, 2}});
  for (const std::string& name : clips) {
    nlohmann::json channels = nlohmann::json::array();
    if (name == "walk" && walkScale)
      channels.push_back({{"sampler", 1}, {"target", {{"node", 0}, {"path", "scale"}}}});
    channels.push_back({{"sampler", 0}, {"target", {{"node", 0}, {"path", "translation"}}}});
    b.json()["animations"].push_back(
        {{"name", name},
         {"channels", channels},
         {"samplers",
          {{{"input", times}, {"output", moves}}, {{"input", halfTimes}, {"output", scales}}}}});
  }
  return b.embeddedGltfText();
}

void load(Session& s, const std::string& path) {
  DocumentResult r = loadDocument(path);
  ASSERT_TRUE(r.document) << r.error;
  s.document = std::move(r.document);
  s.timeline.reset(s.document->animations->clips(),
                   std::vector<bool>(s.document->animations->clips().size(), true));
}

TEST(DopeSheet, ReloadKeepsExpandedClipsAndSelectedTrack) {
  const std::string path = test::tempPath("dope_sheet_test_reload.gltf");
  test::writeFile(path, clipsText({"idle", "walk"}));
  Session s;
  ASSERT_NO_FATAL_FAILURE(load(s, path));
  DopeSheet sheet;
  sheet.sync(s);
  sheet.setExpanded(1, true);  // walk
  sheet.select(s, 1, 1);       // walk's translation
  ASSERT_TRUE(sheet.selection());
  ASSERT_EQ(*sheet.selection()->keyTimes, (std::vector<float>{0.0f, 1.0f}));

  // The exporter put a new clip first, moved "walk" last and dropped its scale channel: the
  // translation track is now walk's first.
  test::writeFile(path, clipsText({"run", "idle", "walk"}, /*walkScale=*/false));
  ASSERT_NO_FATAL_FAILURE(load(s, path));
  sheet.sync(s);
  EXPECT_FALSE(sheet.expanded(0));
  EXPECT_FALSE(sheet.expanded(1));
  EXPECT_TRUE(sheet.expanded(2));
  auto selection = sheet.selection();
  ASSERT_TRUE(selection);
  EXPECT_EQ(selection->clip, 2u);
  ASSERT_NE(selection->keyTimes, nullptr);
  EXPECT_EQ(*selection->keyTimes, (std::vector<float>{0.0f, 1.0f}));  // translation's keys

  // Scale back first: still the translation track.
  test::writeFile(path, clipsText({"run", "idle", "walk"}));
  ASSERT_NO_FATAL_FAILURE(load(s, path));
  sheet.sync(s);
  selection = sheet.selection();
  ASSERT_TRUE(selection);
  EXPECT_EQ(*selection->keyTimes, (std::vector<float>{0.0f, 1.0f}));

  // No clip named "walk" any more: nothing is carried.
  test::writeFile(path, clipsText({"idle", "walker", "run"}));
  ASSERT_NO_FATAL_FAILURE(load(s, path));
  sheet.sync(s);
  for (size_t i = 0; i < 3; ++i) EXPECT_FALSE(sheet.expanded(i)) << i;
  EXPECT_FALSE(sheet.selection());
}

TEST(DopeSheet, AnotherFileStartsClosed) {
  const std::string a = test::tempPath("dope_sheet_test_a.gltf");
  const std::string b = test::tempPath("dope_sheet_test_b.gltf");
  test::writeFile(a, clipsText({"walk"}));
  test::writeFile(b, clipsText({"walk"}));
  Session s;
  ASSERT_NO_FATAL_FAILURE(load(s, a));
  DopeSheet sheet;
  sheet.sync(s);
  sheet.setExpanded(0, true);
  sheet.select(s, 0, 0);
  ASSERT_NO_FATAL_FAILURE(load(s, b));
  sheet.sync(s);
  EXPECT_FALSE(sheet.expanded(0));
  EXPECT_FALSE(sheet.selection());
}

}  // namespace
}  // namespace vitrine::app
