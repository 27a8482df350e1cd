#include "animation_selection.h"

#include <gtest/gtest.h>

namespace vitrine::app {
namespace {

const std::vector<std::string> kClips = {"Walk", "", "Run", "7"};

std::vector<bool> select(const std::vector<std::string>& values) {
  std::vector<bool> enabled;
  std::string error;
  EXPECT_TRUE(selectAnimations(kClips, values, enabled, &error)) << error;
  return enabled;
}

TEST(AnimationSelection, DefaultIsAll) {
  EXPECT_EQ(select({}), std::vector<bool>({true, true, true, true}));
}

TEST(AnimationSelection, ValuesApplyInOrder) {
  EXPECT_EQ(select({"none"}), std::vector<bool>({false, false, false, false}));
  EXPECT_EQ(select({"1"}), std::vector<bool>({false, true, false, false}));
  EXPECT_EQ(select({"Run", "0"}), std::vector<bool>({true, false, true, false}));
  EXPECT_EQ(select({"Run", "none", "Walk"}), std::vector<bool>({true, false, false, false}));
  EXPECT_EQ(select({"none", "all"}), std::vector<bool>({true, true, true, true}));
  // Digits are an index first ("3" is the clip named "7"), a name second ("7").
  EXPECT_EQ(select({"3"}), std::vector<bool>({false, false, false, true}));
  EXPECT_EQ(select({"7"}), std::vector<bool>({false, false, false, true}));
}

TEST(AnimationSelection, UnknownValuesSayWhy) {
  std::vector<bool> enabled;
  std::string error;
  EXPECT_FALSE(selectAnimations(kClips, {"9"}, enabled, &error));
  EXPECT_EQ(error, "--animation 9: the asset has 4 animations");
  EXPECT_FALSE(selectAnimations(kClips, {"Jump"}, enabled, &error));
  EXPECT_EQ(error, "--animation Jump: no animation is named \"Jump\"");
  EXPECT_FALSE(selectAnimations({"A"}, {"1"}, enabled, &error));
  EXPECT_EQ(error, "--animation 1: the asset has 1 animation");
  EXPECT_FALSE(selectAnimations(kClips, {""}, enabled, &error));
  EXPECT_EQ(error, "--animation : no animation is named \"\"");
}

}  // namespace
}  // namespace vitrine::app
