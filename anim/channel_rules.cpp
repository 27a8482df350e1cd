#include "channel_rules.h"

#include "gltf_enums.h"

namespace vitrine::anim {

namespace {

using scene::Json;
using scene::ValueType;
namespace gltf = scene::gltf;

std::string quoted(const std::string& s) {
  return "\"" + s + "\"";
}

const char* accessorTypeFor(ValueType type) {
  switch (type) {
    case ValueType::Float2:
      return "VEC2";
    case ValueType::Float3:
      return "VEC3";
    case ValueType::Float4:
      return "VEC4";
    case ValueType::Float4x4:
      return "MAT4";
    default:
      return "SCALAR";
  }
}

bool isInteger(int componentType) {
  return componentType == gltf::kByte || componentType == gltf::kUnsignedByte ||
         componentType == gltf::kShort || componentType == gltf::kUnsignedShort ||
         componentType == gltf::kUnsignedInt;
}

std::string describeComponents(const scene::AccessorFormat& f) {
  return (f.normalized ? "normalized " : "") + gltf::componentTypeName(f.componentType);
}

}  // namespace

const char* interpolationName(Interpolation interpolation) {
  switch (interpolation) {
    case Interpolation::Step:
      return "STEP";
    case Interpolation::Linear:
      return "LINEAR";
    case Interpolation::CubicSpline:
      return "CUBICSPLINE";
  }
  return "unknown";
}

ChannelTarget channelTarget(const Json& channel) {
  ChannelTarget out;
  const Json* target = scene::member(channel, "target");
  if (!target || !target->is_object()) {
    out.error = "the channel has no target";
    return out;
  }
  const Json* path = scene::member(*target, "path");
  if (!path || !path->is_string()) {
    out.error = "target.path is missing";
    return out;
  }
  const std::string name = path->get<std::string>();
  const Json* node = scene::member(*target, "node");
  const Json* extensions = scene::member(*target, "extensions");
  const Json* extension =
      extensions ? scene::member(*extensions, "KHR_animation_pointer") : nullptr;
  const Json* pointer = extension ? scene::member(*extension, "pointer") : nullptr;
  const bool hasPointer = pointer && pointer->is_string();
  if (hasPointer) out.pointer = pointer->get<std::string>();

  if (name == "pointer") {
    // KHR_animation_pointer: "the animation channel target path MUST be set to "pointer" and
    // the actual JSON pointer value is provided in the extension object's pointer property.
    // The animation channel node property MUST NOT be set."
    if (node) {
      out.error = "target.node must not be set when path is \"pointer\" (KHR_animation_pointer)";
    } else if (!hasPointer) {
      out.error = "path is \"pointer\" but extensions.KHR_animation_pointer.pointer is missing";
    }
    return out;
  }
  if (name != "translation" && name != "rotation" && name != "scale" && name != "weights") {
    out.error = "unknown target path " + quoted(name);
    return out;
  }
  if (hasPointer) {
    out.error = "path is " + quoted(name) +
                " but the target has a KHR_animation_pointer pointer: path must be \"pointer\" "
                "(KHR_animation_pointer)";
    out.pointer.clear();
    return out;
  }
  if (!node) {
    out.error = "target.node is absent: the channel is ignored (glTF 2.0 Animations)";
    return out;
  }
  if (!node->is_number_unsigned() && !(node->is_number_integer() && node->get<int64_t>() >= 0)) {
    out.error = "target.node is not a node index";
    return out;
  }
  out.pointer = scene::jsonPointer("nodes", node->get<uint64_t>(), name);
  return out;
}

std::string parseInterpolation(const Json& sampler, Interpolation& out) {
  out = Interpolation::Linear;  // glTF 2.0 animation.sampler.interpolation default
  const Json* value = scene::member(sampler, "interpolation");
  if (!value) return {};
  const std::string name = value->is_string() ? value->get<std::string>() : value->dump();
  if (name == "LINEAR") return {};
  if (name == "STEP") {
    out = Interpolation::Step;
    return {};
  }
  if (name == "CUBICSPLINE") {
    out = Interpolation::CubicSpline;
    return {};
  }
  return "unknown interpolation " + quoted(name);
}

std::string checkInput(uint32_t index, const Json& accessor, const scene::AccessorFormat& format) {
  const std::string name = "input accessor " + std::to_string(index);
  if (!scene::member(accessor, "min") || !scene::member(accessor, "max")) {
    return name + " has no min/max (glTF 2.0 Animations: required for animation inputs)";
  }
  if (format.type != "SCALAR" || format.componentType != gltf::kFloat) {
    return name + " is " + format.type + " " + describeComponents(format) +
           "; keyframe times must be SCALAR FLOAT";
  }
  // glTF 2.0 §3.6.2.3 (Sparse Accessors): without a bufferView the accessor is "initialized as
  // an array of zeros"; with no sparse substitution either, two keyframes or more of it are not
  // increasing. Refused here, before the zeros are made.
  if (format.count > 1 && !scene::member(accessor, "bufferView") &&
      !scene::member(accessor, "sparse")) {
    return name + ": keyframe times are not strictly increasing (" + std::to_string(format.count) +
           " zeros: no bufferView, no sparse)";
  }
  return {};
}

std::string checkTimes(uint32_t index, std::span<const float> times) {
  SamplerView view;
  view.times = times.data();
  view.values = times.data();  // only the times are checked here
  view.keyCount = uint32_t(times.size());
  view.valueCount = uint32_t(times.size());
  view.components = 1;
  view.interpolation = Interpolation::Step;
  const SamplerIssue issue = validate(view);
  if (issue == SamplerIssue::None) return {};
  return "input accessor " + std::to_string(index) + ": " + describe(issue);
}

std::string checkOutput(const scene::Slot& slot, uint32_t index,
                        const scene::AccessorFormat& format, Interpolation interpolation,
                        uint32_t keyCount) {
  const std::string name = "output accessor " + std::to_string(index);
  const char* property = scene::valueTypeName(slot.type);
  if (slot.count == 0) return "the targeted array is empty: nothing to animate";

  const char* needed = accessorTypeFor(slot.type);
  if (format.type != needed) {
    return name + " is " + format.type + "; " + property + " needs " + needed +
           " (KHR_animation_pointer)";
  }
  const bool known = format.componentType == gltf::kFloat || isInteger(format.componentType);
  if (slot.type == ValueType::Int) {
    if (!isInteger(format.componentType) || format.normalized) {
      return name + " is " + describeComponents(format) +
             "; int needs a non-normalized integer component type (KHR_animation_pointer)";
    }
  } else if (slot.type == ValueType::Bool) {
    if (format.componentType != gltf::kUnsignedByte) {
      return name + " is " + describeComponents(format) +
             "; bool needs UNSIGNED_BYTE (KHR_animation_pointer)";
    }
  } else if (!known) {
    return name + " has component type " + describeComponents(format);
  }
  if ((slot.type == ValueType::Int || slot.type == ValueType::Bool) &&
      interpolation != Interpolation::Step) {
    return std::string(property) + " needs STEP interpolation, the sampler is " +
           interpolationName(interpolation) + " (KHR_animation_pointer)";
  }
  const bool cubic = interpolation == Interpolation::CubicSpline;
  if (cubic && keyCount < 2) {
    return "CUBICSPLINE needs at least 2 keyframes, the input has " + std::to_string(keyCount) +
           " (glTF 2.0 Appendix C)";
  }
  const uint64_t perKey = slot.type == ValueType::FloatArray ? slot.count : 1;
  const uint64_t expected = uint64_t(keyCount) * (cubic ? 3 : 1) * perKey;
  if (format.count != expected) {
    std::string why = std::to_string(keyCount) + " keyframes";
    if (cubic) why += " x 3 for CUBICSPLINE";
    if (perKey != 1) why += " x " + std::to_string(perKey) + " array elements";
    return name + " has " + std::to_string(format.count) + " elements, expected " +
           std::to_string(expected) + " (" + why + ")";
  }
  return {};
}

}  // namespace vitrine::anim
