#include "shared_images_asset.h"

#include "common/asset_builder.h"
#include "common/png_writer.h"

namespace vitrine::test {
namespace {

// RGBA8 PNG of w x h texels, each (r, g, b, 255) from `texel`.
template <class F>
std::vector<uint8_t> png(uint32_t w, uint32_t h, F texel) {
  std::vector<uint16_t> samples;
  for (uint32_t y = 0; y < h; ++y) {
    for (uint32_t x = 0; x < w; ++x) {
      const glm::uvec3 c = texel(x, y);
      samples.insert(samples.end(), {uint16_t(c.r), uint16_t(c.g), uint16_t(c.b), 255});
    }
  }
  return encodePng(w, h, 4, 8, samples);
}

// A unit quad's primitive at `offset` (x right, y up) facing +Z, TEXCOORD_0 over the whole
// image. With NORMAL, so that the loader keeps its four vertices (flat normals split them).
PrimitiveDesc quad(AssetBuilder& b, int material, glm::vec3 offset = glm::vec3(0.0f)) {
  PrimitiveDesc p;
  p.attributes["POSITION"] =
      b.addPositions({offset, offset + glm::vec3(1, 0, 0), offset + glm::vec3(1, 1, 0),
                      offset + glm::vec3(0, 1, 0)});
  p.attributes["NORMAL"] = b.addVec3(std::vector<glm::vec3>(4, glm::vec3(0, 0, 1)));
  p.attributes["TEXCOORD_0"] = b.addVec2({{0, 1}, {1, 1}, {1, 0}, {0, 0}});
  p.indices = b.addIndices({0, 1, 2, 0, 2, 3});
  p.material = material;
  return p;
}

nlohmann::json texture(int index) {
  return {{"index", index}};
}

}  // namespace

std::string writeSharedImagesAsset(const std::string& stem) {
  AssetBuilder b;
  // Colours that tell the images apart in a picture: a gradient of four hues, a checker.
  const std::vector<uint8_t> checker = png(8, 8, [](uint32_t x, uint32_t y) {
    return (x + y) % 2 ? glm::uvec3(230, 200, 40) : glm::uvec3(30, 60, 160);
  });
  b.addImage(png(
      4, 2, [](uint32_t x, uint32_t y) { return glm::uvec3(60 * x + 40, 200 - 120 * y, 120); }));
  b.addImage(checker);
  b.addImage(checker);
  static const uint8_t kKtx2[] = {0xAB, 'K', 'T', 'X', ' ', '2', '0', 0xBB, '\r', '\n', 0x1A, '\n'};
  b.addImage(std::vector<uint8_t>(std::begin(kKtx2), std::end(kKtx2)), "image/ktx2");
  b.json()["images"][0]["name"] = "gradient";
  b.json()["images"][1]["name"] = "checker";
  b.json()["images"][2]["name"] = "checker copy";
  b.json()["images"][3]["name"] = "compressed";
  b.addTexture(0);
  b.addTexture(1);
  b.addTexture(2);
  b.json()["textures"].push_back({{"extensions", {{"KHR_texture_basisu", {{"source", 3}}}}}});
  b.json()["extensionsUsed"] = {"KHR_texture_basisu"};
  const int m0 =
      b.addMaterial({{"name", "gradient both ways"},
                     {"pbrMetallicRoughness",
                      {{"baseColorTexture", texture(0)}, {"metallicRoughnessTexture", texture(0)}}},
                     {"normalTexture", texture(1)}});
  const int m1 = b.addMaterial({{"name", "occluded"}, {"occlusionTexture", texture(2)}});
  const int m2 = b.addMaterial(
      {{"name", "compressed"}, {"pbrMetallicRoughness", {{"baseColorTexture", texture(3)}}}});
  const int mesh0 = b.addMesh({quad(b, m0), quad(b, m1, {1.2f, 0, 0})}, "two materials");
  const int mesh1 = b.addMesh({quad(b, m2)}, "instanced");
  const int mesh2 = b.addMesh({quad(b, m0)}, "other scene");
  b.addScene({b.addMeshNode(mesh0), b.addMeshNode(mesh1, {0, -1.2f, 0}),
              b.addMeshNode(mesh1, {1.2f, -1.2f, 0})});
  b.addScene({b.addMeshNode(mesh2)});
  return b.writeGltf(stem);
}

}  // namespace vitrine::test
