// --frames START:END:FPS and --turntable SECONDS, with --out DIR: an image sequence
// DIR/frame_0001.png, DIR/frame_0002.png, ... (four digits at least, counted from 1).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "camera.h"
#include "cli.h"

namespace vitrine::app {

// The most pixels one sequence writes, frames x width x height: 2^34, 64 GiB of RGBA, so a
// mistyped --frames or --size cannot fill the disk for hours. Checked before the asset is read.
inline constexpr uint64_t kMaxSequencePixels = uint64_t(1) << 34;

// The instants of the sequence, in seconds. With --frames: START + i / FPS for i = 0 ..
// frameCount() - 1 (every one <= END). With --turntable alone: i / 30 for every i with
// i / 30 < SECONDS, so that the last frame does not repeat the first and the sequence loops.
std::vector<float> sequenceTimes(const CliOptions& options);

// Empty, or the error (no program name) when `frames` frames at --size exceed
// kMaxSequencePixels: "--size WxH: N frames of that size are P pixels; one sequence writes at
// most 17179869184 (2^34, 64 GiB as RGBA): render fewer frames or smaller ones".
std::string checkSequenceSize(const CliOptions& options, size_t frames);

// The orbit angle (radians about +Y) of a turntable at `seconds`: one turn over
// --turntable SECONDS, starting at the sequence's first instant. 0 without --turntable.
float turntableYaw(const CliOptions& options, float seconds);

// The orbit camera of the instant `seconds`: `framed` (fitted to the scene at the first
// instant) as it is without --turntable; with it, seen from 20 degrees above and turned by
// turntableYaw(): the eye moves from the front (+Z) towards +X, counter-clockwise seen from
// above (+Y), and is back at its start after SECONDS.
OrbitCamera sequenceCamera(const OrbitCamera& framed, const CliOptions& options, float seconds);

// "frame_0001.png" for index 0.
std::string frameFileName(size_t index);

// The names in `dir` that look like frames (frame_DIGITS.png) but that a sequence of `frames`
// frames does not overwrite (frame_0011.png after 10 frames, frame_05.png), sorted.
std::vector<std::string> staleFrames(const std::string& dir, size_t frames);

// Renders the sequence into options.outDir through one renderer: per frame the animations
// are evaluated and only what they changed is uploaded. The camera is --camera (evaluated per
// frame, it may be animated), else sequenceCamera(). A progress bar goes to stderr when it is
// a terminal (nothing otherwise).
// Checked before anything is written (exit kExitBadInput / kExitNoDevice, nothing created):
// the pixel limit, the asset and --animation, the first frame's camera, --env, the device and
// --size. Then DIR is created if missing, with a one-line warning when it holds staleFrames().
// A camera without a view on a later frame (its node's scale animated to zero) stops the run
// with "vitrine: FILE: frame N (t=T): ..." and kExitBadInput: frames 1 .. N-1 stay written.
// Returns the exit status.
int runFrames(const CliOptions& options);

}  // namespace vitrine::app
