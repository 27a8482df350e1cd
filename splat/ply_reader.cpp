#include "ply_reader.h"

#include <array>
#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>
#include <string_view>
#include <vector>

namespace vitrine::splat {
namespace {

using u128 = unsigned __int128;

constexpr size_t kMaxLine = 1024;
constexpr size_t kMaxProperties = 256;
constexpr size_t kMaxElements = 64;

// The scalar types of the PLY format, each under its two spellings.
enum class Type : uint8_t { Int8, UInt8, Int16, UInt16, Int32, UInt32, Float32, Float64 };
struct TypeName {
  std::string_view name;
  Type type;
  uint32_t size;
};
constexpr TypeName kTypes[] = {
    {"char", Type::Int8, 1},      {"int8", Type::Int8, 1},       {"uchar", Type::UInt8, 1},
    {"uint8", Type::UInt8, 1},    {"short", Type::Int16, 2},     {"int16", Type::Int16, 2},
    {"ushort", Type::UInt16, 2},  {"uint16", Type::UInt16, 2},   {"int", Type::Int32, 4},
    {"int32", Type::Int32, 4},    {"uint", Type::UInt32, 4},     {"uint32", Type::UInt32, 4},
    {"float", Type::Float32, 4},  {"float32", Type::Float32, 4}, {"double", Type::Float64, 8},
    {"float64", Type::Float64, 8}};

const TypeName* findType(std::string_view name) {
  for (const TypeName& t : kTypes)
    if (t.name == name) return &t;
  return nullptr;
}

enum class Format : uint8_t { Ascii, BinaryLittle, BinaryBig };

// The properties a splat is made of, each a slot of the per-vertex values: 14 named ones, then
// f_rest_0 to f_rest_44.
constexpr std::array<std::string_view, 14> kNamed = {
    "x",       "y",       "z",       "f_dc_0", "f_dc_1", "f_dc_2", "opacity",
    "scale_0", "scale_1", "scale_2", "rot_0",  "rot_1",  "rot_2",  "rot_3"};
enum Slot : int { kX = 0, kDc = 3, kOpacity = 6, kScale = 7, kRot = 10, kRest = 14 };
constexpr uint32_t kMaxRest = 45;
constexpr int kSlots = kRest + int(kMaxRest);

// Index k of "f_rest_k" written without leading zeros; -1 for any other name.
int restIndex(std::string_view name) {
  constexpr std::string_view prefix = "f_rest_";
  if (name.substr(0, prefix.size()) != prefix) return -1;
  const std::string_view digits = name.substr(prefix.size());
  if (digits.empty() || digits.size() > 6 || (digits.size() > 1 && digits[0] == '0')) return -1;
  int k = 0;
  for (const char c : digits) {
    if (c < '0' || c > '9') return -1;
    k = k * 10 + (c - '0');
  }
  return k;
}

struct Property {
  std::string name;
  Type type = Type::Float32;
  uint32_t size = 4;
  bool list = false;
};

struct Element {
  std::string name;
  uint64_t count = 0;
  std::vector<Property> properties;
};

// A vertex property as the body is read: where it lies and which slot takes it (-1: skipped).
struct Field {
  Type type;
  uint32_t offset;  // binary: from the start of the vertex
  int slot;
  std::string_view name;
};

// Everything the body's reading needs, taken from the header.
struct Layout {
  Format format = Format::BinaryLittle;
  uint64_t count = 0;
  uint32_t degree = 0;
  uint32_t restCount = 0;
  std::vector<Element> elements;  // kept for the names the fields point into
  std::vector<Field> fields;      // the vertex element's properties, in file order
  uint32_t stride = 0;            // binary: bytes per vertex
  u128 bytesBefore = 0;           // binary: the elements before vertex
  u128 valuesBefore = 0;          // ascii: the values of the elements before vertex
  size_t dataOffset = 0;          // first byte after "end_header\n"
};

std::string toString(u128 v) {
  if (v == 0) return "0";
  std::string s;
  for (; v != 0; v /= 10) s.insert(s.begin(), char('0' + int(v % 10)));
  return s;
}

std::vector<std::string_view> tokens(std::string_view line) {
  std::vector<std::string_view> out;
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    const size_t start = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
    if (i > start) out.push_back(line.substr(start, i - start));
  }
  return out;
}

bool parseCount(std::string_view text, uint64_t& out) {
  if (text.empty()) return false;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && end == text.data() + text.size();
}

std::string quoted(std::string_view s) {
  return "'" + std::string(s.substr(0, 64)) + (s.size() > 64 ? "...'" : "'");
}

// The header lines up to end_header, into `elements`, `format` and `dataOffset`.
std::string readLines(std::span<const uint8_t> bytes, Layout& out) {
  const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  size_t pos = 0;
  uint32_t lineNo = 0;
  bool formatSeen = false;
  for (;;) {
    ++lineNo;
    const std::string at = "line " + std::to_string(lineNo) + ": ";
    // At most a line's worth is looked at: a file without newlines is not scanned whole.
    const std::string_view window = text.substr(pos, kMaxLine + 2);
    const size_t end = window.find('\n');
    std::string_view line = window.substr(0, end);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (lineNo == 1 && line != "ply") return at + "expected 'ply'";
    if (line.size() > kMaxLine)
      return at + "longer than " + std::to_string(kMaxLine) + " characters";
    if (end == std::string_view::npos)
      return "truncated: the header ends at line " + std::to_string(lineNo) + " without end_header";
    pos += end + 1;
    const std::vector<std::string_view> t = tokens(line);
    if (lineNo == 1 || t.empty()) continue;  // blank lines are tolerated
    const std::string_view key = t[0];
    if (key == "comment" || key == "obj_info") continue;
    if (!formatSeen) {
      if (key != "format" || t.size() != 3)
        return at + "expected 'format binary_little_endian 1.0' or 'format ascii 1.0'";
      if (t[1] == "ascii") {
        out.format = Format::Ascii;
      } else if (t[1] == "binary_little_endian") {
        out.format = Format::BinaryLittle;
      } else if (t[1] == "binary_big_endian") {
        out.format = Format::BinaryBig;
      } else {
        return at + "unknown format " + quoted(t[1]) +
               " (ascii, binary_little_endian or binary_big_endian)";
      }
      if (t[2] != "1.0") return at + "PLY version " + quoted(t[2]) + " is not supported (1.0)";
      formatSeen = true;
      continue;
    }
    if (key == "end_header") {
      out.dataOffset = pos;
      return {};
    }
    if (key == "element") {
      if (t.size() != 3) return at + "expected 'element NAME COUNT'";
      if (out.elements.size() == kMaxElements)
        return at + "more than " + std::to_string(kMaxElements) + " elements";
      Element e;
      e.name = std::string(t[1]);
      if (!parseCount(t[2], e.count))
        return at + "element " + e.name + " count " + quoted(t[2]) + " is not a whole number";
      for (const Element& other : out.elements)
        if (other.name == e.name) return at + "element " + e.name + " appears twice";
      out.elements.push_back(std::move(e));
      continue;
    }
    if (key == "property") {
      if (out.elements.empty()) return at + "property before any element";
      Element& e = out.elements.back();
      if (e.properties.size() == kMaxProperties)
        return at + "element " + e.name + " has more than " + std::to_string(kMaxProperties) +
               " properties";
      Property p;
      if (t.size() == 5 && t[1] == "list") {
        if (e.name == "vertex")
          return at + "list property " + quoted(t[4]) +
                 " in element vertex (3DGS vertices have none)";
        const TypeName* countType = findType(t[2]);
        const TypeName* itemType = findType(t[3]);
        if (!countType || !itemType)
          return at + "unknown property type " + quoted(countType ? t[3] : t[2]);
        p.list = true;
        p.name = std::string(t[4]);
      } else {
        if (t.size() != 3) return at + "expected 'property TYPE NAME'";
        const TypeName* type = findType(t[1]);
        if (!type) return at + "unknown property type " + quoted(t[1]);
        p.type = type->type;
        p.size = type->size;
        p.name = std::string(t[2]);
      }
      for (const Property& other : e.properties)
        if (other.name == p.name)
          return at + "property " + p.name + " appears twice in element " + e.name;
      e.properties.push_back(std::move(p));
      continue;
    }
    return at + "unknown keyword " + quoted(key);
  }
}

// Finds the vertex element and maps its properties to slots; sizes the body.
std::string layOut(std::span<const uint8_t> bytes, Layout& out) {
  if (std::string err = readLines(bytes, out); !err.empty()) return err;
  size_t vertex = out.elements.size();
  for (size_t i = 0; i < out.elements.size(); ++i) {
    if (out.elements[i].name == "vertex") {
      vertex = i;
      break;
    }
  }
  if (vertex == out.elements.size()) return "no element vertex";
  for (size_t i = 0; i < vertex; ++i) {
    const Element& e = out.elements[i];
    uint32_t stride = 0;
    for (const Property& p : e.properties) {
      if (p.list)
        return "element " + e.name + " before vertex has a list property (" + p.name +
               "): not supported, 3DGS files start with vertex";
      stride += p.size;
    }
    out.bytesBefore += u128(e.count) * stride;
    out.valuesBefore += u128(e.count) * e.properties.size();
  }
  const Element& v = out.elements[vertex];
  out.count = v.count;
  std::array<bool, kSlots> found{};
  uint32_t offset = 0;
  for (const Property& p : v.properties) {
    int slot = -1;
    for (size_t n = 0; n < kNamed.size(); ++n)
      if (p.name == kNamed[n]) slot = int(n);
    const int rest = restIndex(p.name);
    if (rest >= 0) {
      ++out.restCount;
      if (uint32_t(rest) < kMaxRest) slot = kRest + rest;
    }
    if (slot >= 0) found[size_t(slot)] = true;
    out.fields.push_back({p.type, offset, slot, p.name});
    offset += p.size;
  }
  out.stride = offset;
  for (size_t n = 0; n < kNamed.size(); ++n)
    if (!found[n]) return "missing property " + std::string(kNamed[n]);
  switch (out.restCount) {
    case 0:
      out.degree = 0;
      break;
    case 9:
      out.degree = 1;
      break;
    case 24:
      out.degree = 2;
      break;
    case 45:
      out.degree = 3;
      break;
    default:
      return "f_rest_* has " + std::to_string(out.restCount) +
             " properties; 3DGS writes 0, 9, 24 or 45";
  }
  for (uint32_t k = 0; k < out.restCount; ++k)
    if (!found[kRest + k]) return "missing property f_rest_" + std::to_string(k);
  if (out.count == 0) return "element vertex is empty";
  // What the body must hold at least, before anything is allocated: binary, the exact bytes;
  // ascii, one character and a separator per value.
  const uint64_t present = bytes.size() - out.dataOffset;
  const std::string vertices = std::to_string(out.count) + " vertices";
  if (out.format == Format::Ascii) {
    const u128 values = out.valuesBefore + u128(out.count) * out.fields.size();
    if (2 * values - 1 > present)
      return "truncated: " + vertices + " need at least " + toString(2 * values - 1) +
             " bytes of text after the header, " + std::to_string(present) + " present";
  } else {
    const u128 needed = out.bytesBefore + u128(out.count) * out.stride;
    if (needed > present)
      return "truncated: " + vertices + " need " + toString(needed) + " bytes after the header, " +
             std::to_string(present) + " present";
  }
  if (out.count > std::numeric_limits<uint32_t>::max())
    return "element vertex has " + vertices + ", more than the 4294967295 supported";
  return {};
}

template <class T>
double load(const uint8_t* p, bool swap) {
  uint8_t b[sizeof(T)];
  for (size_t i = 0; i < sizeof(T); ++i) b[i] = p[swap ? sizeof(T) - 1 - i : i];
  T v;
  std::memcpy(&v, b, sizeof(T));
  return double(v);
}

// One binary value as a double, `swap` for big-endian files.
double readBinary(const uint8_t* p, Type type, bool swap) {
  switch (type) {
    case Type::Int8:
      return load<int8_t>(p, swap);
    case Type::UInt8:
      return load<uint8_t>(p, swap);
    case Type::Int16:
      return load<int16_t>(p, swap);
    case Type::UInt16:
      return load<uint16_t>(p, swap);
    case Type::Int32:
      return load<int32_t>(p, swap);
    case Type::UInt32:
      return load<uint32_t>(p, swap);
    case Type::Float32:
      return load<float>(p, swap);
    case Type::Float64:
      return load<double>(p, swap);
  }
  return 0.0;
}

// Finite and within float range (a double beyond it has no float: converting it is undefined).
bool finiteFloat(double v) {
  return std::abs(v) <= double(std::numeric_limits<float>::max());
}

// The text values of an ascii body, one after the other (lines do not matter).
class TextValues {
 public:
  TextValues(std::span<const uint8_t> bytes, size_t from)
      : text_(reinterpret_cast<const char*>(bytes.data()), bytes.size()), pos_(from) {}
  // The next value; false at the end of the text.
  bool next(std::string_view& token) {
    auto space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
    while (pos_ < text_.size() && space(text_[pos_])) ++pos_;
    const size_t start = pos_;
    while (pos_ < text_.size() && !space(text_[pos_])) ++pos_;
    token = text_.substr(start, pos_ - start);
    return !token.empty();
  }

 private:
  std::string_view text_;
  size_t pos_;
};

bool parseNumber(std::string_view token, double& value) {
  if (!token.empty() && token[0] == '+') token.remove_prefix(1);
  const auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), value);
  return ec == std::errc() && end == token.data() + token.size();
}

// Stores the values of vertex `i` (slots) into the cloud, as KHR_gaussian_splatting maps them.
std::string convert(const std::array<double, kSlots>& v, uint32_t i, uint64_t& zeroRotations,
                    scene::SplatCloud& out) {
  out.positions[i] = glm::vec3(float(v[kX]), float(v[kX + 1]), float(v[kX + 2]));
  for (int a = 0; a < 3; ++a) {
    const double s = std::exp(v[size_t(kScale + a)]);
    if (!(s <= double(std::numeric_limits<float>::max())))
      return "vertex " + std::to_string(i) + ": scale_" + std::to_string(a) +
             " is too large (its exp overflows a float)";
    out.scales[i][a] = float(s);
  }
  out.opacities[i] = float(1.0 / (1.0 + std::exp(-v[kOpacity])));
  // 3DGS stores (w, x, y, z), unnormalized; the extension wants a unit (x, y, z, w).
  const double w = v[kRot], x = v[kRot + 1], y = v[kRot + 2], z = v[kRot + 3];
  const double length = std::sqrt(w * w + x * x + y * y + z * z);
  if (length > 0.0 && std::isfinite(length)) {
    out.rotations[i] =
        glm::vec4(float(x / length), float(y / length), float(z / length), float(w / length));
  } else {
    out.rotations[i] = glm::vec4(0.0f, 0.0f, 0.0f, 1.0f);
    ++zeroRotations;
  }
  const uint32_t k = out.coefficientsPerSplat();
  glm::vec3* sh = &out.sh[size_t(i) * k];
  sh[0] = glm::vec3(float(v[kDc]), float(v[kDc + 1]), float(v[kDc + 2]));
  // f_rest is channel-major: channel c of coefficient n (n >= 1) is f_rest_[c (K - 1) + n - 1].
  for (uint32_t n = 1; n < k; ++n)
    for (uint32_t c = 0; c < 3; ++c) sh[n][int(c)] = float(v[kRest + c * (k - 1) + n - 1]);
  return {};
}

std::string notFinite(uint32_t i, std::string_view name) {
  return "vertex " + std::to_string(i) + ": " + std::string(name) + " is not finite";
}

std::string readBody(std::span<const uint8_t> bytes, const Layout& l, uint64_t& zeroRotations,
                     scene::SplatCloud& out) {
  std::array<double, kSlots> v{};
  const uint32_t count = uint32_t(l.count);
  if (l.format != Format::Ascii) {
    const bool swap = l.format == Format::BinaryBig;
    const uint8_t* p = bytes.data() + l.dataOffset + size_t(l.bytesBefore);
    for (uint32_t i = 0; i < count; ++i, p += l.stride) {
      for (const Field& f : l.fields) {
        if (f.slot < 0) continue;
        const double value = readBinary(p + f.offset, f.type, swap);
        if (!finiteFloat(value)) return notFinite(i, f.name);
        v[size_t(f.slot)] = value;
      }
      if (std::string err = convert(v, i, zeroRotations, out); !err.empty()) return err;
    }
    return {};
  }
  TextValues text(bytes, l.dataOffset);
  std::string_view token;
  for (u128 n = 0; n < l.valuesBefore; ++n)
    if (!text.next(token)) return "truncated: the text ends before the vertices";
  for (uint32_t i = 0; i < count; ++i) {
    for (const Field& f : l.fields) {
      if (!text.next(token))
        return "truncated: the text ends at vertex " + std::to_string(i) + ", " +
               std::string(f.name);
      if (f.slot < 0) continue;
      double value = 0.0;
      if (!parseNumber(token, value))
        return "vertex " + std::to_string(i) + ": " + std::string(f.name) + " is not a number (" +
               quoted(token) + ")";
      if (!finiteFloat(value)) return notFinite(i, f.name);
      v[size_t(f.slot)] = value;
    }
    if (std::string err = convert(v, i, zeroRotations, out); !err.empty()) return err;
  }
  return {};
}

}  // namespace

std::string readPlyHeader(std::span<const uint8_t> bytes, PlyHeader& header) {
  Layout l;
  if (std::string err = layOut(bytes, l); !err.empty()) return err;
  header.count = l.count;
  header.degree = l.degree;
  header.dataOffset = l.dataOffset;
  return {};
}

std::string readPly(std::span<const uint8_t> bytes, scene::SplatCloud& out,
                    uint64_t* zeroRotations) {
  out = scene::SplatCloud{};
  Layout l;
  if (std::string err = layOut(bytes, l); !err.empty()) return err;
  scene::SplatCloud cloud;
  cloud.count = uint32_t(l.count);
  cloud.degree = l.degree;
  cloud.colorSpace = scene::SplatColorSpace::SrgbDisplay;
  cloud.positions.resize(cloud.count);
  cloud.rotations.resize(cloud.count);
  cloud.scales.resize(cloud.count);
  cloud.opacities.resize(cloud.count);
  cloud.sh.resize(size_t(cloud.count) * cloud.coefficientsPerSplat());
  uint64_t zero = 0;
  if (std::string err = readBody(bytes, l, zero, cloud); !err.empty()) return err;
  if (zeroRotations) *zeroRotations = zero;
  out = std::move(cloud);
  return {};
}

}  // namespace vitrine::splat
