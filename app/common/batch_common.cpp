#include "batch_common.h"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <string_view>

#include "animation_selection.h"
#include "headless.h"
#include "image_stream.h"
#include "look.h"
#include "material_variant.h"
#include "timings.h"

namespace vitrine::app {
namespace {

// VITRINE_TEST_INJECT_FAULT=submit, a test hook (tests/app/batch/batch_fault_test.cpp): every
// frame's queue submission fails with VK_ERROR_DEVICE_LOST, as on a lost GPU, so that the batch
// modes' exit status 5 is tested end to end. Unset: no hook; any other value is ignored with a
// line.
std::function<VkResult(renderer::FaultPoint)> testFaultHook() {
  const char* env = std::getenv("VITRINE_TEST_INJECT_FAULT");
  if (!env || !*env) return {};
  if (std::string_view(env) != "submit") {
    std::fprintf(stderr, "vitrine: VITRINE_TEST_INJECT_FAULT=%s: unknown fault (submit): ignored\n",
                 env);
    return {};
  }
  std::fprintf(stderr, "vitrine: VITRINE_TEST_INJECT_FAULT=submit: frame submissions fail\n");
  return [](renderer::FaultPoint point) {
    return point == renderer::FaultPoint::Submit ? VK_ERROR_DEVICE_LOST : VK_SUCCESS;
  };
}

// IEC 61966-2-1 decoding and encoding of one 8-bit sRGB code (the formulas of formulas.md,
// "Colour").
float decodeSrgb(uint8_t code) {
  const float c = float(code) / 255.0f;
  return c <= 0.04045f ? c / 12.92f : std::pow((c + 0.055f) / 1.055f, 2.4f);
}
uint8_t encodeSrgb(float linear) {
  linear = std::clamp(linear, 0.0f, 1.0f);
  const float c =
      linear <= 0.0031308f ? 12.92f * linear : 1.055f * std::pow(linear, 1.0f / 2.4f) - 0.055f;
  return uint8_t(std::lround(c * 255.0f));
}

// The decoded pixels a batch hands to the renderer at once: a few 1024x1024 textures, so that
// the upload's fixed cost per call is shared and the decoders go on meanwhile.
constexpr uint64_t kBatchImageBytes = 32ull << 20;

}  // namespace

std::optional<BatchAsset> loadBatchAsset(const std::string& file, const CliOptions& options,
                                         int* exitCode) {
  scene::LoadOptions load = loadOptions(options);
  load.deferImageDecode = true;
  DocumentResult loaded = loadDocument(file, {}, load);
  startupTimings().load = loaded.loadTimings;
  if (!loaded.document) {
    // The warnings met before the error too, as --check lists them (checkAsset).
    for (const std::string& w : loaded.warnings)
      std::fprintf(stderr, "vitrine: warning: %s\n", w.c_str());
    std::fprintf(stderr, "vitrine: %s\n", loaded.error.c_str());
    *exitCode = kExitBadInput;
    return std::nullopt;
  }
  BatchAsset asset;
  asset.document = std::move(loaded.document);
  const Document& doc = *asset.document;
  for (const std::string& w : documentWarnings(doc))
    std::fprintf(stderr, "vitrine: warning: %s\n", w.c_str());
  std::vector<std::string> clipNames;
  for (const anim::ClipInfo& clip : doc.animations->clips()) clipNames.push_back(clip.name);
  std::string error;
  if (!selectAnimations(clipNames, options.animations, asset.enabled, &error)) {
    std::fprintf(stderr, "vitrine: %s: %s\n", file.c_str(), error.c_str());
    *exitCode = kExitBadInput;
    return std::nullopt;
  }
  if (!resolveMaterialVariant(*doc.scene, options.variant, &asset.variant, &error)) {
    std::fprintf(stderr, "vitrine: %s: %s\n", file.c_str(), error.c_str());
    *exitCode = kExitBadInput;
    return std::nullopt;
  }
  return asset;
}

float firstFrameTime(const Document& document, const std::vector<bool>& enabled) {
  const std::vector<anim::ClipInfo>& clips = document.animations->clips();
  std::optional<float> first;
  for (size_t i = 0; i < clips.size() && i < enabled.size(); ++i) {
    const bool bound = std::any_of(clips[i].channels.begin(), clips[i].channels.end(),
                                   [](const anim::ChannelInfo& c) { return c.bound; });
    if (enabled[i] && bound) first = std::min(first.value_or(clips[i].start), clips[i].start);
  }
  return first.value_or(0.0f);
}

std::unique_ptr<renderer::Renderer> createBatchRenderer(const CliOptions& options,
                                                        Document& document, uint32_t width,
                                                        uint32_t height, int* exitCode) {
  scene::Scene& scene = *document.scene;
  // Decoding from now on, beside the environment, the device and the geometry's upload.
  ImageStream images(document);
  std::unique_ptr<scene::EnvironmentImage> environment;
  std::string error;
  const scene::Stopwatch environmentWatch;
  const bool environmentRead = loadEnvironment(options, environment, &error);
  startupTimings().environmentImage += environmentWatch.seconds();
  if (!environmentRead) {
    std::fprintf(stderr, "vitrine: %s\n", error.c_str());
    *exitCode = kExitBadInput;
    return nullptr;
  }
  renderer::Options ro;
  ro.validation = validationRequested();
  ro.injectFault = testFaultHook();
  ro.cacheDirectory = environmentCacheDirectory();
  auto r = createTimedRenderer(ro, &error);
  if (!r) {
    std::fprintf(stderr, "vitrine: %s\n", error.c_str());
    *exitCode = kExitNoDevice;
    return nullptr;
  }
  if (width > r->maxImageSize() || height > r->maxImageSize()) {
    const std::string option =
        options.thumbnailSize
            ? "--thumbnail " + std::to_string(*options.thumbnailSize)
            : "--size " + std::to_string(options.width) + "x" + std::to_string(options.height);
    std::fprintf(stderr, "vitrine: %s: %s renders at most %ux%u\n", option.c_str(),
                 r->deviceName().c_str(), r->maxImageSize(), r->maxImageSize());
    *exitCode = kExitBadInput;
    return nullptr;
  }
  r->setEnvironment(environment.get());  // processed now: the source image can go
  renderer::SceneResult shown = r->setSceneReleasingImages(scene, scene.activeScene);
  while (shown.shown && images.taken() < images.total()) {
    startupTimings().imageWait += images.waitReady();
    images.adopt(document, kBatchImageBytes);
    renderer::SceneResult added;
    r->addImagesReleasing(scene, added);
    shown.warnings.insert(shown.warnings.end(), added.warnings.begin(), added.warnings.end());
    if (!added.shown) {
      shown.shown = false;
      shown.error = added.error;
    }
  }
  r->finishImages();  // the decoders' freed pages go back before the frame asks for more
  for (const std::string& warning : shown.warnings)
    std::fprintf(stderr, "vitrine: %s: warning: %s\n", options.file.c_str(), warning.c_str());
  if (!shown.shown) {
    std::fprintf(stderr, "vitrine: %s: %s cannot show it: %s\n", options.file.c_str(),
                 r->deviceName().c_str(), shown.error.c_str());
    *exitCode = kExitDeviceFailure;
    return nullptr;
  }
  if (options.variant)
    r->setMaterialVariant(scene, scene::findMaterialVariant(scene, *options.variant));
  r->updateTransforms(scene);
  return r;
}

int gpuFailure(const renderer::Renderer& renderer) {
  std::fprintf(stderr, "vitrine: the GPU failed: %s\n", renderer.lastError().c_str());
  return kExitDeviceFailure;
}

int validationStatus(const renderer::Renderer& renderer) {
  if (const uint32_t n = renderer.validationMessageCount()) {
    std::fprintf(stderr, "vitrine: %u validation message(s)\n", n);
    return kExitValidation;
  }
  return kExitOk;
}

bool sameFile(const std::string& input, const std::string& output) {
  std::error_code ec;  // a missing file, either one: not the same
  return std::filesystem::exists(output, ec) && std::filesystem::equivalent(input, output, ec);
}

void unpremultiplyAlpha(renderer::Pixels& pixels) {
  for (size_t i = 0; i + 3 < pixels.rgba.size(); i += 4) {
    uint8_t* p = &pixels.rgba[i];
    if (p[3] == 0) {
      p[0] = p[1] = p[2] = 0;
    } else if (p[3] < 255) {
      const float a = float(p[3]) / 255.0f;
      for (int c = 0; c < 3; ++c) p[c] = encodeSrgb(decodeSrgb(p[c]) / a);
    }
  }
}

bool writePngAtomically(const std::string& path, const renderer::Pixels& pixels,
                        std::string* error) {
  namespace fs = std::filesystem;
  // Same directory, so the rename stays on one file system (and is atomic there).
  const fs::path target(path);
  const fs::path temp = target.parent_path() /
                        ("." + target.filename().string() + ".part-" + std::to_string(getpid()));
  if (!writePng(temp.string(), pixels, error)) {
    std::error_code ignored;
    fs::remove(temp, ignored);
    *error = path + ": cannot write: " + error->substr(error->rfind(": ") + 2);
    return false;
  }
  std::error_code ec;
  fs::rename(temp, target, ec);
  if (ec) {
    std::error_code ignored;  // keep the rename's reason, not the removal's
    fs::remove(temp, ignored);
    *error = path + ": cannot write: " + ec.message();
    return false;
  }
  return true;
}

}  // namespace vitrine::app
