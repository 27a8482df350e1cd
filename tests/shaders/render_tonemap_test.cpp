// Tone mapping and exposure: an unlit quad of a known linear colour, through each operator,
// must show what the test's own implementation of that operator gives (within 2/255 after
// sRGB encoding). The operators' references: Khronos PBR Neutral
// (KhronosGroup/ToneMapping), ACES filmic as the Khronos glTF Sample Viewer's Hill fit, AgX
// as Sobotka's base transform in its minimal polynomial form.
#include <algorithm>
#include <cmath>

#include "render_fixture.h"

namespace vitrine::test {
namespace {

using Tonemap = renderer::Tonemap;

glm::dvec3 neutral(glm::dvec3 c) {
  const double start = 0.76, desaturation = 0.15;
  const double x = std::min({c.r, c.g, c.b});
  c -= x < 0.08 ? x - 6.25 * x * x : 0.04;
  const double peak = std::max({c.r, c.g, c.b});
  if (peak < start) return c;
  const double d = 1.0 - start;
  const double newPeak = 1.0 - d * d / (peak + d - start);
  c *= newPeak / peak;
  const double g = 1.0 - 1.0 / (desaturation * (peak - newPeak) + 1.0);
  return c * (1.0 - g) + glm::dvec3(newPeak) * g;
}

// Row-major as written in the references: out[i] = sum_j m[i][j] * in[j].
glm::dvec3 multiply(const double m[3][3], const glm::dvec3& v) {
  glm::dvec3 out;
  for (int i = 0; i < 3; ++i) out[i] = m[i][0] * v[0] + m[i][1] * v[1] + m[i][2] * v[2];
  return out;
}

glm::dvec3 aces(const glm::dvec3& c) {
  const double in[3][3] = {
      {0.59719, 0.35458, 0.04823}, {0.07600, 0.90834, 0.01566}, {0.02840, 0.13383, 0.83777}};
  const double out[3][3] = {
      {1.60475, -0.53108, -0.07367}, {-0.10208, 1.10813, -0.00605}, {-0.00327, -0.07276, 1.07602}};
  glm::dvec3 v = multiply(in, c);
  for (int i = 0; i < 3; ++i) {
    const double a = v[i] * (v[i] + 0.0245786) - 0.000090537;
    const double b = v[i] * (0.983729 * v[i] + 0.4329510) + 0.238081;
    v[i] = a / b;
  }
  return glm::clamp(multiply(out, v), 0.0, 1.0);
}

glm::dvec3 agx(const glm::dvec3& c) {
  const double inset[3][3] = {{0.842479062253094, 0.0784335999999992, 0.0792237451477643},
                              {0.0423282422610123, 0.878468636469772, 0.0791661274605434},
                              {0.0423756549057051, 0.0784336, 0.879142973793104}};
  const double outset[3][3] = {{1.19687900512017, -0.0980208811401368, -0.0990297440797205},
                               {-0.0528968517574562, 1.15190312990417, -0.0989611768448433},
                               {-0.0529716355144438, -0.0980434501171241, 1.15107367264116}};
  const double minEv = -12.47393, maxEv = 4.026069;
  glm::dvec3 v = multiply(inset, c);
  for (int i = 0; i < 3; ++i) {
    const double x =
        (std::clamp(std::log2(std::max(v[i], 1e-10)), minEv, maxEv) - minEv) / (maxEv - minEv);
    v[i] = 15.5 * std::pow(x, 6) - 40.14 * std::pow(x, 5) + 31.96 * std::pow(x, 4) -
           6.868 * std::pow(x, 3) + 0.4298 * x * x + 0.1191 * x - 0.00232;
  }
  v = glm::clamp(multiply(outset, v), 0.0, 1.0);
  return glm::pow(v, glm::dvec3(2.2));  // display-encoded (2.2) back to linear
}

glm::dvec3 reference(Tonemap op, const glm::dvec3& c) {
  switch (op) {
    case Tonemap::Neutral:
      return glm::clamp(neutral(c), 0.0, 1.0);
    case Tonemap::Aces:
      return aces(c);
    case Tonemap::Agx:
      return agx(c);
    case Tonemap::None:
      break;
  }
  return glm::clamp(c, 0.0, 1.0);
}

const char* name(Tonemap op) {
  switch (op) {
    case Tonemap::Neutral:
      return "Neutral";
    case Tonemap::Aces:
      return "ACES";
    case Tonemap::Agx:
      return "AgX";
    case Tonemap::None:
      break;
  }
  return "None";
}

// Unlit quads side by side, one per colour: dark, mid, saturated, bright (compressed by every
// operator but None).
const glm::vec3 kColors[] = {
    {0.02f, 0.05f, 0.01f}, {0.3f, 0.5f, 0.2f}, {0.9f, 0.1f, 0.3f}, {2.5f, 1.8f, 0.6f}};

TEST_F(RendererTest, EveryToneMapMatchesItsReferenceAtTwoExposures) {
  scene::Scene s;
  for (int i = 0; i < 4; ++i) {
    const int node =
        addMeshNode(s, quadPrimitive(addMaterial(s, makeUnlitMaterial({kColors[i], 1}))),
                    glm::vec3(float(i) * 1.0f - 1.5f, 0.0f, 0.0f));
    s.nodes[node].scale = glm::vec3(0.4f);
  }
  finish(s);
  renderer_->setScene(s, 0);
  for (const Tonemap op : {Tonemap::Neutral, Tonemap::Aces, Tonemap::Agx, Tonemap::None}) {
    for (const float ev : {0.0f, -1.5f}) {
      View view = orbitView(glm::vec3(0, 0, 4), glm::vec3(0.0f), kSize, kSize);
      view.tonemap = op;
      view.exposure = ev;
      const Pixels p = renderer_->renderOffscreen(view, kSize, kSize);
      for (int i = 0; i < 4; ++i) {
        const glm::ivec2 at = project(view, glm::vec3(float(i) - 1.5f, 0, 0), kSize, kSize);
        const glm::dvec3 expected = reference(op, glm::dvec3(kColors[i]) * std::exp2(double(ev)));
        EXPECT_TRUE(colorNear(pixelAt(p, at.x, at.y), glm::vec3(expected), 2.0f))
            << name(op) << " EV " << ev << " colour " << i;
      }
    }
  }
}

}  // namespace
}  // namespace vitrine::test
