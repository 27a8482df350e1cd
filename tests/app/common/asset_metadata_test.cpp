// The Asset section's and --check's metadata lines (app/common/asset_metadata.h), without a window:
// asset.generator and asset.copyright, the asset's KHR_xmp_json_ld packet resolved and then
// its other properties, and the packets of nodes, meshes and materials.
#include <gtest/gtest.h>

#include "asset_metadata.h"
#include "common/asset_builder.h"
#include "loader.h"

namespace vitrine::app {
namespace {

using nlohmann::json;
using test::AssetBuilder;

const json kContext = {{"dc", "http://purl.org/dc/elements/1.1/"},
                       {"rdf", "http://www.w3.org/1999/02/22-rdf-syntax-ns#"},
                       {"xmp", "http://ns.adobe.com/xap/1.0/"},
                       {"cc", "http://creativecommons.org/ns#"}};

json title(const std::string& text) {
  return {{"@type", "rdf:Alt"}, {"rdf:_1", {{"@language", "en-us"}, {"@value", text}}}};
}

// A quad (node 0, mesh 0, material 0) with a packet on the asset, the node and the material.
std::unique_ptr<scene::Scene> described(const std::string& stem) {
  AssetBuilder b;
  b.addScene({b.addMeshNode(b.addColoredQuad({1, 0, 0, 1}))});
  b.json()["asset"]["generator"] = "Exporter 2.1";
  b.json()["asset"]["copyright"] = "2025 Studio";
  b.json()["extensionsUsed"] = {"KHR_xmp_json_ld"};
  b.json()["extensions"]["KHR_xmp_json_ld"]["packets"] = {
      {{"@context", kContext},
       {"dc:title", title("Teapot")},
       {"dc:creator", {{"@list", {"Ann", "Bob"}}}},
       {"dc:description", title("A teapot.\nShort and stout.")},
       {"cc:license", "CC-BY-4.0"},
       {"xmp:CreateDate", "2025-01-02"},
       {"dc:coverage", "Kitchen"}},
      {{"@context", kContext}, {"dc:title", title("Spout")}},
      {{"@context", kContext}, {"dc:source", "scan 12"}}};
  b.json()["asset"]["extensions"]["KHR_xmp_json_ld"]["packet"] = 0;
  b.json()["nodes"][0]["extensions"]["KHR_xmp_json_ld"]["packet"] = 1;
  b.json()["materials"][0]["extensions"]["KHR_xmp_json_ld"]["packet"] = 2;
  scene::LoadResult r = scene::loadScene(b.writeGlb(stem));
  EXPECT_EQ(r.error, "");
  EXPECT_EQ(r.warnings, std::vector<std::string>{});
  return std::move(r.scene);
}

TEST(AssetMetadata, AssetLinesResolvedThenTheOtherProperties) {
  const auto scene = described("metadata_asset_lines");
  ASSERT_TRUE(scene);
  EXPECT_EQ(assetMetadataLines(*scene),
            (std::vector<MetadataLine>{{"/asset/generator", "Generator", "Exporter 2.1"},
                                       {"/asset/copyright", "Copyright", "2025 Studio"},
                                       {"/asset", "Title", "Teapot"},
                                       {"/asset", "Creator", "Ann, Bob"},
                                       {"/asset", "Description", "A teapot.\nShort and stout."},
                                       {"/asset", "Licence", "CC-BY-4.0"},
                                       {"/asset", "Created", "2025-01-02"},
                                       {"/asset", "dc:coverage", "Kitchen"}}));
}

TEST(AssetMetadata, ObjectLinesAndAllOfThemInOrder) {
  const auto scene = described("metadata_object_lines");
  ASSERT_TRUE(scene);
  EXPECT_EQ(objectMetadataLines(*scene, scene::XmpObject::Node, 0),
            (std::vector<MetadataLine>{{"/nodes/0", "dc:title", "Spout"}}));
  EXPECT_EQ(objectMetadataLines(*scene, scene::XmpObject::Mesh, 0), std::vector<MetadataLine>{});
  EXPECT_EQ(objectMetadataLines(*scene, scene::XmpObject::Node, 7), std::vector<MetadataLine>{});
  const std::vector<MetadataLine> all = allMetadataLines(*scene);
  ASSERT_EQ(all.size(), 10u);
  EXPECT_EQ(all[8], (MetadataLine{"/nodes/0", "dc:title", "Spout"}));
  EXPECT_EQ(all[9], (MetadataLine{"/materials/0", "dc:source", "scan 12"}));
}

TEST(AssetMetadata, WithoutMetadataOnlyWhatAssetSays) {
  AssetBuilder b;
  b.addScene({b.addMeshNode(b.addColoredQuad({1, 0, 0, 1}))});
  b.json()["asset"].erase("generator");  // the builder writes one
  scene::LoadResult r = scene::loadScene(b.writeGlb("metadata_none"));
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(allMetadataLines(*r.scene), std::vector<MetadataLine>{});
  b.json()["asset"]["generator"] = "gen";
  r = scene::loadScene(b.writeGlb("metadata_generator"));
  EXPECT_EQ(allMetadataLines(*r.scene),
            (std::vector<MetadataLine>{{"/asset/generator", "Generator", "gen"}}));
}

}  // namespace
}  // namespace vitrine::app
