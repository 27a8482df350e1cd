// KHR_materials_variants through the executable: --variant by name and by index with --render,
// --thumbnail, --frames and --query, the default materials without it, --check's listing, and
// the exact errors for a variant the asset does not have.
#include <filesystem>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "asset_builder.h"
#include "png.h"
#include "run_vitrine.h"

namespace vitrine::test {
namespace {

const glm::vec3 kBlue{0.1f, 0.2f, 0.9f};   // the quad's own material (0)
const glm::vec3 kRed{0.9f, 0.1f, 0.05f};   // variant 0, "red": material 1
const glm::vec3 kGreen{0.1f, 0.8f, 0.2f};  // variant 1, "green": material 2

// An unlit quad (the factors are the pixels) facing a camera at z = 5, with the variants
// "red" and "green" mapping materials 1 and 2 onto it.
AssetBuilder variantQuad() {
  AssetBuilder b;
  const int quad = b.addColoredQuad(glm::vec4(kBlue, 1.0f));
  b.addColorMaterial(glm::vec4(kRed, 1.0f), "Red");
  b.addColorMaterial(glm::vec4(kGreen, 1.0f), "Green");
  for (int m : {0, 1, 2})
    b.json()["materials"][m]["extensions"]["KHR_materials_unlit"] = nlohmann::json::object();
  b.json()["extensionsUsed"] = {"KHR_materials_unlit"};
  b.addMaterialVariants({"red", "green"});
  b.addVariantMapping(quad, 0, 1, {0});
  b.addVariantMapping(quad, 0, 2, {1});
  const int camera = b.addPerspectiveCamera(0.8f, 0.1f);
  b.addScene({b.addMeshNode(quad), b.addNode({{"camera", camera}, {"translation", {0, 0, 5}}})});
  return b;
}

void expectCentre(const std::string& png, const glm::vec3& linear) {
  const Png p = readPng(png);
  ASSERT_GT(p.width, 0);
  const uint8_t* c = p.at(p.width / 2, p.height / 2);
  for (int k = 0; k < 3; ++k) EXPECT_NEAR(c[k], srgb8(linear[k]), 1) << png << " channel " << k;
}

// --render through the asset camera, with `extra` arguments; the centre pixel's colour.
void expectRender(const std::string& file, const std::vector<std::string>& extra,
                  const glm::vec3& linear) {
  const std::string out = scratchPath("variant.png");
  std::vector<std::string> args = {file, "--render", out,    "--size",    "32x32", "--camera",
                                   "0",  "--env",    "none", "--tonemap", "none"};
  args.insert(args.end(), extra.begin(), extra.end());
  const ProcessResult r = runVitrine(args);
  ASSERT_EQ(r.status, 0) << r.err;
  expectCentre(out, linear);
}

TEST(CliVariants, RenderByNameByIndexAndDefault) {
  const std::string file = variantQuad().writeGlb("cli-variants");
  expectRender(file, {}, kBlue);
  expectRender(file, {"--variant", "red"}, kRed);
  expectRender(file, {"--variant", "green"}, kGreen);
  expectRender(file, {"--variant", "1"}, kGreen);
  expectRender(file, {"--variant", "0"}, kRed);
}

TEST(CliVariants, ThumbnailAndFramesShowTheVariant) {
  const std::string file = variantQuad().writeGlb("cli-variants-batch");
  const std::string thumb = scratchPath("variant-thumb.png");
  ProcessResult r = runVitrine({"--thumbnail", "32", file, thumb, "--env", "none", "--tonemap",
                                "none", "--variant", "green"},
                               {.withoutDisplay = true});
  ASSERT_EQ(r.status, 0) << r.err;
  expectCentre(thumb, kGreen);

  const std::string dir = scratchPath("variant-frames");
  r = runVitrine({file, "--frames", "0:0:1", "--out", dir, "--size", "32x32", "--camera", "0",
                  "--env", "none", "--tonemap", "none", "--variant", "red"},
                 {.withoutDisplay = true});
  ASSERT_EQ(r.status, 0) << r.err;
  expectCentre(dir + "/frame_0001.png", kRed);
}

TEST(CliVariants, QueryAnswersThePrimitivesMaterialInTheVariant) {
  const std::string file = variantQuad().writeGlb("cli-variants-query");
  const std::string material = "/meshes/0/primitives/0/material";
  const std::string factor = "/materials/0/pbrMetallicRoughness/baseColorFactor";
  ProcessResult r = runVitrine({file, "--query", material});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "0\n");
  r = runVitrine({file, "--query", material, "--variant", "green", "--query", factor});
  ASSERT_EQ(r.status, 0) << r.err;
  // The variant picks another material; the materials themselves are unchanged.
  EXPECT_EQ(r.out, "2\n[0.1,0.2,0.9,1.0]\n");
}

TEST(CliVariants, UnknownVariantIsExit2NamingTheVariants) {
  const std::string file = variantQuad().writeGlb("cli-variants-bad");
  for (const std::string v : {"blue", "2"}) {
    const ProcessResult r = runVitrine({file, "--render", scratchPath("bad.png"), "--variant", v});
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.err,
              "vitrine: " + file + ": no material variant \"" + v + "\" (variants: red, green)\n");
  }
  AssetBuilder plain;
  plain.addScene({plain.addMeshNode(plain.addColoredQuad({1, 1, 1, 1}))});
  const std::string none = plain.writeGlb("cli-variants-none");
  const ProcessResult r =
      runVitrine({"--thumbnail", "32", none, scratchPath("none.png"), "--variant", "red"},
                 {.withoutDisplay = true});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "vitrine: " + none + ": no material variant \"red\" (the asset has none)\n");
  EXPECT_FALSE(std::filesystem::exists(scratchPath("none.png")));
}

TEST(CliVariants, CheckListsTheVariants) {
  const std::string file = variantQuad().writeGlb("cli-variants-check");
  ProcessResult r = runVitrine({file, "--check"}, {.withoutDisplay = true});
  EXPECT_EQ(r.status, 0) << r.out;  // variants are not problems
  EXPECT_EQ(r.out,
            "info /extensions/KHR_materials_variants/variants/0: material variant \"red\"\n"
            "info /extensions/KHR_materials_variants/variants/1: material variant \"green\"\n" +
                std::string("info /asset/generator: Generator \"vitrine-test\"\n") + file +
                ": 0 error(s), 0 warning(s)\n");
  r = runVitrine({file, "--check", "--json"}, {.withoutDisplay = true});
  EXPECT_EQ(r.status, 0);
  const nlohmann::json report = nlohmann::json::parse(r.out, nullptr, false);
  EXPECT_EQ(report["variants"], nlohmann::json({"red", "green"}));
  EXPECT_EQ(report["problems"], nlohmann::json::array());

  r = runVitrine({file, "--check", "--variant", "red"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "vitrine: --check lists every variant: no --variant\n");
}

}  // namespace
}  // namespace vitrine::test
