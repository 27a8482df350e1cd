// Skinning and morph targets in the viewer's headless frame loop at 1280x720 (issue 5):
// animate (Animations::evaluate), applyChanges (which recomputes the joint matrices of the
// joints that moved), renderOffscreen. The scene, built in code:
//   - a crowd of 100 characters in a 10 x 10 grid, each a skeleton of 50 joints (5 chains of
//     10 from a root node) skinning its own instance of one shared mesh (5 tubes, 440 vertices,
//     800 triangles, one influence set blending neighbouring joints);
//   - one 64 x 64 vertex grid with 64 morph targets (POSITION and NORMAL displacements of a bump
//     each).
// Clip 0 turns every joint (5,000 rotation channels), clip 1 animates the 64 weights (one
// channel), both LINEAR with 20 keys over 2 s, packed by AnimationsBuilder as bindAnimations()
// packs them; time advances 1/60 s a frame. The argument selects what is animated:
//   0 nothing (the skinned and morphed draws still deform every vertex), 1 the crowd, 2 the
//   morph weights, 3 both; 4 nothing, with the same meshes drawn undeformed (no skin, no
//   targets): the GPU floor that 0 adds skinning and morphing to.
// Counters, per frame:
//   anim_ms     evaluate(): sampling, writing rotations and weights, world matrices of moved
//               subtrees
//   joints_ms   the part of applyChanges() that recomputes joint matrices
//               (UploadStats::jointSeconds)
//   upload_ms   the rest of applyChanges() (mirror refresh) + writing the staging buffer and
//               recording the copies (UploadStats::stagingSeconds)
//   render_ms   the rest of renderOffscreen(): recording, submission, lavapipe's vertex and
//               fragment work, the wait, the readback of the image (wall time: the GPU's time
//               is at most this)
//   frame_ms    all of the above; cpu_ms: process CPU time per frame (every thread)
//   bytes, ranges  uploaded per frame (lastUploadStats())
#include <benchmark/benchmark.h>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <ctime>
#include <memory>
#include <numbers>
#include <random>
#include <string>
#include <vector>

#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>

#include "builder.h"
#include "packed_animations.h"
#include "renderer.h"
#include "scene.h"

namespace {

namespace anim = vitrine::anim;
namespace gpu = vitrine::gpu;
namespace renderer = vitrine::renderer;
namespace scene = vitrine::scene;

constexpr float kPi = std::numbers::pi_v<float>;
constexpr int kCharacters = 100, kColumns = 10;
constexpr int kChains = 5, kChainJoints = 10, kJoints = kChains * kChainJoints;
constexpr int kRing = 8;
constexpr float kSegment = 0.1f, kRadius = 0.04f, kSpacing = 2.5f;
constexpr int kGrid = 64, kTargets = 64;
constexpr uint32_t kWidth = 1280, kHeight = 720;
constexpr int kKeys = 20;
constexpr float kDuration = 2.0f;
constexpr int kWarmupFrames = 4;

float chainAngle(int c) {
  return 0.5f * kPi + 2.0f * kPi * float(c) / float(kChains);
}

// The shared character mesh in its bind pose: chain c runs from the origin along chainAngle(c)
// in the XY plane; ring k of it sits at k * kSegment and belongs to joint k (the last ring to
// joint 9), rings 1-9 half to the joint before.
scene::Primitive characterMesh() {
  scene::Primitive p;
  for (int c = 0; c < kChains; ++c) {
    const glm::vec3 d(std::cos(chainAngle(c)), std::sin(chainAngle(c)), 0.0f);
    const glm::vec3 u(-d.y, d.x, 0.0f), w(0, 0, 1);
    const uint32_t first = uint32_t(p.positions.size());
    for (int k = 0; k <= kChainJoints; ++k) {
      const uint16_t joint = uint16_t(c * kChainJoints + std::min(k, kChainJoints - 1));
      for (int r = 0; r < kRing; ++r) {
        const float a = 2.0f * kPi * float(r) / float(kRing);
        const glm::vec3 radial = std::cos(a) * u + std::sin(a) * w;
        p.positions.push_back(float(k) * kSegment * d + kRadius * radial);
        p.normals.push_back(radial);
        if (k > 0 && k < kChainJoints) {
          p.joints.push_back({uint16_t(joint - 1), joint, 0, 0});
          p.weights.push_back({0.5f, 0.5f, 0, 0});
        } else {
          p.joints.push_back({joint, 0, 0, 0});
          p.weights.push_back({1, 0, 0, 0});
        }
      }
      if (k == kChainJoints) break;
      for (uint32_t r = 0; r < kRing; ++r) {
        const uint32_t a = first + uint32_t(k) * kRing + r;
        const uint32_t b = first + uint32_t(k) * kRing + (r + 1) % kRing;
        p.indices.insert(p.indices.end(), {a, a + kRing, b + kRing, a, b + kRing, b});
      }
    }
  }
  p.influenceSets = 1;
  p.minSkinJoints = kJoints;
  p.sourceVertexCount = uint32_t(p.positions.size());
  for (const glm::vec3& v : p.positions) p.bounds.extend(v);
  return p;
}

// The morph grid: 64 x 64 vertices over 5 x 5 in XY; target t raises a bump of radius 0.6 at a
// random place (POSITION along z, NORMAL tilted by its slope).
scene::Primitive morphGrid(std::mt19937& random) {
  scene::Primitive p;
  const float size = 5.0f;
  for (int y = 0; y < kGrid; ++y)
    for (int x = 0; x < kGrid; ++x) {
      p.positions.push_back(
          {size * float(x) / float(kGrid - 1), size * float(y) / float(kGrid - 1), 0});
      p.normals.push_back({0, 0, 1});
    }
  for (uint32_t y = 0; y + 1 < kGrid; ++y)
    for (uint32_t x = 0; x + 1 < kGrid; ++x) {
      const uint32_t a = y * kGrid + x;
      p.indices.insert(p.indices.end(), {a, a + 1, a + 1 + kGrid, a, a + 1 + kGrid, a + kGrid});
    }
  std::uniform_real_distribution<float> where(0.5f, size - 0.5f);
  for (int t = 0; t < kTargets; ++t) {
    const glm::vec2 centre(where(random), where(random));
    scene::MorphTarget target;
    for (const glm::vec3& v : p.positions) {
      const glm::vec2 r = glm::vec2(v) - centre;
      const float h = 0.5f * std::exp(-glm::dot(r, r) / 0.36f);
      const glm::vec2 slope = -2.0f * r / 0.36f * h;
      target.positions.push_back({0, 0, h});
      target.normals.push_back({-slope.x, -slope.y, 0});
    }
    p.targets.push_back(std::move(target));
  }
  p.sourceVertexCount = uint32_t(p.positions.size());
  for (const glm::vec3& v : p.positions) p.bounds.extend(v);
  return p;
}

struct Rig {
  std::unique_ptr<scene::Scene> scene;
  std::unique_ptr<anim::PackedAnimations> animations;
  std::vector<std::vector<float>> values;  // the channels' keyframes (borrowed until build())
};

scene::Slot rotationSlot(scene::Scene& s, uint32_t node) {
  scene::Slot slot;
  slot.type = scene::ValueType::Float4;
  slot.region = scene::Region::NodeTransforms;
  slot.rotation = true;
  slot.count = 4;
  slot.element = node;
  slot.data = &s.nodes[node].rotation.x;
  slot.byteOffset = uint32_t(reinterpret_cast<const uint8_t*>(slot.data) -
                             reinterpret_cast<const uint8_t*>(s.nodes.data()));
  return slot;
}

// The scene and its two clips; `deformed` false leaves out the skins and the targets.
Rig makeRig(bool deformed) {
  Rig rig;
  rig.scene = std::make_unique<scene::Scene>();
  scene::Scene& s = *rig.scene;
  std::mt19937 random(5);
  s.materials.emplace_back();
  gpu::MaterialData material = scene::defaultMaterialData();
  material.baseColorFactor = glm::vec4(0.8f, 0.6f, 0.4f, 1.0f);
  s.materialData.push_back(material);
  s.materialData.push_back(scene::defaultMaterialData());  // the default material, last

  scene::Mesh crowd;
  crowd.primitives.push_back(characterMesh());
  crowd.primitives[0].material = 0;
  if (!deformed) crowd.primitives[0].influenceSets = 0;
  s.meshes.push_back(std::move(crowd));
  scene::Mesh grid;
  grid.primitives.push_back(morphGrid(random));
  grid.primitives[0].material = 0;
  grid.targetCount = kTargets;
  grid.weights.assign(kTargets, 0.0f);
  if (!deformed) grid.primitives[0].targets.clear();
  s.meshes.push_back(std::move(grid));

  // Per character: a root node at its grid place, its 50 joints, and its mesh node.
  scene::SceneRoots roots;
  std::vector<glm::mat4> inverseBind;
  for (int c = 0; c < kChains; ++c)
    for (int k = 0; k < kChainJoints; ++k)
      inverseBind.push_back(
          glm::inverse(glm::rotate(glm::mat4(1.0f), chainAngle(c), glm::vec3(0, 0, 1)) *
                       glm::translate(glm::mat4(1.0f), glm::vec3(float(k) * kSegment, 0, 0))));
  for (int i = 0; i < kCharacters; ++i) {
    const int root = int(s.nodes.size());
    scene::Node r;
    r.translation = {kSpacing * float(i % kColumns), kSpacing * float(i / kColumns), 0};
    s.nodes.push_back(r);
    roots.nodes.push_back(root);
    scene::Skin skin;
    for (int c = 0; c < kChains; ++c) {
      int parent = root;
      for (int k = 0; k < kChainJoints; ++k) {
        scene::Node joint;
        joint.parent = parent;
        if (k == 0) {
          joint.rotation = glm::angleAxis(chainAngle(c), glm::vec3(0, 0, 1));
        } else {
          joint.translation = {kSegment, 0, 0};
        }
        const int index = int(s.nodes.size());
        s.nodes[size_t(parent)].children.push_back(index);
        s.nodes.push_back(joint);
        skin.joints.push_back(index);
        parent = index;
      }
    }
    skin.inverseBindMatrices = inverseBind;
    s.skins.push_back(std::move(skin));
    scene::Node body;
    body.mesh = 0;
    body.skin = deformed ? i : -1;
    if (!deformed) body.translation = r.translation;  // undeformed: the node places it
    roots.nodes.push_back(int(s.nodes.size()));
    s.nodes.push_back(body);
  }
  scene::Node morph;
  morph.mesh = 1;
  morph.translation = {kSpacing * kColumns + 1.0f, 0.5f * kSpacing * (kColumns - 1) - 2.5f, 0};
  morph.weights.assign(kTargets, 0.0f);
  const uint32_t morphNode = uint32_t(s.nodes.size());
  roots.nodes.push_back(int(morphNode));
  s.nodes.push_back(morph);
  // The MorphWeights region: node weights, then mesh weights (loadMorphWeights()).
  s.nodes[morphNode].morphWeightOffset = 0;
  s.meshes[1].morphWeightOffset = kTargets;
  s.scenes.push_back(roots);
  scene::updateWorldTransforms(s);

  anim::AnimationsBuilder builder(s);
  anim::ClipInfo clip;
  clip.name = "crowd";
  builder.addClip(clip);
  clip.name = "morph";
  builder.addClip(clip);
  std::vector<float> times;
  for (int k = 0; k < kKeys; ++k) times.push_back(kDuration * float(k) / float(kKeys - 1));
  const uint32_t track = builder.addTimes(times);
  std::uniform_real_distribution<float> phase(0.0f, 2.0f * kPi);
  rig.values.reserve(size_t(kCharacters) * kJoints + 1);
  for (const scene::Skin& skin : s.skins) {
    for (size_t j = 0; j < skin.joints.size(); ++j) {
      const float base = j % kChainJoints == 0 ? chainAngle(int(j / kChainJoints)) : 0.0f;
      const float p = phase(random);
      std::vector<float>& v = rig.values.emplace_back();
      for (const float t : times) {
        const float a = base + 0.3f * std::sin(2.0f * kPi * t / kDuration + p);
        const glm::quat q = glm::angleAxis(a, glm::vec3(0, 0, 1));
        v.insert(v.end(), {q.x, q.y, q.z, q.w});
      }
      builder.addChannel(
          {0, track, anim::Interpolation::Linear, rotationSlot(s, uint32_t(skin.joints[j])), v});
    }
  }
  std::vector<float>& weights = rig.values.emplace_back();
  std::vector<float> phases(kTargets);
  for (float& p : phases) p = phase(random);
  for (const float t : times)
    for (int k = 0; k < kTargets; ++k)
      weights.push_back(0.5f + 0.5f * std::sin(2.0f * kPi * t / kDuration + phases[size_t(k)]));
  scene::Slot slot;
  slot.type = scene::ValueType::FloatArray;
  slot.region = scene::Region::MorphWeights;
  slot.count = kTargets;
  slot.element = morphNode;
  slot.data = s.nodes[morphNode].weights.data();
  slot.byteOffset = 0;
  builder.addChannel({1, track, anim::Interpolation::Linear, slot, weights});
  rig.animations = builder.build();
  return rig;
}

renderer::View crowdView() {
  const glm::vec3 center(0.5f * (kSpacing * (kColumns - 1) + 6.0f),
                         0.5f * kSpacing * (kCharacters / kColumns - 1), 0.0f);
  renderer::View v;
  v.eye = center + glm::vec3(0, -6, 24);
  v.view = glm::lookAt(v.eye, center, glm::vec3(0, 1, 0));
  v.projection = glm::perspective(0.9f, float(kWidth) / float(kHeight), 1.0f, 200.0f);
  return v;
}

using Clock = std::chrono::steady_clock;

double seconds(Clock::time_point from, Clock::time_point to) {
  return std::chrono::duration<double>(to - from).count();
}

void skinLoop(benchmark::State& state) {
  const int mode = int(state.range(0));
  std::string error;
  std::unique_ptr<renderer::Renderer> r = renderer::Renderer::create({}, &error);
  if (!r) {
    state.SkipWithError(error.c_str());
    return;
  }
  Rig rig = makeRig(mode != 4);
  r->setScene(*rig.scene, 0);
  const renderer::View view = crowdView();
  const std::vector<bool> enabled = {mode == 1 || mode == 3, mode == 2 || mode == 3};
  scene::DirtySet dirty;
  float time = 0.0f;
  struct Step {
    double anim = 0.0, apply = 0.0;
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
    dirty.clear();
    benchmark::DoNotOptimize(r->renderOffscreen(view, kWidth, kHeight));
    step.anim = seconds(t0, t1);
    step.apply = seconds(t1, t2);
    return step;
  };
  for (int i = 0; i < kWarmupFrames; ++i) frame();

  double anim = 0.0, joints = 0.0, upload = 0.0, total = 0.0, cpu = 0.0;
  double bytes = 0.0, ranges = 0.0;
  for (auto _ : state) {
    const std::clock_t cpuStart = std::clock();
    const Clock::time_point start = Clock::now();
    const Step step = frame();
    total += seconds(start, Clock::now());
    cpu += double(std::clock() - cpuStart) / CLOCKS_PER_SEC;
    const renderer::UploadStats stats = r->lastUploadStats();
    anim += step.anim;
    joints += stats.jointSeconds;
    upload += step.apply - stats.jointSeconds + stats.stagingSeconds;
    bytes += double(stats.bytes);
    ranges += double(stats.ranges);
  }
  if (r->validationMessageCount() != 0) state.SkipWithError("validation messages");

  const double n = double(state.iterations());
  state.counters["anim_ms"] = anim / n * 1e3;
  state.counters["joints_ms"] = joints / n * 1e3;
  state.counters["upload_ms"] = upload / n * 1e3;
  state.counters["render_ms"] = (total - anim - joints - upload) / n * 1e3;
  state.counters["frame_ms"] = total / n * 1e3;
  state.counters["cpu_ms"] = cpu / n * 1e3;
  state.counters["bytes"] = bytes / n;
  state.counters["ranges"] = ranges / n;
}

}  // namespace

BENCHMARK(skinLoop)
    ->ArgName("mode")
    ->Arg(0)
    ->Arg(1)
    ->Arg(2)
    ->Arg(3)
    ->Arg(4)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

BENCHMARK_MAIN();
