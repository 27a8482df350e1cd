// --timings (issue 16): where the time from the start of main() to the first frame with the
// asset went, and the process's peak resident memory, printed once to stderr (stdout stays the
// report of --check and --query):
//   timings: file read              1.2 ms
//   ...
//   timings: total                812.0 ms
//   timings: peak RSS              95.3 MiB
// The phases do not overlap, so their sum is at most the total; what none of them covers (the
// command line, opening the window, binding animations, writing the PNG) is the difference.
// The record is process-wide: only the thread that runs main() (the UI thread) touches it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "loader.h"
#include "renderer.h"
#include "stopwatch.h"

namespace vitrine::app {

struct StartupTimings {
  bool enabled = false;  // --timings
  // From the record's creation: main() asks for it first thing.
  scene::Stopwatch sinceStart;
  std::optional<scene::LoadTimings> load;  // the command-line asset's load
  double environmentImage = 0.0;  // reading the --env .hdr or making the studio (the app's)
  double deviceSetup = 0.0;       // Renderer::create, less its pipelines and environment
  // A batch's images decode beside the device setup and the upload (createBatchRenderer): the
  // time its UI thread waited for them is image decode too (the rest overlapped).
  double imageWait = 0.0;
  // The first frame with the asset: from the frame's start until it is read back (batch) or
  // presented (window), less the pipelines, uploads and environment work inside it.
  std::optional<double> firstFrame;
  std::optional<renderer::SetupTimings> renderer;  // once a renderer ran: the GPU phases
  // The window's first frame shows the geometry; the textures and an environment to process
  // arrive after (issue 16), and the record is printed once they have: the seconds from the
  // start to the end of that first frame, and total runs to the arrival.
  std::optional<double> toFirstFrame;
  bool printed = false;
};

// The process's record, created at the first call.
StartupTimings& startupTimings();

// Renderer::create, its time counted as device setup (what it spends on pipelines and the
// environment goes to those phases).
std::unique_ptr<renderer::Renderer> createTimedRenderer(const renderer::Options& options,
                                                        std::string* error);

// Times one frame: started before the frame, finish() once it is read back or presented.
class FrameTimer {
 public:
  explicit FrameTimer(const renderer::Renderer& renderer);
  // Records the frame as the first frame (the renderer's work inside it goes to its own
  // phases) and prints the timings (printTimings).
  void finish(const renderer::Renderer& renderer);
  // The same without printing (the window prints once the textures have arrived); false when
  // a first frame was recorded already.
  bool record(const renderer::Renderer& renderer);

 private:
  renderer::SetupTimings before_;
  scene::Stopwatch watch_;
};

// The process's peak resident set size, VmHWM of /proc/self/status, in bytes; nullopt when it
// cannot be read.
std::optional<uint64_t> peakResidentBytes();

// The lines of `t`: the load phases when a load ran, the GPU phases and the first frame when a
// renderer ran (and "to first frame" when recorded), then the total and the peak RSS (when
// known), each "timings: NAME VALUE UNIT".
std::string formatTimings(const StartupTimings& t, double totalSeconds,
                          std::optional<uint64_t> peakRssBytes);

// Once per process, when enabled: formatTimings of the record now, to stderr.
void printTimings();

}  // namespace vitrine::app
