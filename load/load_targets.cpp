// Morph targets of a primitive (glTF 2.0 §3.7.2.2 "Morph Targets"): per target, displacements of
// some of the primitive's attributes, blended by the instance's weights at render time.
#include <cmath>

#include "attribute_reader.h"
#include "load_primitive_parts.h"

namespace vitrine::scene {
namespace {

// One attribute a target may displace: its name, the primitive's stream it displaces (for the
// "original attribute MUST be present" rule), the accessor types and component types of the
// §3.7.2.2 table, and how many floats a vertex it holds.
template <class Base, class Delta>
struct Displacement {
  const char* name;
  const std::vector<Base>& base;
  std::vector<Delta>& out;
  std::initializer_list<const char*> types;
  uint32_t rules;
};

template <class Base, class Delta>
std::string readDisplacement(const LoadContext& ctx, const Json& target, const std::string& at,
                             uint32_t vertexCount, const Displacement<Base, Delta>& d) {
  const std::optional<Attribute> a = findAttribute(ctx.doc, target, d.name, at);
  if (!a) return {};
  // §3.7.2.2: "For each morph target attribute, an original attribute MUST be present in the
  // mesh primitive."
  if (d.base.empty()) {
    return located(a->at, std::string("the primitive has no ") + d.name +
                              " (a target displaces only the attributes the primitive has)");
  }
  if (std::string err = checkAttributeFormat(*a, d.types, d.rules); !err.empty()) return err;
  if (std::string err = checkAttributeCount(*a, vertexCount); !err.empty()) return err;
  // COLOR_0 deltas as VEC3: alpha 0 (§3.7.2.2).
  if (std::string err = readAttribute(ctx.doc, *a, d.out, 0.0f); !err.empty()) return err;
  return {};
}

// The attributes a target may displace and the floats a vertex of each takes.
struct TargetAttribute {
  const char* name;
  uint32_t floats;
};
constexpr TargetAttribute kTargetAttributes[] = {{"POSITION", 3},   {"NORMAL", 3},
                                                 {"TANGENT", 3},    {"TEXCOORD_0", 2},
                                                 {"TEXCOORD_1", 2}, {"COLOR_0", 4}};

// Targets displace TEXCOORD_0 and TEXCOORD_1 only: the first target displacing a set the
// primitive has among TEXCOORD_2..7 gets a warning (once per primitive), and those sets are
// drawn undisplaced.
void warnUndisplacedTexcoords(const LoadContext& ctx, const Json& targets, const std::string& at,
                              const Primitive& p) {
  for (size_t t = 0; t < targets.size(); ++t) {
    for (int set = 2; set < gpu::kTexcoordSetCount; ++set) {
      const std::string name = "TEXCOORD_" + std::to_string(set);
      if (!p.hasTexcoordSet(set) || !member(targets[t], name.c_str())) continue;
      ctx.warnings.push_back(located(at + jsonPointer("targets", t, name),
                                     "morph targets displace only TEXCOORD_0 and TEXCOORD_1; " +
                                         name + " is drawn undisplaced"));
      return;
    }
  }
}

}  // namespace

std::string readMorphTargets(const LoadContext& ctx, const Json& prim, const std::string& at,
                             uint32_t vertexCount, Primitive& p) {
  const Json& targets = array(prim, "targets");
  p.targets.clear();
  if (targets.size() > kMaxMorphTargets) {
    return located(at + "/targets", std::to_string(targets.size()) +
                                        " morph targets, more than the " +
                                        std::to_string(kMaxMorphTargets) + " Vitrine supports");
  }
  // Budget, once for all targets (a per-target check would make loading quadratic in their
  // count): the GPU keeps, for every target, the floats of every attribute ANY target of the
  // primitive displaces (zeros where one does not), so that is what counts.
  uint64_t paddedValues = 0;
  for (const TargetAttribute& attribute : kTargetAttributes) {
    for (const Json& target : targets) {
      if (!member(target, attribute.name)) continue;
      paddedValues += attribute.floats;
      break;
    }
  }
  if (std::string err = checkMeshBudget(
          ctx, at + "/targets",
          uint64_t(vertexCount) * (valuesPerVertex(p, false) + targets.size() * paddedValues));
      !err.empty()) {
    return err;
  }
  // The memory budget, checked for all targets before any is decoded; each stream then
  // reserves its own bytes as it is read (readAttribute), so this reservation ends with the
  // step.
  const uint64_t targetBytes =
      uint64_t(vertexCount) * targets.size() * paddedValues * sizeof(float);
  if (std::string err = reserveMemory(ctx.doc, targetBytes, at + "/targets",
                                      std::to_string(targets.size()) + " morph targets of " +
                                          std::to_string(vertexCount) + " vertices x " +
                                          std::to_string(paddedValues) + " floats");
      !err.empty()) {
    return err;
  }
  const ScopedRelease check(*ctx.doc.budget, targetBytes);
  warnUndisplacedTexcoords(ctx, targets, at, p);
  p.targets.resize(targets.size());
  // KHR_mesh_quantization "Extending Morph Target Attributes": BYTE/SHORT displacements
  // (POSITION also non-normalized), dequantized at load (readAccessor).
  const bool quantized = usesMeshQuantization(ctx.doc);
  const uint32_t floats = kFloatComponents | (quantized ? uint32_t(kNormalizedSigned) : 0u);
  const uint32_t positionRules = floats | (quantized ? uint32_t(kSignedIntegers) : 0u);
  const uint32_t floatOrNormalized = kFloatComponents | kNormalizedUnsigned | kNormalizedSigned;
  for (size_t t = 0; t < targets.size(); ++t) {
    const Json& target = targets[t];
    const std::string tat = at + jsonPointer("targets", t);
    MorphTarget& m = p.targets[t];
    std::string err =
        readDisplacement(ctx, target, tat, vertexCount,
                         Displacement<glm::vec3, glm::vec3>{
                             "POSITION", p.positions, m.positions, {"VEC3"}, positionRules});
    if (err.empty()) {
      err = readDisplacement(
          ctx, target, tat, vertexCount,
          Displacement<glm::vec3, glm::vec3>{"NORMAL", p.normals, m.normals, {"VEC3"}, floats});
    }
    if (err.empty()) {
      // The handedness w "cannot be displaced": TANGENT deltas are VEC3.
      err = readDisplacement(
          ctx, target, tat, vertexCount,
          Displacement<glm::vec4, glm::vec3>{"TANGENT", p.tangents, m.tangents, {"VEC3"}, floats});
    }
    for (int set = 0; set < 2 && err.empty(); ++set) {
      const char* name = set == 0 ? "TEXCOORD_0" : "TEXCOORD_1";
      err = readDisplacement(
          ctx, target, tat, vertexCount,
          Displacement<glm::vec2, glm::vec2>{
              name, p.texcoords[set], m.texcoords[set], {"VEC2"}, floatOrNormalized});
    }
    if (err.empty()) {
      err =
          readDisplacement(ctx, target, tat, vertexCount,
                           Displacement<glm::vec4, glm::vec4>{
                               "COLOR_0", p.colors, m.colors, {"VEC3", "VEC4"}, floatOrNormalized});
    }
    if (!err.empty()) return err;
    // Like POSITION itself: bounds and the CPU reference break on Inf/NaN.
    for (size_t v = 0; v < m.positions.size(); ++v) {
      const glm::vec3& x = m.positions[v];
      if (!std::isfinite(x.x) || !std::isfinite(x.y) || !std::isfinite(x.z)) {
        return located(tat + "/POSITION", "value " + std::to_string(v) + " is not finite");
      }
    }
  }
  return {};
}

}  // namespace vitrine::scene
