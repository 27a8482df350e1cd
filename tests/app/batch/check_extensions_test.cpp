// --check on extensions: one warning per extension of extensionsUsed that Vitrine does not
// draw (text and JSON, exit status 1), an unsupported required one refused by name (status 2),
// and rendered ones accepted when required (status 0). Also on a real sample model.
#include <filesystem>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "asset_builder.h"
#include "run_vitrine.h"

namespace vitrine::test {
namespace {

using nlohmann::json;

std::string quadWith(const json& used, const json& required, const std::string& name) {
  AssetBuilder b;
  b.addScene({b.addMeshNode(b.addColoredQuad({1.0f, 0.5f, 0.0f, 1.0f}))});
  b.json()["extensionsUsed"] = used;
  if (!required.is_null()) b.json()["extensionsRequired"] = required;
  return b.writeGltf(name);
}

TEST(CheckExtensions, EachUnsupportedUsedExtensionIsOneWarning) {
  const std::string file =
      quadWith({"KHR_lights_punctual", "EXT_foo", "KHR_materials_unlit", "EXT_bar"}, nullptr,
               "check-ext-used");
  const ProcessResult r = runVitrine({file, "--check"});
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_EQ(r.out,
            "warning /extensionsUsed/1: extension EXT_foo is not supported: what it adds is not "
            "drawn\n"
            "warning /extensionsUsed/3: extension EXT_bar is not supported: what it adds is not "
            "drawn\n" +
                std::string("info /asset/generator: Generator \"vitrine-test\"\n") + file +
                ": 0 error(s), 2 warning(s)\n");

  const ProcessResult j = runVitrine({file, "--check", "--json"});
  EXPECT_EQ(j.status, 1) << j.err;
  const json report = json::parse(j.out, nullptr, false);
  ASSERT_TRUE(report.is_object()) << j.out;
  EXPECT_EQ(report["usable"], true);
  EXPECT_EQ(report["warnings"], 2);
  ASSERT_EQ(report["problems"].size(), 2u);
  EXPECT_EQ(report["problems"][0]["severity"], "warning");
  EXPECT_EQ(report["problems"][0]["pointer"], "/extensionsUsed/1");
  EXPECT_EQ(report["problems"][0]["message"],
            "extension EXT_foo is not supported: what it adds is not drawn");
  EXPECT_EQ(report["problems"][1]["pointer"], "/extensionsUsed/3");
}

TEST(CheckExtensions, RenderedExtensionsMayBeRequired) {
  const std::string file =
      quadWith({"KHR_lights_punctual", "KHR_node_visibility"},
               {"KHR_lights_punctual", "KHR_node_visibility"}, "check-ext-required-ok");
  const ProcessResult r = runVitrine({file, "--check"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, std::string("info /asset/generator: Generator \"vitrine-test\"\n") + file +
                       ": 0 error(s), 0 warning(s)\n");
}

TEST(CheckExtensions, AnUnsupportedRequiredExtensionIsAnErrorNamingIt) {
  const std::string file = quadWith({"KHR_lights_punctual", "EXT_foo"},
                                    {"KHR_lights_punctual", "EXT_foo"}, "check-ext-required");
  const ProcessResult r = runVitrine({file, "--check"});
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_EQ(r.out, "error /extensionsRequired/1: required extension EXT_foo is not supported\n" +
                       file + ": 1 error(s), 0 warning(s)\n");
}

// KHR_materials_pbrSpecularGlossiness is drawn: the Khronos sample that uses it checks clean.
TEST(CheckExtensions, SpecularGlossinessSampleIsDrawn) {
  const std::string file =
      "/usr/share/assimp/models/glTF2/BoxTextured-glTF-pbrSpecularGlossiness/BoxTextured.gltf";
  if (!std::filesystem::exists(file)) GTEST_SKIP() << file << " is not installed";
  const ProcessResult r = runVitrine({file, "--check"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, std::string("info /asset/generator: Generator \"COLLADA2GLTF\"\n") + file +
                       ": 0 error(s), 0 warning(s)\n");
}

}  // namespace
}  // namespace vitrine::test
