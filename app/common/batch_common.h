// What the batch modes (--thumbnail, --frames / --turntable), --render and the viewer's start
// share: loading the asset with its selected animations, a headless renderer holding the
// posed scene, the validation epilogue, and PNG files that exist whole or not at all.
// Nothing here opens a window or touches GLFW or ImGui.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli.h"
#include "document.h"
#include "renderer.h"
#include "scene.h"

namespace vitrine::app {

struct BatchAsset {
  std::unique_ptr<Document> document;  // never null
  std::vector<bool> enabled;           // the --animation selection, one flag per clip
  int variant = -1;                    // the --variant (material_variant.h), -1 = none
};

// Loads `file`, prints its load and channel warnings to stderr ("vitrine: warning: ...") and
// resolves --animation and --variant. On failure prints one line and sets *exitCode
// (kExitBadInput): `vitrine: FILE: no material variant "X" (variants: a, b)` for --variant.
// The images are checked but left encoded (scene::LoadOptions::deferImageDecode): the window
// decodes them while it shows the geometry, the batch modes while the device is made and the
// geometry uploads (createBatchRenderer), each through an ImageStream (image_stream.h).
std::optional<BatchAsset> loadBatchAsset(const std::string& file, const CliOptions& options,
                                         int* exitCode);

// The first instant of the enabled clips: the earliest first keyframe among them (0 when
// none is enabled), the "first frame" a thumbnail shows.
float firstFrameTime(const Document& document, const std::vector<bool>& enabled);

// A renderer without a window (no surface, no X server) for a width x height picture of
// `document`'s scene as it is posed now: starts decoding the images loadBatchAsset left
// encoded (on the loader's threads, an ImageStream), loads --env (before the device, so a bad
// .hdr is reported without Vulkan), creates the renderer reading and writing the processed
// environment cache, checks the size against the device, uploads the environment and the
// geometry, then each image as it is decoded (its warning printed as the load's are), and
// the world transforms, showing the --variant (options.variant, already checked by
// loadBatchAsset). Null after printing one line, with *exitCode set: kExitBadInput for the
// environment file or a size the device cannot render ("vitrine: --size WxH: DEVICE renders
// at most NxN", or "--thumbnail N: ..."), kExitNoDevice when Vulkan or a usable device is
// missing ("vitrine: no Vulkan device available ...").
// A batch uploads its scene once: the pixels of the images uploaded are freed as they reach
// the staging buffer (Renderer::setSceneReleasingImages, addImagesReleasing), and no more than
// ImageStream's bound of decoded pixels waits for the upload, which keeps the peak resident
// memory near the asset's size (issue 16).
std::unique_ptr<renderer::Renderer> createBatchRenderer(const CliOptions& options,
                                                        Document& document, uint32_t width,
                                                        uint32_t height, int* exitCode);

// After an empty renderOffscreen (device lost, out of memory): prints "vitrine: the GPU failed:
// <Renderer::lastError>" and returns kExitDeviceFailure.
int gpuFailure(const renderer::Renderer& renderer);

// The exit status a run ends with: kExitOk, or kExitValidation after printing
// "vitrine: N validation message(s)" when the validation layer reported anything.
int validationStatus(const renderer::Renderer& renderer);

// True when `output` exists and is the same file as `input` (std::filesystem::equivalent:
// also through links), so that writing it would destroy the input.
bool sameFile(const std::string& input, const std::string& output);

// Turns premultiplied-alpha pixels into the straight alpha PNG stores. The renderer blends
// BLEND materials premultiplied and resolves MSAA edges over a transparent clear colour, so
// a pixel of coverage a holds sRGB(a * c): decoded, divided by a and encoded again.
void unpremultiplyAlpha(renderer::Pixels& pixels);

// Writes `pixels` to a temporary file next to `path` (".NAME.part-PID"), then renames it over
// `path`: a reader (a file manager) never sees a partial PNG, and a failure leaves neither
// `path` nor the temporary file. False with *error ("PATH: cannot write: REASON").
bool writePngAtomically(const std::string& path, const renderer::Pixels& pixels,
                        std::string* error);

}  // namespace vitrine::app
