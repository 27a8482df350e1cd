#include <filesystem>

#include "gltf_document.h"
#include "gltf_resources.h"
#include "loader.h"

namespace vitrine::scene {

std::vector<std::string> externalFiles(const GltfDocument& doc, const std::string& path) {
  std::error_code ec;
  std::filesystem::path base = std::filesystem::absolute(path, ec).parent_path();
  if (ec) base = std::filesystem::path(path).parent_path();
  std::vector<std::string> files;
  auto add = [&](const Json& object) {
    const Json* uri = member(object, "uri");
    if (!uri || !uri->is_string()) return;  // a GLB's BIN chunk, or an image in a bufferView
    const std::string& text = uri->get_ref<const std::string&>();
    if (text.rfind("data:", 0) == 0) return;  // embedded: not a file
    const std::string file = (base / percentDecode(text)).lexically_normal().string();
    for (const std::string& f : files) {
      if (f == file) return;
    }
    files.push_back(file);
  };
  for (const Json& buffer : array(doc.json, "buffers")) add(buffer);
  for (const Json& image : array(doc.json, "images")) add(image);
  return files;
}

}  // namespace vitrine::scene
