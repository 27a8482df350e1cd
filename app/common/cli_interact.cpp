// The graph runner's options (issue 33 §6): --interact, --graph, --tick, --select,
// --select-ray, --hover, --event, --log. Parsed here so that cli.cpp stays one page of flags.
#include <charconv>
#include <cmath>

#include "cli.h"

namespace vitrine::app {
namespace {

bool parseDouble(std::string_view text, double* out) {
  if (text.empty()) return false;
  const auto r = std::from_chars(text.data(), text.data() + text.size(), *out);
  return r.ec == std::errc() && r.ptr == text.data() + text.size() && std::isfinite(*out);
}

// "X,Y,Z"
bool parseVector(std::string_view text, double out[3]) {
  for (int k = 0; k < 3; ++k) {
    const size_t comma = k < 2 ? text.find(',') : text.size();
    if (comma == std::string_view::npos || !parseDouble(text.substr(0, comma), &out[k]))
      return false;
    text.remove_prefix(k < 2 ? comma + 1 : comma);
  }
  return true;
}

// Splits "WHAT@TIME" at its last '@'; the time must be a number >= 0.
bool splitTime(std::string_view text, std::string_view* what, std::string_view* time) {
  const size_t at = text.rfind('@');
  if (at == std::string_view::npos || at == 0) return false;
  *what = text.substr(0, at);
  *time = text.substr(at + 1);
  return true;
}

}  // namespace

bool parseGraphOption(const std::string& a, const std::function<bool(std::string&)>& value,
                      CliOptions& o, std::string* error) {
  std::string v;
  using Input = CliOptions::GraphInput;
  if (a == "--interact") {
    o.interact = true;
    return true;
  }
  if (a == "--log") {
    o.graphLog = true;
    return true;
  }
  if (a != "--graph" && a != "--tick" && a != "--select" && a != "--select-ray" && a != "--hover" &&
      a != "--event") {
    return false;
  }
  if (!value(v)) return true;  // value() set the error
  if (a == "--graph") {
    double g = -1;
    if (!parseDouble(v, &g) || g < 0 || g != std::floor(g) || g > 2147483647.0) {
      *error = "--graph " + v + ": expected a graph index (0, 1, ...)";
    } else {
      o.graph = uint32_t(g);
    }
    return true;
  }
  if (a == "--tick") {
    double n = 0;
    const std::string_view text(v);
    if (!text.starts_with("1/") || !parseDouble(text.substr(2), &n) || n < 1 || n > 100000 ||
        n != std::floor(n)) {
      *error =
          "--tick " + v + ": expected 1/N with N a whole number of ticks a second (1 to 100000)";
    } else {
      o.ticksPerSecond = uint32_t(n);
    }
    return true;
  }
  Input in;
  std::string_view what, time;
  const bool timed = splitTime(v, &what, &time);
  if (a == "--event") {
    // ID@t or ID@t:{...}: the time ends at the first ':' after the last '@' before any '{'.
    const size_t brace = v.find('{');
    const std::string_view head =
        std::string_view(v).substr(0, brace == std::string::npos ? v.size() : brace);
    const size_t colon = head.rfind(':');
    const std::string_view idTime = colon == std::string_view::npos || brace == std::string::npos
                                        ? std::string_view(v)
                                        : head.substr(0, colon);
    if (!splitTime(idTime, &what, &time) || !parseDouble(time, &in.time) || in.time < 0) {
      *error = "--event " + v + ": expected ID@SECONDS or ID@SECONDS:{\"value\": ...}";
      return true;
    }
    in.kind = Input::Event;
    in.target = std::string(what);
    if (brace != std::string::npos) in.values = v.substr(brace);
    o.graphInputs.push_back(in);
    return true;
  }
  if (a == "--hover") {
    const size_t dots = time.find("..");
    if (!timed || dots == std::string_view::npos || !parseDouble(time.substr(0, dots), &in.time) ||
        !parseDouble(time.substr(dots + 2), &in.until) || in.time < 0 || in.until < in.time) {
      *error = "--hover " + v + ": expected NODE@T1..T2 with 0 <= T1 <= T2";
      return true;
    }
    in.kind = Input::Hover;
    in.target = std::string(what);
    o.graphInputs.push_back(in);
    return true;
  }
  if (!timed || !parseDouble(time, &in.time) || in.time < 0) {
    *error = a + " " + v + ": expected " +
             (a == "--select" ? "NODE@SECONDS" : "OX,OY,OZ:DX,DY,DZ@SECONDS");
    return true;
  }
  if (a == "--select") {
    in.kind = Input::Select;
    in.target = std::string(what);
  } else {
    const size_t colon = what.find(':');
    if (colon == std::string_view::npos || !parseVector(what.substr(0, colon), in.origin) ||
        !parseVector(what.substr(colon + 1), in.direction) ||
        (in.direction[0] == 0 && in.direction[1] == 0 && in.direction[2] == 0)) {
      *error =
          "--select-ray " + v + ": expected OX,OY,OZ:DX,DY,DZ@SECONDS with a non-zero direction";
      return true;
    }
    in.kind = Input::SelectRay;
  }
  o.graphInputs.push_back(in);
  return true;
}

std::string checkGraphOptions(const CliOptions& o) {
  if (!o.interact) {
    for (const std::string& g : o.given) {
      if (g == "--graph" || g == "--tick" || g == "--select" || g == "--select-ray" ||
          g == "--hover" || g == "--event" || g == "--log") {
        return g + " needs --interact";
      }
    }
    return {};
  }
  if (!o.animations.empty()) return "--interact: the graph plays the animations: no --animation";
  if (o.graphTime && *o.graphTime < 0)
    return "--interact: the graph starts at 0: no --time below it";
  if (o.check || o.thumbnailSize) return "--interact runs a graph: not with --check or --thumbnail";
  if (o.frames && o.frames->start < 0)
    return "--interact: the graph starts at 0: --frames cannot start before it";
  return {};
}

}  // namespace vitrine::app
