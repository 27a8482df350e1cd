// The measuring loop of the renderer benchmarks (frame_bench, layers_bench,
// transmission_bench): one warm-up frame (pipelines compiled, targets created), then one
// Renderer::renderOffscreen() per iteration, with the counter process_cpu_ms, the CPU time of
// every thread of the process (lavapipe's rasterizer threads included) per frame: on a shared
// machine the steadier figure to compare shader versions with.
#pragma once

#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include <cmath>
#include <memory>
#include <string>

#include <glm/gtc/matrix_transform.hpp>

#include "environment_image.h"
#include "renderer.h"
#include "scene.h"

namespace vitrine::bench {

// CPU time of every thread of the process so far, in milliseconds.
inline double processCpuMs() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  auto ms = [](const timeval& t) { return double(t.tv_sec) * 1e3 + double(t.tv_usec) * 1e-3; };
  return ms(usage.ru_utime) + ms(usage.ru_stime);
}

// A headless renderer lit by the studio environment with `s` (its scenes[sceneIndex]) set, or
// null after state.SkipWithError when there is no Vulkan device.
inline std::unique_ptr<renderer::Renderer> studioRenderer(benchmark::State& state,
                                                          const scene::Scene& s, int sceneIndex) {
  std::string error;
  auto r = renderer::Renderer::create(renderer::Options{}, &error);
  if (!r) {
    state.SkipWithError(error.c_str());
    return nullptr;
  }
  const scene::EnvironmentImage studio = scene::studioEnvironment();
  r->setEnvironment(&studio);
  r->setScene(s, sceneIndex);
  return r;
}

// Looks at the scene's bounds from the front-right, above, filling a width x height view: the
// camera of the frame benchmarks (frame_bench, shadow_bench).
inline renderer::View frontView(const scene::Scene& s, uint32_t width, uint32_t height) {
  const scene::Bounds b = scene::sceneBounds(s, s.activeScene);
  const glm::vec3 centre = b.empty() ? glm::vec3(0.0f) : 0.5f * (b.min + b.max);
  const float radius = b.empty() ? 1.0f : 0.5f * glm::length(b.max - b.min);
  const float fov = 0.8f;
  const glm::vec3 eye =
      centre + glm::normalize(glm::vec3(0.5f, 0.35f, 1.0f)) * (radius / std::sin(0.5f * fov));
  renderer::View v;
  v.view = glm::lookAt(eye, centre, glm::vec3(0, 1, 0));
  v.projection =
      glm::perspective(fov, float(width) / float(height), 0.01f * radius, 10.0f * radius);
  v.eye = eye;
  return v;
}

inline void measureOffscreenFrames(benchmark::State& state, renderer::Renderer& r,
                                   const renderer::View& view, uint32_t width, uint32_t height) {
  (void)r.renderOffscreen(view, width, height);
  const double cpuStart = processCpuMs();
  for (auto _ : state) benchmark::DoNotOptimize(r.renderOffscreen(view, width, height));
  state.counters["process_cpu_ms"] = (processCpuMs() - cpuStart) / double(state.iterations());
}

}  // namespace vitrine::bench
