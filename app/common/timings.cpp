#include "timings.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>

namespace vitrine::app {
namespace {

std::string line(const char* name, double value, const char* unit) {
  char text[96];
  std::snprintf(text, sizeof text, "timings: %-18s %10.1f %s\n", name, value, unit);
  return text;
}

}  // namespace

StartupTimings& startupTimings() {
  static StartupTimings timings;
  return timings;
}

std::unique_ptr<renderer::Renderer> createTimedRenderer(const renderer::Options& options,
                                                        std::string* error) {
  const scene::Stopwatch watch;
  auto r = renderer::Renderer::create(options, error);
  if (r) {
    const renderer::SetupTimings inside = r->setupTimings();
    startupTimings().deviceSetup +=
        std::max(0.0, watch.seconds() - inside.pipelines - inside.environment);
  }
  return r;
}

FrameTimer::FrameTimer(const renderer::Renderer& renderer) : before_(renderer.setupTimings()) {}

bool FrameTimer::record(const renderer::Renderer& renderer) {
  StartupTimings& t = startupTimings();
  if (t.printed || t.firstFrame) return false;
  const double wall = watch_.seconds();
  const renderer::SetupTimings after = renderer.setupTimings();
  t.firstFrame =
      std::max(0.0, wall - (after.pipelines - before_.pipelines) - (after.upload - before_.upload) -
                        (after.environment - before_.environment));
  t.renderer = after;
  return true;
}

void FrameTimer::finish(const renderer::Renderer& renderer) {
  if (record(renderer)) printTimings();
}

std::optional<uint64_t> peakResidentBytes() {
  std::ifstream status("/proc/self/status");
  std::string text;
  while (std::getline(status, text)) {
    if (text.rfind("VmHWM:", 0) != 0) continue;
    std::istringstream fields(text.substr(6));
    uint64_t kib = 0;
    std::string unit;
    if (fields >> kib >> unit && unit == "kB") return kib * 1024;
    return std::nullopt;
  }
  return std::nullopt;
}

std::string formatTimings(const StartupTimings& t, double totalSeconds,
                          std::optional<uint64_t> peakRssBytes) {
  std::string out;
  auto ms = [&](const char* name, double seconds) { out += line(name, seconds * 1e3, "ms"); };
  if (t.load) {
    ms("file read", t.load->fileRead);
    ms("JSON parse", t.load->jsonParse);
    ms("buffer decode", t.load->bufferDecode);
    ms("image decode", t.load->imageDecode + t.imageWait);
  }
  if (t.renderer) {
    ms("device setup", t.deviceSetup);
    ms("GPU upload", t.renderer->upload);
    ms("pipeline creation", t.renderer->pipelines);
    ms("environment", t.environmentImage + t.renderer->environment);
    ms("first frame", t.firstFrame.value_or(0.0));
    if (t.toFirstFrame) ms("to first frame", *t.toFirstFrame);
  }
  ms("total", totalSeconds);
  if (peakRssBytes) out += line("peak RSS", double(*peakRssBytes) / (1024.0 * 1024.0), "MiB");
  return out;
}

void printTimings() {
  StartupTimings& t = startupTimings();
  if (!t.enabled || t.printed) return;
  t.printed = true;
  std::fputs(formatTimings(t, t.sinceStart.seconds(), peakResidentBytes()).c_str(), stderr);
  std::fflush(stderr);
}

}  // namespace vitrine::app
