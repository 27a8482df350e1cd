// What each KHR_materials_* layer costs per frame (issue 13): a generated sphere filling most of
// a 1280x720 view, 4x MSAA, lit by one directional light and the studio environment, Neutral
// tone mapping, its material first with no extension (the core path) and then with one
// extension object at a time (its factors set so that the layer is visible), then all of them.
// Like frame_bench, an iteration is Renderer::renderOffscreen() (record, submit, wait, read
// back), and process_cpu_ms (the CPU time of every thread, lavapipe's rasterizer threads
// included) is the steadier figure on a shared machine. The scene is built in memory, so no
// file is read.
#include <benchmark/benchmark.h>

#include <cmath>
#include <string>

#include <glm/gtc/matrix_transform.hpp>

#include "environment_image.h"
#include "offscreen_frames.h"
#include "renderer.h"
#include "scene.h"

namespace {

namespace scene = vitrine::scene;
namespace renderer = vitrine::renderer;
namespace gpu = vitrine::gpu;
using E = scene::MaterialExtension;

constexpr uint32_t kWidth = 1280, kHeight = 720;
constexpr int kNone = -1, kAll = -2;

// A unit UV sphere: 128 x 64 quads, normals, tangents along +u, texture coordinates.
scene::Primitive sphere(int material) {
  constexpr int kU = 128, kV = 64;
  scene::Primitive p;
  p.material = material;
  for (int j = 0; j <= kV; ++j) {
    const float theta = float(M_PI) * float(j) / kV;
    for (int i = 0; i <= kU; ++i) {
      const float phi = 2.0f * float(M_PI) * float(i) / kU;
      const glm::vec3 n(std::sin(theta) * std::cos(phi), std::cos(theta),
                        -std::sin(theta) * std::sin(phi));
      p.positions.push_back(n);
      p.normals.push_back(n);
      p.tangents.emplace_back(-std::sin(phi), 0.0f, -std::cos(phi), 1.0f);
      p.texcoords[0].emplace_back(float(i) / kU, float(j) / kV);
      p.bounds.extend(n);
    }
  }
  for (int j = 0; j < kV; ++j) {
    for (int i = 0; i < kU; ++i) {
      const uint32_t a = uint32_t(j * (kU + 1) + i), b = a + 1, c = a + kU + 1, d = c + 1;
      p.indices.insert(p.indices.end(), {a, c, b, b, c, d});
    }
  }
  p.sourceVertexCount = uint32_t(p.positions.size());
  return p;
}

// Sets the extension object of `e` on the material with factors that make its layer show.
void enable(E e, scene::Material& m, gpu::MaterialExtensionData& x) {
  m.extensions |= 1u << uint32_t(e);
  switch (e) {
    case E::Ior:
      x.refraction.x = 1.8f;
      break;
    case E::Specular:
      x.specular = glm::vec4(1.0f, 0.6f, 0.3f, 0.8f);
      break;
    case E::Sheen:
      x.sheen = glm::vec4(0.9f, 0.4f, 0.6f, 0.5f);
      break;
    case E::Clearcoat:
      x.clearcoat = glm::vec4(1.0f, 0.1f, 1.0f, 0.0f);
      break;
    case E::Transmission:
      x.refraction.y = 0.9f;
      break;
    case E::Volume:
      x.refraction.z = 0.5f;
      x.attenuation = glm::vec4(0.8f, 0.4f, 0.2f, 1.0f);
      break;
    case E::Iridescence:
      x.iridescence = glm::vec4(1.0f, 1.3f, 100.0f, 400.0f);
      break;
    case E::Anisotropy:
      x.anisotropy = glm::vec4(0.8f, 0.5f, 0.0f, 0.0f);
      break;
    case E::Dispersion:
      x.refraction.w = 1.0f;
      break;
    case E::DiffuseTransmission:
      x.diffuseTransmission = glm::vec4(1.0f, 0.5f, 0.3f, 0.6f);
      break;
    default:
      break;
  }
}

// The sphere with a grey material, a directional light, and the extensions `which` asks for
// (kNone, kAll or one scene::MaterialExtension); transmission needs volume for refraction,
// dispersion needs both.
scene::Scene layeredSphere(int which) {
  scene::Scene s;
  scene::Material m;
  gpu::MaterialData d = scene::defaultMaterialData();
  d.baseColorFactor = glm::vec4(0.7f, 0.5f, 0.3f, 1.0f);
  d.params.x = 0.0f;  // dielectric
  d.params.y = 0.4f;
  gpu::MaterialExtensionData x = scene::defaultMaterialExtensionData();
  for (uint32_t e = uint32_t(E::Ior); e < uint32_t(E::Count); ++e) {
    const bool dependency = (which == int(E::Transmission) && e == uint32_t(E::Volume)) ||
                            (which == int(E::Volume) && e == uint32_t(E::Transmission)) ||
                            (which == int(E::Dispersion) &&
                             (e == uint32_t(E::Transmission) || e == uint32_t(E::Volume)));
    if (which == kAll || which == int(e) || dependency) enable(E(e), m, x);
  }
  s.materials.push_back(m);
  s.materialData.push_back(d);
  s.materialData.push_back(scene::defaultMaterialData());
  s.materialExtensionData.push_back(x);
  s.materialExtensionData.push_back(scene::defaultMaterialExtensionData());

  scene::Mesh mesh;
  mesh.primitives.push_back(sphere(0));
  s.meshes.push_back(std::move(mesh));
  scene::Node node;
  node.mesh = 0;
  s.nodes.push_back(node);
  scene::Light sun;
  sun.type = scene::Light::Type::Directional;
  sun.intensity = 3.0f;
  s.lights.push_back(sun);
  scene::Node light;
  light.light = 0;
  light.rotation = glm::quat(glm::vec3(-0.6f, 0.5f, 0.0f));
  s.nodes.push_back(light);
  s.scenes.push_back({"", {0, 1}});
  scene::updateWorldTransforms(s);
  return s;
}

void renderLayers(benchmark::State& state) {
  const int which = int(state.range(0));
  scene::Scene s = layeredSphere(which);
  auto r = vitrine::bench::studioRenderer(state, s, 0);
  if (!r) return;
  renderer::View view;
  view.eye = glm::vec3(0.0f, 0.0f, 2.6f);
  view.view = glm::lookAt(view.eye, glm::vec3(0.0f), glm::vec3(0, 1, 0));
  view.projection = glm::perspective(0.8f, float(kWidth) / kHeight, 0.05f, 20.0f);
  view.background = renderer::Background::Environment;
  vitrine::bench::measureOffscreenFrames(state, *r, view, kWidth, kHeight);
  state.SetLabel(which == kNone  ? "core"
                 : which == kAll ? "all"
                                 : scene::materialExtensionName(E(which)));
}

}  // namespace

BENCHMARK(renderLayers)
    ->ArgName("layer")
    ->Arg(kNone)
    ->DenseRange(int(E::Ior), int(E::Count) - 1)
    ->Arg(kAll)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

BENCHMARK_MAIN();
