// Structural validation: each broken reference or property of an otherwise valid asset gives
// its JSON pointer and what is wrong, before tinygltf sees the document.
#include <gtest/gtest.h>

#include <functional>

#include "load/test_util.h"

namespace vitrine::test {
namespace {

using nlohmann::json;

struct Case {
  const char* name;
  std::function<void(json&)> edit;
  std::string error;
};
void PrintTo(const Case& c, std::ostream* os) {
  *os << c.name;
}

class Validation : public testing::TestWithParam<Case> {};

TEST_P(Validation, ReportsPointerAndProblem) {
  AssetBuilder b = quadAsset({1, 0, 0, 1});
  GetParam().edit(b.json());
  scene::GltfDocument doc;
  EXPECT_EQ(parseInMemory(b, doc), GetParam().error);
}

// Image 0 sampled by the quad's material: a used image keeps its error (an unused one is
// ignored with a warning, tolerance_test.cpp).
void useImage0(json& j) {
  j["textures"] = json::array({json{{"source", 0}}});
  j["materials"][0]["emissiveTexture"] = {{"index", 0}};
}

TEST(Validation, TheBaseAssetIsValid) {
  scene::GltfDocument doc;
  EXPECT_EQ(parseInMemory(quadAsset(), doc), "");
}

INSTANTIATE_TEST_SUITE_P(
    Indices, Validation,
    testing::Values(
        Case{"PrimitiveIndices", [](json& j) { j["meshes"][0]["primitives"][0]["indices"] = 12; },
             "/meshes/0/primitives/0/indices: accessor 12 does not exist (4 accessors)"},
        Case{"Attribute",
             [](json& j) { j["meshes"][0]["primitives"][0]["attributes"]["NORMAL"] = 9; },
             "/meshes/0/primitives/0/attributes/NORMAL: accessor 9 does not exist (4 accessors)"},
        Case{"MorphTarget",
             [](json& j) {
               j["meshes"][0]["primitives"][0]["targets"] = {{{"POSITION", 4}}};
             },
             "/meshes/0/primitives/0/targets/0/POSITION: accessor 4 does not exist (4 "
             "accessors)"},
        Case{"Material", [](json& j) { j["meshes"][0]["primitives"][0]["material"] = 5; },
             "/meshes/0/primitives/0/material: material 5 does not exist (1 material)"},
        Case{"NodeMesh", [](json& j) { j["nodes"][0]["mesh"] = 2; },
             "/nodes/0/mesh: mesh 2 does not exist (1 mesh)"},
        Case{"NegativeIndex", [](json& j) { j["nodes"][0]["mesh"] = -1; },
             "/nodes/0/mesh: mesh -1 does not exist (1 mesh)"},
        Case{"IndexOfWrongType", [](json& j) { j["nodes"][0]["mesh"] = "0"; },
             "/nodes/0/mesh: expected a mesh index, got \"0\""},
        Case{"NodeCamera", [](json& j) { j["nodes"][0]["camera"] = 0; },
             "/nodes/0/camera: camera 0 does not exist (0 cameras)"},
        Case{"NodeChild", [](json& j) { j["nodes"][0]["children"] = {7}; },
             "/nodes/0/children/0: node 7 does not exist (1 node)"},
        Case{"SceneNode",
             [](json& j) {
               j["scenes"][0]["nodes"] = {0, 3};
             },
             "/scenes/0/nodes/1: node 3 does not exist (1 node)"},
        Case{"TextureSource",
             [](json& j) {
               j["textures"] = {{{"source", 2}}};
               j["materials"][0]["emissiveTexture"] = {{"index", 0}};  // used
             },
             "/textures/0/source: image 2 does not exist (0 images)"},
        Case{"TextureSampler",
             [](json& j) {
               j["textures"] = {{{"sampler", 0}}};
               j["materials"][0]["emissiveTexture"] = {{"index", 0}};  // used
             },
             "/textures/0/sampler: sampler 0 does not exist (0 samplers)"},
        Case{"MaterialTexture",
             [](json& j) {
               j["materials"][0]["pbrMetallicRoughness"]["baseColorTexture"] = {{"index", 0}};
             },
             "/materials/0/pbrMetallicRoughness/baseColorTexture/index: texture 0 does not "
             "exist (0 textures)"},
        Case{"ImageBufferView",
             [](json& j) {
               j["images"] = {{{"bufferView", 40}}};
               useImage0(j);
             },
             "/images/0/bufferView: bufferView 40 does not exist (4 bufferViews)"},
        Case{"BufferViewBuffer", [](json& j) { j["bufferViews"][1]["buffer"] = 1; },
             "/bufferViews/1/buffer: buffer 1 does not exist (1 buffer)"},
        Case{"SkinJoint",
             [](json& j) {
               j["skins"] = {{{"joints", {0, 4}}}};
               j["nodes"][0]["skin"] = 0;  // used
             },
             "/skins/0/joints/1: node 4 does not exist (1 node)"},
        Case{"AnimationSampler",
             [](json& j) {
               j["animations"] = {
                   {{"samplers", {{{"input", 0}, {"output", 0}}}},
                    {"channels", {{{"sampler", 1}, {"target", {{"path", "rotation"}}}}}}}};
             },
             "/animations/0/channels/0/sampler: animation sampler 1 does not exist (1 in this "
             "animation)"}),
    [](const auto& info) { return std::string(info.param.name); });

INSTANTIATE_TEST_SUITE_P(
    Properties, Validation,
    testing::Values(
        Case{"MissingAsset", [](json& j) { j.erase("asset"); },
             "/asset: required property is missing"},
        Case{"Version1", [](json& j) { j["asset"]["version"] = "1.0"; },
             "/asset/version: glTF version \"1.0\" is not supported (2.x only)"},
        Case{"UnsupportedRequiredExtension",
             [](json& j) {
               j["extensionsUsed"] = {"EXT_lights_image_based"};
               j["extensionsRequired"] = {"EXT_lights_image_based"};
             },
             "/extensionsRequired/0: required extension EXT_lights_image_based is not "
             "supported"},
        Case{"TopLevelNotAnArray", [](json& j) { j["cameras"] = json::object(); },
             "/cameras: expected an array, got {}"},
        Case{"ArrayElementNotAnObject", [](json& j) { j["nodes"][0] = 3; },
             "/nodes/0: expected a JSON object, got 3"},
        Case{"MissingPrimitives", [](json& j) { j["meshes"][0].erase("primitives"); },
             "/meshes/0/primitives: required property is missing"},
        Case{"UnknownMode", [](json& j) { j["meshes"][0]["primitives"][0]["mode"] = 7; },
             "/meshes/0/primitives/0/mode: expected one of 0, 1, 2, 3, 4, 5, 6, got 7"},
        Case{"MatrixOfWrongSize",
             [](json& j) {
               j["nodes"][0]["matrix"] = {1, 0, 0, 1};
             },
             "/nodes/0/matrix: expected an array of 16 numbers, got [1,0,0,1]"},
        Case{"BaseColorNotANumber",
             [](json& j) {
               j["materials"][0]["pbrMetallicRoughness"]["baseColorFactor"][2] = "red";
             },
             "/materials/0/pbrMetallicRoughness/baseColorFactor/2: expected a number, got "
             "\"red\""},
        Case{"AlphaMode", [](json& j) { j["materials"][0]["alphaMode"] = "CUTOUT"; },
             "/materials/0/alphaMode: expected one of OPAQUE, MASK, BLEND, got \"CUTOUT\""},
        Case{"ImageWithUriAndBufferView",
             [](json& j) {
               j["images"] = {{{"uri", "a.png"}, {"bufferView", 0}}};
               useImage0(j);
             },
             "/images/0: has both uri and bufferView"},
        Case{"PerspectiveWithoutYfov",
             [](json& j) {
               j["cameras"] = {{{"type", "perspective"}, {"perspective", {{"znear", 0.1}}}}};
               j["nodes"][0]["camera"] = 0;  // used
             },
             "/cameras/0/perspective/yfov: required property is missing"},
        Case{"CameraType",
             [](json& j) {
               j["cameras"] = {{{"type", "fisheye"}}};
               j["nodes"][0]["camera"] = 0;  // used
             },
             "/cameras/0/type: expected one of perspective, orthographic, got \"fisheye\""},
        Case{"BufferWithoutByteLength", [](json& j) { j["buffers"][0].erase("byteLength"); },
             "/buffers/0/byteLength: required property is missing"},
        Case{"ByteStrideTooLarge", [](json& j) { j["bufferViews"][0]["byteStride"] = 256; },
             "/bufferViews/0/byteStride: expected an integer in [4, 252], got 256"},
        Case{"ByteStrideNotMultipleOf4", [](json& j) { j["bufferViews"][0]["byteStride"] = 6; },
             "/bufferViews/0/byteStride: must be a multiple of 4, got 6"}),
    [](const auto& info) { return std::string(info.param.name); });

// Finite doubles that are infinite as the floats the loader stores.
INSTANTIATE_TEST_SUITE_P(
    Floats, Validation,
    testing::Values(
        Case{"Translation",
             [](json& j) {
               j["nodes"][0]["translation"] = {0, 1e39, 0};
             },
             "/nodes/0/translation/1: 1e+39 does not fit a 32-bit float"},
        Case{"Matrix",
             [](json& j) {
               j["nodes"][0]["matrix"] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -1e300, 0, 0, 1};
             },
             "/nodes/0/matrix/12: -1e+300 does not fit a 32-bit float"},
        Case{"NodeWeights", [](json& j) { j["nodes"][0]["weights"] = {3.5e38}; },
             "/nodes/0/weights/0: 3.5e+38 does not fit a 32-bit float"},
        Case{"MeshWeights",
             [](json& j) {
               j["meshes"][0]["weights"] = {0, 4e38};
             },
             "/meshes/0/weights/1: 4e+38 does not fit a 32-bit float"},
        Case{"MetallicFactor",
             [](json& j) { j["materials"][0]["pbrMetallicRoughness"]["metallicFactor"] = 1e39; },
             "/materials/0/pbrMetallicRoughness/metallicFactor: 1e+39 does not fit a 32-bit "
             "float"},
        Case{"CameraYfov",
             [](json& j) {
               j["cameras"] = {
                   {{"type", "perspective"}, {"perspective", {{"yfov", 1e39}, {"znear", 1}}}}};
               j["nodes"][0]["camera"] = 0;  // used
             },
             "/cameras/0/perspective/yfov: 1e+39 does not fit a 32-bit float"}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(Validation, RootMustBeAnObject) {
  scene::GltfDocument doc;
  const std::string text = "[1, 2]";
  EXPECT_EQ(scene::parseGltfDocument(
                std::span(reinterpret_cast<const uint8_t*>(text.data()), text.size()), "", doc),
            "the document root is not a JSON object");
}

}  // namespace
}  // namespace vitrine::test
