// The command line, parsed into plain options. No side effects: main() acts on the result.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "loader.h"

namespace vitrine::app {

enum class CliTonemap { Neutral, Aces, Agx, None };
enum class CliBackground { Environment, Blurred, Color };

struct CliOptions {
  std::string file;                      // empty: the bundled demo scene
  std::optional<std::string> renderOut;  // --render OUT.png: headless, one frame, then exit
  uint32_t width = 1280, height = 720;   // --size WxH (window size or render size)
  std::optional<int> camera;             // --camera INDEX: look through the asset's camera INDEX
  double quitAfterSeconds = 0.0;         // --quit-after SECONDS: close the window after this time
  std::optional<float> time;             // --time SECONDS: evaluate the animations at this instant
  // --animation all|none|INDEX|NAME, in the order given; empty = all.
  std::vector<std::string> animations;
  std::vector<std::string> queries;  // --query POINTER: print the value, then exit
  // --variant NAME|INDEX: show the asset's KHR_materials_variants variant (default: none, the
  // asset's own materials); resolved against the asset by material_variant.h.
  std::optional<std::string> variant;
  // --env studio|none|FILE.hdr: the image-based light (default: the built-in studio).
  std::string environment = "studio";
  float environmentIntensity = 1.0f;        // --env-intensity X (>= 0)
  float environmentRotationDegrees = 0.0f;  // --env-rotation DEGREES, about the up axis
  // --background env|blur|R,G,B: the environment, blurred, or a solid sRGB colour (0..1).
  CliBackground background = CliBackground::Environment;
  glm::vec3 backgroundColor{0.0f};
  CliTonemap tonemap = CliTonemap::Neutral;  // --tonemap neutral|aces|agx|none
  float exposure = 0.0f;                     // --exposure EV
  // --channel NAME: a material channel view in place of the shaded picture (gpu::kChannel*,
  // renderer/passes/channels.h names them; default shaded).
  int channel = 0;
  // The texture coordinate set of the uv-checker channel (the window's choice; 0..7).
  int checkerTexcoord = 0;
  bool wireframe = false;  // --wireframe: every triangle edge over the picture
  // --shadows on|off: the asset's KHR_lights_punctual lights cast shadows (renderer
  // View::shadows), on by default in the window and every batch mode.
  bool shadows = true;
  // --env-shadow on|off: the environment's key light casts a soft shadow (renderer
  // View::environmentShadow), on by default in the window and every batch mode.
  bool environmentShadow = true;
  // --ground on|off: a ground under the asset that shows the shadows and a contact shadow
  // (app/common/ground.h);
  // when not given, on in the window and for thumbnails, off for --render, --frames and
  // --turntable (groundWanted()).
  bool ground = true;
  // The line overlays (overlay_lines.h): --show-normals (vertex normals and tangents),
  // --show-skeleton (every skin's bones and joints), --show-bounds (each mesh node's box),
  // --show-gizmos (the asset's lights and cameras).
  bool showNormals = false, showSkeleton = false, showBounds = false, showGizmos = false;
  // --- batch modes (app/batch_*.h): no window, no UI --------------------------------------
  // --thumbnail SIZE IN OUT.png: a SIZE x SIZE three-quarter view of IN (IN becomes `file`).
  std::optional<uint32_t> thumbnailSize;
  std::string thumbnailOut;
  // --frames START:END:FPS: frame i (from 0) shows the instant START + i / FPS, for every i
  // where that is <= END (to 1e-4 of a frame); needs --out.
  struct FrameRange {
    float start = 0.0f, end = 0.0f, fps = 30.0f;
  };
  std::optional<FrameRange> frames;
  std::optional<float> turntableSeconds;  // --turntable SECONDS: one orbit over SECONDS
  std::optional<std::string> outDir;      // --out DIR: where --frames / --turntable write
  bool check = false;                     // --check: report the asset's problems, exit 0/1/2
  // --- every mode: what a load may do (scene::LoadOptions) ----------------------------------
  uint64_t maxMemoryBytes = 0;      // --max-memory SIZE (0: half the machine's memory)
  bool allowOutsideFolder = false;  // --allow-outside-folder: read files outside the folder
  bool json = false;                // --json: --check prints a JSON report
  bool timings = false;             // --timings: print each phase's time and the peak RSS
  // --- behaviour graphs (KHR_interactivity, app/batch/batch_interact.h) --------------------
  bool interact = false;            // --interact: run the graph headless
  std::optional<uint32_t> graph;    // --graph N: which graph (default: the asset's default)
  std::optional<double> graphTime;  // --time T, as the graph clock reads it (a double)
  uint32_t ticksPerSecond = 60;     // --tick 1/N
  bool graphLog = false;            // --log: debug/log lines, sent events, err activations
  // --select NODE@t, --select-ray OX,OY,OZ:DX,DY,DZ@t, --hover NODE@t1..t2, --event ID@t[:{...}],
  // in command-line order.
  struct GraphInput {
    enum Kind : uint8_t { Select, SelectRay, Hover, Event } kind = Select;
    std::string target;  // NODE (an index or a name), or the event id
    double origin[3] = {0, 0, 0}, direction[3] = {0, 0, 0};
    double time = 0, until = 0;  // until: --hover's release
    std::string values;          // --event's JSON object ("" = none)
  };
  std::vector<GraphInput> graphInputs;
  bool help = false;
  bool version = false;
  std::vector<std::string> given;  // the options on the command line, in order ("--size", ...)
};

struct CliResult {
  CliOptions options;
  std::string error;  // set when the arguments are wrong; one line, no program name
};

// The most frames --frames accepts (and that --turntable alone can make).
inline constexpr uint64_t kMaxFrames = 100000;

// How many frames `range` holds: those at START + i / FPS <= END, i from 0 (see --help);
// kMaxFrames + 1 when there would be more.
uint64_t frameCount(const CliOptions::FrameRange& range);

[[nodiscard]] CliResult parseCommandLine(const std::vector<std::string>& args);

// One option of the graph runner (cli_interact.cpp): true when `arg` is one (reading its value
// through `value`), with *error set when its value is wrong.
bool parseGraphOption(const std::string& arg, const std::function<bool(std::string&)>& value,
                      CliOptions& options, std::string* error);
// The checks the graph options need from the whole command line ("" when they fit).
std::string checkGraphOptions(const CliOptions& options);

// The load options the command line asks for.
scene::LoadOptions loadOptions(const CliOptions& options);

// The text of --help.
std::string usageText();

}  // namespace vitrine::app
