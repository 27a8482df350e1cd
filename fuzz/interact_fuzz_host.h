// The Object Model both behaviour-graph fuzz targets run on (interact_graph_fuzz,
// interact_run_fuzz): a few nodes, a material, a mesh, a camera and two animations. It aborts
// when the engine breaks what host.h promises it, so the fuzzer reports it.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "host.h"

namespace vitrine::interact::fuzz {

// A small Object Model: two nodes, a material, a mesh with two weights, a camera, two
// animations (the second invalid). Values start at their glTF defaults.
class FuzzHost final : public ObjectModelHost {
 public:
  FuzzHost() {
    for (const char* n : {"0", "1"}) {
      const std::string node = std::string("/nodes/") + n;
      add(node + "/translation", Type::Float3, true, false, {0, 0, 0});
      add(node + "/rotation", Type::Float4, true, true, {0, 0, 0, 1});
      add(node + "/scale", Type::Float3, true, false, {1, 1, 1});
      add(node + "/extensions/KHR_node_visibility/visible", Type::Bool, true);
    }
    add("/nodes/0/matrix", Type::Float4x4, false, false,
        {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1});
    add("/materials/0/pbrMetallicRoughness/baseColorFactor", Type::Float4, true, false,
        {1, 1, 1, 1});
    add("/materials/0/pbrMetallicRoughness/metallicFactor", Type::Float, true, false, {1});
    add("/materials/0/alphaMode", Type::Int, false);
    add("/meshes/0/weights/0", Type::Float, true);
    add("/meshes/0/weights/1", Type::Float, true);
    add("/cameras/0/perspective/yfov", Type::Float, false, false, {0.8});
  }

  Property resolve(std::string_view pointer) override {
    for (size_t k = 0; k < props_.size(); ++k) {
      if (props_[k].pointer == pointer) {
        return {int32_t(k), props_[k].value.type, props_[k].writable, props_[k].quaternion};
      }
    }
    return {};
  }
  uint32_t arrayLength(std::string_view pointer) override {
    static const std::map<std::string_view, uint32_t> kArrays = {{"/nodes", 2},
                                                                 {"/nodes/0/children", 1},
                                                                 {"/materials", 1},
                                                                 {"/meshes", 1},
                                                                 {"/meshes/0/weights", 2},
                                                                 {"/cameras", 1},
                                                                 {"/animations", 2},
                                                                 {"/scenes", 1}};
    const auto it = kArrays.find(pointer);
    return it == kArrays.end() ? 0 : it->second;
  }
  void get(int32_t id, Value& out) override {
    const Value& v = prop(id).value;
    if (out.type != v.type) std::abort();  // host.h: out.type is already its type
    out = v;
  }
  void set(int32_t id, const Value& value) override {
    Prop& p = prop(id);
    if (!p.writable || value.type != p.value.type) std::abort();  // writable, of its type
    p.value = value;
  }
  uint32_t animationCount() override { return 2; }
  void animationRange(uint32_t animation, double* minTime, double* maxTime) override {
    if (animation >= 2) std::abort();
    *minTime = animation == 0 ? 0.0 : kNaN;
    *maxTime = animation == 0 ? 2.0 : kNaN;
  }
  void sampleAnimations(std::span<const double> times, std::span<const uint8_t> playing) override {
    if (times.size() != 2 || playing.size() != 2) std::abort();
  }
  // A ray with a positive x hits node 1 (a child of node 0), a positive y node 0.
  bool pick(const double origin[3], const double direction[3], bool, Hit* hit) override {
    if (!(direction[0] > 0) && !(direction[1] > 0)) return false;
    hit->node = direction[0] > 0 ? 1 : 0;
    for (int k = 0; k < 3; ++k) hit->point[k] = origin[k] + direction[k];
    return true;
  }
  int32_t parentOf(uint32_t node) override {
    if (node >= 2) std::abort();
    return node == 1 ? 0 : -1;
  }

 private:
  struct Prop {
    std::string pointer;
    Value value;
    bool writable = true;
    bool quaternion = false;
  };
  std::vector<Prop> props_;

  void add(const std::string& pointer, Type type, bool writable, bool quaternion = false,
           std::vector<double> v = {}) {
    Value value = defaultValue(type);
    if (type == Type::Bool) value.b = true;
    if (type == Type::Int) value.i = 0;
    for (size_t k = 0; k < v.size(); ++k) value.f[k] = v[k];
    props_.push_back({pointer, value, writable, quaternion});
  }
  Prop& prop(int32_t id) {
    if (id < 0 || size_t(id) >= props_.size()) std::abort();  // only ids resolve() returned
    return props_[size_t(id)];
  }
};

}  // namespace vitrine::interact::fuzz
