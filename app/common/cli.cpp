#include "cli.h"

#include <algorithm>
#include <charconv>
#include <cmath>

#include "channels.h"
#include "memory_budget.h"

namespace vitrine::app {
namespace {

// Parses all of `text` as a number; false on junk, trailing characters or overflow.
template <typename T>
bool parseNumber(const std::string& text, T& out) {
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, out);
  return ec == std::errc() && ptr == end;
}

bool parseSize(const std::string& text, uint32_t& w, uint32_t& h) {
  const size_t x = text.find('x');
  if (x == std::string::npos) return false;
  if (!parseNumber(text.substr(0, x), w) || !parseNumber(text.substr(x + 1), h)) return false;
  // Beyond 16384 no Vulkan device renders; the device's own limit is checked when rendering.
  return w >= 1 && h >= 1 && w <= 16384 && h <= 16384;
}

// "R,G,B" with each component a number from 0 to 1.
bool parseColor(const std::string& text, glm::vec3& out) {
  size_t start = 0;
  for (int c = 0; c < 3; ++c) {
    const size_t comma = text.find(',', start);
    if ((c < 2) != (comma != std::string::npos)) return false;
    const std::string part = text.substr(start, c < 2 ? comma - start : std::string::npos);
    if (!parseNumber(part, out[c]) || !(out[c] >= 0.0f && out[c] <= 1.0f)) return false;
    start = comma + 1;
  }
  return true;
}

// "START:END:FPS": START <= END, FPS > 0, and at most kMaxFrames frames.
bool parseFrameRange(const std::string& text, CliOptions::FrameRange& out) {
  const size_t a = text.find(':');
  const size_t b = a == std::string::npos ? a : text.find(':', a + 1);
  if (b == std::string::npos) return false;
  if (!parseNumber(text.substr(0, a), out.start) ||
      !parseNumber(text.substr(a + 1, b - a - 1), out.end) ||
      !parseNumber(text.substr(b + 1), out.fps))
    return false;
  if (!std::isfinite(out.start) || !std::isfinite(out.end) || !(out.fps > 0.0f) ||
      !std::isfinite(out.fps) || out.end < out.start)
    return false;
  return frameCount(out) <= kMaxFrames;
}

// A batch mode or --render would silently ignore some options: the first of them given is an
// error naming both, so a pipeline never gets a picture other than the one it asked for.
// (--thumbnail honours --time: the thumbnail shows that instant instead of the first frame.)
std::string checkIgnored(const CliOptions& o) {
  const bool sequence = o.frames || o.turntableSeconds;
  const std::string mode = o.check           ? "--check"
                           : o.thumbnailSize ? "--thumbnail"
                           : o.frames        ? "--frames"
                           : sequence        ? "--turntable"
                           : o.renderOut     ? "--render"
                                             : "";
  if (mode.empty()) return {};
  static const std::string kLook[] = {
      "--camera",      "--size",       "--env",        "--env-intensity", "--env-rotation",
      "--background",  "--tonemap",    "--exposure",   "--channel",       "--wireframe",
      "--shadows",     "--ground",     "--env-shadow", "--show-normals",  "--show-skeleton",
      "--show-bounds", "--show-gizmos"};
  for (const std::string& g : o.given) {
    if (g == "--quit-after") return mode + " opens no window: no --quit-after";
    if (o.check && g == "--time") return "--check poses nothing: no --time";
    if (o.check && g == "--animation") return "--check checks every animation: no --animation";
    if (o.check && g == "--variant") return "--check lists every variant: no --variant";
    if (o.check && std::find(std::begin(kLook), std::end(kLook), g) != std::end(kLook))
      return "--check renders nothing: no " + g;
    if (o.thumbnailSize && g == "--size") return "--thumbnail SIZE sets the size: no --size";
    if (sequence && g == "--time") return mode + " gives each frame its own instant: no --time";
  }
  return {};
}

// The checks that need the whole command line: which options go together.
std::string checkCombinations(const CliOptions& o) {
  const int modes = int(o.renderOut.has_value()) + int(o.thumbnailSize.has_value()) +
                    int(o.frames || o.turntableSeconds) + int(o.check) + int(!o.queries.empty());
  if (modes > 1 && !(modes == 2 && o.renderOut && !o.queries.empty()))
    return "--render, --thumbnail, --frames/--turntable, --check and --query are separate modes: "
           "give one";
  if ((o.frames || o.turntableSeconds) && !o.outDir)
    return std::string(o.frames ? "--frames" : "--turntable") + " needs --out DIR";
  if (o.outDir && !o.frames && !o.turntableSeconds) return "--out needs --frames or --turntable";
  if (o.json && !o.check) return "--json needs --check";
  if (o.thumbnailSize && o.camera) return "--thumbnail frames the asset itself: no --camera";
  if (o.turntableSeconds && o.camera) return "--turntable orbits its own camera: no --camera";
  if (const std::string graph = checkGraphOptions(o); !graph.empty()) return graph;
  return checkIgnored(o);
}

}  // namespace

scene::LoadOptions loadOptions(const CliOptions& options) {
  scene::LoadOptions load;
  load.maxMemoryBytes = options.maxMemoryBytes;
  load.allowOutsideFolder = options.allowOutsideFolder;
  return load;
}

uint64_t frameCount(const CliOptions::FrameRange& range) {
  // The 1e-4 frame of slack keeps 0:1:10 at 11 frames despite rounding in (END - START) * FPS.
  const double frames = (double(range.end) - double(range.start)) * double(range.fps) + 1e-4;
  if (!(frames >= 0.0)) return 0;
  if (frames > double(kMaxFrames)) return kMaxFrames + 1;
  return uint64_t(std::floor(frames)) + 1;
}

std::string usageText() {
  return "Usage: vitrine [FILE] [OPTIONS]\n"
         "View a glTF 2.0 asset (.gltf or .glb). Without FILE, opens the bundled demo scene.\n"
         "\n"
         "Options:\n"
         "  --render OUT.png     render one frame without a window, write an sRGB PNG, exit\n"
         "  --size WxH           window or render size in pixels (default 1280x720)\n"
         "  --camera INDEX       look through the asset's camera INDEX (default: orbit camera\n"
         "                       framing the scene from +Z, vertical field of view 45 degrees)\n"
         "  --quit-after SECONDS close the window after SECONDS (for automation)\n"
         "  --time SECONDS       evaluate the animations at SECONDS (clamped to each\n"
         "                       animation's keyframes, not wrapped) before rendering\n"
         "  --animation WHICH    all, none, an index or a name; repeatable (default: all)\n"
         "  --query POINTER      print the property at a JSON pointer, e.g.\n"
         "                       /materials/0/pbrMetallicRoughness/baseColorFactor, after\n"
         "                       --time; repeatable; then exit\n"
         "  --variant WHICH      show a KHR_materials_variants variant, by index or name\n"
         "                       (default: the asset's own materials); with --query,\n"
         "                       /meshes/M/primitives/P/material answers for that variant\n"
         "  --env WHICH          image-based light: studio (built in, the default), none,\n"
         "                       or an equirectangular Radiance .hdr file\n"
         "  --env-intensity X    scale the environment's light and background (default 1)\n"
         "  --env-rotation DEG   rotate the environment about the up axis (default 0)\n"
         "  --background WHICH   env (default), blur (the environment blurred), or a solid\n"
         "                       colour R,G,B with components from 0 to 1 (sRGB)\n"
         "  --tonemap OPERATOR   neutral (Khronos PBR Neutral, the default), aces, agx, or\n"
         "                       none (linear, clamped)\n"
         "  --exposure EV        exposure in stops before tone mapping (default 0)\n"
         "  --channel NAME       show one input of the materials instead of the shaded picture:\n"
         "                       base-color, emissive, sheen-color, specular-color,\n"
         "                       diffuse-transmission-color (sRGB); alpha, metallic, roughness,\n"
         "                       occlusion, clearcoat, clearcoat-roughness, sheen-roughness,\n"
         "                       specular, transmission, thickness, iridescence,\n"
         "                       iridescence-thickness, anisotropy, diffuse-transmission (grey,\n"
         "                       linear); normal, geometry-normal, tangent, bitangent,\n"
         "                       normal-texture, clearcoat-normal ((v + 1) / 2); uv0 ... uv7;\n"
         "                       uv-checker; shaded (the default). Unlit, untonemapped, alpha\n"
         "                       ignored; a checker where a material lacks the input\n"
         "  --wireframe          draw every triangle edge over the picture (orange, 1 pixel)\n"
         "  --shadows on|off     the asset's directional and spot lights cast shadows (the 4\n"
         "                       strongest; default on)\n"
         "  --env-shadow on|off  the environment's key light (its brightest region) casts a\n"
         "                       soft shadow on the asset and the ground (default on)\n"
         "  --ground on|off      a ground under the asset showing the shadows and a contact\n"
         "                       shadow (default on in the window and for thumbnails, off for\n"
         "                       --render, --frames and --turntable)\n"
         "  --show-normals       vertex normals (blue) and tangents (red) as short lines\n"
         "  --show-skeleton      every skin's bones (cyan) and joints (white), over all\n"
         "  --show-bounds        each mesh node's bounding box (green)\n"
         "  --show-gizmos        the asset's lights (amber) and cameras (grey)\n"
         "\n"
         "Batch modes (no window, no X server; Vulkan still needed except for --check):\n"
         "  --thumbnail SIZE IN OUT.png\n"
         "                       write a SIZE x SIZE (16 to 4096) three-quarter view of IN at\n"
         "                       its first animation frame (or --time), on a transparent\n"
         "                       background; on failure no OUT.png is left behind; never\n"
         "                       overwrites IN\n"
         "  --frames START:END:FPS\n"
         "                       render frame i (from 0) at START + i/FPS seconds for every\n"
         "                       i where that is <= END, to DIR/frame_0001.png, ...; the\n"
         "                       selected --animation clips play; at most 2^34 pixels in all\n"
         "                       (frames x width x height); if --camera loses its view at\n"
         "                       frame N, exit 2 with frames 1 .. N-1 written\n"
         "  --turntable SECONDS  orbit the camera once around the asset over SECONDS (with\n"
         "                       --frames: angle = 360 (t - START) / SECONDS; alone: frames\n"
         "                       at i/30 s for i/30 < SECONDS, a seamless loop), from +Z\n"
         "                       towards +X\n"
         "  --out DIR            where --frames and --turntable write (created if missing,\n"
         "                       once the asset, device and size are known good)\n"
         "  --check              load the asset and bind its animations; print one line per\n"
         "                       problem, \"error|warning POINTER: MESSAGE\" (POINTER is a\n"
         "                       JSON pointer, or (file) for the file as a whole), then\n"
         "                       \"FILE: N error(s), M warning(s)\"; every warning is listed,\n"
         "                       but an error stops the load: only the first is reported;\n"
         "                       before the last line, \"info POINTER: material variant\n"
         "                       \"NAME\"\" for each KHR_materials_variants variant\n"
         "  --json               with --check: print the same as one JSON object\n"
         "\n"
         "Loading (every mode):\n"
         "  --max-memory SIZE    refuse an asset whose data would need more than SIZE bytes\n"
         "                       (512M, 2G; default: half the machine's memory)\n"
         "  --allow-outside-folder\n"
         "                       read buffers and images outside the asset's folder (absolute\n"
         "                       paths, ..); by default only files inside it and data: URIs\n"
         "  --timings            print to stderr the time of each phase of opening the asset\n"
         "                       (file read, JSON parse, buffer decode, image decode, device\n"
         "                       setup, GPU upload, pipeline creation, environment, first\n"
         "                       frame: \"timings: NAME  12.3 ms\"), the total from the start\n"
         "                       to the first frame (read back, or presented in the window),\n"
         "                       and the peak resident memory (\"timings: peak RSS  95.3 MiB\");\n"
         "                       --check and --query print the load phases only\n"
         "\n"
         "Behaviour graphs (KHR_interactivity; docs/interactivity.md):\n"
         "  --interact           run the asset's graph headless, on the graph clock:\n"
         "                       onStart at 0, then ticks at k/N seconds up to --time T\n"
         "                       (T >= 0) or the latest input or query; --render then\n"
         "                       shows the scene at T, so nothing may come after T\n"
         "  --graph N            run graph N (default: the asset's default graph)\n"
         "  --tick 1/N           N ticks a second (default 1/60)\n"
         "  --select NODE@t      select through NODE's centre from the camera at time t\n"
         "  --select-ray OX,OY,OZ:DX,DY,DZ@t  select along that ray at time t\n"
         "  --hover NODE@t1..t2  hover the point on screen at NODE's centre from t1 to t2\n"
         "  --event ID@t[:{...}] deliver the custom event ID at time t, with those values\n"
         "  --query POINTER[@t]  print the property after the last tick at or before t\n"
         "                       (default T); NaN and infinities as strings\n"
         "  --log                print debug/log lines, sent events and err activations\n"
         "                       Exit 3 when the graph is refused (the rule is printed).\n"
         "Options a batch mode would ignore (--size with --thumbnail, --time with --frames,\n"
         "anything but --json with --check, --quit-after without a window) are errors.\n"
         "\n"
         "  --help               print this help and exit\n"
         "  --version            print the version and exit\n"
         "\n"
         "Viewer: left drag orbits, right or middle drag pans, the wheel zooms, F frames the "
         "scene.\n"
         "Opening a file while Vitrine runs opens a new window (one process per file).\n"
         "\n"
         "Exit status: 0 on success; 2 when the file or the arguments are wrong; 3 when the\n"
         "Vulkan validation layer (VITRINE_VALIDATION=1) reported messages; 4 when no Vulkan\n"
         "device (or, for the viewer, no display) is available.\n"
         "--check: 0 usable with no problem, 1 loaded with warnings, 2 errors (not usable).\n";
}

CliResult parseCommandLine(const std::vector<std::string>& args) {
  CliResult r;
  CliOptions& o = r.options;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&](std::string& out) {
      if (i + 1 >= args.size()) {
        r.error = a + " needs a value";
        return false;
      }
      out = args[++i];
      return true;
    };
    // An on|off value (--shadows, --env-shadow, --ground) into `out`.
    auto onOff = [&](bool& out) {
      std::string v;
      if (!value(v)) return false;
      if (v != "on" && v != "off") {
        r.error = a + " " + v + ": expected on or off";
        return false;
      }
      out = v == "on";
      return true;
    };
    std::string v;
    if (a.size() > 1 && a[0] == '-') o.given.push_back(a);
    if (a == "--help" || a == "-h") {
      o.help = true;
    } else if (a == "--version") {
      o.version = true;
    } else if (a == "--render") {
      if (!value(v)) return r;
      o.renderOut = v;
    } else if (a == "--size") {
      if (!value(v)) return r;
      if (!parseSize(v, o.width, o.height)) {
        r.error = "--size " + v + ": expected WxH with each side from 1 to 16384, e.g. 640x480";
        return r;
      }
    } else if (a == "--camera") {
      if (!value(v)) return r;
      int index = -1;
      if (!parseNumber(v, index) || index < 0) {
        r.error = "--camera " + v + ": expected a camera index (0, 1, ...)";
        return r;
      }
      o.camera = index;
    } else if (a == "--quit-after") {
      if (!value(v)) return r;
      double seconds = -1.0;
      if (!parseNumber(v, seconds) || !(seconds > 0.0)) {
        r.error = "--quit-after " + v + ": expected a positive number of seconds";
        return r;
      }
      o.quitAfterSeconds = seconds;
    } else if (a == "--time") {
      if (!value(v)) return r;
      float seconds = 0.0f;
      if (!parseNumber(v, seconds) || !std::isfinite(seconds)) {
        r.error = "--time " + v + ": expected a number of seconds";
        return r;
      }
      o.time = seconds;
      double exact = 0.0;
      if (parseNumber(v, exact)) o.graphTime = exact;
    } else if (a == "--animation") {
      if (!value(v)) return r;
      o.animations.push_back(v);
    } else if (a == "--query") {
      if (!value(v)) return r;
      o.queries.push_back(v);
    } else if (a == "--variant") {
      if (!value(v)) return r;
      o.variant = v;
    } else if (a == "--env") {
      if (!value(v)) return r;
      if (v.empty()) {
        r.error = "--env: expected studio, none or an .hdr file";
        return r;
      }
      o.environment = v;
    } else if (a == "--env-intensity") {
      if (!value(v)) return r;
      if (!parseNumber(v, o.environmentIntensity) || !std::isfinite(o.environmentIntensity) ||
          o.environmentIntensity < 0.0f) {
        r.error = "--env-intensity " + v + ": expected a number from 0 up";
        return r;
      }
    } else if (a == "--env-rotation") {
      if (!value(v)) return r;
      if (!parseNumber(v, o.environmentRotationDegrees) ||
          !std::isfinite(o.environmentRotationDegrees)) {
        r.error = "--env-rotation " + v + ": expected an angle in degrees";
        return r;
      }
    } else if (a == "--background") {
      if (!value(v)) return r;
      if (v == "env") {
        o.background = CliBackground::Environment;
      } else if (v == "blur") {
        o.background = CliBackground::Blurred;
      } else if (parseColor(v, o.backgroundColor)) {
        o.background = CliBackground::Color;
      } else {
        r.error = "--background " + v +
                  ": expected env, blur, or R,G,B with components from 0 to 1, e.g. 0.2,0.2,0.2";
        return r;
      }
    } else if (a == "--tonemap") {
      if (!value(v)) return r;
      if (v == "neutral") {
        o.tonemap = CliTonemap::Neutral;
      } else if (v == "aces") {
        o.tonemap = CliTonemap::Aces;
      } else if (v == "agx") {
        o.tonemap = CliTonemap::Agx;
      } else if (v == "none") {
        o.tonemap = CliTonemap::None;
      } else {
        r.error = "--tonemap " + v + ": expected neutral, aces, agx or none";
        return r;
      }
    } else if (a == "--exposure") {
      if (!value(v)) return r;
      if (!parseNumber(v, o.exposure) || !std::isfinite(o.exposure) ||
          std::fabs(o.exposure) > 64.0f) {
        r.error = "--exposure " + v + ": expected a number of stops from -64 to 64";
        return r;
      }
    } else if (a == "--channel") {
      if (!value(v)) return r;
      const std::optional<int> channel = renderer::channelByName(v);
      if (!channel) {
        r.error =
            "--channel " + v + ": unknown channel (channels: " + renderer::channelNameList() + ")";
        return r;
      }
      o.channel = *channel;
    } else if (a == "--thumbnail") {
      if (i + 3 >= args.size()) {
        r.error = "--thumbnail needs SIZE IN OUT.png";
        return r;
      }
      uint32_t size = 0;
      v = args[++i];
      if (!parseNumber(v, size) || size < 16 || size > 4096) {
        r.error = "--thumbnail " + v + ": expected a size in pixels from 16 to 4096";
        return r;
      }
      o.thumbnailSize = size;
      if (!o.file.empty()) {
        r.error = "more than one file given: " + o.file + " and " + args[i + 1];
        return r;
      }
      o.file = args[++i];
      o.thumbnailOut = args[++i];
    } else if (a == "--frames") {
      if (!value(v)) return r;
      CliOptions::FrameRange range;
      if (!parseFrameRange(v, range)) {
        r.error = "--frames " + v +
                  ": expected START:END:FPS in seconds and frames per second, START <= END, "
                  "FPS > 0, at most " +
                  std::to_string(kMaxFrames) + " frames, e.g. 0:2:24";
        return r;
      }
      o.frames = range;
    } else if (a == "--turntable") {
      if (!value(v)) return r;
      float seconds = 0.0f;
      if (!parseNumber(v, seconds) || !std::isfinite(seconds) || !(seconds > 0.0f) ||
          seconds > 3000.0f) {
        // 3000 s at the 30 frames per second of --turntable alone stays under kMaxFrames.
        r.error = "--turntable " + v + ": expected a number of seconds from 0 (exclusive) to 3000";
        return r;
      }
      o.turntableSeconds = seconds;
    } else if (a == "--out") {
      if (!value(v)) return r;
      if (v.empty()) {
        r.error = "--out: expected a directory";
        return r;
      }
      o.outDir = v;
    } else if (a == "--max-memory") {
      if (!value(v)) return r;
      if (!scene::parseByteSize(v, o.maxMemoryBytes)) {
        r.error = "--max-memory " + v + ": expected a size in bytes, or with K, M or G (512M)";
        return r;
      }
    } else if (a == "--allow-outside-folder") {
      o.allowOutsideFolder = true;
    } else if (a == "--check") {
      o.check = true;
    } else if (a == "--json") {
      o.json = true;
    } else if (a == "--wireframe") {
      o.wireframe = true;
    } else if (a == "--shadows") {
      if (!onOff(o.shadows)) return r;
    } else if (a == "--env-shadow") {
      if (!onOff(o.environmentShadow)) return r;
    } else if (a == "--ground") {
      if (!onOff(o.ground)) return r;
    } else if (a == "--show-normals") {
      o.showNormals = true;
    } else if (a == "--show-skeleton") {
      o.showSkeleton = true;
    } else if (a == "--show-bounds") {
      o.showBounds = true;
    } else if (a == "--show-gizmos") {
      o.showGizmos = true;
    } else if (a == "--timings") {
      o.timings = true;
    } else if (parseGraphOption(a, value, o, &r.error)) {
      if (!r.error.empty()) return r;
    } else if (a.size() > 1 && a[0] == '-') {
      r.error = "unknown option " + a + " (see --help)";
      return r;
    } else if (o.file.empty()) {
      o.file = a;
    } else {
      r.error = "more than one file given: " + o.file + " and " + a;
      return r;
    }
  }
  if (!o.help && !o.version) r.error = checkCombinations(o);
  return r;
}

}  // namespace vitrine::app
