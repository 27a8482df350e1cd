// Joint matrices driven by animation: simple_skin's channel turns joint node 2; after
// Animations::evaluate() the world matrices it marks bring exactly that joint's matrix up to
// date, equal to computing every joint matrix afresh, and a frame that moves nothing
// recomputes none.
#include <gtest/gtest.h>

#include <string>

#include "animation.h"
#include "gltf_document.h"
#include "joint_matrices.h"
#include "loader.h"

namespace vitrine::anim {
namespace {

TEST(SkinJoints, FollowTheAnimatedJointOnly) {
  scene::LoadResult loaded =
      scene::loadScene(std::string(VITRINE_MODELS_DIR) + "/simple_skin/simple_skin.gltf");
  ASSERT_EQ(loaded.error, "");
  scene::Scene& s = *loaded.scene;
  BindResult bound = bindAnimations(s, *loaded.document);
  ASSERT_EQ(bound.warnings, std::vector<std::string>{});
  scene::JointMatrices joints(s);
  const std::vector<bool> enabled = {true};
  scene::DirtySet dirty;
  for (const float t : {0.75f, 1.5f, 2.25f, 5.0f}) {
    bound.animations->evaluate(t, enabled, dirty);
    scene::DirtyRanges changed;
    // Only node 2 (joint 1) is animated: its matrix alone is recomputed.
    EXPECT_EQ(joints.update(s, dirty.worldMatrices, changed), 1u) << t;
    changed.coalesce();
    EXPECT_EQ(changed.ranges(), (std::vector<scene::ByteRange>{{64, 64}})) << t;
    const scene::JointMatrices fresh(s);
    EXPECT_EQ(joints.matrices(), fresh.matrices()) << t;
    dirty.clear();
  }
  // The same time again: nothing moves, nothing is recomputed.
  bound.animations->evaluate(5.0f, enabled, dirty);
  scene::DirtyRanges changed;
  EXPECT_EQ(joints.update(s, dirty.worldMatrices, changed), 0u);
  EXPECT_TRUE(changed.empty());
}

}  // namespace
}  // namespace vitrine::anim
