// The viewer's headless frame loop at 1280x720 on whatever Vulkan device is present (lavapipe
// here): animate (Animations::evaluate), applyChanges, renderOffscreen. The scene: 1,000 root
// nodes in a 40 x 25 grid, each drawing its own quad with its own material (1,000 materials);
// the argument is how many of those materials have an animated baseColorFactor (LINEAR, 100
// keyframes over 10 s, one clip, packed by AnimationsBuilder as bindAnimations() does), time
// advancing 1/60 s a frame. The first frames (warm-up: pipelines compiled, staging grown) run
// before the measured loop.
// Counters, per frame:
//   anim_ms     evaluate(): sampling, writing the factors, marking their 16-byte ranges
//   upload_ms   applyChanges() (mirror refresh) + writing the staging buffer and recording the
//               copies (UploadStats::stagingSeconds, measured inside renderOffscreen)
//   staging_ms  the second part alone
//   render_ms   the rest of renderOffscreen(): recording the draws, submission, the GPU's work
//               (on lavapipe: CPU threads) and the wait for it, and the readback of the 3.7 MB
//               image into Pixels. Wall time, no timestamp queries: an upper bound of GPU time
//   frame_ms    all of the above
//   cpu_share   (anim_ms + upload_ms) / frame_ms
//   bytes, ranges         uploaded per frame (lastUploadStats())
//   material_array_bytes  the whole MaterialData array (what a full re-upload would send)
//   upload_fraction       bytes / material_array_bytes
//   bound_bytes           the target's ceiling: each changed range (the coalesced DirtySet)
//                         rounded up to 256 bytes
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include <glm/gtc/matrix_transform.hpp>

#include "builder.h"
#include "packed_animations.h"
#include "renderer.h"
#include "scene.h"

namespace {

namespace anim = vitrine::anim;
namespace gpu = vitrine::gpu;
namespace renderer = vitrine::renderer;
namespace scene = vitrine::scene;

constexpr uint32_t kNodes = 1000;
constexpr uint32_t kColumns = 40;
constexpr float kSpacing = 2.5f;
constexpr uint32_t kWidth = 1280, kHeight = 720;
constexpr uint32_t kKeys = 100;
constexpr float kDuration = 10.0f;
constexpr int kWarmupFrames = 4;

scene::Primitive quad(int material) {
  scene::Primitive p;
  p.positions = {{-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {-1, 1, 0}};
  p.normals.assign(4, glm::vec3(0, 0, 1));
  p.texcoords[0] = {{0, 1}, {1, 1}, {1, 0}, {0, 0}};
  p.indices = {0, 1, 2, 0, 2, 3};
  p.material = material;
  p.sourceVertexCount = 4;
  for (const glm::vec3& v : p.positions) p.bounds.extend(v);
  return p;
}

struct Rig {
  std::unique_ptr<scene::Scene> scene;
  std::unique_ptr<anim::PackedAnimations> animations;
};

// The grid scene, with `animated` of its materials' base colours animated.
Rig makeRig(uint32_t animated) {
  Rig rig;
  rig.scene = std::make_unique<scene::Scene>();
  scene::Scene& s = *rig.scene;
  std::mt19937 random(animated);
  std::uniform_real_distribution<float> unit(0.05f, 0.95f);
  scene::SceneRoots roots;
  for (uint32_t i = 0; i < kNodes; ++i) {
    s.materials.emplace_back();
    gpu::MaterialData data = scene::defaultMaterialData();
    data.baseColorFactor = glm::vec4(unit(random), unit(random), unit(random), 1.0f);
    s.materialData.push_back(data);
    scene::Mesh mesh;
    mesh.primitives.push_back(quad(int(i)));
    s.meshes.push_back(std::move(mesh));
    scene::Node node;
    node.mesh = int(i);
    node.translation = glm::vec3(kSpacing * float(i % kColumns), kSpacing * float(i / kColumns), 0);
    s.nodes.push_back(node);
    roots.nodes.push_back(int(i));
  }
  s.materialData.push_back(scene::defaultMaterialData());
  s.scenes.push_back(roots);
  scene::updateWorldTransforms(s);

  anim::AnimationsBuilder builder(s);
  builder.addClip({});
  std::vector<float> times;
  for (uint32_t k = 0; k < kKeys; ++k) times.push_back(kDuration * float(k) / float(kKeys - 1));
  const uint32_t track = builder.addTimes(times);
  std::vector<std::vector<float>> values(animated);
  for (uint32_t i = 0; i < animated; ++i) {
    for (uint32_t k = 0; k < kKeys; ++k)
      values[i].insert(values[i].end(), {unit(random), unit(random), unit(random), 1.0f});
    scene::Slot slot;
    slot.type = scene::ValueType::Float4;
    slot.count = 4;
    slot.region = scene::Region::Materials;
    slot.element = i;
    slot.byteOffset = uint32_t(i * sizeof(gpu::MaterialData));  // baseColorFactor, offset 0
    slot.data = &s.materialData[i].baseColorFactor.x;
    builder.addChannel({0, track, anim::Interpolation::Linear, slot, values[i]});
  }
  rig.animations = builder.build();
  return rig;
}

renderer::View gridView() {
  const glm::vec3 center(kSpacing * (kColumns - 1) / 2.0f,
                         kSpacing * (kNodes / kColumns - 1) / 2.0f, 0.0f);
  renderer::View v;
  v.eye = center + glm::vec3(0, 0, 68);
  v.view = glm::lookAt(v.eye, center, glm::vec3(0, 1, 0));
  v.projection = glm::perspective(0.9f, float(kWidth) / float(kHeight), 1.0f, 200.0f);
  return v;
}

using Clock = std::chrono::steady_clock;

double seconds(Clock::time_point from, Clock::time_point to) {
  return std::chrono::duration<double>(to - from).count();
}

void renderLoop(benchmark::State& state) {
  const uint32_t animated = uint32_t(state.range(0));
  std::string error;
  std::unique_ptr<renderer::Renderer> r = renderer::Renderer::create({}, &error);
  if (!r) {
    state.SkipWithError(error.c_str());
    return;
  }
  Rig rig = makeRig(animated);
  r->setScene(*rig.scene, 0);
  const renderer::View view = gridView();
  const std::vector<bool> enabled = {true};
  scene::DirtySet dirty;
  float time = 0.0f;
  struct Step {
    double anim = 0.0, apply = 0.0, bound = 0.0;
  };
  auto frame = [&] {
    Step step;
    time += 1.0f / 60.0f;
    if (time > kDuration) time -= kDuration;
    const Clock::time_point t0 = Clock::now();
    rig.animations->evaluate(time, enabled, dirty);
    const Clock::time_point t1 = Clock::now();
    r->applyChanges(*rig.scene, dirty);
    const Clock::time_point t2 = Clock::now();
    for (const scene::ByteRange& range : dirty[scene::Region::Materials].ranges())
      step.bound += double((uint64_t(range.size) + 255) / 256 * 256);
    dirty.clear();
    benchmark::DoNotOptimize(r->renderOffscreen(view, kWidth, kHeight));
    step.anim = seconds(t0, t1);
    step.apply = seconds(t1, t2);
    return step;
  };
  for (int i = 0; i < kWarmupFrames; ++i) frame();

  double anim = 0.0, upload = 0.0, staging = 0.0, total = 0.0;
  double bytes = 0.0, ranges = 0.0, bound = 0.0;
  for (auto _ : state) {
    const Clock::time_point start = Clock::now();
    const Step step = frame();
    total += seconds(start, Clock::now());
    const renderer::UploadStats stats = r->lastUploadStats();
    anim += step.anim;
    upload += step.apply + stats.stagingSeconds;
    staging += stats.stagingSeconds;
    bound += step.bound;
    bytes += double(stats.bytes);
    ranges += double(stats.ranges);
  }
  if (r->validationMessageCount() != 0) state.SkipWithError("validation messages");

  const double n = double(state.iterations());
  const double materialBytes = double(rig.scene->materialData.size() * sizeof(gpu::MaterialData));
  state.counters["anim_ms"] = anim / n * 1e3;
  state.counters["upload_ms"] = upload / n * 1e3;
  state.counters["staging_ms"] = staging / n * 1e3;
  state.counters["render_ms"] = (total - anim - upload) / n * 1e3;
  state.counters["frame_ms"] = total / n * 1e3;
  state.counters["cpu_share"] = (anim + upload) / total;
  state.counters["bytes"] = bytes / n;
  state.counters["ranges"] = ranges / n;
  state.counters["bound_bytes"] = bound / n;
  state.counters["material_array_bytes"] = materialBytes;
  state.counters["upload_fraction"] = bytes / n / materialBytes;
}

}  // namespace

// 0: the same scene and loop with nothing animated (the frame's floor); 1000: every material.
BENCHMARK(renderLoop)->Arg(0)->Arg(1000)->Unit(benchmark::kMillisecond)->UseRealTime();

BENCHMARK_MAIN();
