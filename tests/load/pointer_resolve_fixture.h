// The fixture the Object Model tests share (pointer_resolve_test.cpp and the files beside
// it): a generated asset that carries every property the Object Model names, and one row per
// pointer with where its slot must point.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <limits>
#include <ostream>
#include <string>
#include <vector>

#include "pointer_resolve.h"
#include "test_util.h"

namespace vitrine::test {

using nlohmann::json;
using scene::Region;
using scene::ResolveResult;
using scene::Scene;
using scene::Slot;
using scene::ValueType;
using F = ValueType;
using R = Region;

inline constexpr float kInf = std::numeric_limits<float>::infinity();

// Every node, mesh, camera, material (core and extension properties, texture transforms),
// light, scene, skin and extras value the Object Model tables name, with known values.
AssetBuilder fullAsset();

// The byte offset each region documents (object_model.h), computed from where the slot points.
uint32_t documentedOffset(const Scene& s, const Slot& slot);

struct Row {
  std::string pointer;
  ValueType type;
  Region region;
  uint32_t element;
  std::vector<float> value;
  std::function<float*(Scene&)> field;  // where slot.data must point
  int64_t byteOffset = -1;              // -1: documentedOffset()
};
void PrintTo(const Row& r, std::ostream* os);

class ObjectModelRows : public testing::TestWithParam<Row> {};

}  // namespace vitrine::test
