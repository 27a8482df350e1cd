// F12: the 3D view, without the UI, written as a PNG where the user will find it.
#pragma once

#include <cstdint>
#include <string>

#include "renderer.h"

namespace vitrine::app {

// The user's pictures folder: XDG_PICTURES_DIR from $XDG_CONFIG_HOME/user-dirs.dirs (the file
// `xdg-user-dir PICTURES` reads), else ~/Pictures when it exists, else $HOME, else "".
std::string picturesDirectory();

// Where the next screenshot of `assetPath` goes: "<folder>/<asset stem>-<n>.png" with the
// smallest n >= 1 not taken, never overwriting. The folder is the asset's when writable, else
// `fallbackFolder`. "" when neither is usable.
std::string nextScreenshotPath(const std::string& assetPath, const std::string& fallbackFolder);

struct ScreenshotResult {
  std::string path;     // the PNG written, "" on failure
  std::string message;  // for Session::status: "Screenshot saved to <path>" or why not
};

// Renders `view` offscreen at width x height (the window's framebuffer: what the user sees,
// without the overlay) and writes it to nextScreenshotPath(assetPath, picturesDirectory()).
// Waits for the GPU: a user action, never in the frame loop.
ScreenshotResult takeScreenshot(renderer::Renderer& renderer, const renderer::View& view,
                                uint32_t width, uint32_t height, const std::string& assetPath);

}  // namespace vitrine::app
