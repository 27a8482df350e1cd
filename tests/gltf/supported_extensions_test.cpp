// Honest about what is not drawn: every extension of extensionsUsed outside the table of
// supported extensions gets one warning, every one of extensionsRequired outside it refuses the
// asset, and everything in the table loads when required.
#include <gtest/gtest.h>

#include <set>

#include "supported_extensions.h"
#include "load/test_util.h"

namespace vitrine::test {
namespace {

TEST(SupportedExtensions, UnsupportedUsedExtensionsGetOneWarningEachAtTheirIndex) {
  AssetBuilder b = quadAsset();
  b.json()["extensionsUsed"] = {"KHR_materials_unlit", "EXT_foo", "KHR_lights_punctual",
                                "EXT_lights_image_based", "EXT_foo"};
  const scene::LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(warningsOf(r),
            (std::vector<std::string>{
                "/extensionsUsed/1: extension EXT_foo is not supported: what it adds is not drawn",
                "/extensionsUsed/3: extension EXT_lights_image_based is not supported: what "
                "it adds is not drawn"}));
  ASSERT_TRUE(r.document);
  const std::vector<scene::UnsupportedExtension> names = scene::unsupportedExtensions(*r.document);
  ASSERT_EQ(names.size(), 2u);
  EXPECT_EQ(names[0].name, "EXT_foo");
  EXPECT_EQ(names[0].index, 1u);
  EXPECT_EQ(names[1].name, "EXT_lights_image_based");
  EXPECT_EQ(names[1].index, 3u);
}

TEST(SupportedExtensions, SupportedOnesAreSilent) {
  AssetBuilder b = quadAsset();
  for (const scene::SupportedExtension& e : scene::supportedExtensions())
    b.json()["extensionsUsed"].push_back(e.name);
  const scene::LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  EXPECT_TRUE(r.warnings.empty()) << r.warnings.front();
}

TEST(SupportedExtensions, EveryRenderedExtensionMayBeRequired) {
  // Lights and node visibility among them: rendered, so no longer refused when required.
  for (const scene::SupportedExtension& e : scene::supportedExtensions()) {
    AssetBuilder b = quadAsset();
    b.json()["extensionsUsed"] = {e.name};
    b.json()["extensionsRequired"] = {e.name};
    const scene::LoadResult r = load(b);
    EXPECT_EQ(r.error, "") << e.name;
    EXPECT_TRUE(r.warnings.empty()) << e.name;
  }
  for (const char* name : {"KHR_lights_punctual", "KHR_node_visibility"})
    EXPECT_TRUE(scene::isSupportedExtension(name)) << name;
}

TEST(SupportedExtensions, AnUnsupportedRequiredExtensionIsRefusedByName) {
  AssetBuilder b = quadAsset();
  b.json()["extensionsUsed"] = {"KHR_lights_punctual", "EXT_lights_image_based"};
  b.json()["extensionsRequired"] = {"KHR_lights_punctual", "EXT_lights_image_based"};
  const scene::LoadResult r = load(b);
  EXPECT_FALSE(r.scene);
  EXPECT_EQ(errorOf(b),
            "/extensionsRequired/1: required extension EXT_lights_image_based is not supported");
}

TEST(SupportedExtensions, TheTableNamesEachExtensionOnce) {
  std::set<std::string> names;
  for (const scene::SupportedExtension& e : scene::supportedExtensions()) {
    EXPECT_TRUE(names.insert(e.name).second) << e.name;
    EXPECT_TRUE(std::string(e.name).starts_with("KHR_") || std::string(e.name).starts_with("EXT_"))
        << e.name;
    EXPECT_GT(std::string(e.what).size(), 0u) << e.name;
  }
}

}  // namespace
}  // namespace vitrine::test
