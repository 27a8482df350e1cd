// KHR_xmp_json_ld in the loader: the spec's example packet resolved for the asset, packets of
// nodes, meshes and materials, language alternatives and lists as text, and every malformed
// packet or reference as a warning naming its JSON pointer (the asset still opens).
#include <gtest/gtest.h>

#include <functional>

#include "test_util.h"

namespace vitrine::test {
namespace {

using nlohmann::json;
using scene::LoadResult;
using scene::XmpField;
using scene::XmpObject;
using scene::XmpProperty;

const json kContext = {{"dc", "http://purl.org/dc/elements/1.1/"},
                       {"rdf", "http://www.w3.org/1999/02/22-rdf-syntax-ns#"}};

json alt(const std::vector<std::pair<std::string, std::string>>& texts) {
  json a = {{"@type", "rdf:Alt"}};
  for (size_t i = 0; i < texts.size(); ++i)
    a["rdf:_" + std::to_string(i + 1)] = {{"@language", texts[i].first},
                                          {"@value", texts[i].second}};
  return a;
}

// The example of the spec's "Defining XMP Metadata" section, verbatim.
json specPacket() {
  return {
      {"@context", kContext},
      {"@id", ""},
      {"dc:contributor",
       {{"@set", {"Creator1Name", "Creator2Email@email.com", "Creator3Name<Email@email.com>"}}}},
      {"dc:coverage", "Bay Area, California, United States"},
      {"dc:creator", {{"@list", {"CreatorName", "CreatorEmail@email.com"}}}},
      {"dc:date", {{"@list", {"1997-07-16T19:20:30+01:00"}}}},
      {"dc:description", alt({{"en-us", "text"}})},
      {"dc:format", "model/gltf-binary"},
      {"dc:identifier", "urn:stock-id:292930"},
      {"dc:language", {{"@set", {"en"}}}},
      {"dc:publisher", {{"@set", {"Company"}}}},
      {"dc:relation", {{"@set", {"https://www.khronos.org/"}}}},
      {"dc:rights", alt({{"en-us", "BSD"}})},
      {"dc:source", "http://related_resource.org/derived_from_this.gltf"},
      {"dc:subject", {{"@set", {"architecture"}}}},
      {"dc:title", alt({{"en-us", "MyModel"}, {"it-it", "Mio Modello"}})},
      {"dc:type", {{"@set", {"Physical Object"}}}}};
}

// quadAsset() with `packets` and the extension in extensionsUsed.
// (A vector: a braced list of one object would be that object to nlohmann::json.)
AssetBuilder xmpAsset(const std::vector<json>& packets) {
  AssetBuilder b = quadAsset();
  b.json()["extensions"]["KHR_xmp_json_ld"]["packets"] = json(packets);
  b.json()["extensionsUsed"] = {"KHR_xmp_json_ld"};
  return b;
}

void refer(json& object, const json& packet) {
  object["extensions"]["KHR_xmp_json_ld"] = {{"packet", packet}};
}

TEST(XmpMetadata, SpecExamplePacketOfTheAsset) {
  AssetBuilder b = xmpAsset({specPacket()});
  refer(b.json()["asset"], 0);
  b.json()["asset"]["generator"] = "Khronos glTF Blender I/O v4.1";
  b.json()["asset"]["copyright"] = "2024 Someone";
  const LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(warningsOf(r), std::vector<std::string>{});  // supported: no "not drawn" warning
  const scene::XmpMetadata& m = r.scene->metadata;
  ASSERT_EQ(m.packets.size(), 1u);
  EXPECT_EQ(m.asset.packet, 0);
  EXPECT_EQ(m.asset.generator, "Khronos glTF Blender I/O v4.1");
  EXPECT_EQ(m.asset.copyright, "2024 Someone");
  EXPECT_EQ(m.asset.title.value, "MyModel; it-it: Mio Modello");
  EXPECT_EQ(m.asset.creator.value, "CreatorName, CreatorEmail@email.com");
  EXPECT_EQ(m.asset.description.value, "text");
  EXPECT_EQ(m.asset.rights, (std::vector<XmpField>{{"Rights", "dc:rights", "BSD"}}));
  EXPECT_EQ(m.asset.dates,
            (std::vector<XmpField>{{"Date", "dc:date", "1997-07-16T19:20:30+01:00"}}));
  // Every property, keywords (@context, @id) left out, in the order of their names.
  EXPECT_EQ(m.packets[0].properties,
            (std::vector<XmpProperty>{
                {"dc:contributor",
                 "Creator1Name, Creator2Email@email.com, Creator3Name<Email@email.com>"},
                {"dc:coverage", "Bay Area, California, United States"},
                {"dc:creator", "CreatorName, CreatorEmail@email.com"},
                {"dc:date", "1997-07-16T19:20:30+01:00"},
                {"dc:description", "text"},
                {"dc:format", "model/gltf-binary"},
                {"dc:identifier", "urn:stock-id:292930"},
                {"dc:language", "en"},
                {"dc:publisher", "Company"},
                {"dc:relation", "https://www.khronos.org/"},
                {"dc:rights", "BSD"},
                {"dc:source", "http://related_resource.org/derived_from_this.gltf"},
                {"dc:subject", "architecture"},
                {"dc:title", "MyModel; it-it: Mio Modello"},
                {"dc:type", "Physical Object"}}));
}

TEST(XmpMetadata, WithoutTheExtensionOnlyGeneratorAndCopyright) {
  AssetBuilder b = quadAsset();
  b.json()["asset"]["generator"] = "gen";
  const LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.scene->metadata.asset.generator, "gen");
  EXPECT_EQ(r.scene->metadata.asset.copyright, "");
  EXPECT_EQ(r.scene->metadata.asset.packet, -1);
  EXPECT_TRUE(r.scene->metadata.packets.empty());
  EXPECT_EQ(r.scene->metadata.packetOf(XmpObject::Node, 0), nullptr);
}

TEST(XmpMetadata, NodeMeshAndMaterialPackets) {
  AssetBuilder b = xmpAsset({{{"@context", kContext}, {"dc:title", alt({{"en-us", "Node"}})}},
                             {{"@context", kContext}, {"dc:title", alt({{"en-us", "Mesh"}})}},
                             {{"@context", kContext}, {"dc:title", "Paint"}}});
  refer(b.json()["nodes"][0], 0);
  refer(b.json()["meshes"][0], 1);
  refer(b.json()["materials"][0], 2);
  b.addScene({b.addMeshNode(0)});  // node 1: no metadata
  const LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(warningsOf(r), std::vector<std::string>{});
  const scene::XmpMetadata& m = r.scene->metadata;
  EXPECT_EQ(m.asset.packet, -1);
  EXPECT_EQ(m.asset.title.value, "");
  ASSERT_NE(m.packetOf(XmpObject::Node, 0), nullptr);
  EXPECT_EQ(m.packetOf(XmpObject::Node, 0)->properties,
            (std::vector<XmpProperty>{{"dc:title", "Node"}}));
  EXPECT_EQ(m.packetOf(XmpObject::Node, 1), nullptr);
  ASSERT_NE(m.packetOf(XmpObject::Mesh, 0), nullptr);
  ASSERT_NE(m.packetOf(XmpObject::Material, 0), nullptr);
  EXPECT_EQ(m.packetOf(XmpObject::Mesh, 0)->properties,
            (std::vector<XmpProperty>{{"dc:title", "Mesh"}}));
  EXPECT_EQ(m.packetOf(XmpObject::Material, 0)->properties,
            (std::vector<XmpProperty>{{"dc:title", "Paint"}}));
  EXPECT_EQ(m.objects[int(XmpObject::Node)], (std::vector<int>{0, -1}));
  EXPECT_TRUE(m.objects[int(XmpObject::Scene)].empty());
}

TEST(XmpMetadata, LanguageAlternativesPreferXDefault) {
  json title = alt({{"en-us", "Car"}, {"x-default", "Automobile"}, {"de-de", "Auto"}});
  AssetBuilder b = xmpAsset({{{"@context", kContext}, {"dc:title", title}}});
  refer(b.json()["asset"], 0);
  const LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.scene->metadata.asset.title.value, "Automobile; en-us: Car; de-de: Auto");
}

TEST(XmpMetadata, AlternativesInNumericOrderAndSeqBagStructures) {
  json title = {{"@type", "rdf:Alt"}};
  for (int i = 1; i <= 11; ++i)
    title["rdf:_" + std::to_string(i)] = {{"@language", "l" + std::to_string(i)},
                                          {"@value", std::to_string(i)}};
  const json packet = {{"@context",
                        {{"dc", "http://purl.org/dc/elements/1.1/"},
                         {"rdf", "http://www.w3.org/1999/02/22-rdf-syntax-ns#"},
                         {"xmpMM", "http://ns.adobe.com/xap/1.0/mm/"},
                         {"ex", "http://example.com/"}}},
                       {"dc:title", title},
                       {"ex:seq", {{"@type", "rdf:Seq"}, {"rdf:_2", "b"}, {"rdf:_1", "a"}}},
                       {"ex:bag", {{"@type", "rdf:Bag"}, {"rdf:_1", 3.5}}},
                       {"ex:count", 3},
                       {"ex:flag", true},
                       {"ex:lang", {{"@value", "Bonjour"}, {"@language", "fr"}}},
                       {"xmpMM:Ingredients",
                        {{"@list",
                          {{{"xmpMM:DocumentID", "62bc"}, {"xmpMM:InstanceID", "1a33"}},
                           {{"xmpMM:DocumentID", "6d70"}}}}}}};
  AssetBuilder b = xmpAsset({packet});
  refer(b.json()["materials"][0], 0);
  const LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(warningsOf(r), std::vector<std::string>{});
  ASSERT_NE(r.scene->metadata.packetOf(XmpObject::Material, 0), nullptr);
  EXPECT_EQ(
      r.scene->metadata.packetOf(XmpObject::Material, 0)->properties,
      (std::vector<XmpProperty>{
          {"dc:title",
           "1; l2: 2; l3: 3; l4: 4; l5: 5; l6: 6; l7: 7; l8: 8; l9: 9; l10: "
           "10; l11: 11"},
          {"ex:bag", "3.5"},
          {"ex:count", "3"},
          {"ex:flag", "true"},
          {"ex:lang", "Bonjour"},
          {"ex:seq", "a, b"},
          {"xmpMM:Ingredients",
           "{xmpMM:DocumentID = 62bc; xmpMM:InstanceID = 1a33}, {xmpMM:DocumentID = 6d70}"}}));
}

// The asset's properties are found by namespace URI, whatever the prefix (the spec's note on
// merging: "namespaces should be normalized based on the namespace URI").
TEST(XmpMetadata, CommonPropertiesByNamespaceUri) {
  const json packet = {{"@context",
                        {{"dc11", "http://purl.org/dc/elements/1.1/"},
                         {"x", "http://ns.adobe.com/xap/1.0/"},
                         {"dc", "http://example.com/not-dublin-core/"},
                         {"cc", "http://creativecommons.org/ns#"},
                         {"xmpRights", "http://ns.adobe.com/xap/1.0/rights/"}}},
                       {"dc11:title", "Real title"},
                       {"dc:title", "Not a title"},
                       {"x:CreateDate", "2023-01-02"},
                       {"x:ModifyDate", "2024-03-04"},
                       {"cc:license", "https://creativecommons.org/licenses/by/4.0/"},
                       {"xmpRights:UsageTerms", "Attribution required"}};
  AssetBuilder b = xmpAsset({packet});
  refer(b.json()["asset"], 0);
  const LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  const scene::AssetMetadata& a = r.scene->metadata.asset;
  EXPECT_EQ(a.title.value, "Real title");
  EXPECT_EQ(a.rights, (std::vector<XmpField>{
                          {"Licence", "cc:license", "https://creativecommons.org/licenses/by/4.0/"},
                          {"Usage terms", "xmpRights:UsageTerms", "Attribution required"}}));
  EXPECT_EQ(a.dates, (std::vector<XmpField>{{"Created", "x:CreateDate", "2023-01-02"},
                                            {"Modified", "x:ModifyDate", "2024-03-04"}}));
}

// Each malformed case: its warning, and the asset still opens with what could be read.
struct Malformed {
  const char* name;
  std::function<void(AssetBuilder&)> edit;
  std::vector<std::string> warnings;
};

class XmpMalformed : public testing::TestWithParam<Malformed> {};

TEST_P(XmpMalformed, IsAWarning) {
  AssetBuilder b = xmpAsset({{{"@context", kContext}, {"dc:title", "T"}}});
  refer(b.json()["asset"], 0);
  GetParam().edit(b);
  const LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  ASSERT_NE(r.scene, nullptr);
  EXPECT_EQ(warningsOf(r), GetParam().warnings);
}

const std::string kP = "/extensions/KHR_xmp_json_ld/packets";

INSTANTIATE_TEST_SUITE_P(
    Cases, XmpMalformed,
    testing::Values(
        Malformed{
            "PacketNotAnObject",
            [](AssetBuilder& b) { b.json()["extensions"]["KHR_xmp_json_ld"]["packets"][0] = 7; },
            {kP + "/0: an XMP packet must be a JSON-LD object, not 7; ignored"}},
        Malformed{"PacketsNotAnArray",
                  [](AssetBuilder& b) {
                    b.json()["extensions"]["KHR_xmp_json_ld"]["packets"] = {{"a", 1}};
                    b.json()["asset"].erase("extensions");
                  },
                  {kP + ": must be an array of XMP packets, not {\"a\":1}; no XMP metadata is "
                        "read"}},
        Malformed{"PacketsMissing",
                  [](AssetBuilder& b) {
                    b.json()["extensions"]["KHR_xmp_json_ld"] = json::object();
                    b.json()["asset"].erase("extensions");
                  },
                  {"/extensions/KHR_xmp_json_ld: packets is required; no XMP metadata is read"}},
        Malformed{"MissingContext",
                  [](AssetBuilder& b) {
                    b.json()["extensions"]["KHR_xmp_json_ld"]["packets"][0].erase("@context");
                  },
                  {kP + "/0: an XMP packet requires a @context; its properties are read by "
                        "their prefixes"}},
        Malformed{"ContextNotAnObject",
                  [](AssetBuilder& b) {
                    b.json()["extensions"]["KHR_xmp_json_ld"]["packets"][0]["@context"] = "x";
                  },
                  {kP + "/0: @context must be an object of namespace prefixes; its properties "
                        "are read by their prefixes"}},
        Malformed{"UndeclaredPrefix",
                  [](AssetBuilder& b) {
                    b.json()["extensions"]["KHR_xmp_json_ld"]["packets"][0]["xmp:Rating"] = 5;
                  },
                  {kP + "/0/xmp:Rating: prefix \"xmp\" is not declared in the packet's "
                        "@context"}},
        Malformed{
            "BareArray",
            [](AssetBuilder& b) {
              b.json()["extensions"]["KHR_xmp_json_ld"]["packets"][0]["dc:subject"] = {"a", "b"};
            },
            {kP + "/0/dc:subject: an XMP array must be the value of @list or @set; read "
                  "as a list"}},
        Malformed{"AlternativeWithoutValue",
                  [](AssetBuilder& b) {
                    b.json()["extensions"]["KHR_xmp_json_ld"]["packets"][0]["dc:title"] = {
                        {"@type", "rdf:Alt"}, {"rdf:_1", {{"@language", "en"}}}};
                  },
                  {kP + "/0/dc:title/rdf:_1: a language alternative needs a string @value; "
                        "skipped"}},
        Malformed{"AlternativeWithoutRdfPrefix",
                  [](AssetBuilder& b) {
                    json& p = b.json()["extensions"]["KHR_xmp_json_ld"]["packets"][0];
                    p["@context"].erase("rdf");
                    p["dc:title"] = alt({{"en", "T"}});
                  },
                  {kP + "/0/dc:title: rdf:Alt needs the rdf prefix "
                        "(http://www.w3.org/1999/02/22-rdf-syntax-ns#) in the packet's "
                        "@context"}},
        Malformed{"TooDeep",
                  [](AssetBuilder& b) {
                    json v = "leaf";
                    for (int i = 0; i < 20; ++i) v = {{"dc:x", v}};
                    b.json()["extensions"]["KHR_xmp_json_ld"]["packets"][0]["dc:deep"] = v;
                  },
                  {kP + "/0/dc:deep/dc:x/dc:x/dc:x/dc:x/dc:x/dc:x/dc:x/dc:x/dc:x/dc:x/dc:x/"
                        "dc:x/dc:x/dc:x/dc:x/dc:x/dc:x: XMP value nested deeper than 16 levels; "
                        "the rest is not shown"}},
        Malformed{
            "ReferenceNotAnObject",
            [](AssetBuilder& b) { b.json()["nodes"][0]["extensions"]["KHR_xmp_json_ld"] = 0; },
            {"/nodes/0/extensions/KHR_xmp_json_ld: must be an object, not 0; no "
             "metadata"}},
        Malformed{"PacketIndexMissing",
                  [](AssetBuilder& b) {
                    b.json()["meshes"][0]["extensions"]["KHR_xmp_json_ld"] = json::object();
                  },
                  {"/meshes/0/extensions/KHR_xmp_json_ld/packet: is required (an index into " + kP +
                   "); no metadata"}},
        Malformed{"PacketIndexNotAnInteger",
                  [](AssetBuilder& b) { refer(b.json()["materials"][0], 0.5); },
                  {"/materials/0/extensions/KHR_xmp_json_ld/packet: must be an index into " + kP +
                   ", not 0.5; no metadata"}},
        Malformed{"PacketIndexAString",
                  [](AssetBuilder& b) { refer(b.json()["asset"], "0"); },
                  {"/asset/extensions/KHR_xmp_json_ld/packet: must be an index into " + kP +
                   ", not \"0\"; no metadata"}},
        Malformed{"PacketIndexOutOfRange",
                  [](AssetBuilder& b) { refer(b.json()["scenes"][0], 1); },
                  {"/scenes/0/extensions/KHR_xmp_json_ld/packet: packet 1 does not exist (1 "
                   "packet); no metadata"}}),
    [](const testing::TestParamInfo<Malformed>& info) { return std::string(info.param.name); });

TEST(XmpMetadata, MalformedReferenceLeavesTheOthers) {
  AssetBuilder b = xmpAsset({7, {{"@context", kContext}, {"dc:title", "Kept"}}});
  refer(b.json()["asset"], 1);
  refer(b.json()["nodes"][0], 0);  // the packet that is not an object: no properties
  const LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.scene->metadata.asset.title.value, "Kept");
  ASSERT_NE(r.scene->metadata.packetOf(XmpObject::Node, 0), nullptr);
  EXPECT_TRUE(r.scene->metadata.packetOf(XmpObject::Node, 0)->properties.empty());
  EXPECT_EQ(warningsOf(r),
            (std::vector<std::string>{kP + "/0: an XMP packet must be a JSON-LD object, not 7; "
                                           "ignored"}));
}

}  // namespace
}  // namespace vitrine::test
