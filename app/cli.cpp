#include "cli.h"

#include <charconv>
#include <cmath>

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

}  // namespace

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
         "  --env WHICH          image-based light: studio (built in, the default), none,\n"
         "                       or an equirectangular Radiance .hdr file\n"
         "  --env-intensity X    scale the environment's light and background (default 1)\n"
         "  --env-rotation DEG   rotate the environment about the up axis (default 0)\n"
         "  --background WHICH   env (default), blur (the environment blurred), or a solid\n"
         "                       colour R,G,B with components from 0 to 1 (sRGB)\n"
         "  --tonemap OPERATOR   neutral (Khronos PBR Neutral, the default), aces, agx, or\n"
         "                       none (linear, clamped)\n"
         "  --exposure EV        exposure in stops before tone mapping (default 0)\n"
         "  --help               print this help and exit\n"
         "  --version            print the version and exit\n"
         "\n"
         "Viewer: left drag orbits, right or middle drag pans, the wheel zooms, F frames the "
         "scene.\n"
         "Exit status: 0 on success, 2 when the file or the arguments are wrong.\n";
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
    std::string v;
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
    } else if (a == "--animation") {
      if (!value(v)) return r;
      o.animations.push_back(v);
    } else if (a == "--query") {
      if (!value(v)) return r;
      o.queries.push_back(v);
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
  return r;
}

}  // namespace vitrine::app
