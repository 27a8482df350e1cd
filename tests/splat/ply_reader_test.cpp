// The 3DGS .ply reader (splat/ply_reader.h): files written here, property by property, in the
// INRIA layout and variations of it (shuffled, extra properties and elements, ascii, big
// endian), their conversion as KHR_gaussian_splatting maps it, and each refusal's exact text.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "ply_reader.h"

namespace vitrine::splat {
namespace {

using scene::SplatCloud;

// One vertex: property name -> value (absent properties are written as 0).
using Vertex = std::map<std::string, double>;

// The properties the INRIA trainer writes, in its order, for `restCount` f_rest properties.
std::vector<std::string> inriaNames(uint32_t restCount) {
  std::vector<std::string> n = {"x", "y", "z", "nx", "ny", "nz", "f_dc_0", "f_dc_1", "f_dc_2"};
  for (uint32_t k = 0; k < restCount; ++k) n.push_back("f_rest_" + std::to_string(k));
  for (const char* s :
       {"opacity", "scale_0", "scale_1", "scale_2", "rot_0", "rot_1", "rot_2", "rot_3"})
    n.push_back(s);
  return n;
}

// A .ply writer: the vertex element's properties in `names` order (type "float" unless `types`
// says otherwise), `before`/`after` header lines and body bytes of other elements.
struct PlyWriter {
  std::string format = "binary_little_endian";
  std::vector<std::string> names;
  std::map<std::string, std::string> types;
  std::vector<Vertex> vertices;
  std::string headerBefore, headerAfter;  // whole lines, "\n" included
  std::string bodyBefore, bodyAfter;      // bytes (binary) or text (ascii)
  std::string countOverride;              // the element vertex count as written, if set

  explicit PlyWriter(uint32_t restCount = 0) : names(inriaNames(restCount)) {}

  std::string type(const std::string& name) const {
    const auto it = types.find(name);
    return it == types.end() ? "float" : it->second;
  }

  std::string header() const {
    std::string h = "ply\nformat " + format + " 1.0\ncomment written by ply_reader_test\n";
    h += headerBefore;
    h += "element vertex " +
         (countOverride.empty() ? std::to_string(vertices.size()) : countOverride) + "\n";
    for (const std::string& n : names) h += "property " + type(n) + " " + n + "\n";
    h += headerAfter;
    return h + "end_header\n";
  }

  void value(std::vector<uint8_t>& out, const std::string& t, double v) const {
    if (format == "ascii") {
      char text[64];
      std::snprintf(text, sizeof text, "%.17g ", v);
      out.insert(out.end(), text, text + std::strlen(text));
      return;
    }
    uint8_t b[8];
    size_t size = 4;
    auto put = [&](auto x) {
      size = sizeof x;
      std::memcpy(b, &x, size);
    };
    if (t == "float") put(float(v));
    if (t == "double") put(v);
    if (t == "uchar") put(uint8_t(v));
    if (t == "char") put(int8_t(v));
    if (t == "short") put(int16_t(v));
    if (t == "ushort") put(uint16_t(v));
    if (t == "int") put(int32_t(v));
    if (t == "uint") put(uint32_t(v));
    for (size_t i = 0; i < size; ++i)
      out.push_back(b[format == "binary_big_endian" ? size - 1 - i : i]);
  }

  std::vector<uint8_t> bytes() const {
    const std::string h = header();
    std::vector<uint8_t> out(h.begin(), h.end());
    out.insert(out.end(), bodyBefore.begin(), bodyBefore.end());
    for (const Vertex& v : vertices) {
      for (const std::string& n : names) {
        const auto it = v.find(n);
        value(out, type(n), it == v.end() ? 0.0 : it->second);
      }
      if (format == "ascii") out.back() = '\n';
    }
    out.insert(out.end(), bodyAfter.begin(), bodyAfter.end());
    return out;
  }
};

std::string read(const PlyWriter& w, SplatCloud& cloud) {
  return readPly(w.bytes(), cloud);
}

std::string errorOf(const std::vector<uint8_t>& bytes) {
  SplatCloud cloud;
  const std::string err = readPly(bytes, cloud);
  EXPECT_EQ(cloud.count, 0u) << "a refused file leaves the cloud empty";
  PlyHeader header;
  const std::string headerErr = readPlyHeader(bytes, header);
  // The header's errors are readPly's too.
  if (!headerErr.empty()) {
    EXPECT_EQ(headerErr, err);
  }
  return err;
}
std::string errorOf(const PlyWriter& w) {
  return errorOf(w.bytes());
}
std::vector<uint8_t> bytesOf(const std::string& text) {
  return {text.begin(), text.end()};
}

double sigmoid(double x) {
  return 1.0 / (1.0 + std::exp(-x));
}

// A splat with every property distinct, f_rest_k = 100 + k.
Vertex sampleVertex(uint32_t restCount, double offset = 0.0) {
  Vertex v = {{"x", 1.5 + offset},
              {"y", -2.0},
              {"z", 3.25},
              {"nx", 7},
              {"ny", 8},
              {"nz", 9},
              {"f_dc_0", 0.1},
              {"f_dc_1", -0.2},
              {"f_dc_2", 0.3},
              {"opacity", 0.75},
              {"scale_0", std::log(2.0)},
              {"scale_1", 0.0},
              {"scale_2", -1.0},
              {"rot_0", 4.0},
              {"rot_1", 1.0},
              {"rot_2", 2.0},
              {"rot_3", 3.0}};
  for (uint32_t k = 0; k < restCount; ++k) v["f_rest_" + std::to_string(k)] = 100.0 + k + offset;
  return v;
}

void expectSameCloud(const SplatCloud& a, const SplatCloud& b) {
  ASSERT_EQ(a.count, b.count);
  ASSERT_EQ(a.degree, b.degree);
  EXPECT_EQ(a.positions, b.positions);
  EXPECT_EQ(a.rotations, b.rotations);
  EXPECT_EQ(a.scales, b.scales);
  EXPECT_EQ(a.opacities, b.opacities);
  EXPECT_EQ(a.sh, b.sh);
}

TEST(PlyReader, ConvertsAsTheExtensionMapsIt) {
  PlyWriter w;
  w.vertices = {sampleVertex(0)};
  SplatCloud c;
  ASSERT_EQ(read(w, c), "");
  ASSERT_EQ(c.count, 1u);
  EXPECT_EQ(c.degree, 0u);
  EXPECT_EQ(c.colorSpace, scene::SplatColorSpace::SrgbDisplay);
  // Positions unchanged, no change of axes.
  EXPECT_EQ(c.positions[0], glm::vec3(1.5f, -2.0f, 3.25f));
  // scale = exp(scale_i)
  EXPECT_FLOAT_EQ(c.scales[0].x, 2.0f);
  EXPECT_FLOAT_EQ(c.scales[0].y, 1.0f);
  EXPECT_FLOAT_EQ(c.scales[0].z, float(std::exp(-1.0)));
  // opacity = sigmoid(opacity)
  EXPECT_FLOAT_EQ(c.opacities[0], float(sigmoid(0.75)));
  // (rot_1, rot_2, rot_3, rot_0) normalized: (1, 2, 3, 4) / sqrt(30)
  const float n = float(std::sqrt(30.0));
  EXPECT_FLOAT_EQ(c.rotations[0].x, 1.0f / n);
  EXPECT_FLOAT_EQ(c.rotations[0].y, 2.0f / n);
  EXPECT_FLOAT_EQ(c.rotations[0].z, 3.0f / n);
  EXPECT_FLOAT_EQ(c.rotations[0].w, 4.0f / n);
  ASSERT_EQ(c.sh.size(), 1u);
  EXPECT_EQ(c.sh[0], glm::vec3(0.1f, -0.2f, 0.3f));
}

TEST(PlyReader, OpacityAndScaleKeepTheirRangeAtTheExtremes) {
  PlyWriter w;
  Vertex a = sampleVertex(0), b = sampleVertex(0);
  a["opacity"] = -1000.0;
  b["opacity"] = 1000.0;
  a["scale_0"] = -1000.0;  // exp underflows to 0: a flat splat, allowed
  w.vertices = {a, b};
  SplatCloud c;
  ASSERT_EQ(read(w, c), "");
  EXPECT_EQ(c.opacities[0], 0.0f);
  EXPECT_EQ(c.opacities[1], 1.0f);
  EXPECT_EQ(c.scales[0].x, 0.0f);
}

TEST(PlyReader, DegreeOneCoefficientsFromChannelMajorRest) {
  PlyWriter w(9);
  w.vertices = {sampleVertex(9)};
  SplatCloud c;
  ASSERT_EQ(read(w, c), "");
  EXPECT_EQ(c.degree, 1u);
  ASSERT_EQ(c.sh.size(), 4u);
  // f_rest: red of coefficients 1..3, then green, then blue.
  EXPECT_EQ(c.sh[0], glm::vec3(0.1f, -0.2f, 0.3f));
  EXPECT_EQ(c.sh[1], glm::vec3(100, 103, 106));
  EXPECT_EQ(c.sh[2], glm::vec3(101, 104, 107));
  EXPECT_EQ(c.sh[3], glm::vec3(102, 105, 108));
}

TEST(PlyReader, DegreeThreeCoefficientsOfEachSplat) {
  PlyWriter w(45);
  w.vertices = {sampleVertex(45), sampleVertex(45, 1000.0)};
  SplatCloud c;
  ASSERT_EQ(read(w, c), "");
  EXPECT_EQ(c.degree, 3u);
  ASSERT_EQ(c.sh.size(), 32u);
  for (uint32_t i = 0; i < 2; ++i) {
    EXPECT_EQ(c.sh[i * 16], glm::vec3(0.1f, -0.2f, 0.3f));
    for (uint32_t k = 1; k < 16; ++k) {
      for (uint32_t ch = 0; ch < 3; ++ch)
        EXPECT_EQ(c.sh[i * 16 + k][int(ch)], 100.0f + float(ch * 15 + k - 1) + 1000.0f * float(i))
            << "splat " << i << " coefficient " << k << " channel " << ch;
    }
  }
}

TEST(PlyReader, DegreeFromTheRestCount) {
  for (const auto& [rest, degree] : {std::pair{0u, 0u}, {9u, 1u}, {24u, 2u}, {45u, 3u}}) {
    PlyWriter w(rest);
    w.vertices = {sampleVertex(rest)};
    PlyHeader h;
    const std::vector<uint8_t> bytes = w.bytes();
    ASSERT_EQ(readPlyHeader(bytes, h), "");
    EXPECT_EQ(h.degree, degree);
    EXPECT_EQ(h.count, 1u);
    EXPECT_EQ(h.dataOffset, w.header().size());
    SplatCloud c;
    ASSERT_EQ(readPly(bytes, c), "");
    EXPECT_EQ(c.degree, degree);
    EXPECT_EQ(c.sh.size(), size_t((degree + 1) * (degree + 1)));
  }
}

TEST(PlyReader, PropertiesInAnyOrder) {
  PlyWriter inria(24);
  inria.vertices = {sampleVertex(24), sampleVertex(24, 5.0)};
  PlyWriter shuffled = inria;
  std::reverse(shuffled.names.begin(), shuffled.names.end());
  std::swap(shuffled.names[3], shuffled.names[20]);
  SplatCloud a, b;
  ASSERT_EQ(read(inria, a), "");
  ASSERT_EQ(read(shuffled, b), "");
  expectSameCloud(a, b);
}

TEST(PlyReader, ExtraPropertiesTypesAndElementsAreSkipped) {
  PlyWriter plain(9);
  plain.vertices = {sampleVertex(9), sampleVertex(9, 2.0)};
  SplatCloud a;
  ASSERT_EQ(read(plain, a), "");

  PlyWriter extra = plain;
  extra.names.insert(extra.names.begin() + 4, {"red", "confidence", "f_rest_x"});
  extra.types = {{"red", "uchar"}, {"confidence", "double"}, {"nx", "short"}, {"x", "double"}};
  for (Vertex& v : extra.vertices) v["red"] = 200, v["confidence"] = 0.5, v["f_rest_x"] = 1;
  // A fixed-size element before vertex, a list element after it.
  extra.headerBefore = "obj_info camera\nelement camera 2\nproperty float fov\nproperty uchar id\n";
  extra.bodyBefore = std::string(10, '\x7f');
  extra.headerAfter = "element face 1\nproperty list uchar int vertex_indices\n";
  extra.bodyAfter = std::string("\x03\0\0\0\0\1\0\0\0\2\0\0\0", 13);
  SplatCloud b;
  ASSERT_EQ(read(extra, b), "");
  expectSameCloud(a, b);
}

TEST(PlyReader, AsciiAndBigEndianReadAsBinaryLittleEndian) {
  PlyWriter w(9);
  w.vertices = {sampleVertex(9), sampleVertex(9, 3.0)};
  SplatCloud little;
  ASSERT_EQ(read(w, little), "");
  for (const char* format : {"ascii", "binary_big_endian"}) {
    PlyWriter other = w;
    other.format = format;
    SplatCloud c;
    ASSERT_EQ(read(other, c), "") << format;
    expectSameCloud(little, c);
  }
  // Ascii: integer spellings, a leading '+', CRLF line ends.
  PlyWriter text(0);
  text.format = "ascii";
  text.vertices = {sampleVertex(0)};
  std::vector<uint8_t> bytes = text.bytes();
  std::string s(bytes.begin(), bytes.end());
  s.replace(s.find("1.5 "), 4, "+1.5\t");
  for (size_t at = 0; (at = s.find('\n', at)) != std::string::npos; at += 2) s.insert(at, "\r");
  SplatCloud c;
  ASSERT_EQ(readPly(bytesOf(s), c), "");
  EXPECT_EQ(c.positions[0], glm::vec3(1.5f, -2.0f, 3.25f));
}

TEST(PlyReader, ZeroRotationBecomesIdentityAndIsCounted) {
  PlyWriter w;
  Vertex zero = sampleVertex(0);
  zero["rot_0"] = zero["rot_1"] = zero["rot_2"] = zero["rot_3"] = 0.0;
  w.vertices = {sampleVertex(0), zero, zero};
  SplatCloud c;
  uint64_t zeroRotations = 99;
  ASSERT_EQ(readPly(w.bytes(), c, &zeroRotations), "");
  EXPECT_EQ(zeroRotations, 2u);
  EXPECT_EQ(c.rotations[1], glm::vec4(0, 0, 0, 1));
  EXPECT_EQ(c.rotations[2], glm::vec4(0, 0, 0, 1));
}

PlyWriter valid(size_t count = 1) {
  PlyWriter w;
  w.vertices.assign(count, sampleVertex(0));
  return w;
}

std::vector<uint8_t> withHeader(const std::string& header) {
  return bytesOf(header + std::string(64, '\0'));
}

TEST(PlyReaderErrors, HeaderLines) {
  EXPECT_EQ(errorOf(bytesOf("PLY\nformat ascii 1.0\n")), "line 1: expected 'ply'");
  EXPECT_EQ(errorOf(bytesOf("{\"asset\": {}}")), "line 1: expected 'ply'");
  EXPECT_EQ(errorOf(withHeader("ply\nformat binary_middle_endian 1.0\nend_header\n")),
            "line 2: unknown format 'binary_middle_endian' (ascii, binary_little_endian or "
            "binary_big_endian)");
  EXPECT_EQ(errorOf(withHeader("ply\ncomment x\nelement vertex 1\nend_header\n")),
            "line 3: expected 'format binary_little_endian 1.0' or 'format ascii 1.0'");
  EXPECT_EQ(errorOf(withHeader("ply\nformat ascii 2.0\nend_header\n")),
            "line 2: PLY version '2.0' is not supported (1.0)");
  EXPECT_EQ(errorOf(withHeader("ply\nformat ascii 1.0\nproperty float x\nend_header\n")),
            "line 3: property before any element");
  EXPECT_EQ(errorOf(withHeader("ply\nformat ascii 1.0\nelement vertex -1\nend_header\n")),
            "line 3: element vertex count '-1' is not a whole number");
  EXPECT_EQ(errorOf(withHeader("ply\nformat ascii 1.0\nelement vertex 1\nproperty half x\n")),
            "line 4: unknown property type 'half'");
  EXPECT_EQ(errorOf(withHeader("ply\nformat ascii 1.0\nelement vertex 1\nproperty float x\n"
                               "property double x\nend_header\n")),
            "line 5: property x appears twice in element vertex");
  EXPECT_EQ(errorOf(withHeader("ply\nformat ascii 1.0\nelement vertex 1\n"
                               "property list uchar int vertex_indices\nend_header\n")),
            "line 4: list property 'vertex_indices' in element vertex (3DGS vertices have none)");
  EXPECT_EQ(errorOf(withHeader("ply\nformat ascii 1.0\nelemental vertex 1\n")),
            "line 3: unknown keyword 'elemental'");
  EXPECT_EQ(errorOf(bytesOf("ply\nformat ascii 1.0\nelement vertex 1\nproperty float x\n")),
            "truncated: the header ends at line 5 without end_header");
  EXPECT_EQ(errorOf(withHeader("ply\nformat ascii 1.0\ncomment " + std::string(1020, 'c') + "\n")),
            "line 3: longer than 1024 characters");
  EXPECT_EQ(errorOf(withHeader("ply\nformat ascii 1.0\nelement face 1\nend_header\n")),
            "no element vertex");
}

TEST(PlyReaderErrors, BoundedHeader) {
  std::string many = "ply\nformat ascii 1.0\nelement vertex 1\n";
  for (int i = 0; i <= 256; ++i) many += "property float p" + std::to_string(i) + "\n";
  EXPECT_EQ(errorOf(withHeader(many)), "line 260: element vertex has more than 256 properties");
  std::string elements = "ply\nformat ascii 1.0\n";
  for (int i = 0; i <= 64; ++i) elements += "element e" + std::to_string(i) + " 0\n";
  EXPECT_EQ(errorOf(withHeader(elements)), "line 67: more than 64 elements");
}

TEST(PlyReaderErrors, MissingProperties) {
  for (const char* name : {"x", "f_dc_1", "opacity", "scale_2", "rot_0"}) {
    PlyWriter w = valid();
    std::erase(w.names, std::string(name));
    EXPECT_EQ(errorOf(w), std::string("missing property ") + name);
  }
  PlyWriter gap(9);
  gap.vertices = {sampleVertex(9)};
  std::replace(gap.names.begin(), gap.names.end(), std::string("f_rest_4"),
               std::string("f_rest_9"));
  EXPECT_EQ(errorOf(gap), "missing property f_rest_4");
}

TEST(PlyReaderErrors, RestCountMustGiveADegree) {
  for (const uint32_t rest : {1u, 10u, 15u, 44u, 46u}) {
    PlyWriter w(rest);
    w.vertices = {sampleVertex(rest)};
    EXPECT_EQ(errorOf(w),
              "f_rest_* has " + std::to_string(rest) + " properties; 3DGS writes 0, 9, 24 or 45");
  }
}

TEST(PlyReaderErrors, ListBeforeVertexAndEmptyVertex) {
  PlyWriter w = valid();
  w.headerBefore = "element face 1\nproperty list uchar int vertex_indices\n";
  EXPECT_EQ(errorOf(w),
            "element face before vertex has a list property (vertex_indices): not supported, "
            "3DGS files start with vertex");
  EXPECT_EQ(errorOf(valid(0)), "element vertex is empty");
}

TEST(PlyReaderErrors, TruncatedBody) {
  // 62 float properties: 248 bytes a vertex.
  PlyWriter w(45);
  w.vertices.assign(1000, sampleVertex(45));
  std::vector<uint8_t> bytes = w.bytes();
  bytes.resize(w.header().size() + 1200);
  EXPECT_EQ(errorOf(bytes),
            "truncated: 1000 vertices need 248000 bytes after the header, 1200 present");
  // One byte short.
  bytes = w.bytes();
  bytes.pop_back();
  EXPECT_EQ(errorOf(bytes),
            "truncated: 1000 vertices need 248000 bytes after the header, 247999 present");
  // The elements before vertex count too.
  PlyWriter before = valid(2);
  before.headerBefore = "element camera 3\nproperty double fov\n";
  EXPECT_EQ(errorOf(before), "truncated: 2 vertices need 160 bytes after the header, 136 present");
}

TEST(PlyReaderErrors, HugeCountWithAShortBodyIsRefusedBeforeAllocation) {
  PlyWriter w = valid();
  w.countOverride = "1000000000000";
  EXPECT_EQ(errorOf(w),
            "truncated: 1000000000000 vertices need 68000000000000 bytes after the header, 68 "
            "present");
  w.countOverride = "18446744073709551615";
  w.headerBefore = "element camera 18446744073709551615\nproperty double fov\n";
  EXPECT_EQ(errorOf(w),
            "truncated: 18446744073709551615 vertices need 1401952549601925922740 bytes after "
            "the header, 68 present");
  w.countOverride = "18446744073709551616";
  EXPECT_EQ(errorOf(w),
            "line 6: element vertex count '18446744073709551616' is not a whole number");
  PlyWriter text = valid();
  text.format = "ascii";
  text.countOverride = "1000000";
  const std::vector<uint8_t> bytes = text.bytes();
  const size_t present = bytes.size() - text.header().size();
  EXPECT_EQ(errorOf(bytes),
            "truncated: 1000000 vertices need at least 33999999 bytes of text "
            "after the header, " +
                std::to_string(present) + " present");
}

TEST(PlyReaderErrors, AsciiBody) {
  PlyWriter w = valid(2);
  w.format = "ascii";
  std::vector<uint8_t> bytes = w.bytes();
  std::string s(bytes.begin(), bytes.end());
  // The ascii check counts a character a value: the text may still end early.
  const std::string cut = s.substr(0, s.size() - 30) + std::string(30, ' ');
  EXPECT_EQ(errorOf(bytesOf(cut)), "truncated: the text ends at vertex 1, scale_1");
  std::string word = s;
  word.replace(word.find("1.5 "), 3, "abc");
  EXPECT_EQ(errorOf(bytesOf(word)), "vertex 0: x is not a number ('abc')");
}

TEST(PlyReaderErrors, NonFiniteValues) {
  const double inf = std::numeric_limits<double>::infinity();
  for (const auto& [name, value] : {std::pair<std::string, double>{"scale_0", std::nan("")},
                                    {"x", inf},
                                    {"rot_3", -inf},
                                    {"f_dc_2", 1e300},
                                    {"opacity", std::nan("")}}) {
    PlyWriter w = valid(20);
    w.types = {{"f_dc_2", "double"}};
    w.vertices[17][name] = value;
    EXPECT_EQ(errorOf(w), "vertex 17: " + name + " is not finite");
    w.format = "ascii";
    EXPECT_EQ(errorOf(w), "vertex 17: " + name + " is not finite") << "ascii";
  }
  // Skipped properties may hold anything.
  PlyWriter skipped = valid(2);
  skipped.vertices[1]["nx"] = std::nan("");
  SplatCloud c;
  EXPECT_EQ(read(skipped, c), "");
  PlyWriter large = valid(3);
  large.vertices[2]["scale_1"] = 100.0;
  EXPECT_EQ(errorOf(large), "vertex 2: scale_1 is too large (its exp overflows a float)");
}

}  // namespace
}  // namespace vitrine::splat
