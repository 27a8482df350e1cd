// packed_first_frame_bench: time to first frame and peak resident memory of each packed asset
// next to its unpacked original (issue 15). Each iteration runs `vitrine --render OUT.png --size
// 256x256 ASSET` as a separate process (child_process.h: posix_spawn + wait4): loading, decoding,
// the Vulkan instance and device, the upload, the first frame and the PNG write are all in. wait4's
// rusage of that child gives its CPU seconds (user + system, all threads) and its peak RSS
// (ru_maxrss). The packed variants are made once, at the first benchmark that needs them, in a temp
// folder: gltfpack -cc (EXT_meshopt_compression + KHR_mesh_quantization) and -cc -noq (meshopt
// alone), the Draco 2CylinderEngine that assimp-testmodels ships, and BoxTextured with its PNG
// converted to lossless WebP by cwebp (EXT_texture_webp, required, no fallback). A missing tool
// skips the benchmarks that need it. The studio environment and Mesa's shader cache are warm (one
// run before the measured ones), as for any start after the first. Needs a Vulkan device (lavapipe:
// VK_ICD_FILENAMES=/usr/share/vulkan/icd.d/lvp_icd.x86_64.json); no X server.
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <benchmark/benchmark.h>
#include <nlohmann/json.hpp>

#include "child_process.h"

namespace {

namespace fs = std::filesystem;

const std::string kModels = VITRINE_MODELS_DIR;

fs::path scratchDir() {
  static const fs::path dir =
      fs::temp_directory_path() / ("vitrine-packed-bench-" + std::to_string(getpid()));
  fs::create_directories(dir);
  return dir;
}

std::string readFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

bool haveTool(const std::string& tool) {
  return std::system(("command -v " + tool + " >/dev/null 2>&1").c_str()) == 0;
}

bool run(const std::string& command) {
  return std::system((command + " >/dev/null 2>&1").c_str()) == 0;
}

// Bytes of the asset as it travels: a .glb alone (everything here is embedded), a .gltf with
// the buffers and images its URIs name.
double assetBytes(const fs::path& path) {
  double bytes = double(fs::file_size(path));
  if (path.extension() != ".gltf") return bytes;
  const nlohmann::json j = nlohmann::json::parse(readFile(path));
  for (const char* kind : {"buffers", "images"}) {
    if (!j.contains(kind)) continue;
    for (const nlohmann::json& item : j[kind]) {
      if (!item.contains("uri")) continue;
      const std::string uri = item["uri"];
      if (uri.rfind("data:", 0) != 0) bytes += double(fs::file_size(path.parent_path() / uri));
    }
  }
  return bytes;
}

// One asset variant: how to make it (empty `error` when it was made), made once.
struct Variant {
  Variant(std::string n, std::function<std::string(std::string&)> m)
      : name(std::move(n)), make(std::move(m)) {}
  std::string name;
  std::function<std::string(std::string& error)> make;  // returns the asset's path
  bool made = false;
  std::string path, error;
};

std::string gltfpack(const std::string& in, const std::string& out, const std::string& options,
                     std::string& error) {
  if (!haveTool("gltfpack")) {
    error = "gltfpack not found (Debian package gltfpack)";
    return {};
  }
  const std::string path = (scratchDir() / out).string();
  if (!run("gltfpack -i '" + in + "' -o '" + path + "' " + options))
    error = "gltfpack " + options + " failed on " + in;
  return path;
}

// BoxTextured with CesiumLogoFlat.png as lossless WebP, the glTF naming only the WebP image
// through EXT_texture_webp (required: no PNG fallback is left to load instead).
std::string webpBox(std::string& error) {
  if (!haveTool("cwebp")) {
    error = "cwebp not found (Debian package webp)";
    return {};
  }
  const std::string box = kModels + "/BoxTextured-glTF";
  const fs::path dir = scratchDir() / "webp-box";
  fs::create_directories(dir);
  fs::copy_file(box + "/BoxTextured0.bin", dir / "BoxTextured0.bin",
                fs::copy_options::overwrite_existing);
  if (!run("cwebp -quiet -lossless -exact '" + box + "/CesiumLogoFlat.png' -o '" +
           (dir / "CesiumLogoFlat.webp").string() + "'")) {
    error = "cwebp failed";
    return {};
  }
  nlohmann::json j = nlohmann::json::parse(readFile(box + "/BoxTextured.gltf"));
  j["images"] = nlohmann::json::array({{{"uri", "CesiumLogoFlat.webp"}}});
  j["textures"][0] = {{"sampler", 0}, {"extensions", {{"EXT_texture_webp", {{"source", 0}}}}}};
  j["extensionsUsed"] = {"EXT_texture_webp"};
  j["extensionsRequired"] = {"EXT_texture_webp"};
  const fs::path path = dir / "BoxTextured-webp.gltf";
  std::ofstream(path) << j.dump();
  return path.string();
}

std::vector<Variant>& variants() {
  const std::string engine = kModels + "/2CylinderEngine-glTF-Binary/2CylinderEngine.glb";
  const std::string box = kModels + "/BoxTextured-glTF/BoxTextured.gltf";
  const std::string clearcoat = kModels + "/ClearCoat-glTF/ClearCoatTest.gltf";
  const std::string morph =
      kModels + "/glTF-Sample-Models/AnimatedMorphCube-glTF/AnimatedMorphCube.gltf";
  auto original = [](const std::string& path) {
    return [path](std::string& error) {
      if (!fs::exists(path)) error = path + " not found (Debian package assimp-testmodels)";
      return path;
    };
  };
  auto packed = [](const std::string& in, const std::string& out, const std::string& options) {
    return [=](std::string& error) { return gltfpack(in, out, options, error); };
  };
  static std::vector<Variant> all = {
      {"2CylinderEngine/original", original(engine)},
      {"2CylinderEngine/gltfpack-cc", packed(engine, "engine-cc.glb", "-cc")},
      {"2CylinderEngine/gltfpack-cc-noq", packed(engine, "engine-cc-noq.glb", "-cc -noq")},
      {"2CylinderEngine/draco", original(kModels + "/draco/2CylinderEngine.gltf")},
      {"BoxTextured/original", original(box)},
      {"BoxTextured/gltfpack-cc", packed(box, "box-cc.glb", "-cc")},
      {"BoxTextured/webp-lossless", webpBox},
      {"ClearCoatTest/original", original(clearcoat)},
      {"ClearCoatTest/gltfpack-cc", packed(clearcoat, "clearcoat-cc.glb", "-cc")},
      {"AnimatedMorphCube/original", original(morph)},
      {"AnimatedMorphCube/gltfpack-cc", packed(morph, "morph-cc.glb", "-cc")},
  };
  return all;
}

// Runs `vitrine --render OUT --size 256x256 ASSET` once (child_process.h).
vitrine::bench::ChildRun renderOnce(const std::string& asset) {
  const std::string out = (scratchDir() / "frame.png").string();
  return vitrine::bench::runChild({VITRINE_EXECUTABLE, "--render", out, "--size", "256x256", asset},
                                  (scratchDir() / "child").string());
}

void BM_FirstFrame(benchmark::State& state, Variant* v) {
  if (!v->made) {
    v->path = v->make(v->error);
    v->made = true;
  }
  if (!v->error.empty()) {
    state.SkipWithError(v->error.c_str());
    return;  // the loop below must not run after SkipWithError
  }
  // Warm the environment and shader caches, and check the asset renders at all.
  if (const vitrine::bench::ChildRun warm = renderOnce(v->path); !warm.ok) {
    state.SkipWithError(warm.error.c_str());
    return;
  }
  double cpu = 0, peakRss = 0;
  for (auto _ : state) {
    const vitrine::bench::ChildRun r = renderOnce(v->path);
    if (!r.ok) {
      state.SkipWithError(r.error.c_str());
      break;
    }
    cpu += r.cpuSeconds;
    peakRss = std::max(peakRss, r.maxRssMiB);
  }
  const double n = double(std::max<benchmark::IterationCount>(1, state.iterations()));
  state.counters["child_cpu_s"] = cpu / n;
  state.counters["peak_rss_MiB"] = peakRss;
  state.counters["file_KiB"] = assetBytes(v->path) / 1024.0;
}

}  // namespace

int main(int argc, char** argv) {
  // The processed studio environment and Mesa's shader cache live here, not in the user's cache.
  const std::string cache = (scratchDir() / "cache").string();
  setenv("XDG_CACHE_HOME", cache.c_str(), 1);
  for (Variant& v : variants())
    benchmark::RegisterBenchmark(("BM_FirstFrame/" + v.name).c_str(), BM_FirstFrame, &v)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  std::error_code ignored;
  fs::remove_all(scratchDir(), ignored);
  return 0;
}
