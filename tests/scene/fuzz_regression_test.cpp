// loadSceneFromMemory (the entry of fuzz/loader_fuzz.cpp), and the inputs the fuzz targets of
// fuzz/ found crashing, each kept with the message the fixed loader gives.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "loader.h"
#include "test_util.h"

namespace vitrine::test {
namespace {

TEST(LoadSceneFromMemory, LoadsTheBytesOfAGlb) {
  const std::vector<uint8_t> glb = quadAsset().glbBytes();
  const scene::LoadResult r = scene::loadSceneFromMemory(glb, "", "quad.glb");
  ASSERT_EQ(r.error, "");
  ASSERT_NE(r.scene, nullptr);
  ASSERT_NE(r.document, nullptr);
  EXPECT_EQ(r.scene->path, "quad.glb");
  EXPECT_EQ(r.scene->meshes.size(), 1u);
}

TEST(LoadSceneFromMemory, NamesTheFileInItsError) {
  std::vector<uint8_t> glb = quadAsset().glbBytes();
  const size_t size = glb.size();
  glb.resize(100);
  const scene::LoadResult r = scene::loadSceneFromMemory(glb, "", "cut.glb");
  EXPECT_EQ(r.scene, nullptr);
  EXPECT_EQ(r.error, "cut.glb: truncated GLB: header declares " + std::to_string(size) +
                         " bytes, file has 100");
}

}  // namespace
}  // namespace vitrine::test
