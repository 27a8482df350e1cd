#include "file_browser.h"

#include <algorithm>
#include <cstring>
#include <filesystem>

#include <imgui.h>

namespace vitrine::app {
namespace {

namespace fs = std::filesystem;

// What the viewer opens: glTF, and the .ply files 3D Gaussian splatting trainers write (a .ply
// of another layout is refused with the reader's message when opened).
bool isAssetName(std::string ext) {
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return char(std::tolower(c)); });
  return ext == ".gltf" || ext == ".glb" || ext == ".ply";
}

}  // namespace

std::vector<BrowserEntry> listFolder(const std::string& dir, std::string* error) {
  std::vector<BrowserEntry> out;
  std::error_code ec;
  fs::directory_iterator it(dir, fs::directory_options::skip_permission_denied, ec);
  if (ec) {
    *error = dir + ": " + ec.message();
    return out;
  }
  for (; it != fs::directory_iterator(); it.increment(ec)) {
    if (ec) break;
    const std::string name = it->path().filename().string();
    if (name.empty() || name[0] == '.') continue;
    std::error_code typeEc;
    if (it->is_directory(typeEc)) {
      out.push_back({name, true});
    } else if (it->is_regular_file(typeEc) && isAssetName(it->path().extension().string())) {
      out.push_back({name, false});
    }
  }
  std::sort(out.begin(), out.end(), [](const BrowserEntry& a, const BrowserEntry& b) {
    return a.folder != b.folder ? a.folder : a.name < b.name;
  });
  return out;
}

void FileBrowser::open(const std::string& dir) {
  open_ = true;
  justOpened_ = true;
  enter(dir);
}

void FileBrowser::enter(const std::string& dir) {
  std::error_code ec;
  fs::path p = fs::absolute(dir.empty() ? "." : dir, ec).lexically_normal();
  std::string s = p.string();
  if (s.size() > 1 && s.back() == '/') s.pop_back();
  dir_ = s;
  std::snprintf(pathField_, sizeof(pathField_), "%s", dir_.c_str());
  error_.clear();
  entries_ = listFolder(dir_, &error_);
}

std::optional<std::string> FileBrowser::draw(float uiScale) {
  if (!open_) return std::nullopt;
  if (justOpened_) {
    ImGui::OpenPopup("Open glTF");
    justOpened_ = false;
  }
  std::optional<std::string> chosen;
  ImGui::SetNextWindowSize(ImVec2(560 * uiScale, 420 * uiScale), ImGuiCond_Appearing);
  bool keep = true;
  if (!ImGui::BeginPopupModal("Open glTF", &keep)) {
    open_ = false;
    return std::nullopt;
  }
  if (ImGui::Button("Up")) enter(fs::path(dir_).parent_path().string());
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-1.0f);
  // Enter in the path field goes to a folder, or opens a file typed there.
  if (ImGui::InputText("##path", pathField_, sizeof(pathField_),
                       ImGuiInputTextFlags_EnterReturnsTrue)) {
    std::error_code ec;
    if (fs::is_directory(pathField_, ec)) {
      enter(pathField_);
    } else {
      chosen = std::string(pathField_);
    }
  }
  if (!error_.empty()) ImGui::TextColored(ImVec4(0.9f, 0.45f, 0.4f, 1.0f), "%s", error_.c_str());
  ImGui::BeginChild("entries", ImVec2(0, -ImGui::GetFrameHeightWithSpacing()), true);
  std::optional<std::string> enterDir;
  for (const BrowserEntry& e : entries_) {
    const std::string label = e.folder ? "[" + e.name + "]" : e.name;
    if (ImGui::Selectable(label.c_str(), false, ImGuiSelectableFlags_AllowDoubleClick)) {
      const std::string full = (fs::path(dir_) / e.name).string();
      if (e.folder) {
        enterDir = full;
      } else {
        chosen = full;
      }
    }
  }
  if (entries_.empty() && error_.empty()) ImGui::TextDisabled("No folders or glTF files here");
  ImGui::EndChild();
  if (enterDir) enter(*enterDir);
  if (ImGui::Button("Cancel")) keep = false;
  if (chosen || !keep) {
    ImGui::CloseCurrentPopup();
    open_ = false;
  }
  ImGui::EndPopup();
  return chosen;
}

}  // namespace vitrine::app
