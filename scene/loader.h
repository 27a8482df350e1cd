// Loading a glTF 2.0 asset (.gltf with external or data-URI resources, or .glb).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "scene.h"

namespace vitrine::scene {

struct LoadResult {
  std::unique_ptr<Scene> scene;       // null on error
  std::string error;                  // one line: "<file>: <JSON pointer or index>: <what>"
  std::vector<std::string> warnings;  // one line each, same form
};

// Loads and validates the whole asset. Never throws and never aborts on bad content:
// every index is range-checked and every accessor is checked against its buffer before
// any memory is allocated for it.
[[nodiscard]] LoadResult loadScene(const std::string& path);

}  // namespace vitrine::scene
