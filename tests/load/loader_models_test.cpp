// The loader on real files: the assimp-testmodels glTF 2.0 samples under VITRINE_MODELS_DIR.
// Expected counts were read from each file's JSON by hand (python json.load, summing the
// POSITION accessor counts and index counts per primitive) and are hard-coded below; the
// primitive-mode table follows the glTF-Asset-Generator README for Mesh_PrimitiveMode.
#include <gtest/gtest.h>

#include "loader.h"

namespace vitrine::test {
namespace {

using scene::LoadResult;
using scene::Topology;

std::string model(const std::string& relative) {
  return std::string(VITRINE_MODELS_DIR) + "/" + relative;
}

size_t countPrimitives(const scene::Scene& s) {
  size_t n = 0;
  for (const scene::Mesh& m : s.meshes) n += m.primitives.size();
  return n;
}

uint64_t countSourceVertices(const scene::Scene& s) {
  uint64_t n = 0;
  for (const scene::Mesh& m : s.meshes) {
    for (const scene::Primitive& p : m.primitives) n += p.sourceVertexCount;
  }
  return n;
}

// Every primitive keeps the promises of scene.h.
void expectWellFormed(const scene::Scene& s) {
  for (const scene::Mesh& m : s.meshes) {
    for (const scene::Primitive& p : m.primitives) {
      const size_t n = p.positions.size();
      EXPECT_FALSE(p.indices.empty());
      EXPECT_EQ(p.indices.size() % (p.topology == Topology::Triangles ? 3
                                    : p.topology == Topology::Lines   ? 2
                                                                      : 1),
                0u);
      for (uint32_t i : p.indices) ASSERT_LT(i, n);
      if (p.topology == Topology::Triangles) {
        EXPECT_EQ(p.normals.size(), n);
      }
      for (const auto* stream : {&p.texcoords[0], &p.texcoords[1]}) {
        EXPECT_TRUE(stream->empty() || stream->size() == n);
      }
      EXPECT_TRUE(p.colors.empty() || p.colors.size() == n);
      EXPECT_TRUE(p.tangents.empty() || p.tangents.size() == n);
      EXPECT_FALSE(p.bounds.empty());
    }
  }
  EXPECT_EQ(s.materialData.size(), s.materials.size() + 1);
  EXPECT_EQ(s.world.size(), s.nodes.size());
}

// BoxTextured in its three containers: 2 nodes, 1 mesh of 1 primitive (24 vertices, 36
// indices), 1 material with a baseColorTexture, 1 texture, 1 image (CesiumLogoFlat.png,
// 211 x 211), 1 sampler.
class BoxTextured : public testing::TestWithParam<const char*> {};

TEST_P(BoxTextured, LoadsWithItsTexture) {
  const LoadResult r = scene::loadScene(model(GetParam()));
  ASSERT_EQ(r.error, "");
  EXPECT_TRUE(r.warnings.empty()) << r.warnings[0];
  const scene::Scene& s = *r.scene;
  expectWellFormed(s);
  EXPECT_EQ(s.nodes.size(), 2u);
  ASSERT_EQ(s.meshes.size(), 1u);
  ASSERT_EQ(s.meshes[0].primitives.size(), 1u);
  const scene::Primitive& p = s.meshes[0].primitives[0];
  EXPECT_EQ(p.sourceVertexCount, 24u);
  EXPECT_EQ(p.positions.size(), 24u);
  EXPECT_EQ(p.indices.size(), 36u);
  EXPECT_EQ(p.texcoords[0].size(), 24u);
  EXPECT_EQ(p.material, 0);
  EXPECT_EQ(p.bounds.min, glm::vec3(-0.5f));
  EXPECT_EQ(p.bounds.max, glm::vec3(0.5f));
  ASSERT_EQ(s.materials.size(), 1u);
  EXPECT_EQ(s.materials[0].textures[gpu::kSlotBaseColor], 0);
  EXPECT_EQ(s.materialData[0].textures[gpu::kSlotBaseColor].info.y, 0.0f);  // TEXCOORD_0
  EXPECT_EQ(s.materialData[0].textures[gpu::kSlotNormal].info.y, -1.0f);    // no texture
  ASSERT_EQ(s.textures.size(), 1u);
  EXPECT_EQ(s.textures[0].image, 0);
  EXPECT_EQ(s.textures[0].sampler, 0);
  ASSERT_EQ(s.images.size(), 1u);
  EXPECT_EQ(s.images[0].width, 211u);
  EXPECT_EQ(s.images[0].height, 211u);
  EXPECT_EQ(s.images[0].rgba8.size(), 211u * 211u * 4u);
  ASSERT_EQ(s.samplers.size(), 1u);
  // minFilter 9986 NEAREST_MIPMAP_LINEAR
  EXPECT_EQ(s.samplers[0].minFilter, scene::Filter::Nearest);
  EXPECT_EQ(s.samplers[0].mipmapFilter, scene::Filter::Linear);
  EXPECT_TRUE(s.samplers[0].useMipmaps);
  EXPECT_EQ(s.samplers[0].magFilter, scene::Filter::Linear);
  // The root node's matrix turns Y-up into Z-up; the mesh node is its child.
  EXPECT_TRUE(s.nodes[0].hasMatrix);
  EXPECT_EQ(s.nodes[1].parent, 0);
  EXPECT_EQ(s.scenes.size(), 1u);
  EXPECT_EQ(s.scenes[0].nodes, std::vector<int>{0});
}

INSTANTIATE_TEST_SUITE_P(Models, BoxTextured,
                         testing::Values("BoxTextured-glTF/BoxTextured.gltf",
                                         "BoxTextured-glTF-Binary/BoxTextured.glb",
                                         "BoxTextured-glTF-Embedded/BoxTextured.gltf"));

TEST(Models, BoxTexturedGltfSamplerWraps) {
  // This copy of BoxTextured.gltf says wrapS 33648 (MIRRORED_REPEAT), wrapT 33071 (CLAMP).
  const LoadResult r = scene::loadScene(model("BoxTextured-glTF/BoxTextured.gltf"));
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.scene->samplers[0].wrapS, scene::Wrap::MirroredRepeat);
  EXPECT_EQ(r.scene->samplers[0].wrapT, scene::Wrap::ClampToEdge);
}

TEST(Models, TwoCylinderEngine) {
  // 82 nodes, 29 meshes, 34 triangle primitives with normals, 55843 vertices and 227190
  // indices in total, 34 materials, 1 perspective camera.
  const LoadResult r = scene::loadScene(model("2CylinderEngine-glTF-Binary/2CylinderEngine.glb"));
  ASSERT_EQ(r.error, "");
  EXPECT_TRUE(r.warnings.empty());
  const scene::Scene& s = *r.scene;
  expectWellFormed(s);
  EXPECT_EQ(s.nodes.size(), 82u);
  EXPECT_EQ(s.meshes.size(), 29u);
  EXPECT_EQ(countPrimitives(s), 34u);
  EXPECT_EQ(countSourceVertices(s), 55843u);
  size_t indices = 0;
  for (const scene::Mesh& m : s.meshes) {
    for (const scene::Primitive& p : m.primitives) {
      indices += p.indices.size();
      EXPECT_EQ(p.positions.size(), p.sourceVertexCount);  // normals given: nothing un-welded
    }
  }
  EXPECT_EQ(indices, 227190u);
  EXPECT_EQ(s.materials.size(), 34u);
  ASSERT_EQ(s.cameras.size(), 1u);
  EXPECT_EQ(s.cameras[0].aspectRatio, 1.0f);
  EXPECT_EQ(s.cameras[0].zfar, 1000000.0f);
}

TEST(Models, Cameras) {
  // A 4-vertex square (6 indices, no normals) and two cameras: perspective (aspectRatio 1,
  // yfov 0.7, znear 0.01, zfar 100) and orthographic (xmag = ymag = 1, znear 0.01, zfar 100).
  // No "scene" property: scene 0 is active.
  const LoadResult r = scene::loadScene(model("cameras/Cameras.gltf"));
  ASSERT_EQ(r.error, "");
  const scene::Scene& s = *r.scene;
  expectWellFormed(s);
  EXPECT_EQ(s.nodes.size(), 3u);
  EXPECT_EQ(s.activeScene, 0);
  ASSERT_EQ(s.cameras.size(), 2u);
  EXPECT_EQ(s.cameras[0].type, scene::Camera::Type::Perspective);
  EXPECT_EQ(s.cameras[0].aspectRatio, 1.0f);
  EXPECT_EQ(s.cameras[0].yfov, 0.7f);
  EXPECT_EQ(s.cameras[0].znear, 0.01f);
  EXPECT_EQ(s.cameras[0].zfar, 100.0f);
  EXPECT_EQ(s.cameras[1].type, scene::Camera::Type::Orthographic);
  EXPECT_EQ(s.cameras[1].xmag, 1.0f);
  EXPECT_EQ(s.cameras[1].ymag, 1.0f);
  EXPECT_EQ(s.cameras[1].zfar, 100.0f);
  EXPECT_EQ(s.nodes[1].camera, 0);
  EXPECT_EQ(s.nodes[2].camera, 1);
  // Flat normals: 2 triangles un-welded to 6 vertices.
  const scene::Primitive& p = s.meshes.at(0).primitives.at(0);
  EXPECT_EQ(p.sourceVertexCount, 4u);
  EXPECT_EQ(p.positions.size(), 6u);
  for (const glm::vec3& n : p.normals) EXPECT_EQ(n, glm::vec3(0, 0, 1));
}

// Mesh_PrimitiveMode_00..15: one node, one mesh, one primitive with POSITION only.
struct ModeFile {
  int file;
  Topology topology;
  uint32_t sourceVertices;
  uint32_t elements;  // points, lines or triangles after conversion
};
void PrintTo(const ModeFile& c, std::ostream* os) {
  *os << "Mesh_PrimitiveMode_" << c.file;
}

class PrimitiveModeFiles : public testing::TestWithParam<ModeFile> {};

TEST_P(PrimitiveModeFiles, ConvertToTheExpectedElementCount) {
  const ModeFile& c = GetParam();
  char name[64];
  std::snprintf(name, sizeof name, "Mesh_PrimitiveMode_%02d.gltf", c.file);
  const LoadResult r =
      scene::loadScene(model(std::string("glTF-Asset-Generator/Mesh_PrimitiveMode/") + name));
  ASSERT_EQ(r.error, "");
  EXPECT_TRUE(r.warnings.empty());
  expectWellFormed(*r.scene);
  EXPECT_EQ(r.scene->nodes.size(), 1u);
  ASSERT_EQ(r.scene->meshes.size(), 1u);
  ASSERT_EQ(r.scene->meshes[0].primitives.size(), 1u);
  const scene::Primitive& p = r.scene->meshes[0].primitives[0];
  EXPECT_EQ(p.topology, c.topology);
  EXPECT_EQ(p.sourceVertexCount, c.sourceVertices);
  const uint32_t per = c.topology == Topology::Triangles ? 3
                       : c.topology == Topology::Lines   ? 2
                                                         : 1;
  EXPECT_EQ(p.indices.size(), size_t(c.elements) * per);
  // Triangles have no NORMAL in these files: flat normals un-weld them.
  if (c.topology == Topology::Triangles) {
    EXPECT_EQ(p.positions.size(), size_t(c.elements) * 3);
  }
}

INSTANTIATE_TEST_SUITE_P(
    Models, PrimitiveModeFiles,
    testing::Values(ModeFile{0, Topology::Points, 1024, 1024},  // points
                    ModeFile{1, Topology::Lines, 8, 4},         // lines
                    ModeFile{2, Topology::Lines, 4, 4},         // line loop
                    ModeFile{3, Topology::Lines, 5, 4},         // line strip
                    ModeFile{4, Topology::Triangles, 4, 2},     // triangle strip
                    ModeFile{5, Topology::Triangles, 4, 2},     // triangle fan
                    ModeFile{6, Topology::Triangles, 6, 2},     // triangles
                    ModeFile{7, Topology::Points, 1024, 1024},  // points, uint indices
                    ModeFile{8, Topology::Lines, 4, 4},         // lines, 8 indices
                    ModeFile{9, Topology::Lines, 4, 4},         // line loop, 4 indices
                    ModeFile{10, Topology::Lines, 4, 4},        // line strip, 5 indices
                    ModeFile{11, Topology::Triangles, 4, 2},    // triangle strip, 4 indices
                    ModeFile{12, Topology::Triangles, 4, 2},    // triangle fan, 4 indices
                    ModeFile{13, Topology::Triangles, 4, 2},    // triangles, uint indices
                    ModeFile{14, Topology::Triangles, 4, 2},    // triangles, ubyte indices
                    ModeFile{15, Topology::Triangles, 4, 2}),   // triangles, ushort indices
    [](const auto& info) { return "Mode" + std::to_string(info.param.file); });

// --- the broken samples -----------------------------------------------------------------

TEST(Models, RecursiveNodesIsACycleError) {
  const std::string path = model("RecursiveNodes/RecursiveNodes.gltf");
  EXPECT_EQ(scene::loadScene(path).error,
            path + ": /nodes/1/children/0: node 0 is its own ancestor (cycle 0 -> 1 -> 0)");
}

TEST(Models, IndexOutOfRangeIsAnError) {
  // Its first index is 255; the box has 24 vertices.
  const std::string path = model("IndexOutOfRange/IndexOutOfRange.gltf");
  EXPECT_EQ(scene::loadScene(path).error,
            path +
                ": /meshes/0/primitives/0/indices: index 255 (element 0 of accessor 0) is out "
                "of range: POSITION has 24 vertices");
}

TEST(Models, AllIndicesOutOfRangeIsAnError) {
  const std::string path = model("IndexOutOfRange/AllIndicesOutOfRange.gltf");
  EXPECT_EQ(scene::loadScene(path).error,
            path +
                ": /meshes/0/primitives/0/indices: index 65535 (element 0 of accessor 0) is "
                "out of range: POSITION has 24 vertices");
}

TEST(Models, MissingBinIsAnError) {
  const std::string path = model("MissingBin/BoxTextured.gltf");
  EXPECT_EQ(scene::loadScene(path).error, path + ": /buffers/0/uri: cannot open file \"" +
                                              model("MissingBin/BoxTextured0.bin") +
                                              "\": No such file or directory");
}

TEST(Models, NoSceneButADefaultSceneLoadsWithAWarning) {
  // {"asset": ..., "scene": 0} without "scenes": the index points nowhere, and nothing else is
  // wrong (gltf/TOLERANCE.md).
  const std::string path = model("TestNoRootNode/NoScene.gltf");
  const LoadResult r = scene::loadScene(path);
  EXPECT_EQ(r.error, "");
  EXPECT_EQ(r.warnings, std::vector<std::string>{
                            path + ": /scene: scene 0 does not exist (0 scenes); every root node "
                                   "is shown"});
}

TEST(Models, SceneWithoutNodesLoadsEmpty) {
  const LoadResult r = scene::loadScene(model("TestNoRootNode/SceneWithoutNodes.gltf"));
  ASSERT_EQ(r.error, "");
  EXPECT_TRUE(r.scene->nodes.empty());
  ASSERT_EQ(r.scene->scenes.size(), 1u);
  EXPECT_TRUE(r.scene->scenes[0].nodes.empty());
  EXPECT_EQ(r.scene->materialData.size(), 1u);  // the default material alone
}

}  // namespace
}  // namespace vitrine::test
