#include "screenshot.h"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "headless.h"

namespace vitrine::app {
namespace {

namespace fs = std::filesystem;

bool writableFolder(const fs::path& dir) {
  std::error_code ec;
  return !dir.empty() && fs::is_directory(dir, ec) && ::access(dir.c_str(), W_OK) == 0;
}

// XDG_PICTURES_DIR="$HOME/Pictures" in user-dirs.dirs: only "$HOME/..." or absolute paths
// are valid there (xdg-user-dirs(5)).
std::string userDirsPictures(const std::string& home) {
  const char* xdg = std::getenv("XDG_CONFIG_HOME");
  const std::string config = (xdg && *xdg == '/') ? std::string(xdg) : home + "/.config";
  std::ifstream in(config + "/user-dirs.dirs");
  std::string line;
  const std::string key = "XDG_PICTURES_DIR=\"";
  while (std::getline(in, line)) {
    if (line.rfind(key, 0) != 0 || line.back() != '"') continue;
    std::string value = line.substr(key.size(), line.size() - key.size() - 1);
    if (value.rfind("$HOME", 0) == 0) value = home + value.substr(5);
    if (!value.empty() && value[0] == '/') return value;
  }
  return {};
}

}  // namespace

std::string picturesDirectory() {
  const char* homeEnv = std::getenv("HOME");
  const std::string home = (homeEnv && *homeEnv == '/') ? homeEnv : "";
  if (home.empty()) return {};
  std::error_code ec;
  if (std::string dir = userDirsPictures(home); !dir.empty() && fs::is_directory(dir, ec))
    return dir;
  if (fs::is_directory(home + "/Pictures", ec)) return home + "/Pictures";
  return home;
}

std::string nextScreenshotPath(const std::string& assetPath, const std::string& fallbackFolder) {
  std::error_code ec;
  fs::path folder = fs::absolute(assetPath, ec).parent_path();
  if (ec || !writableFolder(folder)) folder = fallbackFolder;
  if (!writableFolder(folder)) return {};
  const std::string stem = fs::path(assetPath).stem().string();
  for (uint32_t n = 1; n < 100000; ++n) {
    const fs::path candidate = folder / (stem + "-" + std::to_string(n) + ".png");
    if (!fs::exists(candidate, ec)) return candidate.string();
  }
  return {};
}

ScreenshotResult takeScreenshot(renderer::Renderer& renderer, const renderer::View& view,
                                uint32_t width, uint32_t height, const std::string& assetPath) {
  ScreenshotResult r;
  const std::string path = nextScreenshotPath(assetPath, picturesDirectory());
  if (path.empty()) {
    r.message = "Screenshot not saved: no writable folder (asset folder, pictures, home)";
    return r;
  }
  if (width == 0 || height == 0 || width > renderer.maxImageSize() ||
      height > renderer.maxImageSize()) {
    r.message =
        "Screenshot not saved: the view is " + std::to_string(width) + "x" + std::to_string(height);
    return r;
  }
  const renderer::Pixels pixels = renderer.renderOffscreen(view, width, height);
  if (pixels.rgba.empty()) {
    r.message = "Screenshot not saved: the GPU failed: " + renderer.lastError();
    return r;
  }
  std::string error;
  if (!writePng(path, pixels, &error)) {
    r.message = "Screenshot not saved: " + error;
    return r;
  }
  r.path = path;
  r.message = "Screenshot saved to " + path;
  return r;
}

}  // namespace vitrine::app
