// Chunked scene uploads (issue 16): planUploadChunks' cuts, without a device, and scenes
// uploaded through a small staging buffer or with their pixels released drawn exactly as through
// one chunk; a scene arriving a chunk per call while another is drawn; images arriving after
// their scene (deferred decoding) drawn as placeholders, then exactly.
#include <cmath>
#include <optional>

#include "render_fixture.h"
#include "scene_upload.h"

namespace vitrine::test {
namespace {

using renderer::planUploadChunks;
using renderer::UploadChunk;
using renderer::UploadRegion;

// Every chunk within `capacity`, the chunks covering [0, total) in order without a gap.
void expectCover(const std::vector<UploadChunk>& chunks, VkDeviceSize total,
                 VkDeviceSize capacity) {
  ASSERT_FALSE(chunks.empty());
  EXPECT_EQ(chunks.front().begin, 0u);
  EXPECT_EQ(chunks.back().end, total);
  for (size_t i = 0; i < chunks.size(); ++i) {
    EXPECT_LT(chunks[i].begin, chunks[i].end) << i;
    EXPECT_LE(chunks[i].end - chunks[i].begin, capacity) << i;
    if (i > 0) {
      EXPECT_EQ(chunks[i].begin, chunks[i - 1].end) << i;
    }
  }
}

TEST(UploadChunks, BufferCutsOn16BytesAndImageCutsBetweenRows) {
  // A 1000-byte buffer, then a 12x10 image (48-byte rows) at 1008.
  const std::vector<UploadRegion> regions = {{0, 1000, 0}, {1008, 480, 48}};
  const std::vector<UploadChunk> chunks = planUploadChunks(regions, 1488, 100);
  expectCover(chunks, 1488, 100);
  for (const UploadChunk& c : chunks) {
    if (c.end >= 1488) continue;
    if (c.end <= 1008) {
      EXPECT_EQ(c.end % 16, 0u) << c.end;
    } else {
      EXPECT_EQ((c.end - 1008) % 48, 0u) << c.end;  // whole rows only
    }
  }
  // The chunk reaching into the image stops before the row that would not fit.
  EXPECT_EQ(chunks[10].begin, 960u);
  EXPECT_EQ(chunks[10].end, 1056u);
}

TEST(UploadChunks, OneChunkWhenEverythingFits) {
  const std::vector<UploadRegion> regions = {{0, 100, 0}, {112, 64, 16}};
  const std::vector<UploadChunk> chunks = planUploadChunks(regions, 176, 1 << 20);
  ASSERT_EQ(chunks.size(), 1u);
  EXPECT_EQ(chunks[0].end, 176u);
}

TEST(UploadChunks, ARowLongerThanTheChunkGetsAChunkOfItsOwn) {
  const std::vector<UploadRegion> regions = {{0, 4 * 256, 256}};
  const std::vector<UploadChunk> chunks = planUploadChunks(regions, 1024, 100);
  ASSERT_EQ(chunks.size(), 4u);
  for (size_t i = 0; i < 4; ++i) EXPECT_EQ(chunks[i].end, 256 * (i + 1));
}

// 4x8 texels, each its own colour, rows top to bottom.
glm::u8vec4 texel(uint32_t x, uint32_t y) {
  return {uint8_t(40 + x * 60), uint8_t(20 + y * 30), uint8_t(200 - y * 20), 255};
}

float srgbToLinear(uint8_t byte) {
  const float s = float(byte) / 255.0f;
  return s <= 0.04045f ? s / 12.92f : std::pow((s + 0.055f) / 1.055f, 2.4f);
}

// An unlit quad textured with texel(), nearest filtering.
scene::Scene texturedQuad() {
  scene::Scene s;
  scene::Image image;
  image.width = 4;
  image.height = 8;
  for (uint32_t y = 0; y < image.height; ++y)
    for (uint32_t x = 0; x < image.width; ++x) {
      const glm::u8vec4 t = texel(x, y);
      image.rgba8.insert(image.rgba8.end(), {t.r, t.g, t.b, t.a});
    }
  s.images.push_back(image);
  scene::Sampler sampler;
  sampler.magFilter = sampler.minFilter = sampler.mipmapFilter = scene::Filter::Nearest;
  s.samplers.push_back(sampler);
  s.textures.push_back({0, 0});
  TestMaterial m = makeUnlitMaterial(glm::vec4(1.0f));
  m.material.textures[gpu::kSlotBaseColor] = 0;
  m.data.textures[gpu::kSlotBaseColor].info = glm::vec4(0.0f);  // texcoord 0, no transform
  addMeshNode(s, quadPrimitive(addMaterial(s, m)));
  finish(s);
  return s;
}

// Draws the quad and checks the pixel at every texel's centre (quad corners (-1, -1) to (1, 1),
// uv (0, 0) at the top left).
void expectTexels(renderer::Renderer& r) {
  const View view = orbitView(glm::vec3(0, 0, 2.5f), glm::vec3(0.0f), kSize, kSize);
  const Pixels p = r.renderOffscreen(view, kSize, kSize);
  ASSERT_FALSE(p.rgba.empty());
  for (uint32_t y = 0; y < 8; ++y)
    for (uint32_t x = 0; x < 4; ++x) {
      const glm::vec3 at(-1.0f + 2.0f * (float(x) + 0.5f) / 4.0f,
                         1.0f - 2.0f * (float(y) + 0.5f) / 8.0f, 0.0f);
      const glm::ivec2 px = project(view, at, kSize, kSize);
      const glm::u8vec4 t = texel(x, y);
      EXPECT_TRUE(colorNear(pixelAt(p, px.x, px.y),
                            {srgbToLinear(t.r), srgbToLinear(t.g), srgbToLinear(t.b)}))
          << x << "," << y;
    }
}

TEST_F(RendererTest, ASceneThatFitsIsOneChunk) {
  const scene::Scene s = texturedQuad();
  ASSERT_TRUE(renderer_->setScene(s, 0).shown);
  EXPECT_EQ(renderer_->lastSceneUploadStats().chunks, 1u);
  expectTexels(*renderer_);
}

class SmallChunks : public RendererTest {
 protected:
  void SetUp() override {
    renderer::Options options;
    options.uploadChunkBytes = 64;  // 4 rows of the image, a fraction of the vertices
    startRenderer(options);
  }
};

TEST_F(SmallChunks, StagingStaysWithinTheChunkAndDrawsEveryTexel) {
  const scene::Scene s = texturedQuad();
  ASSERT_TRUE(renderer_->setScene(s, 0).shown);
  const renderer::SceneUploadStats stats = renderer_->lastSceneUploadStats();
  EXPECT_LE(stats.stagingBytes, 64u);
  EXPECT_GT(stats.chunks, 10u);  // the vertices alone are 288 bytes
  expectTexels(*renderer_);
}

TEST_F(SmallChunks, ReleasedPixelsAreGoneAndStillDrawn) {
  scene::Scene s = texturedQuad();
  ASSERT_TRUE(renderer_->setSceneReleasingImages(s, 0).shown);
  EXPECT_TRUE(s.images[0].rgba8.empty());
  EXPECT_EQ(s.images[0].width, 4u);
  expectTexels(*renderer_);
}

// A quad of one unlit colour, the scene shown while another arrives.
scene::Scene coloredQuad(const glm::vec4& color) {
  scene::Scene s;
  addMeshNode(s, quadPrimitive(addMaterial(s, makeUnlitMaterial(color))));
  finish(s);
  return s;
}

glm::u8vec4 centre(renderer::Renderer& r) {
  const View view = orbitView(glm::vec3(0, 0, 2.5f), glm::vec3(0.0f), kSize, kSize);
  const Pixels p = r.renderOffscreen(view, kSize, kSize);
  return p.rgba.empty() ? glm::u8vec4(0) : pixelAt(p, kSize / 2, kSize / 2);
}

// Issue 16: a scene begun arrives a chunk per continueScene; every frame until its last chunk
// draws the scene shown before, and it replaces that scene only then.
TEST_F(SmallChunks, AnArrivingSceneReplacesTheShownOneAfterItsLastChunk) {
  const scene::Scene red = coloredQuad({1, 0, 0, 1});
  ASSERT_TRUE(renderer_->setScene(red, 0).shown);
  const uint64_t uploads = renderer_->sceneUploadCount();
  const scene::Scene textured = texturedQuad();
  ASSERT_TRUE(renderer_->beginScene(textured, 0).shown);
  int steps = 0;
  double progress = 0.0;
  std::optional<renderer::SceneResult> done;
  while (!(done = renderer_->continueScene(textured))) {
    ++steps;
    ASSERT_TRUE(renderer_->sceneArriving());
    EXPECT_GE(*renderer_->sceneArriving(), progress);
    progress = *renderer_->sceneArriving();
    EXPECT_EQ(renderer_->sceneUploadCount(), uploads) << steps;
    EXPECT_TRUE(colorNear(centre(*renderer_), {1, 0, 0})) << "step " << steps;
    ASSERT_LT(steps, 10000);
  }
  EXPECT_GT(steps, 10);  // 64-byte chunks: the vertices alone are 288 bytes
  EXPECT_TRUE(done->shown) << done->error;
  EXPECT_FALSE(renderer_->sceneArriving());
  EXPECT_EQ(renderer_->sceneUploadCount(), uploads + 1);
  EXPECT_LE(renderer_->lastSceneUploadStats().stagingBytes, 64u);
  expectTexels(*renderer_);
}

TEST_F(SmallChunks, ACancelledOrSupersededArrivalLeavesTheSceneShown) {
  const scene::Scene red = coloredQuad({1, 0, 0, 1});
  const scene::Scene blue = coloredQuad({0, 0, 1, 1});
  const scene::Scene textured = texturedQuad();
  ASSERT_TRUE(renderer_->setScene(red, 0).shown);
  ASSERT_TRUE(renderer_->beginScene(textured, 0).shown);
  for (int i = 0; i < 3; ++i) ASSERT_FALSE(renderer_->continueScene(textured));
  renderer_->cancelScene();
  EXPECT_FALSE(renderer_->sceneArriving());
  EXPECT_TRUE(colorNear(centre(*renderer_), {1, 0, 0}));
  const std::optional<renderer::SceneResult> none = renderer_->continueScene(textured);
  ASSERT_TRUE(none);
  EXPECT_FALSE(none->shown);
  EXPECT_EQ(none->error, "no scene is being uploaded");
  EXPECT_TRUE(colorNear(centre(*renderer_), {1, 0, 0}));

  // setScene while another scene arrives: the arrival is dropped, the new scene shown.
  ASSERT_TRUE(renderer_->beginScene(textured, 0).shown);
  ASSERT_FALSE(renderer_->continueScene(textured));
  ASSERT_TRUE(renderer_->setScene(blue, 0).shown);
  EXPECT_FALSE(renderer_->sceneArriving());
  EXPECT_TRUE(colorNear(centre(*renderer_), {0, 0, 1}));
}

// Marks image 0 of `s` as still to decode (LoadOptions::deferImageDecode): its pixels out,
// some encoded bytes in. Returns the pixels.
std::vector<uint8_t> deferImage(scene::Scene& s) {
  std::vector<uint8_t> pixels = std::move(s.images[0].rgba8);
  s.images[0].rgba8.clear();
  s.images[0].encoded = {0x89, 'P', 'N', 'G'};
  return pixels;
}

void arrive(scene::Scene& s, std::vector<uint8_t> pixels) {
  s.images[0].encoded.clear();
  s.images[0].rgba8 = std::move(pixels);
}

TEST_F(SmallChunks, AnImageArrivingAfterItsSceneReplacesItsPlaceholder) {
  scene::Scene s = texturedQuad();
  std::vector<uint8_t> pixels = deferImage(s);
  ASSERT_TRUE(renderer_->setScene(s, 0).shown);
  // Drawn with the white placeholder (times the factor 1) meanwhile.
  EXPECT_TRUE(colorNear(centre(*renderer_), {1, 1, 1}));
  renderer::SceneResult r;
  EXPECT_EQ(renderer_->addImages(s, r), 0u);  // nothing has arrived
  const uint64_t uploads = renderer_->sceneUploadCount();
  arrive(s, std::move(pixels));
  EXPECT_EQ(renderer_->addImages(s, r), 1u);
  EXPECT_TRUE(r.shown) << r.error;
  EXPECT_TRUE(r.warnings.empty());
  EXPECT_EQ(renderer_->addImages(s, r), 0u);          // once
  EXPECT_EQ(renderer_->sceneUploadCount(), uploads);  // the image alone, not the scene again
  expectTexels(*renderer_);
}

// Issue 16, the batch modes: images decoded after their scene was set arrive through
// addImagesReleasing, whose pixels are freed once staged and still drawn. Image 1 (a copy of
// image 0 on the unlit material's emissive slot, which it does not draw) arrives first, so that
// image 0, the one drawn, is staged in the buffer the first call left (reused, not made again),
// or, after finishImages, in a new one.
void expectAddedReleasingIsFreedAndDrawn(renderer::Renderer& r, bool finishBetween) {
  scene::Scene s = texturedQuad();
  s.images.push_back(s.images[0]);
  s.textures.push_back({1, 0});
  s.materials[0].textures[gpu::kSlotEmissive] = 1;
  s.materialData[0].textures[gpu::kSlotEmissive].info = glm::vec4(0.0f);
  std::vector<uint8_t> second = std::move(s.images[1].rgba8);
  s.images[1].encoded = {0x89, 'P', 'N', 'G'};
  std::vector<uint8_t> first = deferImage(s);
  ASSERT_TRUE(r.setSceneReleasingImages(s, 0).shown);
  renderer::SceneResult result;
  s.images[1].encoded.clear();
  s.images[1].rgba8 = std::move(second);
  EXPECT_EQ(r.addImagesReleasing(s, result), 1u);
  EXPECT_TRUE(s.images[1].rgba8.empty());
  EXPECT_TRUE(colorNear(centre(r), {1, 1, 1}));  // image 0 is still the placeholder
  if (finishBetween) r.finishImages();
  arrive(s, std::move(first));
  EXPECT_EQ(r.addImagesReleasing(s, result), 1u);
  EXPECT_TRUE(result.shown) << result.error;
  EXPECT_TRUE(s.images[0].rgba8.empty());
  EXPECT_EQ(s.images[0].width, 4u);
  expectTexels(r);
}

// Each image's whole chain is staged in one chunk, computed in the staging buffer itself.
TEST_F(RendererTest, ImagesAddedReleasingAreFreedAndDrawn) {
  expectAddedReleasingIsFreedAndDrawn(*renderer_, /*finishBetween=*/false);
}
TEST_F(RendererTest, ImagesAddedAfterFinishImagesAreDrawn) {
  expectAddedReleasingIsFreedAndDrawn(*renderer_, /*finishBetween=*/true);
}

// The chains straddle chunks (computed aside, copied in parts).
TEST_F(SmallChunks, ImagesAddedReleasingAreFreedAndDrawn) {
  expectAddedReleasingIsFreedAndDrawn(*renderer_, /*finishBetween=*/false);
}

// The window frees what it has uploaded; the outliner's switch to another scene of the same
// document keeps the textures (switchScene), where setScene would need the pixels again.
TEST_F(RendererTest, SwitchingScenesKeepsTexturesWhosePixelsWereFreed) {
  scene::Scene s = texturedQuad();
  s.scenes.push_back(s.scenes[0]);
  ASSERT_TRUE(renderer_->setSceneReleasingImages(s, 0).shown);
  ASSERT_TRUE(s.images[0].rgba8.empty());
  expectTexels(*renderer_);
  for (int scene : {1, 0, 1}) {
    const renderer::SceneResult r = renderer_->switchScene(s, scene);
    ASSERT_TRUE(r.shown) << r.error;
    EXPECT_TRUE(r.warnings.empty());
    expectTexels(*renderer_);
  }
  // An image arriving after the switch is added to the new scene as before.
  scene::Scene deferred = texturedQuad();
  deferred.scenes.push_back(deferred.scenes[0]);
  std::vector<uint8_t> pixels = deferImage(deferred);
  ASSERT_TRUE(renderer_->setScene(deferred, 0).shown);
  ASSERT_TRUE(renderer_->switchScene(deferred, 1).shown);
  EXPECT_TRUE(colorNear(centre(*renderer_), {1, 1, 1}));  // the placeholder
  arrive(deferred, std::move(pixels));
  renderer::SceneResult added;
  EXPECT_EQ(renderer_->addImagesReleasing(deferred, added), 1u);
  expectTexels(*renderer_);
  ASSERT_TRUE(renderer_->switchScene(deferred, 0).shown);
  expectTexels(*renderer_);
  // setScene uploads from the pixels, which are gone: the placeholder.
  ASSERT_TRUE(renderer_->setScene(deferred, 1).shown);
  EXPECT_TRUE(colorNear(centre(*renderer_), {1, 1, 1}));
}

// A switch that fails (out of device memory at any of its allocations) leaves the scene shown,
// textures and all: the textures it borrowed are not destroyed with it.
class SwitchFault : public RendererTest {
 protected:
  void SetUp() override {
    renderer::Options options;
    options.injectFault = [this](renderer::FaultPoint point) {
      return point == renderer::FaultPoint::Allocate && allocations_++ == failAt_
                 ? VK_ERROR_OUT_OF_DEVICE_MEMORY
                 : VK_SUCCESS;
    };
    startRenderer(options);
  }
  int allocations_ = 0, failAt_ = -1;
};

TEST_F(SwitchFault, AFailedSwitchKeepsTheTexturesOfTheSceneShown) {
  scene::Scene s = texturedQuad();
  s.scenes.push_back(s.scenes[0]);
  ASSERT_TRUE(renderer_->setSceneReleasingImages(s, 0).shown);
  // How many allocations a switch makes, then each of them failing in turn.
  allocations_ = 0;
  ASSERT_TRUE(renderer_->switchScene(s, 1).shown);
  const int made = allocations_;
  ASSERT_GT(made, 1);
  for (int fail = 0; fail < made; ++fail) {
    allocations_ = 0;
    failAt_ = fail;
    const renderer::SceneResult r = renderer_->switchScene(s, fail % 2);
    failAt_ = -1;
    EXPECT_FALSE(r.shown) << fail;
    EXPECT_NE(r.error.find("VK_ERROR_OUT_OF_DEVICE_MEMORY"), std::string::npos) << r.error;
    expectTexels(*renderer_);
  }
  ASSERT_TRUE(renderer_->switchScene(s, 0).shown);  // recoverable
  expectTexels(*renderer_);
}

TEST_F(RendererTest, AnEmissiveImageStillArrivingEmitsNothing) {
  // A black, unlit-by-anything surface (no light, no environment) whose only colour is its
  // emission: emissiveFactor 1 times the emissive texture.
  scene::Scene s = texturedQuad();
  TestMaterial m = makePbrMaterial(glm::vec3(0.0f), 0.0f, 1.0f);
  m.data.emissive = glm::vec4(1.0f, 1.0f, 1.0f, 1.0f);
  m.material.textures[gpu::kSlotEmissive] = 0;
  m.data.textures[gpu::kSlotEmissive].info = glm::vec4(0.0f);  // texcoord 0, no transform
  s.materials[0] = m.material;
  s.materialData[0] = m.data;
  std::vector<uint8_t> pixels = deferImage(s);
  ASSERT_TRUE(renderer_->setScene(s, 0).shown);
  EXPECT_TRUE(colorNear(centre(*renderer_), {0, 0, 0}));  // not the whole factor, white
  arrive(s, std::move(pixels));
  renderer::SceneResult r;
  EXPECT_EQ(renderer_->addImages(s, r), 1u);
  expectTexels(*renderer_);  // the texels, emitted (linear, tone mapping none)
}

}  // namespace
}  // namespace vitrine::test
