// libFuzzer target: animation binding and evaluation (anim/: bindAnimations, then
// Animations::evaluate), core node channels and KHR_animation_pointer channels alike.
// Input (fuzz_util.h): {"animations": [...], "accessors": [...], "bufferViews": [...], ...}
// NUL, then the keyframe bytes of buffer 0. The members replace those of a base document with a
// node hierarchy, a camera, a material and a light for the channels to target.
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "animation.h"
#include "dirty.h"
#include "fuzz_util.h"
#include "loader.h"

namespace {

const nlohmann::json& baseDocument() {
  static const nlohmann::json base = nlohmann::json::parse(R"({
    "asset": {"version": "2.0"},
    "extensionsUsed": ["KHR_animation_pointer", "KHR_lights_punctual"],
    "extensions": {"KHR_lights_punctual": {"lights": [{"type": "point"}]}},
    "scene": 0,
    "scenes": [{"nodes": [0]}],
    "nodes": [
      {"children": [1, 2], "translation": [1, 2, 3]},
      {"camera": 0, "rotation": [0, 0, 0, 1]},
      {"scale": [1, 1, 1], "extensions": {"KHR_lights_punctual": {"light": 0}}}
    ],
    "cameras": [{"type": "perspective", "perspective": {"yfov": 0.8, "znear": 0.1}}],
    "materials": [{"pbrMetallicRoughness": {"baseColorFactor": [1, 1, 1, 1]}}]
  })");
  return base;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace vitrine;
  const fuzz::SplitInput in = fuzz::splitInput(data, size);
  const std::vector<uint8_t> glb = fuzz::mergedGlb(baseDocument(), in);
  scene::LoadResult r = scene::loadSceneFromMemory(glb, fuzz::scratchDir(), "fuzz.glb");
  if (!r.scene) return 0;
  anim::BindResult bound = anim::bindAnimations(*r.scene, *r.document);
  const size_t clips = bound.animations->clips().size();
  const std::vector<bool> enabled(clips, true);
  scene::DirtySet dirty;
  // Before, inside and after the keyframes, a huge time and NaN (a broken clock must not
  // crash the frame loop either).
  for (float t : {-1.0f, 0.0f, 0.37f, 1.0f, 2.5f, 1e30f, std::numeric_limits<float>::quiet_NaN()}) {
    bound.animations->evaluate(t, enabled, dirty);
    dirty.clear();
  }
  std::vector<float> perClip(clips, 0.5f);
  bound.animations->evaluate(perClip, enabled, dirty);
  return 0;
}
