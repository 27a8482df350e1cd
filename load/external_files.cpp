#include <filesystem>

#include "gltf_document.h"
#include "gltf_resources.h"
#include "loader.h"

namespace vitrine::scene {

std::vector<std::string> externalFiles(const GltfDocument& doc, const std::string& path) {
  // The base dir readGltfDocument() gives the loader, so the files are those it read.
  const std::string baseDir = std::filesystem::path(path).parent_path().string();
  std::vector<std::string> files;
  auto add = [&](const Json& object) {
    const Json* uri = member(object, "uri");
    if (!uri || !uri->is_string()) return;  // a GLB's BIN chunk, or an image in a bufferView
    const std::string& text = uri->get_ref<const std::string&>();
    if (text.rfind("data:", 0) == 0) return;  // embedded: not a file
    const UriTarget target = resolveUri(text, baseDir, doc.options.allowOutsideFolder);
    if (!target.refusal.empty()) return;  // never read, whatever becomes of it
    for (const std::string& f : files) {
      if (f == target.resolved) return;
    }
    files.push_back(target.resolved);
  };
  for (const Json& buffer : array(doc.json, "buffers")) add(buffer);
  for (const Json& image : array(doc.json, "images")) add(image);
  return files;
}

}  // namespace vitrine::scene
