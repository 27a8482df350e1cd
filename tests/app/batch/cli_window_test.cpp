// The real vitrine binary opening its window under Xvfb on a generated animated asset,
// validation layer on (run_vitrine.h sets VITRINE_VALIDATION=1: any validation message makes
// it exit with 3), and closing itself with --quit-after.
#include <cstdlib>

#include <gtest/gtest.h>

#include "asset_builder.h"
#include "run_vitrine.h"

namespace vitrine::test {
namespace {

TEST(CliWindow, QuitAfterClosesTheWindowCleanly) {
  ASSERT_NE(std::getenv("DISPLAY"), nullptr) << "needs an X server: run through make test";
  AssetBuilder b;
  b.addScene({b.addMeshNode(b.addColoredQuad({0.2f, 0.6f, 1.0f, 1.0f}))});
  const int times = b.addFloats({0.0f, 1.0f}, "SCALAR");
  b.json()["accessors"][times]["min"] = {0.0};
  b.json()["accessors"][times]["max"] = {1.0};
  const int turns = b.addVec4({{0, 0, 0, 1}, {0, 0.7071068f, 0, 0.7071068f}});
  b.json()["animations"].push_back(
      {{"name", "turn"},
       {"channels", {{{"sampler", 0}, {"target", {{"node", 0}, {"path", "rotation"}}}}}},
       {"samplers", {{{"input", times}, {"output", turns}}}}});
  const std::string file = b.writeGlb("cli_window_turn");

  const ProcessResult r = runVitrine({file, "--size", "320x200", "--quit-after", "1"});
  EXPECT_EQ(r.status, 0) << r.err;  // kExitOk; 3 on a validation message
  EXPECT_EQ(r.err.find("validation"), std::string::npos) << r.err;
  EXPECT_EQ(r.err, "");
}

}  // namespace
}  // namespace vitrine::test
