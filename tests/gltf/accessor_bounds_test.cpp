// The accessor reader's bounds checks, and the validation of what accessors stand on: each
// case with its exact message.
#include <gtest/gtest.h>

#include <functional>

#include "load/test_util.h"

namespace vitrine::test {
namespace {

using scene::GltfDocument;
// --- out of bounds: exact messages ----------------------------------------------------------

TEST(AccessorBounds, ElementsPastTheBufferView) {
  AssetBuilder b;
  AccessorDesc d;
  d.bufferView = b.addBufferView(std::vector<float>(11));  // 44 bytes
  d.type = "VEC3";
  d.count = 4;  // needs 48
  b.addAccessor(d);
  std::vector<float> out;
  EXPECT_EQ(readFloats(b, 0, out),
            "/accessors/0: byteOffset 0 + byteStride 12 x (count 4 - 1) + element 12 bytes = 48 "
            "exceeds bufferView 0 byteLength 44");
  EXPECT_TRUE(out.empty());
}

TEST(AccessorBounds, ByteOffsetPushesTheLastElementOut) {
  AssetBuilder b;
  AccessorDesc d;
  d.bufferView = b.addBufferView(std::vector<float>(12), 16);  // 48 bytes, stride 16
  d.byteOffset = 8;
  d.type = "VEC3";
  d.count = 3;  // 8 + 16 * 2 + 12 = 52
  b.addAccessor(d);
  std::vector<float> out;
  EXPECT_EQ(readFloats(b, 0, out),
            "/accessors/0: byteOffset 8 + byteStride 16 x (count 3 - 1) + element 12 bytes = 52 "
            "exceeds bufferView 0 byteLength 48");
}

TEST(AccessorBounds, StrideSmallerThanTheElement) {
  AssetBuilder b;
  AccessorDesc d;
  d.bufferView = b.addBufferView(std::vector<float>(12), 8);
  d.type = "VEC3";
  d.count = 2;
  b.addAccessor(d);
  std::vector<float> out;
  EXPECT_EQ(readFloats(b, 0, out),
            "/accessors/0: bufferView 0 byteStride 8 is smaller than the element size 12");
}

TEST(AccessorBounds, SparseIndicesPastTheirBufferView) {
  AssetBuilder b;
  const int a = b.addFloats({1, 2, 3, 4, 5, 6}, "SCALAR");
  b.setSparse(a, {.count = 3,
                  .indicesBufferView = b.addBufferView(std::vector<uint16_t>{0, 1}),
                  .indicesComponentType = gl::kUnsignedShort,
                  .valuesBufferView = b.addBufferView(std::vector<float>{7, 8, 9})});
  std::vector<float> out;
  EXPECT_EQ(readFloats(b, 0, out),
            "/accessors/0/sparse/indices: byteOffset 0 + count 3 x 2 bytes = 6 exceeds "
            "bufferView 1 byteLength 4");
}

TEST(AccessorBounds, SparseValuesPastTheirBufferView) {
  AssetBuilder b;
  const int a = b.addVec3(std::vector<glm::vec3>(4));
  b.setSparse(a, {.count = 2,
                  .indicesBufferView = b.addBufferView(std::vector<uint8_t>{0, 1}),
                  .indicesComponentType = gl::kUnsignedByte,
                  .valuesBufferView = b.addBufferView(std::vector<float>(5))});
  std::vector<float> out;
  EXPECT_EQ(readFloats(b, 0, out),
            "/accessors/0/sparse/values: byteOffset 0 + count 2 x 12 bytes = 24 exceeds "
            "bufferView 2 byteLength 20");
}

TEST(AccessorBounds, SparseIndexNotBelowCount) {
  AssetBuilder b;
  AccessorDesc d;
  d.count = 6;
  const int a = b.addAccessor(d);
  b.setSparse(a, {.count = 2,
                  .indicesBufferView = b.addBufferView(std::vector<uint32_t>{2, 6}),
                  .indicesComponentType = gl::kUnsignedInt,
                  .valuesBufferView = b.addBufferView(std::vector<float>{1, 2})});
  std::vector<float> out;
  EXPECT_EQ(readFloats(b, 0, out),
            "/accessors/0/sparse/indices: index 6 (element 1) is out of range (count 6)");
}

TEST(AccessorBounds, HugeAccessorWithoutBufferViewIsRefusedBeforeAllocating) {
  AssetBuilder b;
  AccessorDesc d;
  d.type = "MAT4";
  d.count = 4000000000u;
  b.addAccessor(d);
  std::vector<float> out;
  EXPECT_EQ(readFloats(b, 0, out),
            "/accessors/0: count 4000000000 x 16 components exceeds the loader's limit of "
            "268435456 values");
}

// Validation (before any data is read) of what accessors stand on.
struct InvalidCase {
  const char* name;
  std::function<void(AssetBuilder&)> build;
  const char* error;
};
void PrintTo(const InvalidCase& c, std::ostream* os) {
  *os << c.name;
}

class AccessorValidation : public testing::TestWithParam<InvalidCase> {};

TEST_P(AccessorValidation, IsRejectedWithItsPointer) {
  AssetBuilder b;
  GetParam().build(b);
  // Accessor 0 is drawn (a problem in an accessor nothing reads is only a warning,
  // gltf/TOLERANCE.md).
  b.json()["meshes"] = {{{"primitives", {{{"attributes", {{"POSITION", 0}}}}}}}};
  b.json()["nodes"] = {{{"mesh", 0}}};
  GltfDocument doc;
  EXPECT_EQ(parseInMemory(b, doc), GetParam().error);
}

INSTANTIATE_TEST_SUITE_P(
    Accessor, AccessorValidation,
    testing::Values(
        InvalidCase{"BufferViewPastItsBuffer",
                    [](AssetBuilder& b) {
                      b.addFloats({1, 2, 3}, "SCALAR");
                      b.json()["bufferViews"][0]["byteOffset"] = 4;
                    },
                    "/bufferViews/0: byteOffset 4 + byteLength 12 = 16 exceeds buffer 0 "
                    "byteLength 12"},
        InvalidCase{"MissingBufferView",
                    [](AssetBuilder& b) {
                      b.addFloats({1}, "SCALAR");
                      b.json()["accessors"][0]["bufferView"] = 3;
                    },
                    "/accessors/0/bufferView: bufferView 3 does not exist (1 bufferView)"},
        InvalidCase{"IntComponents",
                    [](AssetBuilder& b) {
                      b.addFloats({1}, "SCALAR");
                      b.json()["accessors"][0]["componentType"] = 5124;
                    },
                    "/accessors/0/componentType: componentType 5124 (INT) is not allowed in "
                    "glTF 2.0"},
        InvalidCase{"NormalizedFloat",
                    [](AssetBuilder& b) {
                      b.addFloats({1}, "SCALAR");
                      b.json()["accessors"][0]["normalized"] = true;
                    },
                    "/accessors/0/normalized: must not be true for FLOAT components"},
        InvalidCase{"UnknownType",
                    [](AssetBuilder& b) {
                      b.addFloats({1}, "SCALAR");
                      b.json()["accessors"][0]["type"] = "VEC5";
                    },
                    "/accessors/0/type: expected one of SCALAR, VEC2, VEC3, VEC4, MAT2, MAT3, "
                    "MAT4, got \"VEC5\""},
        InvalidCase{"ZeroCount",
                    [](AssetBuilder& b) {
                      b.addFloats({1}, "SCALAR");
                      b.json()["accessors"][0]["count"] = 0;
                    },
                    "/accessors/0/count: expected an integer in [1, 4294967295], got 0"},
        InvalidCase{"SparseCountAboveCount",
                    [](AssetBuilder& b) {
                      const int a = b.addFloats({1, 2}, "SCALAR");
                      b.setSparse(a, {.count = 3,
                                      .indicesBufferView = 0,
                                      .indicesComponentType = gl::kUnsignedByte,
                                      .valuesBufferView = 0});
                    },
                    "/accessors/0/sparse/count: expected an integer in [1, 2], got 3"},
        InvalidCase{"SparseIndicesOfSignedType",
                    [](AssetBuilder& b) {
                      const int a = b.addFloats({1, 2}, "SCALAR");
                      b.setSparse(a, {.count = 1,
                                      .indicesBufferView = 0,
                                      .indicesComponentType = gl::kShort,
                                      .valuesBufferView = 0});
                    },
                    "/accessors/0/sparse/indices/componentType: expected one of 5121, 5123, "
                    "5125, got 5122"}),
    [](const auto& info) { return std::string(info.param.name); });

}  // namespace
}  // namespace vitrine::test
