#include "settings.h"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

namespace vitrine::app {
namespace {

using Json = nlohmann::json;

// Window sizes outside this range come from a damaged file, not from a real window.
constexpr int64_t kMinWindowSize = 64, kMaxWindowSize = 16384;
constexpr int64_t kMaxWindowPosition = 1 << 20;

// Reads settings[key] into `out` when present with the right type; notes what is wrong in
// `problem` (the first problem only: one line is enough to point at a damaged file).
template <class T, class Check>
void read(const Json& settings, const char* key, T& out, std::string& problem, Check valid) {
  const auto it = settings.find(key);
  if (it == settings.end()) return;
  if (valid(*it)) {
    out = it->template get<T>();
  } else if (problem.empty()) {
    problem = std::string("\"") + key + "\" has an invalid value " + it->dump();
  }
}

bool isSize(const Json& v) {
  return v.is_number_integer() && v.get<int64_t>() >= kMinWindowSize &&
         v.get<int64_t>() <= kMaxWindowSize;
}
bool isPosition(const Json& v) {
  return v.is_number_integer() && std::llabs(v.get<int64_t>()) <= kMaxWindowPosition;
}
bool isBool(const Json& v) {
  return v.is_boolean();
}

}  // namespace

std::string configDirectory() {
  const char* xdg = std::getenv("XDG_CONFIG_HOME");
  if (xdg && *xdg == '/') return std::string(xdg) + "/vitrine";
  const char* home = std::getenv("HOME");
  if (home && *home == '/') return std::string(home) + "/.config/vitrine";
  return {};
}

std::string settingsPath() {
  const std::string dir = configDirectory();
  return dir.empty() ? std::string() : dir + "/settings.json";
}

Settings loadSettings(const std::string& path, std::string* warning) {
  Settings s;
  std::error_code ec;
  if (path.empty() || !std::filesystem::exists(path, ec)) return s;
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    *warning = path + ": cannot read the settings; using defaults";
    return s;
  }
  std::stringstream text;
  text << in.rdbuf();
  const Json root = Json::parse(text.str(), nullptr, /*allow_exceptions=*/false);
  if (!root.is_object()) {
    *warning = path + ": not a JSON object; using default settings";
    return s;
  }
  std::string problem;
  if (const auto window = root.find("window"); window != root.end() && window->is_object()) {
    read(*window, "width", s.windowWidth, problem, isSize);
    read(*window, "height", s.windowHeight, problem, isSize);
    int x = 0, y = 0;
    bool hasX = false, hasY = false;
    read(*window, "x", x, problem, [&](const Json& v) { return hasX = isPosition(v); });
    read(*window, "y", y, problem, [&](const Json& v) { return hasY = isPosition(v); });
    if (hasX && hasY) {  // half a position is no position
      s.windowX = x;
      s.windowY = y;
    }
  }
  if (const auto panels = root.find("panels"); panels != root.end() && panels->is_object()) {
    read(*panels, "outliner", s.panels.outliner, problem, isBool);
    read(*panels, "inspector", s.panels.inspector, problem, isBool);
    read(*panels, "timeline", s.panels.timeline, problem, isBool);
    read(*panels, "statistics", s.panels.statistics, problem, isBool);
  }
  read(root, "showUi", s.showUi, problem, isBool);
  if (const auto recent = root.find("recentFiles"); recent != root.end()) {
    if (!recent->is_array() && problem.empty()) problem = "\"recentFiles\" is not an array";
    if (recent->is_array()) {
      for (const Json& f : *recent) {
        if (f.is_string() && !f.get_ref<const std::string&>().empty()) {
          s.recentFiles.push_back(f.get<std::string>());
        } else if (problem.empty()) {
          problem = "\"recentFiles\" holds " + f.dump() + ", not a path";
        }
      }
    }
  }
  if (!problem.empty()) *warning = path + ": " + problem + "; using its default";
  return s;
}

bool saveSettings(const std::string& path, const Settings& s, std::string* error) {
  Json root;
  root["window"] = {{"width", s.windowWidth}, {"height", s.windowHeight}};
  if (s.windowX && s.windowY) {
    root["window"]["x"] = *s.windowX;
    root["window"]["y"] = *s.windowY;
  }
  root["panels"] = {{"outliner", s.panels.outliner},
                    {"inspector", s.panels.inspector},
                    {"timeline", s.panels.timeline},
                    {"statistics", s.panels.statistics}};
  root["showUi"] = s.showUi;
  root["recentFiles"] = s.recentFiles;

  const std::filesystem::path file(path);
  std::error_code ec;
  std::filesystem::create_directories(file.parent_path(), ec);
  if (ec) {
    *error = file.parent_path().string() + ": cannot create the folder: " + ec.message();
    return false;
  }
  // Per process: two viewers saving at once must not write into each other's temporary file.
  const std::string temp = path + ".tmp." + std::to_string(::getpid());
  {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    out << root.dump(2) << '\n';
    if (!out.flush()) {
      *error = temp + ": cannot write the settings";
      return false;
    }
  }
  std::filesystem::rename(temp, file, ec);
  if (ec) {
    *error = path + ": cannot replace the settings: " + ec.message();
    std::filesystem::remove(temp, ec);
    return false;
  }
  return true;
}

}  // namespace vitrine::app
