#include "render_fixture.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include <glm/gtc/constants.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>

namespace vitrine::test {

glm::vec3 background() {
  return {0.05f, 0.10f, 0.30f};
}

float srgbByte(float linear) {
  const float c = std::clamp(linear, 0.0f, 1.0f);
  const float s = c <= 0.0031308f ? 12.92f * c : 1.055f * std::pow(c, 1.0f / 2.4f) - 0.055f;
  return 255.0f * s;
}

double srgbToLinear(int byte) {
  const double c = byte / 255.0;
  return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

glm::u8vec4 pixelAt(const Pixels& pixels, int x, int y) {
  const size_t i = (size_t(y) * pixels.width + size_t(x)) * 4;
  return {pixels.rgba[i], pixels.rgba[i + 1], pixels.rgba[i + 2], pixels.rgba[i + 3]};
}

::testing::AssertionResult colorNear(const glm::u8vec4& actual, const glm::vec3& expected,
                                     float tolerance) {
  for (int c = 0; c < 3; ++c) {
    if (std::abs(float(actual[c]) - srgbByte(expected[c])) > tolerance) {
      return ::testing::AssertionFailure()
             << "pixel (" << int(actual.r) << ", " << int(actual.g) << ", " << int(actual.b)
             << ") but expected (" << srgbByte(expected.r) << ", " << srgbByte(expected.g) << ", "
             << srgbByte(expected.b) << ") within " << tolerance;
    }
  }
  return ::testing::AssertionSuccess();
}

bool differsNear(const Pixels& pixels, glm::ivec2 at, int radius, const glm::vec3& clear) {
  for (int y = at.y - radius; y <= at.y + radius; ++y) {
    for (int x = at.x - radius; x <= at.x + radius; ++x) {
      if (x < 0 || y < 0 || x >= int(pixels.width) || y >= int(pixels.height)) continue;
      const glm::u8vec4 p = pixelAt(pixels, x, y);
      for (int c = 0; c < 3; ++c)
        if (std::abs(float(p[c]) - srgbByte(clear[c])) > 8.0f) return true;
    }
  }
  return false;
}

glm::ivec2 project(const View& view, const glm::vec3& world, uint32_t width, uint32_t height) {
  const glm::vec4 clip = view.projection * view.view * glm::vec4(world, 1.0f);
  const glm::vec2 ndc = glm::vec2(clip) / clip.w;  // OpenGL: y up
  return {int(std::floor((0.5f * ndc.x + 0.5f) * float(width))),
          int(std::floor((0.5f - 0.5f * ndc.y) * float(height)))};
}

TestMaterial makeMaterial(const glm::vec4& baseColor) {
  TestMaterial m;
  m.data = scene::defaultMaterialData();
  m.data.baseColorFactor = baseColor;
  return m;
}

TestMaterial makeUnlitMaterial(const glm::vec4& baseColor) {
  TestMaterial m = makeMaterial(baseColor);
  m.material.unlit = true;
  m.material.extensions |= 1u << uint32_t(scene::MaterialExtension::Unlit);
  m.data.alpha.w = 1.0f;
  return m;
}

TestMaterial makePbrMaterial(const glm::vec3& baseColor, float metallic, float roughness) {
  TestMaterial m = makeMaterial(glm::vec4(baseColor, 1.0f));
  m.data.params.x = metallic;
  m.data.params.y = roughness;
  return m;
}

scene::Primitive quadPrimitive(int material) {
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

int addMeshNode(scene::Scene& scene, scene::Primitive primitive, const glm::vec3& translation) {
  scene::Mesh mesh;
  mesh.primitives.push_back(std::move(primitive));
  scene.meshes.push_back(std::move(mesh));
  scene::Node node;
  node.mesh = int(scene.meshes.size()) - 1;
  node.translation = translation;
  scene.nodes.push_back(node);
  return int(scene.nodes.size()) - 1;
}

int addMaterial(scene::Scene& scene, const TestMaterial& material) {
  scene.materials.push_back(material.material);
  scene.materialData.push_back(material.data);
  return int(scene.materials.size()) - 1;
}

scene::Primitive cubePrimitive(int material) {
  scene::Primitive p;
  for (int axis = 0; axis < 3; ++axis) {
    for (const float sign : {-1.0f, 1.0f}) {
      glm::vec3 n(0.0f);
      n[axis] = sign;
      const glm::vec3 u = glm::vec3(n.y, n.z, n.x) * 0.5f;  // perpendicular axes
      const glm::vec3 w = glm::cross(n, u);
      const uint32_t first = uint32_t(p.positions.size());
      for (const glm::vec2 c :
           {glm::vec2(-1, -1), glm::vec2(1, -1), glm::vec2(1, 1), glm::vec2(-1, 1)}) {
        p.positions.push_back(0.5f * n + c.x * u + c.y * w);
        p.normals.push_back(n);
        p.texcoords[0].push_back(0.5f * (c + 1.0f));
      }
      for (const uint32_t i : {0u, 1u, 2u, 0u, 2u, 3u}) p.indices.push_back(first + i);
    }
  }
  p.material = material;
  p.sourceVertexCount = uint32_t(p.positions.size());
  for (const glm::vec3& v : p.positions) p.bounds.extend(v);
  return p;
}

scene::Primitive spherePrimitive(int material) {
  scene::Primitive p;
  constexpr int kRings = 32, kSegments = 64;
  for (int r = 0; r <= kRings; ++r) {
    const float theta = glm::pi<float>() * float(r) / kRings;
    for (int g = 0; g <= kSegments; ++g) {
      const float phi = 2.0f * glm::pi<float>() * float(g) / kSegments;
      const glm::vec3 n(std::sin(theta) * std::cos(phi), std::cos(theta),
                        std::sin(theta) * std::sin(phi));
      p.positions.push_back(n);
      p.normals.push_back(n);
      p.texcoords[0].push_back({float(g) / kSegments, float(r) / kRings});
    }
  }
  for (int r = 0; r < kRings; ++r) {
    for (int g = 0; g < kSegments; ++g) {
      const uint32_t a = uint32_t(r * (kSegments + 1) + g), b = a + kSegments + 1;
      for (const uint32_t i : {a, a + 1, b, a + 1, b + 1, b}) p.indices.push_back(i);
    }
  }
  p.material = material;
  p.sourceVertexCount = uint32_t(p.positions.size());
  for (const glm::vec3& v : p.positions) p.bounds.extend(v);
  return p;
}

int addHorizontalQuad(scene::Scene& scene, int material, const glm::vec3& center, float half,
                      bool facingDown) {
  const int node = addMeshNode(scene, quadPrimitive(material), center);
  // The quad's +z normal turned to +y (or -y) about +x.
  const float angle = facingDown ? glm::half_pi<float>() : -glm::half_pi<float>();
  scene.nodes[size_t(node)].rotation = glm::angleAxis(angle, glm::vec3(1.0f, 0.0f, 0.0f));
  scene.nodes[size_t(node)].scale = glm::vec3(half);
  return node;
}

int addCameraNode(scene::Scene& scene, const glm::vec3& eye) {
  scene::Camera camera;
  camera.yfov = 0.8f;
  camera.znear = 0.1f;  // no zfar: infinite
  scene.cameras.push_back(camera);
  scene::Node node;
  node.camera = int(scene.cameras.size()) - 1;
  node.translation = eye;
  scene.nodes.push_back(node);
  return int(scene.nodes.size()) - 1;
}

int addLightNode(scene::Scene& scene, const scene::Light& light, const glm::vec3& translation,
                 const glm::quat& rotation) {
  scene.lights.push_back(light);
  scene::Node node;
  node.light = int(scene.lights.size()) - 1;
  node.translation = translation;
  node.rotation = rotation;
  scene.nodes.push_back(node);
  return int(scene.nodes.size()) - 1;
}

glm::quat shineAlong(const glm::vec3& direction) {
  // Columns of the rotation: z = -direction, x and y any orthonormal completion.
  const glm::vec3 z = -glm::normalize(direction);
  const glm::vec3 helper = std::abs(z.y) < 0.9f ? glm::vec3(0, 1, 0) : glm::vec3(1, 0, 0);
  const glm::vec3 x = glm::normalize(glm::cross(helper, z));
  const glm::vec3 y = glm::cross(z, x);
  return glm::quat_cast(glm::mat3(x, y, z));
}

void finish(scene::Scene& scene) {
  scene::SceneRoots roots;
  for (size_t i = 0; i < scene.nodes.size(); ++i)
    if (scene.nodes[i].parent < 0) roots.nodes.push_back(int(i));
  scene.scenes.push_back(roots);
  scene.materialData.push_back(scene::defaultMaterialData());
  scene::updateWorldTransforms(scene);
}

bool shadowsForced() {
  const char* v = std::getenv("VITRINE_TEST_SHADOWS");
  return v != nullptr && std::string(v) == "on";
}

View cameraView(const scene::Scene& scene, int cameraNode, uint32_t width, uint32_t height) {
  const glm::mat4& world = scene.world[cameraNode];
  View v;
  v.view = glm::inverse(world);
  v.projection = scene.cameras[scene.nodes[cameraNode].camera].projection(float(width) / height);
  v.eye = glm::vec3(world[3]);
  v.clearColor = glm::vec4(background(), 1.0f);
  v.tonemap = renderer::Tonemap::None;
  v.shadows = shadowsForced();
  v.environmentShadow = shadowsForced();
  return v;
}

View orbitView(const glm::vec3& eye, const glm::vec3& target, uint32_t width, uint32_t height) {
  View v;
  v.view = glm::lookAt(eye, target, glm::vec3(0, 1, 0));
  v.projection = glm::perspective(0.9f, float(width) / height, 0.05f, 100.0f);
  v.eye = eye;
  v.clearColor = glm::vec4(background(), 1.0f);
  v.tonemap = renderer::Tonemap::None;
  v.shadows = shadowsForced();
  v.environmentShadow = shadowsForced();
  return v;
}

Ray pixelRay(const View& view, glm::vec2 at, uint32_t width, uint32_t height) {
  const glm::vec2 ndc(at.x / float(width) * 2.0f - 1.0f,
                      1.0f - at.y / float(height) * 2.0f);  // OpenGL: y up
  // Two points of the ray: OpenGL depths -1 (near plane) and 0 (finite even for an infinite
  // projection, whose far plane is at depth 1).
  const glm::mat4 inverse = glm::inverse(view.projection * view.view);
  const glm::vec4 a = inverse * glm::vec4(ndc, -1.0f, 1.0f);
  const glm::vec4 b = inverse * glm::vec4(ndc, 0.0f, 1.0f);
  const glm::vec3 origin = glm::vec3(a) / a.w;
  return {origin, glm::vec3(b) / b.w - origin};
}

glm::vec3 surfacePoint(const View& view, glm::ivec2 pixel, uint32_t width, uint32_t height,
                       const glm::vec3& planePoint, const glm::vec3& planeNormal) {
  const Ray ray = pixelRay(view, glm::vec2(pixel) + 0.5f, width, height);
  const float t =
      glm::dot(planePoint - ray.origin, planeNormal) / glm::dot(ray.direction, planeNormal);
  return ray.origin + t * ray.direction;
}

void RendererTest::SetUp() {
  startRenderer({});
}

void RendererTest::startRenderer(renderer::Options options) {
  // Validation messages are printed to stderr: capture it to see those printed while the
  // renderer is destroyed too (leaks are reported when the device is destroyed).
  ::testing::internal::CaptureStderr();
  options.validation = true;
  std::string error;
  renderer_ = renderer::Renderer::create(options, &error);
  ASSERT_TRUE(renderer_) << error;
}

void RendererTest::TearDown() {
  uint32_t messages = 0;
  if (renderer_) {
    messages = renderer_->validationMessageCount();
    renderer_.reset();
  }
  const std::string captured = ::testing::internal::GetCapturedStderr();
  EXPECT_EQ(messages, 0u) << captured;
  EXPECT_EQ(captured.find("vitrine: validation:"), std::string::npos) << captured;
}

}  // namespace vitrine::test
