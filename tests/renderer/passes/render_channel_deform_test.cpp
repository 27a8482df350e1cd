// Material channel views (issue 22 §1) on curved and deformed surfaces: the normal, frame and
// texture coordinate channels of a known sphere with a normal map (TANGENT given, and generated
// from the uv derivatives), and of a quad deformed by a skin and by a morph target as they
// animate. Expected values are worked out here in double precision from the mesh and its
// deformation (glTF 2.0 §3.7.2.1 frames, §3.7.3 skins, §3.7.2.2 morph targets, §3.9.3 normal
// textures), sharing nothing with the shaders.
#include <array>
#include <functional>
#include <cmath>
#include <numbers>
#include <optional>
#include <string>
#include <vector>

#include <glm/gtc/quaternion.hpp>

#include "channel_scene.h"

namespace vitrine::test {
namespace {

using anim::test::addAnimation;
using anim::test::addOutput;
using anim::test::addTimes;
using anim::test::coreChannel;
using anim::test::sampler;
using namespace channels;
using nlohmann::json;

constexpr uint32_t kSphereSize = 96;  // pixels: facets a few pixels wide
constexpr double kRadius = 0.8;
constexpr int kSlices = 24, kStacks = 12;
// The normal texture's one texel, and its scale.
constexpr glm::u8vec4 kNormalTexel(190, 96, 220, 255);
constexpr double kScale = 0.7;

// The unit sphere's point at longitude phi (-pi..pi, 0 facing +z) and colatitude theta (0 at
// +y): (sin t sin p, cos t, sin t cos p). u = phi / 2pi + 1/2, v = theta / pi, so +u runs
// along the tangent (cos p, 0, -sin p) and image up (-v) towards +y, with handedness +1.
struct SphereMesh {
  std::vector<glm::dvec3> positions, normals;
  std::vector<glm::dvec4> tangents;
  std::vector<glm::dvec2> uvs;
  std::vector<uint32_t> indices;
};

SphereMesh sphereMesh() {
  SphereMesh m;
  for (int i = 0; i <= kStacks; ++i) {
    const double theta = std::numbers::pi * i / kStacks;
    for (int j = 0; j <= kSlices; ++j) {
      const double phi = -std::numbers::pi + 2.0 * std::numbers::pi * j / kSlices;
      const glm::dvec3 n(std::sin(theta) * std::sin(phi), std::cos(theta),
                         std::sin(theta) * std::cos(phi));
      m.positions.push_back(kRadius * n);
      m.normals.push_back(n);
      m.tangents.push_back({std::cos(phi), 0.0, -std::sin(phi), 1.0});
      m.uvs.push_back({double(j) / kSlices, double(i) / kStacks});
    }
  }
  for (int i = 0; i < kStacks; ++i) {
    for (int j = 0; j < kSlices; ++j) {
      const uint32_t tl = uint32_t(i * (kSlices + 1) + j), bl = tl + kSlices + 1;
      // Counter-clockwise seen from outside; the degenerate triangles at the poles left out.
      if (i != 0) m.indices.insert(m.indices.end(), {tl, bl, tl + 1});
      if (i != kStacks - 1) m.indices.insert(m.indices.end(), {tl + 1, bl, bl + 1});
    }
  }
  return m;
}

template <class V, class T>
std::vector<T> narrow(const std::vector<V>& in) {
  return std::vector<T>(in.begin(), in.end());
}

// Camera node 0 (channel_scene.h's), the sphere (node 1) with a material whose only texture is
// the one-texel normal texture.
AssetBuilder sphereAsset(const SphereMesh& mesh, bool tangent) {
  AssetBuilder b;
  const int camera = b.addPerspectiveCamera(0.6f, 0.1f);
  const int cameraNode = b.addNode({{"camera", camera}, {"translation", {0, 0, 3}}});
  const int image = b.addImage(
      encodePng(1, 1, 4, 8, {kNormalTexel.r, kNormalTexel.g, kNormalTexel.b, kNormalTexel.a}));
  const int texture = b.addTexture(image, b.addSampler({{"magFilter", 9728}}));
  const int material = b.addMaterial({{"pbrMetallicRoughness", json::object()},
                                      {"normalTexture", {{"index", texture}, {"scale", kScale}}}});
  PrimitiveDesc p;
  p.attributes["POSITION"] = b.addPositions(narrow<glm::dvec3, glm::vec3>(mesh.positions));
  p.attributes["NORMAL"] = b.addVec3(narrow<glm::dvec3, glm::vec3>(mesh.normals));
  p.attributes["TEXCOORD_0"] = b.addVec2(narrow<glm::dvec2, glm::vec2>(mesh.uvs));
  if (tangent) p.attributes["TANGENT"] = b.addVec4(narrow<glm::dvec4, glm::vec4>(mesh.tangents));
  p.indices = b.addIndices(mesh.indices);
  p.material = material;
  b.addScene({cameraNode, b.addMeshNode(b.addMesh({p}))});
  return b;
}

// Where a ray meets one triangle of the mesh: its index and barycentric weights of its corners.
struct Hit {
  size_t triangle = 0;
  glm::dvec3 weights;
  double distance = 0.0;
};

std::optional<Hit> intersect(const SphereMesh& m, const Ray& ray) {
  std::optional<Hit> best;
  const glm::dvec3 o(ray.origin), d(ray.direction);
  for (size_t t = 0; t < m.indices.size() / 3; ++t) {
    const glm::dvec3 a = m.positions[m.indices[3 * t]], b = m.positions[m.indices[3 * t + 1]],
                     c = m.positions[m.indices[3 * t + 2]];
    const glm::dvec3 e1 = b - a, e2 = c - a, p = glm::cross(d, e2);
    const double det = glm::dot(e1, p);
    if (det <= 1e-12) continue;  // back facing or parallel
    const glm::dvec3 s = o - a, q = glm::cross(s, e1);
    const double u = glm::dot(s, p) / det, v = glm::dot(d, q) / det, dist = glm::dot(e2, q) / det;
    if (u < 0.0 || v < 0.0 || u + v > 1.0 || dist <= 0.0) continue;
    if (!best || dist < best->distance) best = Hit{t, {1.0 - u - v, u, v}, dist};
  }
  return best;
}

// The frame and normals the channels must show at a hit, as normals.glsl's contract says: the
// interpolated normal ng, the tangent re-orthogonalized to it (from TANGENT, or dp/du of the
// triangle), the bitangent cross(ng, t) (towards -v), and ng perturbed by the normal texture.
struct Expected {
  glm::dvec3 geometryNormal, tangent, bitangent, normal;
};

Expected expectedAt(const SphereMesh& m, const Hit& hit, bool tangent) {
  const uint32_t* corner = &m.indices[3 * hit.triangle];
  glm::dvec3 ng(0.0), tg(0.0);
  for (int k = 0; k < 3; ++k) {
    ng += hit.weights[k] * m.normals[corner[k]];
    tg += hit.weights[k] * glm::dvec3(m.tangents[corner[k]]);
  }
  ng = glm::normalize(ng);
  if (!tangent) {
    // p is affine in uv across the triangle: solve p1 - p0 = J (uv1 - uv0), p2 - p0 = ... for
    // the column dp/du.
    const glm::dvec3 e1 = m.positions[corner[1]] - m.positions[corner[0]],
                     e2 = m.positions[corner[2]] - m.positions[corner[0]];
    const glm::dvec2 d1 = m.uvs[corner[1]] - m.uvs[corner[0]],
                     d2 = m.uvs[corner[2]] - m.uvs[corner[0]];
    const double det = d1.x * d2.y - d2.x * d1.y;
    tg = (e1 * d2.y - e2 * d1.y) / det;
  }
  Expected e;
  e.geometryNormal = ng;
  e.tangent = glm::normalize(tg - ng * glm::dot(ng, tg));
  e.bitangent = glm::cross(ng, e.tangent);  // handedness +1, and -v is up on this sphere
  glm::dvec3 texel = glm::dvec3(kNormalTexel) / 255.0 * 2.0 - 1.0;
  texel = glm::normalize(glm::dvec3(texel.x * kScale, texel.y * kScale, texel.z));
  e.normal = glm::normalize(texel.x * e.tangent + texel.y * e.bitangent + texel.z * ng);
  return e;
}

// The sphere's normal, tangent, bitangent and normal-mapped normal channels, with TANGENT and
// with the frame generated from the uv derivatives. Pixels are checked where the centre and four
// points around it (0.4 pixel away) hit the same triangle, away from the poles and the
// silhouette. Against the analytic sphere too: its normal within the tessellation's error.
TEST_F(ChannelTest, NormalChannelsOfASphereWithANormalMap) {
  const SphereMesh mesh = sphereMesh();
  for (bool tangent : {true, false}) {
    SCOPED_TRACE(tangent ? "TANGENT" : "generated tangents");
    bound_ = anim::test::bindAsset(sphereAsset(mesh, tangent));
    ASSERT_TRUE(bound_.scene) << bound_.error;
    ASSERT_TRUE(renderer_->setScene(*bound_.scene, bound_.scene->activeScene).shown);
    view_ = cameraView(*bound_.scene, kCameraNode, kSphereSize, kSphereSize);
    view_.clearColor = glm::vec4(0.0f, 0.0f, 0.0f, 1.0f);
    std::array<Pixels, 4> pictures;
    const std::array<int, 4> channelIds = {gpu::kChannelGeometryNormal, gpu::kChannelTangent,
                                           gpu::kChannelBitangent, gpu::kChannelNormal};
    for (size_t c = 0; c < channelIds.size(); ++c) {
      view_.channel = channelIds[c];
      pictures[c] = renderer_->renderOffscreen(view_, kSphereSize, kSphereSize);
    }
    int checked = 0;
    for (int y = 2; y < int(kSphereSize) - 2; ++y) {
      for (int x = 2; x < int(kSphereSize) - 2; ++x) {
        const glm::vec2 centre(float(x) + 0.5f, float(y) + 0.5f);
        const Ray ray = pixelRay(view_, centre, kSphereSize, kSphereSize);
        const std::optional<Hit> hit = intersect(mesh, ray);
        if (!hit) continue;
        bool inside = true;
        for (glm::vec2 o : {glm::vec2(-0.4f, -0.4f), {0.4f, -0.4f}, {-0.4f, 0.4f}, {0.4f, 0.4f}}) {
          const std::optional<Hit> h =
              intersect(mesh, pixelRay(view_, centre + o, kSphereSize, kSphereSize));
          inside = inside && h && h->triangle == hit->triangle;
        }
        const Expected e = expectedAt(mesh, *hit, tangent);
        const glm::dvec3 toEye = -glm::normalize(glm::dvec3(ray.direction));
        if (!inside || std::abs(e.geometryNormal.y) > 0.9 ||
            glm::dot(e.geometryNormal, toEye) < 0.4)
          continue;
        ++checked;
        const std::array<glm::dvec3, 4> want = {e.geometryNormal, e.tangent, e.bitangent, e.normal};
        for (size_t c = 0; c < channelIds.size(); ++c)
          EXPECT_TRUE(
              channelNear(channelIds[c], pixelAt(pictures[c], x, y), (want[c] + 1.0) / 2.0, 1.5f))
              << renderer::channelInfo(channelIds[c]).name << " at " << x << "," << y;
        // The known sphere: the normal of the point the ray meets, within the 15-degree facets'
        // error (up to 4 of 255 here).
        const glm::dvec3 o(ray.origin), d = -toEye;
        const double b = glm::dot(o, d),
                     t = -b - std::sqrt(b * b - glm::dot(o, o) + kRadius * kRadius);
        EXPECT_TRUE(channelNear(gpu::kChannelGeometryNormal, pixelAt(pictures[0], x, y),
                                (glm::normalize(o + t * d) + 1.0) / 2.0, 5.0f))
            << "sphere at " << x << "," << y;
      }
    }
    EXPECT_GE(checked, 300);
  }
}

// --- a deformed quad -----------------------------------------------------------------------

constexpr double kTurn = 0.7;   // radians about +y at t = 1 (the skin's joint)
constexpr double kShift = 0.4;  // the morph target's POSITION displacement along +x
constexpr double kTilt = 0.5;   // the morph target turns NORMAL and TANGENT by this about +y

glm::dvec3 aboutY(double angle, const glm::dvec3& v) {
  return {std::cos(angle) * v.x + std::sin(angle) * v.z, v.y,
          -std::sin(angle) * v.x + std::cos(angle) * v.z};
}

// The uv0, geometry-normal and tangent channels of the deformed quad (TANGENT (1, 0, 0, 1)),
// which lies in the plane through the origin with normal `plane` and shows `normal` and
// `tangent`, at pixels whose point maps back by `toRest` to the quad's rest position inside its
// border.
void expectQuadChannels(ChannelTest& test, const glm::dvec3& plane, const glm::dvec3& normal,
                        const glm::dvec3& tangent,
                        const std::function<glm::dvec3(glm::dvec3)>& toRest) {
  std::array<Pixels, 3> pictures;
  const std::array<int, 3> channelIds = {gpu::kChannelUv0, gpu::kChannelGeometryNormal,
                                         gpu::kChannelTangent};
  for (size_t c = 0; c < channelIds.size(); ++c) pictures[c] = test.render(channelIds[c]);
  int checked = 0;
  for (glm::ivec2 p : imageGrid()) {
    const glm::dvec3 rest =
        toRest(surfacePoint(test.view_, p, kSize, kSize, glm::vec3(0.0f), glm::vec3(plane)));
    if (std::abs(rest.x) > 0.9 || std::abs(rest.y) > 0.9) continue;
    ++checked;
    const std::array<glm::dvec3, 3> want = {
        glm::dvec3((1.0 + rest.x) / 2.0, (1.0 - rest.y) / 2.0, 0.0), (normal + 1.0) / 2.0,
        (tangent + 1.0) / 2.0};
    for (size_t c = 0; c < channelIds.size(); ++c)
      EXPECT_TRUE(channelNear(channelIds[c], pixelAt(pictures[c], p.x, p.y), want[c], 2.0f))
          << renderer::channelInfo(channelIds[c]).name << " at " << p.x << "," << p.y;
  }
  EXPECT_GE(checked, 40);
}

json plainMaterial(AssetBuilder&) {
  return {{"pbrMetallicRoughness", json::object()}};
}

// The quad skinned to one joint (node 2) that turns about +y from 0 to kTurn over a second:
// the channels show the skinned positions, normal and tangent of the frame's pose.
TEST_F(ChannelTest, ChannelsFollowASkinnedMesh) {
  QuadDesc q;
  q.color = false;
  AssetBuilder b = quadAsset(plainMaterial, q);
  json& attributes = b.json()["meshes"][0]["primitives"][0]["attributes"];
  AccessorDesc joints;
  joints.bufferView = b.addBufferView(std::vector<uint8_t>(16, 0));
  joints.type = "VEC4";
  joints.componentType = gl::kUnsignedByte;
  joints.count = 4;
  attributes["JOINTS_0"] = b.addAccessor(joints);
  attributes["WEIGHTS_0"] = b.addVec4(std::vector<glm::vec4>(4, glm::vec4(1, 0, 0, 0)));
  const int joint = b.addNode(json::object());
  b.json()["nodes"][1]["skin"] = 0;
  b.json()["skins"] = {{{"joints", {joint}}}};
  b.json()["scenes"][0]["nodes"].push_back(joint);
  const int times = addTimes(b, {0.0f, 1.0f});
  const glm::quat q1 = glm::angleAxis(float(kTurn), glm::vec3(0, 1, 0));
  const int values = b.addFloats({0, 0, 0, 1, q1.x, q1.y, q1.z, q1.w}, "VEC4");
  addAnimation(b, json::array({sampler(times, values)}),
               json::array({coreChannel(0, joint, "rotation")}));
  ASSERT_NO_FATAL_FAILURE(load(b));
  scene::DirtySet dirty;
  for (double time : {0.5, 1.0}) {
    SCOPED_TRACE("t = " + std::to_string(time));
    bound_.animations().evaluate(float(time), {true}, dirty);
    renderer_->applyChanges(*bound_.scene, dirty);
    dirty.clear();
    const double angle = kTurn * time;  // slerp about one axis: the angle is linear
    const glm::dvec3 normal = aboutY(angle, {0, 0, 1});
    expectQuadChannels(*this, normal, normal, aboutY(angle, {1, 0, 0}),
                       [&](glm::dvec3 p) { return aboutY(-angle, p); });
  }
}

// The quad with one morph target moving it by kShift along +x and turning its NORMAL and
// TANGENT by kTilt about +y, its weight animated from 0 to 1 over a second: the channels show
// the weighted sums (normalized; the tangent re-orthogonalized to the normal).
TEST_F(ChannelTest, ChannelsFollowAMorphedMesh) {
  QuadDesc q;
  q.color = false;
  AssetBuilder b = quadAsset(plainMaterial, q);
  json& primitive = b.json()["meshes"][0]["primitives"][0];
  const glm::dvec3 normalDelta = aboutY(kTilt, {0, 0, 1}) - glm::dvec3(0, 0, 1);
  const glm::dvec3 tangentDelta = aboutY(kTilt, {1, 0, 0}) - glm::dvec3(1, 0, 0);
  primitive["targets"] = {
      {{"POSITION", b.addVec3(std::vector<glm::vec3>(4, glm::vec3(kShift, 0, 0)))},
       {"NORMAL", b.addVec3(std::vector<glm::vec3>(4, glm::vec3(normalDelta)))},
       {"TANGENT", b.addVec3(std::vector<glm::vec3>(4, glm::vec3(tangentDelta)))}}};
  b.json()["meshes"][0]["weights"] = {0.0};
  const int times = addTimes(b, {0.0f, 1.0f});
  const int values = addOutput(b, std::vector<float>{0.0f, 1.0f}, "SCALAR", gl::kFloat);
  addAnimation(b, json::array({sampler(times, values)}),
               json::array({coreChannel(0, 1, "weights")}));
  ASSERT_NO_FATAL_FAILURE(load(b));
  scene::DirtySet dirty;
  for (double w : {0.5, 1.0}) {
    SCOPED_TRACE("weight " + std::to_string(w));
    bound_.animations().evaluate(float(w), {true}, dirty);
    renderer_->applyChanges(*bound_.scene, dirty);
    dirty.clear();
    const glm::dvec3 normal = glm::normalize(glm::dvec3(0, 0, 1) + w * normalDelta);
    const glm::dvec3 t = glm::dvec3(1, 0, 0) + w * tangentDelta;
    const glm::dvec3 tangent = glm::normalize(t - normal * glm::dot(normal, t));
    // The positions slide within the plane z = 0; NORMAL and TANGENT are the morphed ones.
    expectQuadChannels(*this, {0, 0, 1}, normal, tangent,
                       [&](glm::dvec3 p) { return p - glm::dvec3(w * kShift, 0, 0); });
  }
}

}  // namespace
}  // namespace vitrine::test
