// What every mode of the executable shares: its exit statuses, the validation switch and
// plain PNG writing (--render itself is batch/batch_render.h).
#pragma once

#include <string>

#include "renderer.h"

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

// Writes 8-bit RGBA pixels as a PNG; false with *error set on failure.
bool writePng(const std::string& path, const renderer::Pixels& pixels, std::string* error);

}  // namespace vitrine::app
