// --thumbnail SIZE IN OUT.png: the picture a file manager shows for a glTF file (the
// freedesktop thumbnailer entry assets/vitrine.thumbnailer runs it as
// `vitrine --thumbnail %s %i %o`).
#pragma once

#include <string>

#include "cli.h"
#include "renderer.h"
#include "scene.h"

namespace vitrine::app {

// The thumbnail's camera: the orbit camera fitted to the bounding sphere of the active scene,
// seen from a three-quarter view above the front right (yaw kThumbnailYaw about +Y from +Z,
// pitch kThumbnailPitch down), square.
inline constexpr float kThumbnailYawDegrees = 35.0f;
inline constexpr float kThumbnailPitchDegrees = 25.0f;
renderer::View thumbnailView(const scene::Scene& scene);

// Loads options.file, poses it at the first frame of its selected animations (at --time when
// given), renders it options.thumbnailSize pixels square, on a transparent background (or the
// --background colour), with the studio light (or --env), and writes options.thumbnailOut
// whole or not at all. No window, no UI. Returns the exit status: kExitBadInput when the file
// cannot be read or OUT is the input file itself (never overwritten), kExitNoDevice without
// a Vulkan device; both after one line on stderr.
int runThumbnail(const CliOptions& options);

}  // namespace vitrine::app
