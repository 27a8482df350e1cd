// The Recent files list: most recent first, each file once, at most kMaxRecentFiles. Pure list
// logic; the list itself is stored with the settings (settings.h).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace vitrine::app {

inline constexpr size_t kMaxRecentFiles = 10;

// Puts `path` (made absolute and normal, so "./a.gltf" and "a.gltf" are the same file) first,
// removing its earlier entry, and drops the oldest beyond kMaxRecentFiles.
void addRecentFile(std::vector<std::string>& list, const std::string& path);

// Drops the entries that are no longer regular files (moved or deleted since).
void pruneMissingFiles(std::vector<std::string>& list);

}  // namespace vitrine::app
