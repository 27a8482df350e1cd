// What the batch modes (--thumbnail, --frames / --turntable) share: loading the asset with its
// selected animations, a headless renderer, and PNG files that exist whole or not at all.
// Nothing here opens a window or touches GLFW or ImGui.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli.h"
#include "document.h"
#include "renderer.h"

namespace vitrine::app {

struct BatchAsset {
  std::unique_ptr<Document> document;  // never null
  std::vector<bool> enabled;           // the --animation selection, one flag per clip
};

// Loads `file`, prints its load and channel warnings to stderr ("vitrine: warning: ...") and
// resolves --animation. On failure prints one line and sets *exitCode (kExitBadInput).
std::optional<BatchAsset> loadBatchAsset(const std::string& file, const CliOptions& options,
                                         int* exitCode);

// The first instant of the enabled clips: the earliest first keyframe among them (0 when
// none is enabled), the "first frame" a thumbnail shows.
float firstFrameTime(const Document& document, const std::vector<bool>& enabled);

// A renderer without a window (no surface, no X server), reading and writing the processed
// environment cache. Null after printing one line ("vitrine: no Vulkan device available ...")
// when Vulkan or a usable device is missing: the caller exits with kExitNoDevice.
std::unique_ptr<renderer::Renderer> createBatchRenderer();

// Turns premultiplied-alpha pixels into the straight alpha PNG stores. The renderer blends
// BLEND materials premultiplied and resolves MSAA edges over a transparent clear colour, so
// a pixel of coverage a holds sRGB(a * c): decoded, divided by a and encoded again.
void unpremultiplyAlpha(renderer::Pixels& pixels);

// Writes `pixels` to a temporary file next to `path`, then renames it over `path`: a reader
// (a file manager) never sees a partial PNG, and a failure leaves no file. False with *error.
bool writePngAtomically(const std::string& path, const renderer::Pixels& pixels,
                        std::string* error);

}  // namespace vitrine::app
