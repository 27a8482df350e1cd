// Batch use: render one frame without a window and write it as a PNG.
#pragma once

#include <string>

#include "cli.h"
#include "document.h"
#include "renderer.h"
#include "scene.h"

namespace vitrine::app {

// Exit statuses of the executable.
inline constexpr int kExitOk = 0;
inline constexpr int kExitBadInput = 2;    // the file or the arguments are wrong
inline constexpr int kExitNoDevice = 4;    // no usable Vulkan device, or no display
inline constexpr int kExitValidation = 3;  // validation layer reported messages
// The GPU failed mid-run (device lost, out of memory in a frame) or cannot hold the scene.
inline constexpr int kExitDeviceFailure = 5;

// True when VITRINE_VALIDATION=1 is set or this is a debug build.
bool validationRequested();

// Renders `scene` as options.camera (or the framing orbit camera) sees it, at
// options.width x options.height, into options.renderOut, written whole or not at all
// (writePngAtomically), never over the input file. Returns an exit status; prints one line
// to stderr on failure. Decodes the images loadBatchAsset left encoded and frees the pixels of
// those it uploads (createBatchRenderer).
int renderToPng(Document& document, const CliOptions& options);

// Writes 8-bit RGBA pixels as a PNG; false with *error set on failure.
bool writePng(const std::string& path, const renderer::Pixels& pixels, std::string* error);

}  // namespace vitrine::app
