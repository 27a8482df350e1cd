// KHR_gaussian_splatting (issue 35) through the real executable: a 3DGS .ply opens as the same
// splats as its glTF twin (same pixels), and the splats follow their node's animation and its
// KHR_node_visibility (the view's one sort is redone for every frame that moved them).
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "asset_builder.h"
#include "png.h"
#include "pointer_animation.h"
#include "run_vitrine.h"

namespace vitrine::test {
namespace {

// Three splats of a capture as a trainer writes them: the .ply's own values (logit opacity, log
// scales, rotation w x y z, f_dc and f_rest channel after channel, degree 1).
struct TrainedSplat {
  glm::vec3 position;
  glm::vec3 logScale;
  glm::vec4 rotationWxyz;
  float logitOpacity;
  glm::vec3 dc;
  glm::vec3 rest[3];  // degree 1: coefficients 1..3, RGB each
};

const std::vector<TrainedSplat> kCapture = {
    {{0.0f, 0.0f, 0.0f},
     {-2.0f, -1.2f, -2.5f},
     {0.9f, 0.1f, 0.3f, -0.2f},
     2.0f,
     {1.2f, -0.4f, 0.3f},
     {{0.2f, -0.1f, 0.05f}, {0.0f, 0.3f, -0.2f}, {-0.25f, 0.1f, 0.4f}}},
    {{0.3f, 0.2f, -0.5f},
     {-1.5f, -1.5f, -1.5f},
     {1.0f, 0.0f, 0.0f, 0.0f},
     0.5f,
     {-0.8f, 1.0f, 0.2f},
     {{0.1f, 0.1f, 0.1f}, {-0.3f, 0.0f, 0.2f}, {0.0f, -0.2f, 0.1f}}},
    {{-0.4f, -0.1f, 0.4f},
     {-2.2f, -1.8f, -1.0f},
     {0.5f, 0.5f, 0.5f, 0.5f},
     -0.5f,
     {0.4f, 0.4f, 1.5f},
     {{0.0f, 0.0f, 0.0f}, {0.15f, -0.15f, 0.0f}, {0.3f, 0.0f, -0.1f}}},
};

// The .ply: binary little endian, the INRIA layout (normals present and ignored).
std::string writeCapturePly(const std::string& stem) {
  const char* names[] = {"x", "y", "z", "nx", "ny", "nz", "f_dc_0", "f_dc_1", "f_dc_2"};
  std::string header = "ply\nformat binary_little_endian 1.0\ncomment written by a test\n";
  header += "element vertex " + std::to_string(kCapture.size()) + "\n";
  for (const char* n : names) header += std::string("property float ") + n + "\n";
  for (int i = 0; i < 9; ++i) header += "property float f_rest_" + std::to_string(i) + "\n";
  header += "property float opacity\n";
  for (int i = 0; i < 3; ++i) header += "property float scale_" + std::to_string(i) + "\n";
  for (int i = 0; i < 4; ++i) header += "property float rot_" + std::to_string(i) + "\n";
  header += "end_header\n";
  std::vector<float> values;
  for (const TrainedSplat& s : kCapture) {
    values.insert(values.end(), {s.position.x, s.position.y, s.position.z, 0, 0, 0});
    values.insert(values.end(), {s.dc.x, s.dc.y, s.dc.z});
    for (int c = 0; c < 3; ++c)  // channel after channel
      for (int k = 0; k < 3; ++k) values.push_back(s.rest[k][c]);
    values.push_back(s.logitOpacity);
    values.insert(values.end(), {s.logScale.x, s.logScale.y, s.logScale.z});
    values.insert(values.end(),
                  {s.rotationWxyz.x, s.rotationWxyz.y, s.rotationWxyz.z, s.rotationWxyz.w});
  }
  std::string bytes = header;
  bytes.append(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(float));
  const std::string path = scratchPath(stem + ".ply");
  writeFile(path, bytes.data(), bytes.size());
  return path;
}

// The same splats as KHR_gaussian_splatting maps them, written by hand from the text: opacity
// sigmoid(logit), scale exp(log), rotation (x, y, z, w) normalized; the coefficients as they are.
SplatData captureAsSplatData() {
  SplatData d;
  d.degree = 1;
  for (const TrainedSplat& s : kCapture) {
    d.positions.push_back(s.position);
    d.scales.push_back(glm::vec3(std::exp(double(s.logScale.x)), std::exp(double(s.logScale.y)),
                                 std::exp(double(s.logScale.z))));
    const glm::dvec4 q(s.rotationWxyz.y, s.rotationWxyz.z, s.rotationWxyz.w, s.rotationWxyz.x);
    d.rotations.push_back(glm::vec4(q / glm::length(q)));
    d.opacities.push_back(float(1.0 / (1.0 + std::exp(-double(s.logitOpacity)))));
    d.sh.push_back(s.dc);
    for (const glm::vec3& r : s.rest) d.sh.push_back(r);
  }
  return d;
}

// A camera (node `cameraNode` of the returned asset) at `eye` looking at the origin along -z.
int addCamera(AssetBuilder& b, const glm::vec3& eye) {
  const int camera = b.addPerspectiveCamera(0.7f, 0.05f);
  return b.addNode({{"camera", camera}, {"translation", {eye.x, eye.y, eye.z}}});
}

// Every byte of `a` within `tolerance` of `b`, and the pictures the same size.
int maxDifference(const Png& a, const Png& b) {
  if (a.width != b.width || a.height != b.height) return 256;
  int worst = 0;
  for (size_t i = 0; i < a.rgba.size(); ++i)
    worst = std::max(worst, std::abs(int(a.rgba[i]) - int(b.rgba[i])));
  return worst;
}

// Pixels whose colour differs from the corner's (the background) by more than 8.
int coloured(const Png& p) {
  const uint8_t* bg = p.at(0, 0);
  int n = 0;
  for (int y = 0; y < p.height; ++y)
    for (int x = 0; x < p.width; ++x) {
      const uint8_t* q = p.at(x, y);
      if (std::abs(q[0] - bg[0]) + std::abs(q[1] - bg[1]) + std::abs(q[2] - bg[2]) > 8) ++n;
    }
  return n;
}

Png render(const std::vector<std::string>& args, const std::string& out) {
  std::vector<std::string> all = args;
  all.insert(all.end(), {"--render", out, "--size", "96x96", "--background", "0.2,0.2,0.2"});
  const ProcessResult r = runVitrine(all);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err.find("validation"), std::string::npos) << r.err;
  return readPng(out);
}

TEST(CliSplats, APlyOpensAsTheSameSplatsAsItsGltfTwin) {
  const std::string ply = writeCapturePly("capture");
  AssetBuilder b;
  const int mesh = b.addSplatMesh(captureAsSplatData());
  b.addScene({b.addMeshNode(mesh)});
  const std::string twin = b.writeGlb("capture-twin");
  // The .ply has no camera: both framed by the viewer's default camera, which frames the same
  // bounds (the splats' 3-sigma ellipsoids) in both.
  const Png fromPly = render({ply}, scratchPath("capture-ply.png"));
  const Png fromGltf = render({twin}, scratchPath("capture-gltf.png"));
  EXPECT_GT(coloured(fromPly), 200);
  EXPECT_LE(maxDifference(fromPly, fromGltf), 1);
}

// A red splat on node 0, moved by a LINEAR animation of its translation from x = -0.5 at t = 0
// to x = 0.5 at t = 1 (KHR_animation_pointer), hidden from t = 2 by a STEP channel of its
// KHR_node_visibility `visible`.
std::string movingSplat() {
  AssetBuilder b;
  SplatData d;
  d.positions = {{0, 0, 0}};
  d.rotations = {{0, 0, 0, 1}};
  d.scales = {{0.08f, 0.08f, 0.08f}};
  d.opacities = {0.98f};
  d.sh = {splatDcFromColor({1.0f, 0.0f, 0.0f})};
  const int mesh = b.addSplatMesh(d);
  const int node = b.addMeshNode(mesh, {-0.5f, 0.0f, 0.0f});
  b.json()["nodes"][node]["extensions"]["KHR_node_visibility"] = {{"visible", true}};
  b.addExtensionUsed("KHR_node_visibility");
  b.addScene({node, addCamera(b, {0.0f, 0.0f, 2.5f})});
  addPointerAnimation(b, {{"/nodes/0/translation", {-0.5f, 0.0f, 0.0f}, {0.5f, 0.0f, 0.0f}}},
                      "move");
  const int times = b.addFloats({0.0f, 2.0f}, "SCALAR");
  b.json()["accessors"][times]["min"] = {0.0};
  b.json()["accessors"][times]["max"] = {2.0};
  const std::vector<uint8_t> visible = {1, 0};
  const int view = b.addBufferView(visible);
  AccessorDesc desc;
  desc.bufferView = view;
  desc.componentType = gl::kUnsignedByte;
  desc.count = 2;
  const int values = b.addAccessor(desc);
  nlohmann::json& animation = b.json()["animations"][0];
  const size_t sampler = animation["samplers"].size();
  animation["samplers"].push_back(
      {{"input", times}, {"output", values}, {"interpolation", "STEP"}});
  animation["channels"].push_back(
      {{"sampler", sampler},
       {"target",
        {{"path", "pointer"},
         {"extensions",
          {{"KHR_animation_pointer",
            {{"pointer", "/nodes/0/extensions/KHR_node_visibility/visible"}}}}}}}});
  return b.writeGlb("moving-splat");
}

// Where the red splat is: the mean x of its pixels (redder than the background), or -1.
double redCentre(const Png& p) {
  double sum = 0.0;
  int n = 0;
  for (int y = 0; y < p.height; ++y)
    for (int x = 0; x < p.width; ++x)
      if (p.at(x, y)[0] > 120 && p.at(x, y)[1] < 80) {
        sum += x + 0.5;
        ++n;
      }
  return n > 0 ? sum / n : -1.0;
}

TEST(CliSplats, SplatsFollowTheirNodesAnimationAndVisibility) {
  const std::string file = movingSplat();
  const Png start = render({file, "--camera", "0", "--time", "0"}, scratchPath("move-0.png"));
  const Png end = render({file, "--camera", "0", "--time", "1"}, scratchPath("move-1.png"));
  const Png hidden = render({file, "--camera", "0", "--time", "2.5"}, scratchPath("move-2.png"));
  // yfov 0.7 at distance 2.5: x = +-0.5 lands 0.5 / (2.5 tan 0.35) * 48 px from the centre.
  const double offset = 0.5 / (2.5 * std::tan(0.35)) * 48.0;
  EXPECT_NEAR(redCentre(start), 48.0 - offset, 0.5);
  EXPECT_NEAR(redCentre(end), 48.0 + offset, 0.5);
  EXPECT_EQ(coloured(hidden), 0);
}

}  // namespace
}  // namespace vitrine::test
