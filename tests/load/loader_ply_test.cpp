// A 3DGS .ply through loadScene (load/splats/load_ply.h): one node, one mesh, one splat
// primitive bounded by the splats' 3-sigma boxes, the default material, the splats reserved
// from the load's memory budget, and every error prefixed with the file's path.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "asset_builder.h"
#include "gltf_document.h"
#include "loader.h"
#include "pointer_resolve.h"
#include "supported_extensions.h"

namespace vitrine::test {
namespace {

// One splat as a 3DGS trainer stores it: log scales, logit opacity, (w, x, y, z) rotation.
struct PlySplat {
  glm::vec3 position{0.0f};
  glm::vec3 logScale{0.0f};
  glm::vec4 wxyz{1, 0, 0, 0};
  float opacity = 0.0f;
};

// A binary little-endian .ply of degree 0 in the INRIA property order.
std::vector<uint8_t> plyBytes(const std::vector<PlySplat>& splats) {
  std::string h = "ply\nformat binary_little_endian 1.0\nelement vertex " +
                  std::to_string(splats.size()) + "\n";
  for (const char* n : {"x", "y", "z", "nx", "ny", "nz", "f_dc_0", "f_dc_1", "f_dc_2", "opacity",
                        "scale_0", "scale_1", "scale_2", "rot_0", "rot_1", "rot_2", "rot_3"})
    h += std::string("property float ") + n + "\n";
  h += "end_header\n";
  std::vector<uint8_t> out(h.begin(), h.end());
  for (const PlySplat& s : splats) {
    const float v[17] = {s.position.x,
                         s.position.y,
                         s.position.z,
                         0,
                         0,
                         1,
                         0.5f,
                         0.25f,
                         0.0f,
                         s.opacity,
                         s.logScale.x,
                         s.logScale.y,
                         s.logScale.z,
                         s.wxyz[0],
                         s.wxyz[1],
                         s.wxyz[2],
                         s.wxyz[3]};
    const auto* b = reinterpret_cast<const uint8_t*>(v);
    out.insert(out.end(), b, b + sizeof v);
  }
  return out;
}

std::string writePly(const std::string& name, const std::vector<uint8_t>& bytes) {
  const std::string path = tempPath(name);
  writeFile(path, bytes.data(), bytes.size());
  return path;
}

TEST(LoaderPly, OneNodeOneMeshOneSplatPrimitive) {
  const std::string path = writePly("garden.ply", plyBytes({{}, {{1, 2, 3}}}));
  const scene::LoadResult r = scene::loadScene(path);
  ASSERT_EQ(r.error, "");
  ASSERT_TRUE(r.scene);
  EXPECT_TRUE(r.warnings.empty());
  const scene::Scene& s = *r.scene;
  EXPECT_EQ(s.path, path);
  ASSERT_EQ(s.nodes.size(), 1u);
  EXPECT_EQ(s.nodes[0].name, "garden");
  EXPECT_EQ(s.nodes[0].mesh, 0);
  ASSERT_EQ(s.meshes.size(), 1u);
  EXPECT_EQ(s.meshes[0].name, "garden");
  ASSERT_EQ(s.meshes[0].primitives.size(), 1u);
  const scene::Primitive& p = s.meshes[0].primitives[0];
  ASSERT_TRUE(p.splats);
  EXPECT_EQ(p.splats->count, 2u);
  EXPECT_EQ(p.splats->positions[1], glm::vec3(1, 2, 3));
  EXPECT_EQ(p.splats->sh[1], glm::vec3(0.5f, 0.25f, 0.0f));
  EXPECT_TRUE(p.positions.empty());
  EXPECT_TRUE(p.indices.empty());
  EXPECT_EQ(p.topology, scene::Topology::Points);
  EXPECT_EQ(p.material, -1);
  ASSERT_EQ(s.scenes.size(), 1u);
  EXPECT_EQ(s.scenes[0].nodes, std::vector<int>{0});
  EXPECT_EQ(s.activeScene, 0);
  ASSERT_EQ(s.world.size(), 1u);
  EXPECT_EQ(s.world[0], glm::mat4(1.0f));
  // The default material alone, as a glTF without materials has it.
  EXPECT_TRUE(s.materials.empty());
  ASSERT_EQ(s.materialData.size(), 1u);
  ASSERT_EQ(s.materialExtensionData.size(), 1u);
  const gpu::MaterialData defaults = scene::defaultMaterialData();
  EXPECT_EQ(std::memcmp(&s.materialData[0], &defaults, sizeof defaults), 0);
  // A glTF document of the node and mesh alone: what follows a load finds nothing to do, not
  // a null pointer, and JSON pointers resolve against the scene.
  ASSERT_TRUE(r.document);
  EXPECT_TRUE(scene::externalFiles(*r.document, path).empty());
  EXPECT_TRUE(scene::unsupportedExtensions(*r.document).empty());
  EXPECT_TRUE(scene::resolvePointer(*r.scene, *r.document, "/nodes/0/translation").ok);
  EXPECT_EQ(scene::resolvePointer(*r.scene, *r.document, "/nodes/0/name").readOnlyValue,
            "\"garden\"");
  EXPECT_EQ(scene::resolvePointer(*r.scene, *r.document, "/nodes/0/mesh").readOnlyValue, "0");
  EXPECT_FALSE(scene::resolvePointer(*r.scene, *r.document, "/nodes/1/translation").ok);
  EXPECT_FALSE(scene::resolvePointer(*r.scene, *r.document, "/meshes/0/weights").ok);
}

TEST(LoaderPly, RoutedByTheNameCaseInsensitively) {
  const std::vector<uint8_t> bytes = plyBytes({{}});
  const std::string path = writePly("Upper.PLY", bytes);
  const scene::LoadResult r = scene::loadScene(path);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.scene->nodes[0].name, "Upper");
  const scene::LoadResult m = scene::loadSceneFromMemory(bytes, "", "memory.ply");
  ASSERT_EQ(m.error, "");
  EXPECT_EQ(m.scene->path, "memory.ply");
  ASSERT_TRUE(m.scene->meshes[0].primitives[0].splats);
  // The same bytes under another name are a glTF's.
  EXPECT_NE(scene::loadSceneFromMemory(bytes, "", "memory.glb").error.find("invalid JSON"),
            std::string::npos);
}

TEST(LoaderPly, BoundsAreTheSplatsThreeSigmaBoxes) {
  PlySplat a;  // at (1, 2, 3), unrotated, scales 1, 2, 3
  a.position = {1, 2, 3};
  a.logScale = {0, std::log(2.0f), std::log(3.0f)};
  PlySplat b;  // at the origin, 90 degrees about z: local x along y, local y along -x
  b.logScale = {std::log(4.0f), std::log(0.5f), std::log(0.25f)};
  b.wxyz = {std::cos(0.785398163f), 0, 0, std::sin(0.785398163f)};
  PlySplat c;  // at (-10, 0, 0), 45 degrees about z, a needle of length 1 along its x
  c.position = {-10, 0, 0};
  c.logScale = {0, -30, -30};
  c.wxyz = {std::cos(0.392699082f), 0, 0, std::sin(0.392699082f)};
  const scene::LoadResult r = scene::loadScene(writePly("bounds.ply", plyBytes({a, b, c})));
  ASSERT_EQ(r.error, "");
  const scene::Bounds& box = r.scene->meshes[0].primitives[0].bounds;
  const float d = 3.0f * std::sqrt(0.5f);  // c reaches 3 cos 45 along x and y
  EXPECT_NEAR(box.min.x, -10.0f - d, 1e-4f);
  EXPECT_NEAR(box.max.x, 1.0f + 3.0f, 1e-4f);  // a
  EXPECT_NEAR(box.min.y, -12.0f, 1e-4f);       // b: 3 * 4 along y
  EXPECT_NEAR(box.max.y, 12.0f, 1e-4f);
  EXPECT_NEAR(box.min.z, 3.0f - 9.0f, 1e-4f);  // a: 3 * 3 along z
  EXPECT_NEAR(box.max.z, 3.0f + 9.0f, 1e-4f);
  // Without b and a, c alone: its needle's box, not its sphere.
  const scene::LoadResult one = scene::loadScene(writePly("needle.ply", plyBytes({c})));
  ASSERT_EQ(one.error, "");
  const scene::Bounds& needle = one.scene->meshes[0].primitives[0].bounds;
  EXPECT_NEAR(needle.max.x, -10.0f + d, 1e-4f);
  EXPECT_NEAR(needle.max.y, d, 1e-4f);
  EXPECT_NEAR(needle.max.z, 0.0f, 1e-4f);
  // 120 degrees about (1, 1, 1): x to y, y to z, z to x. A needle along its x lies along y (its
  // rotation's column, not its row).
  PlySplat cyclic;
  cyclic.logScale = {std::log(2.0f), -30, -30};
  cyclic.wxyz = {0.5f, 0.5f, 0.5f, 0.5f};
  const scene::LoadResult turned = scene::loadScene(writePly("cyclic.ply", plyBytes({cyclic})));
  ASSERT_EQ(turned.error, "");
  const scene::Bounds& along = turned.scene->meshes[0].primitives[0].bounds;
  EXPECT_NEAR(along.max.x, 0.0f, 1e-4f);
  EXPECT_NEAR(along.max.y, 6.0f, 1e-4f);
  EXPECT_NEAR(along.min.y, -6.0f, 1e-4f);
  EXPECT_NEAR(along.max.z, 0.0f, 1e-4f);
}

TEST(LoaderPly, SplatsReservedFromTheBudget) {
  const std::vector<PlySplat> splats(100);
  const std::string path = writePly("budget.ply", plyBytes(splats));
  scene::LoadOptions options;
  options.maxMemoryBytes = 1000;
  const scene::LoadResult refused = scene::loadScene(path, {}, options);
  EXPECT_FALSE(refused.scene);
  EXPECT_FALSE(refused.document);
  // 100 splats of degree 0: 3 + 3 + 4 + 1 + 3 floats each.
  EXPECT_EQ(refused.error, path +
                               ": the splat cloud of 100 vertices needs 5600 bytes, more than the "
                               "1000 bytes left of the 1000 bytes memory budget (--max-memory)");
  options.maxMemoryBytes = 5600;
  const scene::LoadResult loaded = scene::loadScene(path, {}, options);
  ASSERT_EQ(loaded.error, "");
  ASSERT_TRUE(loaded.document);
  // Kept reserved while the scene holds the splats.
  EXPECT_EQ(loaded.document->budget->used(), scene::SplatCloud::bytesFor(100, 0));
}

TEST(LoaderPly, ErrorsArePrefixedWithThePath) {
  std::vector<uint8_t> bytes = plyBytes({{}, {}});
  bytes.resize(bytes.size() - 4);
  const std::string truncated = writePly("truncated.ply", bytes);
  EXPECT_EQ(scene::loadScene(truncated).error,
            truncated + ": truncated: 2 vertices need 136 bytes after the header, 132 present");
  const std::string glb = writePly("not_a.ply", {'g', 'l', 'T', 'F', '\n'});
  EXPECT_EQ(scene::loadScene(glb).error, glb + ": line 1: expected 'ply'");
  const std::string missing = tempPath("missing.ply");
  EXPECT_EQ(scene::loadScene(missing).error,
            missing + ": cannot open file: No such file or directory");
  EXPECT_EQ(scene::loadSceneFromMemory(bytes, "", "mem.ply").error,
            "mem.ply: truncated: 2 vertices need 136 bytes after the header, 132 present");
}

TEST(LoaderPly, ZeroRotationsAreDrawnUnrotatedWithAWarning) {
  PlySplat zero;
  zero.wxyz = {0, 0, 0, 0};
  const std::string path = writePly("zero_rotation.ply", plyBytes({zero, {}, zero}));
  const scene::LoadResult r = scene::loadScene(path);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.warnings, std::vector<std::string>{
                            path + ": 2 splats have a rotation of length zero, drawn unrotated"});
  EXPECT_EQ(r.scene->meshes[0].primitives[0].splats->rotations[0], glm::vec4(0, 0, 0, 1));
}

}  // namespace
}  // namespace vitrine::test
