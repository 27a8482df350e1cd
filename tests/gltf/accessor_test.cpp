// The accessor reader: every component type, normalization, strides, matrix column padding,
// sparse substitution.
#include <gtest/gtest.h>

#include "accessor.h"
#include "load/test_util.h"

namespace vitrine::test {
namespace {

using scene::GltfDocument;
using scene::readAccessor;

struct Read {
  std::string error;
  std::vector<float> floats;
  std::vector<uint32_t> uints;
};

// Parses the builder's asset and reads accessor `index` both ways.
Read readBoth(const AssetBuilder& b, uint32_t index) {
  GltfDocument doc;
  Read r;
  r.error = parseInMemory(b, doc);
  if (!r.error.empty()) return r;
  r.error = readAccessor(doc, index, r.floats);
  std::string uintError = readAccessor(doc, index, r.uints);
  if (r.error.empty()) r.error = uintError.empty() ? "" : "uint: " + uintError;
  return r;
}

// A SCALAR accessor of `componentType` over `bytes`.
int addScalar(AssetBuilder& b, int componentType, const std::vector<uint8_t>& bytes, uint32_t count,
              bool normalized = false) {
  AccessorDesc d;
  d.bufferView = b.addBufferView(bytes);
  d.componentType = componentType;
  d.count = count;
  d.normalized = normalized;
  return b.addAccessor(d);
}

// --- component types ----------------------------------------------------------------------

struct ComponentCase {
  const char* name;
  int componentType;
  std::vector<uint8_t> bytes;
  std::vector<float> expected;
};
void PrintTo(const ComponentCase& c, std::ostream* os) {
  *os << c.name;
}

class ComponentTypes : public testing::TestWithParam<ComponentCase> {};

TEST_P(ComponentTypes, ReadAsPlainValues) {
  const ComponentCase& c = GetParam();
  AssetBuilder b;
  addScalar(b, c.componentType, c.bytes, uint32_t(c.expected.size()));
  std::vector<float> out;
  ASSERT_EQ(readFloats(b, 0, out), "");
  EXPECT_EQ(out, c.expected);
}

INSTANTIATE_TEST_SUITE_P(
    Accessor, ComponentTypes,
    testing::Values(
        ComponentCase{"Byte", gl::kByte, bytesOf<int8_t>({-128, -1, 0, 127}), {-128, -1, 0, 127}},
        ComponentCase{"UnsignedByte",
                      gl::kUnsignedByte,
                      bytesOf<uint8_t>({0, 1, 200, 255}),
                      {0, 1, 200, 255}},
        ComponentCase{"Short",
                      gl::kShort,
                      bytesOf<int16_t>({-32768, -2, 300, 32767}),
                      {-32768, -2, 300, 32767}},
        ComponentCase{"UnsignedShort",
                      gl::kUnsignedShort,
                      bytesOf<uint16_t>({0, 2, 40000, 65535}),
                      {0, 2, 40000, 65535}},
        ComponentCase{"UnsignedInt",
                      gl::kUnsignedInt,
                      bytesOf<uint32_t>({0, 7, 70000, 4000000000u}),
                      {0, 7, 70000, 4e9f}},
        ComponentCase{"Float",
                      gl::kFloat,
                      bytesOf<float>({-1.5f, 0.0f, 2.25f, 1e10f}),
                      {-1.5f, 0.0f, 2.25f, 1e10f}}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(Accessor, UnsignedComponentsReadAsIntegers) {
  AssetBuilder b;
  addScalar(b, gl::kUnsignedByte, bytesOf<uint8_t>({0, 255, 17}), 3);
  addScalar(b, gl::kUnsignedShort, bytesOf<uint16_t>({65535, 3}), 2);
  addScalar(b, gl::kUnsignedInt, bytesOf<uint32_t>({4294967295u, 9}), 2);
  EXPECT_EQ(readBoth(b, 0).uints, (std::vector<uint32_t>{0, 255, 17}));
  EXPECT_EQ(readBoth(b, 1).uints, (std::vector<uint32_t>{65535, 3}));
  EXPECT_EQ(readBoth(b, 2).uints, (std::vector<uint32_t>{4294967295u, 9}));
}

TEST(Accessor, SignedAndFloatComponentsAreNotUnsignedIntegers) {
  AssetBuilder b;
  addScalar(b, gl::kFloat, bytesOf<float>({1.0f}), 1);
  addScalar(b, gl::kShort, bytesOf<int16_t>({1}), 1);
  GltfDocument doc;
  ASSERT_EQ(parseInMemory(b, doc), "");
  std::vector<uint32_t> out;
  EXPECT_EQ(readAccessor(doc, 0, out),
            "/accessors/0: componentType FLOAT cannot be read as unsigned integers");
  EXPECT_EQ(readAccessor(doc, 1, out),
            "/accessors/1: componentType SHORT cannot be read as unsigned integers");
  EXPECT_TRUE(out.empty());
}

// --- normalized integers (formulas.md "Normalized integers") -------------------------------

TEST(Accessor, NormalizedSignedByteClampsMinus128ToMinusOne) {
  AssetBuilder b;
  addScalar(b, gl::kByte, bytesOf<int8_t>({-128, -127, 0, 64, 127}), 5, true);
  std::vector<float> out;
  ASSERT_EQ(readFloats(b, 0, out), "");
  EXPECT_EQ(out, (std::vector<float>{-1.0f, -1.0f, 0.0f, 64.0f / 127.0f, 1.0f}));
}

TEST(Accessor, NormalizedUnsignedByte) {
  AssetBuilder b;
  addScalar(b, gl::kUnsignedByte, bytesOf<uint8_t>({0, 51, 255}), 3, true);
  std::vector<float> out;
  ASSERT_EQ(readFloats(b, 0, out), "");
  EXPECT_EQ(out, (std::vector<float>{0.0f, 51.0f / 255.0f, 1.0f}));
}

TEST(Accessor, NormalizedSignedShortClampsMinus32768ToMinusOne) {
  AssetBuilder b;
  addScalar(b, gl::kShort, bytesOf<int16_t>({-32768, -32767, 0, 32767}), 4, true);
  std::vector<float> out;
  ASSERT_EQ(readFloats(b, 0, out), "");
  EXPECT_EQ(out, (std::vector<float>{-1.0f, -1.0f, 0.0f, 1.0f}));
}

TEST(Accessor, NormalizedUnsignedShort) {
  AssetBuilder b;
  addScalar(b, gl::kUnsignedShort, bytesOf<uint16_t>({0, 13107, 65535}), 3, true);
  std::vector<float> out;
  ASSERT_EQ(readFloats(b, 0, out), "");
  EXPECT_EQ(out, (std::vector<float>{0.0f, 13107.0f / 65535.0f, 1.0f}));
}

// --- layout -------------------------------------------------------------------------------

TEST(Accessor, StridedElementsSkipInterleavedBytes) {
  // Three VEC3 floats 20 bytes apart, each followed by a junk float; the accessor starts 4
  // bytes into the view.
  AssetBuilder b;
  const std::vector<float> data = {-7, 1, 2, 3, -7, -7, 4,  5,  6,  -7,
                                   -7, 7, 8, 9, -7, -7, -7, -7, -7, -7};
  AccessorDesc d;
  d.bufferView = b.addBufferView(data, 20);
  d.byteOffset = 4;
  d.type = "VEC3";
  d.count = 3;
  b.addAccessor(d);
  std::vector<float> out;
  ASSERT_EQ(readFloats(b, 0, out), "");
  EXPECT_EQ(out, (std::vector<float>{1, 2, 3, 4, 5, 6, 7, 8, 9}));
}

struct MatrixCase {
  const char* name;
  int componentType;
  const char* type;
  std::vector<uint8_t> bytes;  // two elements, with the padding §3.6.2.4 requires
  std::vector<float> expected;
};
void PrintTo(const MatrixCase& c, std::ostream* os) {
  *os << c.name;
}

class MatrixPadding : public testing::TestWithParam<MatrixCase> {};

TEST_P(MatrixPadding, ColumnsStartFourByteAligned) {
  const MatrixCase& c = GetParam();
  AssetBuilder b;
  AccessorDesc d;
  d.bufferView = b.addBufferView(c.bytes);
  d.componentType = c.componentType;
  d.type = c.type;
  d.count = 2;
  b.addAccessor(d);
  std::vector<float> out;
  ASSERT_EQ(readFloats(b, 0, out), "");
  EXPECT_EQ(out, c.expected);
}

constexpr uint8_t P = 0xEE;  // a padding byte, never read
INSTANTIATE_TEST_SUITE_P(
    Accessor, MatrixPadding,
    testing::Values(MatrixCase{"Mat2Byte",
                               gl::kUnsignedByte,
                               "MAT2",
                               {1, 2, P, P, 3, 4, P, P, 5, 6, P, P, 7, 8, P, P},
                               {1, 2, 3, 4, 5, 6, 7, 8}},
                    MatrixCase{"Mat3Byte",
                               gl::kByte,
                               "MAT3",
                               {1,  2,  3,  P, 4,  5,  6,  P, 7,  8,  9,  P,
                                11, 12, 13, P, 14, 15, 16, P, 17, 18, 19, P},
                               {1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14, 15, 16, 17, 18, 19}},
                    MatrixCase{"Mat3Short",
                               gl::kUnsignedShort,
                               "MAT3",
                               [] {
                                 std::vector<uint8_t> v;
                                 for (int e = 0; e < 2; ++e) {
                                   for (int col = 0; col < 3; ++col) {
                                     for (int row = 0; row < 3; ++row) {
                                       const uint16_t x = uint16_t(100 * e + 10 * col + row);
                                       v.push_back(uint8_t(x));
                                       v.push_back(uint8_t(x >> 8));
                                     }
                                     v.push_back(P);
                                     v.push_back(P);
                                   }
                                 }
                                 return v;
                               }(),
                               {0, 1, 2, 10, 11, 12, 20, 21, 22, 100, 101, 102, 110, 111, 112, 120,
                                121, 122}},
                    MatrixCase{"Mat2ShortHasNoPadding",
                               gl::kShort,
                               "MAT2",
                               bytesOf<int16_t>({1, -2, 3, -4, 5, -6, 7, -8}),
                               {1, -2, 3, -4, 5, -6, 7, -8}},
                    MatrixCase{"Mat4ByteHasNoPadding", gl::kUnsignedByte, "MAT4",
                               [] {
                                 std::vector<uint8_t> v(32);
                                 for (size_t i = 0; i < 32; ++i) v[i] = uint8_t(i);
                                 return v;
                               }(),
                               [] {
                                 std::vector<float> v(32);
                                 for (size_t i = 0; i < 32; ++i) v[i] = float(i);
                                 return v;
                               }()}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(Accessor, LastMatrixColumnMayOmitItsPadding) {
  // §3.6.2.4: "trailing bytes MAY be omitted if there's no further data": 12 + 11 bytes.
  AssetBuilder b;
  AccessorDesc d;
  d.bufferView = b.addBufferView(std::vector<uint8_t>{1, 2, 3, P, 4, 5, 6, P, 7, 8, 9, P,  //
                                                      1, 2, 3, P, 4, 5, 6, P, 7, 8, 9});
  d.componentType = gl::kUnsignedByte;
  d.type = "MAT3";
  d.count = 2;
  b.addAccessor(d);
  std::vector<float> out;
  ASSERT_EQ(readFloats(b, 0, out), "");
  EXPECT_EQ(out.size(), 18u);
  EXPECT_EQ(out.back(), 9.0f);
}

// --- sparse (§3.6.2.3) ----------------------------------------------------------------------

TEST(Accessor, SparseValuesReplaceBufferViewElements) {
  AssetBuilder b;
  const int base = b.addFloats({0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, "VEC2");
  b.setSparse(base, {.count = 2,
                     .indicesBufferView = b.addBufferView(std::vector<uint16_t>{1, 4}),
                     .indicesComponentType = gl::kUnsignedShort,
                     .valuesBufferView = b.addBufferView(std::vector<float>{10, 11, 40, 41})});
  std::vector<float> out;
  ASSERT_EQ(readFloats(b, 0, out), "");
  EXPECT_EQ(out, (std::vector<float>{0, 1, 10, 11, 4, 5, 6, 7, 40, 41}));
}

class SparseIndexTypes : public testing::TestWithParam<int> {};

TEST_P(SparseIndexTypes, AccessorWithoutBufferViewStartsAsZeros) {
  const int indexType = GetParam();
  std::vector<uint8_t> indices;
  for (uint32_t i : {0u, 5u}) {
    for (uint32_t k = 0; k < (indexType == gl::kUnsignedByte    ? 1u
                              : indexType == gl::kUnsignedShort ? 2u
                                                                : 4u);
         ++k) {
      indices.push_back(uint8_t(i >> (8 * k)));
    }
  }
  AssetBuilder b;
  AccessorDesc d;
  d.count = 6;
  const int a = b.addAccessor(d);
  b.setSparse(a, {.count = 2,
                  .indicesBufferView = b.addBufferView(indices),
                  .indicesComponentType = indexType,
                  .valuesBufferView = b.addBufferView(std::vector<float>{7, 9})});
  std::vector<float> out;
  ASSERT_EQ(readFloats(b, 0, out), "");
  EXPECT_EQ(out, (std::vector<float>{7, 0, 0, 0, 0, 9}));
}

INSTANTIATE_TEST_SUITE_P(Accessor, SparseIndexTypes,
                         testing::Values(gl::kUnsignedByte, gl::kUnsignedShort, gl::kUnsignedInt));

TEST(Accessor, SparseValuesOfNormalizedIntegersAreNormalized) {
  AssetBuilder b;
  const int a = addScalar(b, gl::kUnsignedByte, {0, 0, 0}, 3, true);
  b.setSparse(a, {.count = 1,
                  .indicesBufferView = b.addBufferView(std::vector<uint8_t>{2}),
                  .indicesComponentType = gl::kUnsignedByte,
                  .valuesBufferView = b.addBufferView(std::vector<uint8_t>{255})});
  std::vector<float> out;
  ASSERT_EQ(readFloats(b, 0, out), "");
  EXPECT_EQ(out, (std::vector<float>{0, 0, 1}));
}

}  // namespace
}  // namespace vitrine::test
