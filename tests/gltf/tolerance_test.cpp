// Issue 14 Tolerance (gltf/TOLERANCE.md): what the specification allows loads without an
// error, a problem in an object nothing renders or plays is a warning, out-of-range values that
// still allow a picture are clamped with a warning. One case per decision: the exact warnings,
// that the asset loads, and the value the Scene holds.
#include <gtest/gtest.h>

#include <functional>

#include "gltf_tolerance.h"
#include "load/test_util.h"

namespace vitrine::test {
namespace {

using nlohmann::json;

struct Case {
  const char* name;
  std::function<void(json&)> edit;
  std::vector<std::string> warnings;
  std::function<void(const scene::Scene&)> check = [](const scene::Scene&) {};
};
void PrintTo(const Case& c, std::ostream* os) {
  *os << c.name;
}

class Tolerance : public testing::TestWithParam<Case> {};

TEST_P(Tolerance, LoadsWithTheWarnings) {
  AssetBuilder b = quadAsset({1, 0, 0, 1});
  GetParam().edit(b.json());
  const scene::LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  ASSERT_NE(r.scene, nullptr);
  EXPECT_EQ(warningsOf(r), GetParam().warnings);
  GetParam().check(*r.scene);
}

json perspective(json values) {
  return json::array({{{"type", "perspective"}, {"perspective", std::move(values)}}});
}
json orthographic(json values) {
  return json::array({{{"type", "orthographic"}, {"orthographic", std::move(values)}}});
}
// Camera 0 on the quad's node, so that it is used.
std::function<void(json&)> camera(json cameras) {
  return [cameras](json& j) {
    j["cameras"] = cameras;
    j["nodes"][0]["camera"] = 0;
  };
}
const scene::Camera& camera0(const scene::Scene& s) {
  return s.cameras.at(0);
}

INSTANTIATE_TEST_SUITE_P(
    Cameras, Tolerance,
    testing::Values(
        Case{"YfovZero",
             camera(perspective({{"yfov", 0}, {"znear", 0.1}})),
             {"/cameras/0/perspective/yfov: 0 is outside (0, pi); clamped to 0.01"},
             [](const scene::Scene& s) { EXPECT_FLOAT_EQ(camera0(s).yfov, 0.01f); }},
        Case{"YfovBeyondPi",
             camera(perspective({{"yfov", 3.5}, {"znear", 0.1}})),
             {"/cameras/0/perspective/yfov: 3.5 is outside (0, pi); clamped to 3.13"},
             [](const scene::Scene& s) { EXPECT_FLOAT_EQ(camera0(s).yfov, 3.13f); }},
        Case{"AspectRatioNegative",
             camera(perspective({{"yfov", 1}, {"znear", 0.1}, {"aspectRatio", -1}})),
             {"/cameras/0/perspective/aspectRatio: -1 is not > 0; ignored (the viewport's aspect "
              "ratio is used)"},
             [](const scene::Scene& s) { EXPECT_FALSE(camera0(s).aspectRatio.has_value()); }},
        Case{"PerspectiveZnearZero",
             camera(perspective({{"yfov", 1}, {"znear", 0}})),
             {"/cameras/0/perspective/znear: 0 is not > 0; clamped to 0.001"},
             [](const scene::Scene& s) { EXPECT_FLOAT_EQ(camera0(s).znear, 0.001f); }},
        Case{"PerspectiveZfarBelowZnear",
             camera(perspective({{"yfov", 1}, {"znear", 1}, {"zfar", 0.5}})),
             {"/cameras/0/perspective/zfar: 0.5 is not greater than znear 1; ignored (infinite "
              "projection)"},
             [](const scene::Scene& s) { EXPECT_FALSE(camera0(s).zfar.has_value()); }},
        Case{"OrthographicXmagZero",
             camera(orthographic({{"xmag", 0}, {"ymag", 2}, {"znear", 0}, {"zfar", 10}})),
             {"/cameras/0/orthographic/xmag: must not be zero; set to 2"},
             [](const scene::Scene& s) { EXPECT_EQ(camera0(s).xmag, 2.0f); }},
        Case{"OrthographicBothMagsZero",
             camera(orthographic({{"xmag", 0}, {"ymag", 0}, {"znear", 0}, {"zfar", 10}})),
             {"/cameras/0/orthographic/xmag: must not be zero; set to 1",
              "/cameras/0/orthographic/ymag: must not be zero; set to 1"},
             [](const scene::Scene& s) { EXPECT_EQ(camera0(s).ymag, 1.0f); }},
        // camera.orthographic.xmag: "SHOULD NOT be negative" (a mirrored view): kept.
        Case{"OrthographicNegativeXmagKept",
             camera(orthographic({{"xmag", -2}, {"ymag", 1}, {"znear", 0}, {"zfar", 10}})),
             {},
             [](const scene::Scene& s) { EXPECT_EQ(camera0(s).xmag, -2.0f); }},
        Case{"OrthographicZnearNegative",
             camera(orthographic({{"xmag", 1}, {"ymag", 1}, {"znear", -1}, {"zfar", 10}})),
             {"/cameras/0/orthographic/znear: -1 is negative; clamped to 0"},
             [](const scene::Scene& s) { EXPECT_EQ(camera0(s).znear, 0.0f); }},
        Case{"OrthographicZfarNotBeyondZnear",
             camera(orthographic({{"xmag", 1}, {"ymag", 1}, {"znear", 1}, {"zfar", 1}})),
             {"/cameras/0/orthographic/zfar: 1 is not greater than znear 1; set to 1001"},
             [](const scene::Scene& s) { EXPECT_EQ(*camera0(s).zfar, 1001.0f); }}),
    [](const auto& info) { return std::string(info.param.name); });

const gpu::MaterialData& material0(const scene::Scene& s) {
  return s.materialData[0];
}

INSTANTIATE_TEST_SUITE_P(
    Materials, Tolerance,
    testing::Values(
        Case{"MetallicAboveOne",
             [](json& j) { j["materials"][0]["pbrMetallicRoughness"]["metallicFactor"] = 1.5; },
             {"/materials/0/pbrMetallicRoughness/metallicFactor: 1.5 is outside [0, 1]; clamped "
              "to 1"},
             [](const scene::Scene& s) { EXPECT_EQ(material0(s).params.x, 1.0f); }},
        Case{"RoughnessNegative",
             [](json& j) { j["materials"][0]["pbrMetallicRoughness"]["roughnessFactor"] = -0.5; },
             {"/materials/0/pbrMetallicRoughness/roughnessFactor: -0.5 is outside [0, 1]; "
              "clamped to 0"},
             [](const scene::Scene& s) { EXPECT_EQ(material0(s).params.y, 0.0f); }},
        Case{"BaseColorOutOfRange",
             [](json& j) {
               j["materials"][0]["pbrMetallicRoughness"]["baseColorFactor"] = {2, 0.5, -1, 1};
             },
             {"/materials/0/pbrMetallicRoughness/baseColorFactor: [2,0.5,-1,1] is outside [0, "
              "1]; clamped to [1, 0.5, 0, 1]"},
             [](const scene::Scene& s) {
               EXPECT_EQ(material0(s).baseColorFactor, glm::vec4(1, 0.5f, 0, 1));
             }},
        Case{"OcclusionStrengthAboveOne",
             [](json& j) {
               j["textures"] = json::array({json::object()});
               j["materials"][0]["occlusionTexture"] = {{"index", 0}, {"strength", 2}};
             },
             {"/materials/0/occlusionTexture/strength: 2 is outside [0, 1]; clamped to 1",
              "/textures/0: no source image (none of its extensions is supported)"},
             [](const scene::Scene& s) { EXPECT_EQ(material0(s).params.w, 1.0f); }},
        Case{"EmissiveOutOfRange",
             [](json& j) {
               j["materials"][0]["emissiveFactor"] = {0, 2, -1};
             },
             {"/materials/0/emissiveFactor: [0,2,-1] is outside [0, 1]; clamped to [0, 1, 0]"},
             [](const scene::Scene& s) {
               EXPECT_EQ(glm::vec3(material0(s).emissive), glm::vec3(0, 1, 0));
             }},
        Case{"AlphaCutoffNegative",
             [](json& j) { j["materials"][0]["alphaCutoff"] = -0.5; },
             {"/materials/0/alphaCutoff: -0.5 is below 0; clamped to 0"},
             [](const scene::Scene& s) { EXPECT_EQ(material0(s).alpha.y, 0.0f); }},
        // normalTexture.scale has no range in the schema (negative flips the normals): kept.
        Case{"NormalScaleKept",
             [](json& j) {
               j["textures"] = json::array({json::object()});
               j["materials"][0]["normalTexture"] = {{"index", 0}, {"scale", -2}};
             },
             {"/textures/0: no source image (none of its extensions is supported)"},
             [](const scene::Scene& s) { EXPECT_EQ(material0(s).params.z, -2.0f); }},
        Case{"TexCoordSetMissing",
             [](json& j) {
               j["textures"] = json::array({json::object()});
               j["materials"][0]["emissiveTexture"] = {{"index", 0}, {"texCoord", 1}};
             },
             {"/textures/0: no source image (none of its extensions is supported)",
              "/meshes/0/primitives/0/attributes: no TEXCOORD_1 for material 0/emissiveTexture; "
              "the texture is sampled at uv (0, 0)"}}),
    [](const auto& info) { return std::string(info.param.name); });

// Texture 0 with sampler 0 on the quad's material.
std::function<void(json&)> sampler(json s) {
  return [s](json& j) {
    j["samplers"] = json::array({s});
    j["textures"] = json::array({json{{"sampler", 0}}});
    j["materials"][0]["pbrMetallicRoughness"]["baseColorTexture"] = {{"index", 0}};
  };
}

INSTANTIATE_TEST_SUITE_P(
    SamplersNodesAsset, Tolerance,
    testing::Values(
        Case{"UnknownWrap",
             sampler({{"wrapS", 1}, {"wrapT", 33071}}),
             {"/samplers/0/wrapS: 1 is not a wrap mode; REPEAT is used",
              "/textures/0: no source image (none of its extensions is supported)"},
             [](const scene::Scene& s) {
               EXPECT_EQ(s.samplers.at(0).wrapS, scene::Wrap::Repeat);
               EXPECT_EQ(s.samplers.at(0).wrapT, scene::Wrap::ClampToEdge);
             }},
        Case{"UnknownMagFilter",
             sampler({{"magFilter", 9999}}),
             {"/samplers/0/magFilter: 9999 is not a magnification filter; LINEAR is used",
              "/textures/0: no source image (none of its extensions is supported)"},
             [](const scene::Scene& s) {
               EXPECT_EQ(s.samplers.at(0).magFilter, scene::Filter::Linear);
             }},
        Case{"MinFilterOfWrongType",
             sampler({{"minFilter", "NEAREST"}}),
             {"/samplers/0/minFilter: \"NEAREST\" is not a minification filter; "
              "LINEAR_MIPMAP_LINEAR is used",
              "/textures/0: no source image (none of its extensions is supported)"},
             [](const scene::Scene& s) { EXPECT_TRUE(s.samplers.at(0).useMipmaps); }},
        Case{"RotationNotUnit",
             [](json& j) {
               j["nodes"][0]["rotation"] = {0, 0, 0, 2};
             },
             {"/nodes/0/rotation: not a unit quaternion (length 2); normalized"},
             [](const scene::Scene& s) {
               EXPECT_EQ(s.nodes[0].rotation, glm::quat(1.0f, 0.0f, 0.0f, 0.0f));
             }},
        Case{"RotationZero",
             [](json& j) {
               j["nodes"][0]["rotation"] = {0, 0, 0, 0};
             },
             {"/nodes/0/rotation: not a unit quaternion (length 0); identity used"},
             [](const scene::Scene& s) {
               EXPECT_EQ(s.nodes[0].rotation, glm::quat(1.0f, 0.0f, 0.0f, 0.0f));
             }},
        // Exporters writing 6 significant digits: within kUnitQuaternionTolerance, no warning.
        Case{"RotationNearlyUnit",
             [](json& j) {
               j["nodes"][0]["rotation"] = {0, 0, 0.707107, 0.707107};
             },
             {}},
        Case{"MatrixAndTrs",
             [](json& j) {
               j["nodes"][0]["matrix"] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 5, 0, 0, 1};
               j["nodes"][0]["translation"] = {0, 7, 0};
             },
             {"/nodes/0: has both a matrix and translation/rotation/scale; the matrix is used"},
             [](const scene::Scene& s) { EXPECT_EQ(s.nodes[0].translation, glm::vec3(5, 0, 0)); }},
        Case{"DefaultSceneOutOfRange",
             [](json& j) { j["scene"] = 3; },
             {"/scene: scene 3 does not exist (1 scene); scene 0 is shown"},
             [](const scene::Scene& s) { EXPECT_EQ(s.activeScene, 0); }},
        Case{"NewerVersionWithMinVersion",
             [](json& j) {
               j["asset"]["version"] = "3.0";
               j["asset"]["minVersion"] = "2.0";
             },
             {"/asset/version: glTF 3.0 is newer than this viewer's 2.0; loaded as 2.0 "
              "(minVersion is 2.0)"}},
        Case{"NewerMinorMinVersion",
             [](json& j) { j["asset"]["minVersion"] = "2.1"; },
             {"/asset/minVersion: glTF 2.1 is newer than this viewer's 2.0; loaded as 2.0"}},
        Case{"NewerMinorVersion", [](json& j) { j["asset"]["version"] = "2.7"; }, {}},
        // §3.8 extras and unknown extension objects (not in extensionsUsed) are ignored.
        Case{"ExtrasAndUnknownExtensionObjects",
             [](json& j) {
               j["extras"] = {{"anything", {1, "two", json::object()}}};
               j["nodes"][0]["extras"] = "note";
               j["nodes"][0]["extensions"] = {{"VENDOR_unknown", {{"x", 1}}}};
               j["materials"][0]["extensions"] = {{"VENDOR_unknown", json::array()}};
             },
             {}}),
    [](const auto& info) { return std::string(info.param.name); });

INSTANTIATE_TEST_SUITE_P(
    UnusedObjects, Tolerance,
    testing::Values(
        Case{"Accessor",
             [](json& j) {
               j["accessors"].push_back({{"componentType", 5126}, {"count", 1}, {"type", "VEC5"}});
             },
             {"/accessors/4/type: expected one of SCALAR, VEC2, VEC3, VEC4, MAT2, MAT3, MAT4, "
              "got \"VEC5\" (accessor 4 is not used: ignored)"}},
        Case{"BufferView",
             [](json& j) {
               j["bufferViews"].push_back({{"buffer", 0}, {"byteOffset", 4}, {"byteLength", 1000}});
             },
             {"/bufferViews/4: byteOffset 4 + byteLength 1000 = 1004 exceeds buffer 0 "
              "byteLength 140 (bufferView 4 is not used: ignored)"}},
        Case{"Texture",
             [](json& j) {
               j["textures"] = json::array({json{{"source", 2}}});
             },
             {"/textures/0/source: image 2 does not exist (0 images) (texture 0 is not used: "
              "ignored)",
              "/textures/0: no source image (none of its extensions is supported)"},
             [](const scene::Scene& s) { EXPECT_EQ(s.textures.size(), 1u); }},
        Case{"Material",
             [](json& j) {
               j["materials"].push_back({{"name", "spare"}, {"emissiveTexture", {{"index", 3}}}});
             },
             {"/materials/1/emissiveTexture/index: texture 3 does not exist (0 textures) "
              "(material 1 is not used: ignored)"},
             [](const scene::Scene& s) { EXPECT_EQ(s.materials.at(1).name, "spare"); }},
        Case{"Camera",
             [](json& j) {
               j["cameras"] = perspective({{"znear", 0.1}});
             },
             {"/cameras/0/perspective/yfov: required property is missing (camera 0 is not used: "
              "ignored)"}},
        Case{"Skin",
             [](json& j) {
               j["skins"] = json::array({json{{"joints", {0, 4}}}});
             },
             {"/skins/0/joints/1: node 4 does not exist (1 node) (skin 0 is not used: ignored)"}},
        Case{"MeshReference",
             [](json& j) {
               j["meshes"].push_back({{"primitives", {{{"attributes", {{"POSITION", 9}}}}}}});
             },
             {"/meshes/1/primitives/0/attributes/POSITION: accessor 9 does not exist (4 "
              "accessors) (mesh 1 is not used: ignored)",
              "/meshes/1/primitives/0/attributes: no POSITION; primitive skipped"},
             [](const scene::Scene& s) { EXPECT_TRUE(s.meshes.at(1).primitives.empty()); }},
        Case{"ImageWithBothUriAndBufferView",
             [](json& j) {
               j["images"] =
                   json::array({json{{"name", "spare"}, {"uri", "spare.png"}, {"bufferView", 0}}});
             },
             {"/images/0: has both uri and bufferView (image 0 is not used: ignored)"},
             [](const scene::Scene& s) {
               ASSERT_EQ(s.images.size(), 1u);
               EXPECT_EQ(s.images[0].name, "spare");
               EXPECT_EQ(s.images[0].width, 1u);  // the placeholder
             }},
        Case{"ImageWithNeitherUriNorBufferView",
             [](json& j) {
               j["images"] = json::array({json{{"mimeType", "image/png"}}});
             },
             {"/images/0: has neither uri nor bufferView (image 0 is not used: ignored)"}},
        // Primitives of a mesh differing in their morph target counts (§3.7.2.2 MUST), found
        // by loadMorphWeights.
        Case{"MeshMorphTargetCounts",
             [](json& j) {
               json mesh = j["meshes"][0];
               mesh["primitives"].push_back(mesh["primitives"][0]);
               mesh["primitives"][1]["targets"] = json::array({{{"POSITION", 0}}});
               j["meshes"].push_back(mesh);
             },
             {"/meshes/1/primitives/1: 1 morph targets, primitive 0 has 0 (all primitives of a "
              "mesh must have the same number) (mesh 1 is not used: ignored)"},
             [](const scene::Scene& s) {
               EXPECT_TRUE(s.meshes.at(1).primitives.empty());
               EXPECT_EQ(s.meshes.at(1).targetCount, 0u);
               EXPECT_EQ(s.meshes.at(0).primitives.size(), 1u);
             }},
        // A problem only reading the data finds (loadMeshes), in a mesh no node instantiates.
        Case{"MeshData",
             [](json& j) {
               j["accessors"].push_back(
                   {{"bufferView", 0}, {"componentType", 5126}, {"count", 100}, {"type", "VEC3"}});
               j["meshes"].push_back({{"primitives", {{{"attributes", {{"POSITION", 4}}}}}}});
             },
             {"/accessors/4: byteOffset 0 + byteStride 12 x (count 100 - 1) + element 12 bytes = "
              "1200 exceeds bufferView 0 byteLength 48 (mesh 1 is not used: ignored)"},
             [](const scene::Scene& s) { EXPECT_TRUE(s.meshes.at(1).primitives.empty()); }}),
    [](const auto& info) { return std::string(info.param.name); });

// A name that is not a string (assimp-testmodels' wrongTypes/badString.gltf: "name": 42 on a
// scene) named nothing the viewer needs; it was an internal error.
INSTANTIATE_TEST_SUITE_P(
    Names, Tolerance,
    testing::Values(Case{
        "SceneNameNotAString",
        [](json& j) {
          j["scenes"][0]["name"] = 42;
          j["materials"] = json::array({json{{"name", {{"long", std::string(60, 'x')}}}}});
        },
        {"/materials/0/name: expected a string, got {\"long\":\"xxxxxxxxxxxxxxxxxxxxxxxxxxxx...; "
         "ignored",
         "/scenes/0/name: expected a string, got 42; ignored"},
        [](const scene::Scene& s) { EXPECT_EQ(s.materials.at(0).name, ""); }}),
    [](const auto& info) { return std::string(info.param.name); });

// What the asset cannot be shown without stays an error.
TEST(Tolerance, AUsedObjectKeepsItsError) {
  AssetBuilder b = quadAsset();
  b.json()["accessors"][0]["type"] = "VEC5";
  EXPECT_EQ(errorOf(b),
            "/accessors/0/type: expected one of SCALAR, VEC2, VEC3, VEC4, MAT2, MAT3, MAT4, got "
            "\"VEC5\"");
}

TEST(Tolerance, AUsedCameraWithoutYfovKeepsItsError) {
  AssetBuilder b = quadAsset();
  camera(perspective({{"znear", 0.1}}))(b.json());
  EXPECT_EQ(errorOf(b), "/cameras/0/perspective/yfov: required property is missing");
}

TEST(Tolerance, AUsedMeshWithDataOutOfItsBufferViewKeepsItsError) {
  AssetBuilder b = quadAsset();
  b.json()["accessors"][0]["count"] = 100;
  EXPECT_EQ(errorOf(b),
            "/accessors/0: byteOffset 0 + byteStride 12 x (count 100 - 1) + element 12 bytes = "
            "1200 exceeds bufferView 0 byteLength 48");
}

TEST(Tolerance, ANewerMajorVersionWithoutMinVersionIsAnError) {
  AssetBuilder b = quadAsset();
  b.json()["asset"]["version"] = "3.0";
  EXPECT_EQ(errorOf(b), "/asset/version: glTF version \"3.0\" is not supported (2.x only)");
}

TEST(Tolerance, AnAnimatedNodeWithMatrixAndTrsKeepsTrs) {
  AssetBuilder b = quadAsset();
  const int input = b.addFloats({0.0f, 1.0f}, "SCALAR");
  const int output = b.addVec3({{0, 1, 0}, {0, 2, 0}});
  json& j = b.json();
  j["nodes"][0]["matrix"] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 5, 0, 0, 1};
  j["nodes"][0]["translation"] = {0, 7, 0};
  j["animations"] = {
      {{"samplers", {{{"input", input}, {"output", output}}}},
       {"channels", {{{"sampler", 0}, {"target", {{"node", 0}, {"path", "translation"}}}}}}}};
  const scene::LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(warningsOf(r), std::vector<std::string>{
                               "/nodes/0/matrix: present with translation/rotation/scale on an "
                               "animated node; the matrix is ignored"});
  EXPECT_EQ(r.scene->nodes[0].translation, glm::vec3(0, 7, 0));
}

// More unused broken objects than kMaxIgnoredObjects: the load stops with the error instead of
// validating again and again.
TEST(Tolerance, IgnoringUnusedObjectsIsBounded) {
  AssetBuilder b = quadAsset();
  for (size_t i = 0; i <= scene::kMaxIgnoredObjects; ++i)
    b.json()["textures"].push_back({{"source", 9}});
  const std::string last = std::to_string(scene::kMaxIgnoredObjects);
  EXPECT_EQ(errorOf(b), "/textures/" + last + "/source: image 9 does not exist (0 images)");
}

}  // namespace
}  // namespace vitrine::test
