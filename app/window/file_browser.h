// The Open dialog: a plain ImGui file browser (no Debian package offers a native dialog that
// fits a Vulkan + GLFW app without a toolkit). Folders and glTF files only.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace vitrine::app {

struct BrowserEntry {
  std::string name;  // file or folder name, no path
  bool folder = false;
};

// What the browser lists in `dir`: sub-folders, then .gltf, .glb and .ply files (any letter case),
// each group sorted by name; hidden entries (".name") left out. Unreadable folders list
// nothing and set *error ("<dir>: <reason>").
std::vector<BrowserEntry> listFolder(const std::string& dir, std::string* error);

class FileBrowser {
 public:
  // Shows the dialog on the next draw(), starting in `dir` (the open file's folder).
  void open(const std::string& dir);
  bool isOpen() const { return open_; }
  // Draws the dialog when open (a modal popup); returns the file chosen, once.
  std::optional<std::string> draw(float uiScale);

 private:
  void enter(const std::string& dir);

  bool open_ = false, justOpened_ = false;
  std::string dir_;
  char pathField_[1024] = {};
  std::vector<BrowserEntry> entries_;
  std::string error_;
};

}  // namespace vitrine::app
