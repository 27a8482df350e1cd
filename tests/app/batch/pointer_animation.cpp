#include "pointer_animation.h"

#include <algorithm>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "run_vitrine.h"

namespace vitrine::test {

using nlohmann::json;

void addPointerAnimation(AssetBuilder& b, const std::vector<AnimatedPointer>& animated,
                         const std::string& name) {
  if (animated.empty()) return;
  const int times = b.addFloats({0.0f, 1.0f}, "SCALAR");
  b.json()["accessors"][times]["min"] = {0.0};
  b.json()["accessors"][times]["max"] = {1.0};
  json samplers = json::array(), channels = json::array();
  for (const AnimatedPointer& a : animated) {
    std::vector<float> keys = a.from;
    keys.insert(keys.end(), a.to.begin(), a.to.end());
    const char* type = a.from.size() == 1 ? "SCALAR" : a.from.size() == 2 ? "VEC2" : "VEC3";
    const int values = b.addFloats(keys, type);
    channels.push_back({{"sampler", samplers.size()},
                        {"target",
                         {{"path", "pointer"},
                          {"extensions", {{"KHR_animation_pointer", {{"pointer", a.pointer}}}}}}}});
    samplers.push_back({{"input", times}, {"output", values}});
  }
  b.json()["animations"].push_back(
      {{"name", name}, {"samplers", samplers}, {"channels", channels}});
}

void expectQueriesFollow(const std::string& file, const std::vector<AnimatedPointer>& animated,
                         const std::vector<float>& times) {
  for (float t : times) {
    std::vector<std::string> args = {file, "--time", std::to_string(t)};
    for (const AnimatedPointer& a : animated) args.insert(args.end(), {"--query", a.pointer});
    const ProcessResult r = runVitrine(args);
    ASSERT_EQ(r.status, 0) << r.err;
    std::vector<json> lines;
    size_t start = 0;
    for (size_t end; (end = r.out.find('\n', start)) != std::string::npos; start = end + 1)
      lines.push_back(json::parse(r.out.substr(start, end - start), nullptr, false));
    ASSERT_EQ(lines.size(), animated.size()) << r.out;
    const float u = std::min(t, 1.0f);  // past the last key the value holds (clamped)
    for (size_t i = 0; i < animated.size(); ++i) {
      const AnimatedPointer& a = animated[i];
      std::vector<float> got;
      if (lines[i].is_array())
        for (const json& v : lines[i]) got.push_back(v.get<float>());
      else if (lines[i].is_number())
        got.push_back(lines[i].get<float>());
      ASSERT_EQ(got.size(), a.from.size()) << a.pointer << " t=" << t << ": " << lines[i];
      for (size_t c = 0; c < got.size(); ++c)
        EXPECT_NEAR(got[c], a.from[c] + (a.to[c] - a.from[c]) * u, 1e-6f)
            << a.pointer << " t=" << t;
    }
  }
}

}  // namespace vitrine::test
