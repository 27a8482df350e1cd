// KHR_gaussian_splatting (shared/spec/extensions/KHR_gaussian_splatting.md) "Extending Mesh
// Primitives" and "Ellipse Kernel": a primitive's extension object and splat attributes, checked
// against the extension's tables and dequantized (glTF 2.0 §3.11) into a scene::SplatCloud.
//
// What is an error and what a warning follows the loader: a wrong accessor type or component
// type, a count that differs from POSITION's and a missing required attribute refuse the asset
// (as for every other attribute); a value or property the picture survives is a warning saying
// what is drawn instead.
#include "load_splats.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>

#include "accessor.h"
#include "gltf_enums.h"
#include "json_checker.h"

namespace vitrine::scene {
namespace {

constexpr const char* kExtension = "KHR_gaussian_splatting";
constexpr const char* kPrefix = "KHR_gaussian_splatting:";
constexpr uint32_t kMaxDegree = 3;

// Component types an attribute may use: one bit per (componentType, normalized) pair.
constexpr uint32_t bit(int componentType, bool normalized) {
  return 1u << ((componentType - gltf::kByte) * 2 + (normalized ? 1 : 0));
}
constexpr uint32_t kFloat = bit(gltf::kFloat, false);
// KHR_mesh_quantization "Extending Mesh Attributes": POSITION of any small integer type,
// normalized or not.
constexpr uint32_t kQuantizedPosition =
    bit(gltf::kByte, false) | bit(gltf::kByte, true) | bit(gltf::kUnsignedByte, false) |
    bit(gltf::kUnsignedByte, true) | bit(gltf::kShort, false) | bit(gltf::kShort, true) |
    bit(gltf::kUnsignedShort, false) | bit(gltf::kUnsignedShort, true);

// One attribute of the primitive that is read: its semantic, accessor and JSON pointer.
struct Source {
  std::string name;
  uint32_t accessor = 0;
  AccessorFormat format;
  std::string at;
};

// Same test as load/attribute_reader.h's usesMeshQuantization() (load/ links this room, so it
// cannot be included here).
bool usesMeshQuantization(const GltfDocument& doc) {
  for (const Json& name : array(doc.json, "extensionsUsed"))
    if (name.is_string() && name.get<std::string>() == "KHR_mesh_quantization") return true;
  return false;
}

std::string formatName(int componentType, bool normalized) {
  return (normalized ? "normalized " : "") + gltf::componentTypeName(componentType);
}

// "FLOAT, normalized BYTE or normalized SHORT".
std::string describeAllowed(uint32_t allowed) {
  std::vector<std::string> names;
  if (allowed & kFloat) names.push_back("FLOAT");
  for (int t = gltf::kByte; t <= gltf::kUnsignedShort; ++t)
    for (bool normalized : {false, true})
      if (allowed & bit(t, normalized)) names.push_back(formatName(t, normalized));
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += i + 1 == names.size() ? " or " : ", ";
    out += names[i];
  }
  return out;
}

// The accessor type and component type of `s` against the table; then its count against
// POSITION's. "" or the error.
std::string checkFormat(const Source& s, const char* type, uint32_t allowed, uint32_t count) {
  const AccessorFormat& f = s.format;
  const bool known = f.componentType >= gltf::kByte && f.componentType <= gltf::kFloat;
  if (f.type != type || !known || !(allowed & bit(f.componentType, f.normalized))) {
    return located(s.at, "accessor " + std::to_string(s.accessor) + " must be " + type + " of " +
                             describeAllowed(allowed) + " (is " + f.type + " of " +
                             formatName(f.componentType, f.normalized) + ")");
  }
  if (f.count != count) {
    return located(s.at, "accessor " + std::to_string(s.accessor) + " has " +
                             std::to_string(f.count) + " elements, POSITION has " +
                             std::to_string(count));
  }
  return {};
}

std::string shName(uint32_t degree, uint32_t coefficient) {
  return std::string(kPrefix) + "SH_DEGREE_" + std::to_string(degree) + "_COEF_" +
         std::to_string(coefficient);
}

// How a text property of the extension object reads: its value when a string, else a short
// rendering of what is there.
std::optional<std::string> text(const Json& ext, const char* key) {
  const Json* v = member(ext, key);
  if (!v) return std::nullopt;
  return v->is_string() ? "\"" + v->get<std::string>() + "\"" : describeJson(*v);
}

// kernel, colorSpace, projection, sortingMethod: the values this extension defines, or a
// warning and the default Vitrine draws with.
void readProperties(const Json& ext, const std::string& extAt, std::vector<std::string>& warnings,
                    SplatCloud& cloud) {
  struct Property {
    const char* key;
    bool required;
    std::vector<const char*> known;
    const char* instead;  // what is drawn when the value is absent or unknown
  };
  const Property properties[] = {
      // "Renderers that do not recognize the new kernel type should fall back to the default
      // ellipse type."
      {"kernel", true, {"ellipse"}, "drawn with the ellipse kernel"},
      {"colorSpace",
       true,
       {"srgb_rec709_display", "lin_rec709_display"},
       "drawn as srgb_rec709_display"},
      {"projection", false, {"perspective"}, "drawn with the perspective projection"},
      {"sortingMethod", false, {"cameraDistance"}, "sorted by camera distance"},
  };
  for (const Property& p : properties) {
    const std::optional<std::string> value = text(ext, p.key);
    if (!value) {
      if (p.required)
        warnings.push_back(
            located(extAt, std::string(p.key) + " is missing (required); " + p.instead));
      continue;
    }
    const bool known = std::any_of(p.known.begin(), p.known.end(), [&](const char* k) {
      return *value == "\"" + std::string(k) + "\"";
    });
    if (!known)
      warnings.push_back(located(
          extAt + "/" + p.key, std::string("unknown ") + p.key + " " + *value + "; " + p.instead));
  }
  cloud.colorSpace = text(ext, "colorSpace") == "\"lin_rec709_display\""
                         ? SplatColorSpace::LinearDisplay
                         : SplatColorSpace::SrgbDisplay;
}

// The members of the primitive other than attributes that splats do not use.
void warnUnusedMembers(const Json& prim, const std::string& at,
                       std::vector<std::string>& warnings) {
  // "The mode property of the mesh primitive MUST be POINTS (0)". The attributes still say
  // what the writer meant (most often `mode` was left out, which reads as TRIANGLES): drawn as
  // splats, as a renderer that ignores mode would.
  const int64_t mode = integer(prim, "mode", gltf::kTriangles);
  if (mode != gltf::kPoints) {
    warnings.push_back(
        located(at + (member(prim, "mode") ? "/mode" : ""),
                "mode is " + std::to_string(mode) + (member(prim, "mode") ? "" : " (the default)") +
                    ", KHR_gaussian_splatting requires POINTS (0); drawn as splats"));
  }
  if (member(prim, "indices"))
    warnings.push_back(
        located(at + "/indices", "ignored by KHR_gaussian_splatting: each splat is drawn once"));
  if (!array(prim, "targets").empty())
    warnings.push_back(
        located(at + "/targets", "morph targets are ignored: splats are not morphed"));
}

// The spherical-harmonic degree the attributes define completely with every lower one; a
// degree present in part, or without a lower one, is ignored with the degrees above it.
uint32_t completeDegree(const Json& attributes, const std::string& attributesAt,
                        std::vector<std::string>& warnings) {
  uint32_t degree = 0;
  for (uint32_t l = 1; l <= kMaxDegree; ++l) {
    std::string missing;
    uint32_t present = 0;
    for (uint32_t n = 0; n < 2 * l + 1; ++n) {
      if (member(attributes, shName(l, n).c_str())) {
        ++present;
      } else if (missing.empty()) {
        missing = shName(l, n);
      }
    }
    if (present == 2 * l + 1 && degree == l - 1) {
      degree = l;
      continue;
    }
    if (present == 0) continue;
    // "Spherical harmonic degrees MUST NOT be partially defined, that is, either all
    // coefficients for a given degree and all lower degrees MUST be defined or none."
    const std::string why = present < 2 * l + 1
                                ? std::to_string(present) + " of the " + std::to_string(2 * l + 1) +
                                      " coefficients (" + missing + " is missing)"
                                : "no complete degree " + std::to_string(l - 1);
    const std::string what = "spherical-harmonic degree " + std::to_string(l) + " has " + why;
    warnings.push_back(located(attributesAt, what + ": degrees " + std::to_string(l) +
                                                 " and above are ignored, drawn with degree " +
                                                 std::to_string(degree)));
    break;
  }
  return degree;
}

// Counts the splats a check flags and remembers the first, for one warning per attribute.
struct Tally {
  uint32_t count = 0;
  uint32_t first = 0;
  std::string firstValue;  // shown after the first splat's index when not empty
  void add(uint32_t i, float value = NAN) {
    if (count++ > 0) return;
    first = i;
    if (std::isnan(value)) return;
    char text[32];
    std::snprintf(text, sizeof(text), "%g", double(value));
    firstValue = text;
  }
  // "in 3 splats (first: splat 5, 1.5)".
  std::string where() const {
    return "in " + std::to_string(count) + (count == 1 ? " splat" : " splats") + " (first: splat " +
           std::to_string(first) + (firstValue.empty() ? "" : ", " + firstValue) + ")";
  }
};

bool finite(const float* v, uint32_t n) {
  for (uint32_t c = 0; c < n; ++c)
    if (!std::isfinite(v[c])) return false;
  return true;
}

// Releases a reservation unless the cloud it paid for is handed on.
class Reservation {
 public:
  Reservation(MemoryBudget& budget, uint64_t bytes) : budget_(budget), bytes_(bytes) {}
  ~Reservation() {
    if (bytes_) budget_.release(bytes_);
  }
  Reservation(const Reservation&) = delete;
  Reservation& operator=(const Reservation&) = delete;
  void keep() { bytes_ = 0; }

 private:
  MemoryBudget& budget_;
  uint64_t bytes_;
};

// Reads `s` as floats and hands each element (its components) to `put`; the decoded accessor
// is released once converted.
template <class Put>
std::string readInto(const GltfDocument& doc, const Source& s, Put put) {
  std::vector<float> values;
  if (std::string err = readAccessor(doc, s.accessor, values,
                                     {s.at, "splat " + s.name.substr(s.name.find(':') + 1)});
      !err.empty())
    return err;
  const ScopedRelease temporary(*doc.budget, values.size() * sizeof(float));
  const uint32_t n = s.format.components;
  for (uint32_t i = 0; i < s.format.count; ++i) put(i, &values[size_t(i) * n]);
  return {};
}

// The splat values the extension forbids, after reading: non-finite ones hide their splat
// (POSITION's refuse the asset, as for every primitive), the others are repaired. One warning
// per attribute and kind.
std::string repair(const Source* sources, SplatCloud& c, bool floatRotations,
                   std::vector<std::string>& warnings) {
  const Source& position = sources[0];
  const Source& rotation = sources[1];
  const Source& scale = sources[2];
  const Source& opacity = sources[3];
  const uint32_t coefficients = c.coefficientsPerSplat();
  Tally hidden[4], zeroRotation, nonUnit, negative, outside;
  uint32_t shFirst = 0;
  for (uint32_t i = 0; i < c.count; ++i) {
    // Bounds, sorting and the camera framing all break on Inf/NaN positions.
    if (!finite(&c.positions[i].x, 3))
      return located(position.at, "value " + std::to_string(i) + " is not finite");
    glm::vec3* sh = &c.sh[size_t(i) * coefficients];
    const bool ok[4] = {finite(&c.rotations[i].x, 4), finite(&c.scales[i].x, 3),
                        std::isfinite(c.opacities[i]), finite(&sh->x, 3 * coefficients)};
    if (!ok[0] || !ok[1] || !ok[2] || !ok[3]) {
      if (!ok[3] && hidden[3].count == 0)
        while (finite(&sh[shFirst].x, 3)) ++shFirst;  // the coefficient to name
      for (int k = 0; k < 4; ++k)
        if (!ok[k]) hidden[k].add(i);
      // Not drawn, but kept so that splat indices stay those of the file.
      c.rotations[i] = glm::vec4(0, 0, 0, 1);
      c.scales[i] = glm::vec3(0);
      c.opacities[i] = 0;
      std::fill(sh, sh + coefficients, glm::vec3(0));
      continue;
    }
    // "Rotation values are stored as unit quaternions": quantized ones are only close to unit,
    // so every quaternion is normalized; a float one far from unit is worth a warning.
    glm::vec4& q = c.rotations[i];
    const float length = glm::length(q);
    if (!(length > 1e-6f)) {
      zeroRotation.add(i);
      q = glm::vec4(0, 0, 0, 1);
    } else {
      if (floatRotations && std::abs(length - 1.0f) > 1e-3f) nonUnit.add(i, length);
      q /= length;
    }
    // "Scale values are linear and MUST NOT be negative." The covariance R S S^T R^T is the
    // same with |s|: what a renderer that does not check draws.
    glm::vec3& s = c.scales[i];
    if (s.x < 0 || s.y < 0 || s.z < 0) {
      negative.add(i);
      s = glm::abs(s);
    }
    // "Out-of-range values are invalid" (only floats can be).
    float& o = c.opacities[i];
    if (o < 0 || o > 1) {
      outside.add(i, o);
      o = std::clamp(o, 0.0f, 1.0f);
    }
  }
  const Source* hiddenAt[4] = {&rotation, &scale, &opacity, &sources[4 + shFirst]};
  for (int k = 0; k < 4; ++k)
    if (hidden[k].count)
      warnings.push_back(located(hiddenAt[k]->at, "non-finite values " + hidden[k].where() +
                                                      "; those splats are not drawn (opacity 0)"));
  if (zeroRotation.count)
    warnings.push_back(located(
        rotation.at, "zero quaternions " + zeroRotation.where() + "; drawn unrotated (identity)"));
  if (nonUnit.count)
    warnings.push_back(
        located(rotation.at, "quaternions not of unit length " + nonUnit.where() + "; normalized"));
  if (negative.count)
    warnings.push_back(located(scale.at, "negative values " + negative.where() +
                                             "; drawn with their absolute values (the "
                                             "covariance is the same)"));
  if (outside.count)
    warnings.push_back(
        located(opacity.at, "values outside [0, 1] " + outside.where() + "; clamped to [0, 1]"));
  return {};
}

}  // namespace

bool hasSplatExtension(const Json& prim) {
  const Json* extensions = member(prim, "extensions");
  return extensions && member(*extensions, kExtension);
}

std::string loadSplatPrimitive(const GltfDocument& doc, const Json& prim, const std::string& at,
                               std::vector<std::string>& warnings, SplatPrimitive& out) {
  out.cloud.reset();
  const std::string extAt = at + "/extensions/" + kExtension;
  const Json* ext = member(*member(prim, "extensions"), kExtension);
  if (!ext->is_object()) return located(extAt, "expected a JSON object, got " + describeJson(*ext));

  // "Compression extensions that operate on 3D Gaussian splatting data SHOULD extend this base
  // extension": their splats live in their own data, which Vitrine does not decode, so the
  // primitive is what the base extension prescribes without it, a point cloud (POSITION and
  // COLOR_0). Other extensions of the extension (kernels, colour spaces) leave the attributes
  // whole: ignored, and their values fall back to the base ones below ("Renderers that do not
  // recognize the new kernel type should fall back to the default ellipse type").
  if (const Json* nested = member(*ext, "extensions")) {
    if (!nested->is_object()) {
      warnings.push_back(located(extAt + "/extensions", "expected a JSON object, got " +
                                                            describeJson(*nested) + "; ignored"));
    } else {
      for (const auto& [name, value] : nested->items()) {
        if (name.find("_compression") == std::string::npos) continue;
        warnings.push_back(located(extAt + "/extensions" + jsonPointer(name),
                                   name + " is not supported: drawn as the point cloud the "
                                          "extension prescribes as fallback"));
        return {};
      }
      for (const auto& [name, value] : nested->items())
        warnings.push_back(located(extAt + "/extensions" + jsonPointer(name),
                                   name + " is not supported: ignored, drawn as "
                                          "KHR_gaussian_splatting alone defines the splats"));
    }
  }

  const Json& attributes = *member(prim, "attributes");
  const std::string attributesAt = at + "/attributes";
  auto find = [&](const std::string& name, Source& s) {
    const Json* index = member(attributes, name.c_str());
    if (!index) return false;
    s.name = name;
    s.accessor = index->get<uint32_t>();
    s.format = accessorFormat(doc, s.accessor);
    s.at = attributesAt + jsonPointer(name);
    return true;
  };
  // POSITION, ROTATION, SCALE, OPACITY, then the coefficients in SplatCloud::sh's order.
  std::vector<Source> sources;
  for (const char* name :
       {"POSITION", "KHR_gaussian_splatting:ROTATION", "KHR_gaussian_splatting:SCALE",
        "KHR_gaussian_splatting:OPACITY", "KHR_gaussian_splatting:SH_DEGREE_0_COEF_0"}) {
    if (!find(name, sources.emplace_back()))
      return located(attributesAt,
                     std::string(name) + " is missing (required by KHR_gaussian_splatting)");
  }
  // Semantics of this extension it does not define (a typo, a fifth degree) are not read.
  for (const auto& [name, value] : attributes.items()) {
    if (name.rfind(kPrefix, 0) != 0) continue;
    const std::string rest = name.substr(std::string(kPrefix).size());
    bool known = rest == "ROTATION" || rest == "SCALE" || rest == "OPACITY";
    for (uint32_t l = 0; l <= kMaxDegree && !known; ++l)
      for (uint32_t n = 0; n < 2 * l + 1 && !known; ++n) known = name == shName(l, n);
    if (!known)
      warnings.push_back(located(attributesAt + jsonPointer(name),
                                 "not an attribute of KHR_gaussian_splatting; ignored"));
  }
  const uint32_t degree = completeDegree(attributes, attributesAt, warnings);
  for (uint32_t l = 1; l <= degree; ++l)
    for (uint32_t n = 0; n < 2 * l + 1; ++n) find(shName(l, n), sources.emplace_back());

  // The extension's "Attributes" table; POSITION "Inherited from the glTF specification".
  const uint32_t count = sources[0].format.count;
  const uint32_t positionTypes = kFloat | (usesMeshQuantization(doc) ? kQuantizedPosition : 0u);
  const uint32_t allowed[4] = {
      positionTypes, kFloat | bit(gltf::kByte, true) | bit(gltf::kShort, true),
      kFloat | bit(gltf::kUnsignedByte, false) | bit(gltf::kUnsignedByte, true) |
          bit(gltf::kUnsignedShort, false) | bit(gltf::kUnsignedShort, true),
      kFloat | bit(gltf::kUnsignedByte, true) | bit(gltf::kUnsignedShort, true)};
  const char* types[4] = {"VEC3", "VEC4", "VEC3", "SCALAR"};
  for (size_t k = 0; k < sources.size(); ++k) {
    const std::string err = k < 4 ? checkFormat(sources[k], types[k], allowed[k], count)
                                  : checkFormat(sources[k], "VEC3", kFloat, count);
    if (!err.empty()) return err;
  }

  warnUnusedMembers(prim, at, warnings);
  auto cloud = std::make_shared<SplatCloud>();
  readProperties(*ext, extAt, warnings, *cloud);

  // The cloud is reserved whole before any of it is allocated, and stays reserved with it.
  const uint64_t bytes = SplatCloud::bytesFor(count, degree);
  if (std::string err = reserveMemory(doc, bytes, at,
                                      "splats (" + std::to_string(count) +
                                          " Gaussians of spherical-harmonic degree " +
                                          std::to_string(degree) + ")");
      !err.empty())
    return err;
  Reservation reservation(*doc.budget, bytes);
  SplatCloud& c = *cloud;
  c.count = count;
  c.degree = degree;
  c.positions.resize(count);
  c.rotations.resize(count);
  c.scales.resize(count);
  c.opacities.resize(count);
  const uint32_t coefficients = c.coefficientsPerSplat();
  c.sh.resize(size_t(count) * coefficients);

  std::string err = readInto(doc, sources[0], [&](uint32_t i, const float* v) {
    c.positions[i] = glm::vec3(v[0], v[1], v[2]);
  });
  if (err.empty())
    err = readInto(doc, sources[1], [&](uint32_t i, const float* v) {
      c.rotations[i] = glm::vec4(v[0], v[1], v[2], v[3]);  // (x, y, z, w), as stored
    });
  if (err.empty())
    err = readInto(doc, sources[2],
                   [&](uint32_t i, const float* v) { c.scales[i] = glm::vec3(v[0], v[1], v[2]); });
  if (err.empty())
    err = readInto(doc, sources[3], [&](uint32_t i, const float* v) { c.opacities[i] = v[0]; });
  // Coefficient k = l * l + n is sources[4 + k].
  for (uint32_t k = 0; k < coefficients && err.empty(); ++k)
    err = readInto(doc, sources[4 + k], [&](uint32_t i, const float* v) {
      c.sh[size_t(i) * coefficients + k] = glm::vec3(v[0], v[1], v[2]);
    });
  if (!err.empty()) return err;
  const bool floatRotations = sources[1].format.componentType == gltf::kFloat;
  if (std::string e = repair(sources.data(), c, floatRotations, warnings); !e.empty()) return e;
  reservation.keep();
  out.cloud = std::move(cloud);
  return {};
}

}  // namespace vitrine::scene
