// JOINTS_n / WEIGHTS_n (glTF 2.0 §3.7.3 "Skinned Mesh Attributes"): up to four joints per set
// influence a vertex; further sets add four more each.
#include <cmath>
#include <cstdlib>

#include "attribute_reader.h"
#include "load_primitive_parts.h"

namespace vitrine::scene {
namespace {

// The set index n of "JOINTS_n" / "WEIGHTS_n" (prefix given), or -1 when `name` is not of
// that form (n in decimal without leading zeros, §3.7.2.1).
int setIndex(const std::string& name, const std::string& prefix) {
  if (name.size() <= prefix.size() || name.compare(0, prefix.size(), prefix) != 0) return -1;
  const std::string digits = name.substr(prefix.size());
  if (digits.size() > 4 || (digits.size() > 1 && digits[0] == '0')) return -1;
  for (char c : digits) {
    if (c < '0' || c > '9') return -1;
  }
  return std::atoi(digits.c_str());
}

}  // namespace

std::string readInfluences(const LoadContext& ctx, const Json& prim, const std::string& at,
                           uint32_t vertexCount, const SkinUse& skin, Primitive& p) {
  const Json& attributes = prim["attributes"];
  const std::string mapAt = at + "/attributes";
  // Sets are numbered from 0 without gaps (§3.7.2.1 "All indices for indexed attribute
  // semantics MUST start with 0 and be consecutive"), JOINTS_n and WEIGHTS_n in pairs.
  uint32_t sets = 0;
  while (member(attributes, ("JOINTS_" + std::to_string(sets)).c_str()) ||
         member(attributes, ("WEIGHTS_" + std::to_string(sets)).c_str())) {
    ++sets;
  }
  for (const auto& [name, value] : attributes.items()) {
    for (const char* prefix : {"JOINTS_", "WEIGHTS_"}) {
      const int n = setIndex(name, prefix);
      if (n > int(sets)) {
        return located(mapAt + jsonPointer(name), "set " + std::to_string(n) + " without set " +
                                                      std::to_string(sets) +
                                                      " (sets are numbered from 0 without gaps)");
      }
    }
  }
  if (sets == 0) return {};
  for (uint32_t s = 0; s < sets; ++s) {
    const std::string joints = "JOINTS_" + std::to_string(s);
    const std::string weights = "WEIGHTS_" + std::to_string(s);
    const bool hasJoints = member(attributes, joints.c_str()) != nullptr;
    if (!hasJoints || !member(attributes, weights.c_str())) {
      // §3.7.3: "the number of JOINTS_n attribute sets MUST be equal to the number of
      // WEIGHTS_n attribute sets".
      const std::string& present = hasJoints ? joints : weights;
      return located(mapAt + jsonPointer(present), "no " + (hasJoints ? weights : joints) +
                                                       " (JOINTS_n and WEIGHTS_n come in pairs)");
    }
  }
  if (std::string err = checkMeshBudget(
          ctx, at, uint64_t(vertexCount) * (valuesPerVertex(p, false) + 8 * uint64_t(sets)));
      !err.empty()) {
    return err;
  }

  p.joints.assign(size_t(vertexCount) * sets, glm::u16vec4(0));
  p.weights.assign(size_t(vertexCount) * sets, glm::vec4(0.0f));
  p.influenceSets = sets;
  uint32_t largest = 0;
  std::vector<uint32_t> jointValues;
  std::vector<glm::vec4> weightValues;
  for (uint32_t s = 0; s < sets; ++s) {
    const Attribute j =
        *findAttribute(ctx.doc, attributes, ("JOINTS_" + std::to_string(s)).c_str(), mapAt);
    const Attribute w =
        *findAttribute(ctx.doc, attributes, ("WEIGHTS_" + std::to_string(s)).c_str(), mapAt);
    if (std::string err = checkAttributeFormat(j, {"VEC4"}, kUnsignedIntegers); !err.empty())
      return err;
    if (std::string err = checkAttributeCount(j, vertexCount); !err.empty()) return err;
    if (std::string err = checkAttributeFormat(w, {"VEC4"}, kFloatComponents | kNormalizedUnsigned);
        !err.empty())
      return err;
    if (std::string err = checkAttributeCount(w, vertexCount); !err.empty()) return err;
    if (std::string err = readAccessor(ctx.doc, j.accessor, jointValues); !err.empty()) return err;
    if (std::string err = readAttribute(ctx.doc, w, weightValues); !err.empty()) return err;
    for (uint32_t v = 0; v < vertexCount; ++v) {
      glm::u16vec4& joint = p.joints[size_t(v) * sets + s];
      for (int c = 0; c < 4; ++c) {
        const uint32_t value = jointValues[size_t(v) * 4 + size_t(c)];
        // §3.7.3: "All joint values MUST be within the range of joints in the skin."
        if (skin.node >= 0 && value >= skin.joints) {
          return located(j.at, "joint " + std::to_string(value) + " (vertex " + std::to_string(v) +
                                   ") is out of range: node " + std::to_string(skin.node) +
                                   " instantiates the mesh with skin " + std::to_string(skin.skin) +
                                   ", which has " + std::to_string(skin.joints) + " joints");
        }
        joint[c] = uint16_t(value);  // UNSIGNED_BYTE or UNSIGNED_SHORT: it fits
        largest = std::max(largest, value + 1);
      }
      const glm::vec4& weight = weightValues[v];
      if (!std::isfinite(weight.x) || !std::isfinite(weight.y) || !std::isfinite(weight.z) ||
          !std::isfinite(weight.w)) {
        return located(w.at, "value " + std::to_string(v) + " is not finite");
      }
      p.weights[size_t(v) * sets + s] = weight;
    }
  }
  p.minSkinJoints = largest;
  return {};
}

}  // namespace vitrine::scene
