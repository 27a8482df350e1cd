// KHR_texture_transform on a generated checker texture: the texel the test computes for a
// pixel (the quad's uv at the pixel centre, through offset, rotation and scale, repeat wrap)
// is the colour the pixel shows, on texCoord sets 0, 1 (the extension's texCoord override), 2
// and 5 (read from the storage buffer of TEXCOORD_2..7), each with its own layout on the quad,
// and on the base colour and emissive slots.
#include <cmath>

#include "render_fixture.h"

namespace vitrine::test {
namespace {

constexpr uint32_t kSide = 4;  // checker texels a side
constexpr uint32_t kTransformSize = 48;

// A distinct colour per texel (sRGB-encoded bytes).
glm::u8vec4 checkerTexel(uint32_t column, uint32_t row) {
  return {uint8_t(30 + 60 * column), uint8_t(30 + 60 * row), uint8_t((column + row) % 2 ? 220 : 20),
          255};
}

int addChecker(scene::Scene& s) {
  scene::Image image;
  image.name = "checker";
  image.width = image.height = kSide;
  for (uint32_t row = 0; row < kSide; ++row)
    for (uint32_t column = 0; column < kSide; ++column) {
      const glm::u8vec4 t = checkerTexel(column, row);
      image.rgba8.insert(image.rgba8.end(), {t.r, t.g, t.b, t.a});
    }
  s.images.push_back(image);
  scene::Sampler nearest;  // one texel per pixel, no filtering across texels
  nearest.magFilter = nearest.minFilter = nearest.mipmapFilter = scene::Filter::Nearest;
  nearest.useMipmaps = false;
  s.samplers.push_back(nearest);
  s.textures.push_back({int(s.images.size()) - 1, int(s.samplers.size()) - 1});
  return int(s.textures.size()) - 1;
}

struct Transform {
  glm::vec2 offset{0.0f};
  float rotation = 0.0f;
  glm::vec2 scale{1.0f};
  int texCoord = 0;
};

// The extension's uv' = T * R * S * uv, with the rotation counter-clockwise in uv space
// (v down): u' = c*u + s*v, v' = -s*u + c*v (the convention of the Khronos sample viewer,
// three.js and Babylon.js; KhronosGroup/glTF#1563).
glm::vec2 apply(const Transform& t, glm::vec2 uv) {
  uv *= t.scale;
  const float c = std::cos(t.rotation), s = std::sin(t.rotation);
  return glm::vec2(c * uv.x + s * uv.y, -s * uv.x + c * uv.y) + t.offset;
}

void setSlot(scene::Scene& s, TestMaterial& m, int slot, const Transform& t) {
  m.material.textures[slot] = addChecker(s);
  m.data.textures[slot].uvTransform = glm::vec4(t.offset, t.scale);
  m.data.textures[slot].info = glm::vec4(t.rotation, float(t.texCoord), 0.0f, 0.0f);
}

// The quad's texCoord sets, each a different layout of set 0 (the fixture's: u right, v down),
// so that sampling the wrong set shows: set 1 u down and v right, set 2 mirrored (u left),
// set 5 u up and v right; any other set is absent and reads as zero.
glm::vec2 setLayout(int set, glm::vec2 uv) {
  switch (set) {
    case 0:
      return uv;
    case 1:
      return {uv.y, uv.x};
    case 2:
      return {1.0f - uv.x, uv.y};
    case 5:
      return {1.0f - uv.y, uv.x};
    default:
      return glm::vec2(0.0f);
  }
}

scene::Primitive quadWithTwoSets(int material) {
  scene::Primitive p = quadPrimitive(material);
  p.texcoords[1].clear();
  for (const glm::vec2& uv : p.texcoords[0]) p.texcoords[1].push_back(setLayout(1, uv));
  return p;
}

// The quad with TEXCOORD_0, 1, 2 and 5 (sets 2 and 5 interleaved per vertex, scene.h).
scene::Primitive quadWithExtraSets(int material) {
  scene::Primitive p = quadWithTwoSets(material);
  p.extraTexcoordSets = (1u << (2 - 2)) | (1u << (5 - 2));
  for (const glm::vec2& uv : p.texcoords[0])
    p.extraTexcoords.insert(p.extraTexcoords.end(), {setLayout(2, uv), setLayout(5, uv)});
  return p;
}

// Renders the quad (filling most of the image) and checks every pixel whose transformed uv is
// clearly inside a texel: its colour is that texel's. Returns how many pixels were checked.
int expectTexels(renderer::Renderer& r, const scene::Scene& s, const Transform& t) {
  r.setScene(s, 0);
  const View view =
      orbitView(glm::vec3(0, 0, 2.3f), glm::vec3(0.0f), kTransformSize, kTransformSize);
  const Pixels pixels = r.renderOffscreen(view, kTransformSize, kTransformSize);
  int checked = 0;
  for (int y = 0; y < int(kTransformSize); ++y) {
    for (int x = 0; x < int(kTransformSize); ++x) {
      const glm::vec3 p = surfacePoint(view, {x, y}, kTransformSize, kTransformSize,
                                       glm::vec3(0.0f), glm::vec3(0, 0, 1));
      if (std::max(std::abs(p.x), std::abs(p.y)) > 0.97f) continue;  // off or at the edge
      const glm::vec2 uv = setLayout(t.texCoord, {(p.x + 1.0f) * 0.5f, (1.0f - p.y) * 0.5f});
      const glm::vec2 texel = apply(t, uv) * float(kSide);
      const glm::vec2 inTexel = texel - glm::floor(texel);
      // Pixels near a texel border could land either side: skip them.
      if (glm::any(glm::lessThan(inTexel, glm::vec2(0.05f))) ||
          glm::any(glm::greaterThan(inTexel, glm::vec2(0.95f))))
        continue;
      const glm::ivec2 index = glm::ivec2(glm::floor(texel));
      const uint32_t column = uint32_t(((index.x % int(kSide)) + int(kSide)) % int(kSide));
      const uint32_t row = uint32_t(((index.y % int(kSide)) + int(kSide)) % int(kSide));
      const glm::u8vec4 expected = checkerTexel(column, row);
      const glm::u8vec4 actual = pixelAt(pixels, x, y);
      for (int c = 0; c < 3; ++c)
        EXPECT_NEAR(int(actual[c]), int(expected[c]), 1)
            << "pixel " << x << "," << y << " texel " << column << "," << row;
      ++checked;
    }
  }
  return checked;
}

TEST_F(RendererTest, TextureTransformPlacesTexelsOnTheBaseColourSlot) {
  Transform t;
  t.offset = {0.3f, -0.15f};
  t.rotation = 0.4f;
  t.scale = {1.7f, 0.8f};
  scene::Scene s;
  TestMaterial m = makeUnlitMaterial(glm::vec4(1.0f));
  setSlot(s, m, gpu::kSlotBaseColor, t);
  addMeshNode(s, quadWithTwoSets(addMaterial(s, m)));
  finish(s);
  EXPECT_GT(expectTexels(*renderer_, s, t), 500);
}

TEST_F(RendererTest, TextureTransformTexCoordOverrideSamplesSetOne) {
  Transform t;
  t.offset = {-0.2f, 0.45f};
  t.rotation = -1.1f;
  t.scale = {0.9f, 1.3f};
  t.texCoord = 1;
  scene::Scene s;
  TestMaterial m = makeUnlitMaterial(glm::vec4(1.0f));
  setSlot(s, m, gpu::kSlotBaseColor, t);
  addMeshNode(s, quadWithTwoSets(addMaterial(s, m)));
  finish(s);
  EXPECT_GT(expectTexels(*renderer_, s, t), 500);
}

TEST_F(RendererTest, TextureTransformAppliesToTheEmissiveSlot) {
  // A lit material with no light: only its emission (factor 1 x the checker) shows. The base
  // colour slot carries another transform, which must not leak into the emissive one.
  Transform t;
  t.offset = {0.1f, 0.2f};
  t.rotation = 2.0f;
  t.scale = {2.2f, 1.4f};
  t.texCoord = 1;
  scene::Scene s;
  TestMaterial m = makePbrMaterial(glm::vec3(0.5f), 0.0f, 1.0f);
  m.data.emissive = glm::vec4(1.0f, 1.0f, 1.0f, 1.0f);
  setSlot(s, m, gpu::kSlotEmissive, t);
  Transform other;
  other.rotation = 0.7f;
  setSlot(s, m, gpu::kSlotBaseColor, other);
  addMeshNode(s, quadWithTwoSets(addMaterial(s, m)));
  finish(s);
  EXPECT_GT(expectTexels(*renderer_, s, t), 500);
}

// TEXCOORD_2 on the base colour slot, KHR_texture_transform on top.
TEST_F(RendererTest, TextureTransformOnTexcoordTwo) {
  Transform t;
  t.offset = {0.15f, 0.35f};
  t.rotation = 0.6f;
  t.scale = {1.3f, 1.9f};
  t.texCoord = 2;
  scene::Scene s;
  TestMaterial m = makeUnlitMaterial(glm::vec4(1.0f));
  setSlot(s, m, gpu::kSlotBaseColor, t);
  addMeshNode(s, quadWithExtraSets(addMaterial(s, m)));
  finish(s);
  EXPECT_GT(expectTexels(*renderer_, s, t), 500);
}

// The same material samples TEXCOORD_2 (base colour) and TEXCOORD_5 (emissive): with no light,
// the emission alone shows, placed by set 5 and its own transform.
TEST_F(RendererTest, TextureTransformOnTexcoordFiveBesideTwo) {
  Transform t;
  t.offset = {-0.3f, 0.1f};
  t.rotation = -0.8f;
  t.scale = {1.6f, 1.2f};
  t.texCoord = 5;
  scene::Scene s;
  TestMaterial m = makePbrMaterial(glm::vec3(0.5f), 0.0f, 1.0f);
  m.data.emissive = glm::vec4(1.0f, 1.0f, 1.0f, 1.0f);
  setSlot(s, m, gpu::kSlotEmissive, t);
  Transform other;
  other.rotation = 0.7f;
  other.texCoord = 2;
  setSlot(s, m, gpu::kSlotBaseColor, other);
  addMeshNode(s, quadWithExtraSets(addMaterial(s, m)));
  finish(s);
  EXPECT_GT(expectTexels(*renderer_, s, t), 500);
}

// A texture on a set the primitive lacks (TEXCOORD_4) reads uv (0, 0) through its transform,
// as an absent TEXCOORD_1 does: the whole quad shows one texel.
TEST_F(RendererTest, TextureOnAnAbsentTexcoordSetReadsZero) {
  Transform t;
  t.offset = {0.6f, 0.35f};  // texel (2, 1)
  t.texCoord = 4;
  scene::Scene s;
  TestMaterial m = makeUnlitMaterial(glm::vec4(1.0f));
  setSlot(s, m, gpu::kSlotBaseColor, t);
  addMeshNode(s, quadWithExtraSets(addMaterial(s, m)));
  finish(s);
  EXPECT_GT(expectTexels(*renderer_, s, t), 500);
}

}  // namespace
}  // namespace vitrine::test
