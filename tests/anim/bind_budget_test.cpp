// Keyframes are reserved from the load's memory budget before they are decoded (issue 14): a
// sampler asking for more is refused with the sampler's pointer and the sizes, and its channel
// is skipped with that warning like any channel that cannot bind.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "bind_test_util.h"
#include "memory_budget.h"

namespace vitrine::anim {
namespace {

using namespace test;

TEST(BindBudget, KeyframesRefusedBeforeTheyAreDecoded) {
  AssetBuilder b;
  const int node = b.addNode(json::object());
  b.addScene({node});
  const int times = addTimes(b, {0.0f, 1.0f});  // the buffer: 8 bytes
  AccessorDesc values;                          // no bufferView: the JSON alone sets the size
  values.type = "VEC3";
  values.count = 1000000;
  const int output = b.addAccessor(values);
  addAnimation(b, json::array({sampler(times, output)}),
               json::array({coreChannel(0, node, "translation")}));
  scene::LoadOptions options;
  options.maxMemoryBytes = uint64_t(1) << 20;
  scene::LoadResult loaded = scene::loadScene(b.writeGlb(testStem()), {}, options);
  ASSERT_EQ(loaded.error, "");
  const BindResult bound = bindAnimations(*loaded.scene, *loaded.document);
  // Left: the budget less the buffer (kept: animations read it) and the 2 decoded times.
  EXPECT_EQ(bound.warnings,
            std::vector<std::string>{
                "/animations/0/channels/0: cannot read the output: "
                "/animations/0/samplers/0/output: animation keyframe values (accessor of 1000000 "
                "VEC3 floats) needs 11.4 MiB, more than the 1048560 bytes left of the 1.0 MiB "
                "memory budget (--max-memory)"});
  EXPECT_EQ(loaded.document->budget->used(), 16u);
}

}  // namespace
}  // namespace vitrine::anim
