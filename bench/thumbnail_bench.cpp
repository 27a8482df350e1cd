// thumbnail_bench: the time a file manager waits for one thumbnail — `vitrine --thumbnail 256
// BoxTextured.gltf OUT.png` from process start to exit, the executable run as the freedesktop
// thumbnailer runs it (posix_spawn + waitpid, so loader, Vulkan instance and device creation,
// pipeline compiles and the PNG write are all in). Two cases: the processed studio environment
// already in the cache ($XDG_CACHE_HOME/vitrine, the usual case after the first thumbnail) and
// an empty cache each time. Needs a Vulkan device (lavapipe:
// VK_ICD_FILENAMES=/usr/share/vulkan/icd.d/lvp_icd.x86_64.json); no X server.
#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

extern char** environ;

namespace {

const std::string kModel = VITRINE_MODELS_DIR "/BoxTextured-glTF/BoxTextured.gltf";

// CPU seconds (user + system, all threads) of the children run so far: wall time on a shared
// machine depends on the load, the CPU time much less.
double childCpuSeconds = 0.0;

// Waits for `pid`, adding its CPU time; true when it exited 0.
bool waitFor(pid_t pid) {
  int status = 0;
  rusage usage{};
  wait4(pid, &status, 0, &usage);
  childCpuSeconds += double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
                     1e-6 * double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec);
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

// Reports the mean CPU time per run of the iterations measured.
void reportCpu(benchmark::State& state, double before) {
  state.counters["child_cpu_ms"] =
      1e3 * (childCpuSeconds - before) /
      double(std::max<benchmark::IterationCount>(1, state.iterations()));
}

// Runs the executable once; false when it did not exit 0.
bool runThumbnail(const std::string& out) {
  const std::string exe = VITRINE_EXECUTABLE;
  std::vector<std::string> args = {exe, "--thumbnail", "256", kModel, out};
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  if (posix_spawn(&pid, exe.c_str(), nullptr, nullptr, argv.data(), environ) != 0) return false;
  return waitFor(pid);
}

std::string scratch(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() /
                   ("vitrine-thumbnail-bench-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  return (dir / name).string();
}

void BM_Thumbnail256WarmCache(benchmark::State& state) {
  const std::string cache = scratch("cache");
  setenv("XDG_CACHE_HOME", cache.c_str(), 1);
  if (!runThumbnail(scratch("warm.png"))) {
    state.SkipWithError("vitrine --thumbnail failed");
    return;  // the loop below must not run after SkipWithError
  }
  const double before = childCpuSeconds;
  for (auto _ : state) {
    if (!runThumbnail(scratch("warm.png"))) {
      state.SkipWithError("vitrine --thumbnail failed");
      break;
    }
  }
  reportCpu(state, before);
}
BENCHMARK(BM_Thumbnail256WarmCache)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_Thumbnail256ColdCache(benchmark::State& state) {
  const std::string cache = scratch("cold-cache");
  setenv("XDG_CACHE_HOME", cache.c_str(), 1);
  const double before = childCpuSeconds;
  for (auto _ : state) {
    state.PauseTiming();
    std::filesystem::remove_all(cache);  // the vitrine and Mesa shader caches alike
    state.ResumeTiming();
    if (!runThumbnail(scratch("cold.png"))) {
      state.SkipWithError("vitrine --thumbnail failed");
      break;
    }
  }
  reportCpu(state, before);
}
BENCHMARK(BM_Thumbnail256ColdCache)->Unit(benchmark::kMillisecond)->UseRealTime();

// The same command with --check: process start, loading and binding, exit — the part of a
// thumbnail that is not Vulkan.
void BM_CheckOnly(benchmark::State& state) {
  const std::string exe = VITRINE_EXECUTABLE;
  const double before = childCpuSeconds;
  for (auto _ : state) {
    std::vector<std::string> args = {exe, "--check", kModel};
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    pid_t pid = 0;
    const bool spawned =
        posix_spawn(&pid, exe.c_str(), &actions, nullptr, argv.data(), environ) == 0;
    posix_spawn_file_actions_destroy(&actions);
    // No child to wait for when the spawn failed: pid is unset then.
    if (!spawned) {
      state.SkipWithError("spawn failed");
      break;
    }
    if (!waitFor(pid)) {
      state.SkipWithError("vitrine --check failed");
      break;
    }
  }
  reportCpu(state, before);
}
BENCHMARK(BM_CheckOnly)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
