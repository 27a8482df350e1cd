#include "recent_files.h"

#include <algorithm>
#include <filesystem>

namespace vitrine::app {

void addRecentFile(std::vector<std::string>& list, const std::string& path) {
  std::error_code ec;
  std::filesystem::path absolute = std::filesystem::absolute(path, ec);
  if (ec) absolute = path;
  const std::string entry = absolute.lexically_normal().string();
  std::erase(list, entry);
  list.insert(list.begin(), entry);
  if (list.size() > kMaxRecentFiles) list.resize(kMaxRecentFiles);
}

void pruneMissingFiles(std::vector<std::string>& list) {
  std::erase_if(list, [](const std::string& f) {
    std::error_code ec;
    return !std::filesystem::is_regular_file(f, ec);
  });
}

}  // namespace vitrine::app
