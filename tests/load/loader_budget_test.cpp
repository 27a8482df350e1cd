// The load's one memory budget (gltf/memory_budget.h, issue 14): every category the file's
// numbers size (buffers, decoded accessors, images, morph targets, variants) is reserved before
// it is allocated, refused with the pointer and the sizes, and a file asking for gigabytes in
// thousands of small requests is refused before the process grows.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "memory_budget.h"
#include "png_writer.h"
#include "test_util.h"

namespace vitrine::test {
namespace {

using nlohmann::json;

constexpr uint64_t kMiB = uint64_t(1) << 20;

// Loads the builder's asset (a .glb named after the test) with a memory budget of `limit`.
scene::LoadResult loadWithin(const AssetBuilder& b, uint64_t limit) {
  const auto* info = testing::UnitTest::GetInstance()->current_test_info();
  scene::LoadOptions options;
  options.maxMemoryBytes = limit;
  return scene::loadScene(b.writeGlb(std::string("gen_Budget_") + info->name()), {}, options);
}

std::string errorWithin(const AssetBuilder& b, uint64_t limit) {
  const std::string e = loadWithin(b, limit).error;
  const size_t cut = e.find(".glb: ");
  return cut == std::string::npos ? e : e.substr(cut + 6);
}

std::string refusal(const std::string& at, const std::string& what, const std::string& needs,
                    const std::string& left, const std::string& limit) {
  return at + ": " + what + " needs " + needs + ", more than the " + left + " left of the " +
         limit + " memory budget (--max-memory)";
}

// An accessor of `count` elements without a bufferView (zeros): the file's few bytes decide
// its size.
int addEmpty(AssetBuilder& b, const std::string& type, uint32_t count) {
  AccessorDesc d;
  d.type = type;
  d.count = count;
  if (type == "VEC3") d.min = d.max = {0, 0, 0};
  return b.addAccessor(d);
}

// A mesh of one primitive whose POSITION is `count` zero vertices, on a node of scene 0.
AssetBuilder emptyPositions(uint32_t count) {
  AssetBuilder b;
  const int position = addEmpty(b, "VEC3", count);
  PrimitiveDesc p;
  p.attributes["POSITION"] = position;
  b.addScene({b.addMeshNode(b.addMesh({p}))});
  return b;
}

TEST(Budget, BufferRefusedBeforeItIsRead) {
  const AssetBuilder b = quadAsset();
  const size_t size = b.bin().size();
  EXPECT_EQ(errorWithin(b, 100),
            refusal("/buffers/0", "buffer of " + std::to_string(size) + " bytes",
                    std::to_string(size) + " bytes", "100 bytes", "100 bytes"));
}

TEST(Budget, DrawnMeshesRefusedOnWhatTheirJsonDeclaresBeforeAnyIsDecoded) {
  // 1000000 vertices: POSITION (3 values) and the list indices (1), 4 bytes each. (The
  // decoded accessor is refused the same way when something other than a mesh reads it:
  // tests/anim/bind_budget_test.cpp.)
  EXPECT_EQ(errorWithin(emptyPositions(1000000), kMiB),
            refusal("/meshes", "vertex and index data of the drawn meshes", "15.3 MiB", "1.0 MiB",
                    "1.0 MiB"));
}

TEST(Budget, AssetWithinTheBudgetLoadsAndKeepsItsStreamsReserved) {
  const scene::LoadResult r = loadWithin(emptyPositions(999), kMiB);
  ASSERT_EQ(r.error, "");
  // Kept: the POSITION stream (12 bytes a vertex) and the index list (4 bytes a vertex); the
  // decoded accessor was a temporary, the flat normals are un-welded copies.
  EXPECT_EQ(r.document->budget->used(), 999u * 12 + 999u * 4 + 999u * 24);
  EXPECT_EQ(r.document->budget->limit(), kMiB);
}

TEST(Budget, ImageRefusedFromItsHeaderBeforeDecoding) {
  // A PNG signature and IHDR only: 8192 x 8192 RGBA8 claimed by 33 bytes.
  std::vector<uint8_t> png = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n', 0, 0, 0,
                              13,   'I', 'H', 'D', 'R',  0,    0,    0x20, 0, 0, 0,
                              0x20, 0,   8,   6,   0,    0,    0,    0,    0, 0, 0};
  AssetBuilder b;
  b.addTexture(b.addImage(png));
  // Left: the budget less the buffer and the encoded copy.
  EXPECT_EQ(
      errorWithin(b, kMiB),
      refusal("/images/0", "decoded image 8192x8192 RGBA8, with stb_image's buffer", "512.0 MiB",
              std::to_string(kMiB - b.bin().size() - png.size()) + " bytes", "1.0 MiB"));
}

TEST(Budget, ImageOfTheSameBytesIsDecodedOnce) {
  const std::vector<uint8_t> png = encodePng(64, 64, 4, 8, std::vector<uint16_t>(64 * 64 * 4, 200));
  AssetBuilder b = quadAsset();
  const int first = b.addImage(png);
  const int second = b.addImage(png);  // the same bytes again (another buffer view)
  b.addTexture(first);
  b.addTexture(second);
  b.addTexture(second);
  const scene::LoadResult r = loadWithin(b, 64 * kMiB);
  ASSERT_EQ(r.error, "");
  ASSERT_EQ(r.scene->images.size(), 2u);
  EXPECT_EQ(r.scene->images[0].rgba8.size(), 64u * 64 * 4);
  EXPECT_TRUE(r.scene->images[1].rgba8.empty());
  EXPECT_EQ(r.scene->images[1].sameAs, 0);
  for (const scene::Texture& t : r.scene->textures) EXPECT_EQ(t.image, 0);
}

TEST(Budget, MorphTargetsRefusedBeforeAnyIsDecoded) {
  AssetBuilder b = emptyPositions(10000);
  const int delta = addEmpty(b, "VEC3", 10000);
  json targets = json::array();
  for (int t = 0; t < 100; ++t) targets.push_back({{"POSITION", delta}});
  b.json()["meshes"][0]["primitives"][0]["targets"] = targets;
  // Left: the budget less the POSITION stream (120000 bytes).
  EXPECT_EQ(errorWithin(b, kMiB), refusal("/meshes/0/primitives/0/targets",
                                          "100 morph targets of 10000 vertices x 3 floats",
                                          "11.4 MiB", "928576 bytes", "1.0 MiB"));
}

// quadAsset() with `count` material variants "v", the quad mapping material 0 in variant 1
// and the last.
AssetBuilder manyVariants(int count) {
  AssetBuilder b = quadAsset();
  b.addMaterialVariants(std::vector<std::string>(size_t(count), "v"));
  b.addVariantMapping(0, 0, 0, {1, count - 1});
  return b;
}

TEST(Budget, VariantNamesRefused) {
  AssetBuilder b;
  b.addMaterialVariants(std::vector<std::string>(1000000, "v"));
  // A std::string and one character a name.
  EXPECT_EQ(errorWithin(b, 16 * kMiB),
            refusal("/extensions/KHR_materials_variants/variants", "1000000 material variant names",
                    "31.5 MiB", "16.0 MiB", "16.0 MiB"));
}

TEST(Budget, AMillionVariantsLoadSparselyInASmallBudget) {
  const scene::LoadResult r = loadWithin(manyVariants(1000000), 48 * kMiB);
  ASSERT_EQ(r.error, "");
  ASSERT_EQ(r.scene->variants.size(), 1000000u);
  const scene::Primitive& p = r.scene->meshes[0].primitives[0];
  EXPECT_EQ(p.variantMaterials, (std::vector<scene::VariantMaterial>{{1, 0}, {999999, 0}}));
  EXPECT_EQ(p.materialFor(999999), 0);
  EXPECT_EQ(p.materialFor(500000), p.material);
  EXPECT_LT(r.document->budget->peak(), 40 * kMiB);
}

// Peak resident memory since the last reset (VmHWM of /proc/self/status), in bytes.
uint64_t residentPeak() {
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);)
    if (line.rfind("VmHWM:", 0) == 0) return std::stoull(line.substr(6)) * 1024;
  return 0;
}

uint64_t residentNow() {
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);)
    if (line.rfind("VmRSS:", 0) == 0) return std::stoull(line.substr(6)) * 1024;
  return 0;
}

TEST(Budget, FourGiBInSmallRequestsIsRefusedBeforeResidentMemoryGrows) {
  // 4096 meshes, each a POSITION of 87382 zero vertices (1 MiB decoded): 4 GiB in all, asked
  // by about half a megabyte of JSON.
  AssetBuilder b;
  const int position = addEmpty(b, "VEC3", 87382);
  std::vector<int> nodes;
  for (int m = 0; m < 4096; ++m) {
    PrimitiveDesc p;
    p.attributes["POSITION"] = position;
    nodes.push_back(b.addMeshNode(b.addMesh({p})));
  }
  b.addScene(nodes);
  const std::string path = b.writeGlb("gen_Budget_FourGiB");
  scene::LoadOptions options;
  options.maxMemoryBytes = 8 * kMiB;
  // The baseline: parsing the JSON alone (what every load of this file costs).
  {
    scene::GltfDocument doc;
    ASSERT_EQ(scene::readGltfDocument(path, doc, options), "");
  }
  std::ofstream("/proc/self/clear_refs") << "5";  // resets VmHWM to the current RSS
  const uint64_t before = residentNow();
  const scene::LoadResult r = scene::loadScene(path, {}, options);
  const uint64_t growth = residentPeak() - before;
  // Refused on what the JSON declares, before the first of the 1 MiB requests is decoded.
  EXPECT_NE(r.error.find(": /meshes: the meshes declare 1431666688 vertex and index values, more "
                         "than the 536870912 supported"),
            std::string::npos)
      << r.error;
  std::printf("[ measure ] resident peak growth during the refused 4 GiB load: %.1f MiB\n",
              double(growth) / double(kMiB));
  EXPECT_LT(growth, 24 * kMiB);
}

}  // namespace
}  // namespace vitrine::test
