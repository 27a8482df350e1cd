// --frames START:END:FPS and --turntable SECONDS, with --out DIR: an image sequence
// DIR/frame_0001.png, DIR/frame_0002.png, ... (four digits at least, counted from 1).
#pragma once

#include <string>
#include <vector>

#include "cli.h"

namespace vitrine::app {

// The instants of the sequence, in seconds. With --frames: START + i / FPS for i = 0 ..
// frameCount() - 1 (every one <= END). With --turntable alone: i / 30 for every i with
// i / 30 < SECONDS, so that the last frame does not repeat the first and the sequence loops.
std::vector<float> sequenceTimes(const CliOptions& options);

// The orbit angle (radians about +Y) of a turntable at `seconds`: one turn over
// --turntable SECONDS, starting at the sequence's first instant. 0 without --turntable.
float turntableYaw(const CliOptions& options, float seconds);

// "frame_0001.png" for index 0.
std::string frameFileName(size_t index);

// Renders the sequence into options.outDir (created if missing) through one renderer: per
// frame the animations are evaluated and only what they changed is uploaded. The camera is
// --camera (evaluated per frame, it may be animated), else the orbit camera fitted to the
// scene at the first instant: from the front like --render, or, with --turntable, turning from
// a view 20 degrees above. A progress bar goes to stderr when it is a terminal (nothing
// otherwise). Returns the exit status.
int runFrames(const CliOptions& options);

}  // namespace vitrine::app
