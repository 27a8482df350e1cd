#include "buffer_views.h"

#include "gltf_document.h"
#include "meshopt_decode.h"

namespace vitrine::scene {

std::span<const uint8_t> bufferViewBytes(const GltfDocument& doc, uint64_t view) {
  if (view < doc.decodedViews.size() && !doc.decodedViews[view].empty())
    return doc.decodedViews[view];
  const Json& v = array(doc.json, "bufferViews")[view];
  const auto& data = doc.model.buffers[size_t(integer(v, "buffer", 0))].data;
  const size_t offset = size_t(integer(v, "byteOffset", 0));
  const size_t length = size_t(integer(v, "byteLength", 0));
  if (offset + length > data.size()) return {};  // not loaded
  return std::span<const uint8_t>(data).subspan(offset, length);
}

uint64_t bufferViewStride(const Json& root, uint64_t view) {
  const Json& v = array(root, "bufferViews")[view];
  if (const Json* s = member(v, "byteStride")) return uint64_t(s->get<double>());
  // Checked by parseMeshoptStream() before any view was decoded.
  if (const Json* ext = meshoptExtension(v)) return uint64_t(integer(*ext, "byteStride", 0));
  return 0;
}

std::vector<std::string> bufferViewReaders(const Json& root,
                                           const std::vector<bool>* usedAccessors) {
  std::vector<std::string> readers(array(root, "bufferViews").size());
  auto read = [&](const Json& o, const std::string& at) {
    const int64_t v = integer(o, "bufferView", -1);
    if (v >= 0 && size_t(v) < readers.size() && readers[size_t(v)].empty()) readers[size_t(v)] = at;
  };
  const Json& accessors = array(root, "accessors");
  for (size_t a = 0; a < accessors.size(); ++a) {
    if (usedAccessors && (a >= usedAccessors->size() || !(*usedAccessors)[a])) continue;
    const std::string at = jsonPointer("accessors", a);
    read(accessors[a], at);
    if (const Json* sparse = member(accessors[a], "sparse")) {
      if (const Json* i = member(*sparse, "indices")) read(*i, at + "/sparse/indices");
      if (const Json* v = member(*sparse, "values")) read(*v, at + "/sparse/values");
    }
  }
  const Json& images = array(root, "images");
  for (size_t i = 0; i < images.size(); ++i) read(images[i], jsonPointer("images", i));
  return readers;
}

std::string neededBuffers(const Json& root, bool isGlb, std::vector<std::string>& readers,
                          const std::vector<std::string>& usedReaders, std::vector<bool>& skip,
                          std::vector<std::string>& warnings) {
  const Json& buffers = array(root, "buffers");
  const Json& views = array(root, "bufferViews");
  std::vector<bool> needed(buffers.size(), false), warned(buffers.size(), false);
  for (size_t v = 0; v < views.size() && v < readers.size(); ++v) {
    if (readers[v].empty()) continue;
    uint64_t buffer = uint64_t(integer(views[v], "buffer", 0));
    if (meshoptExtension(views[v])) {
      MeshoptStream s;
      if (std::string err = parseMeshoptStream(root, v, s); !err.empty()) return err;
      buffer = s.buffer;
    }
    const Json& b = buffers[buffer];
    if (!member(b, "uri") && !(isGlb && buffer == 0)) {
      const bool used = v < usedReaders.size() && !usedReaders[v].empty();
      if (used) {
        return located(jsonPointer("buffers", buffer), "has no uri, but " + usedReaders[v] +
                                                           " reads it through bufferView " +
                                                           std::to_string(v));
      }
      // TOLERANCE.md: only accessors nothing uses read it (the Khronos validator's valid
      // assets have one): not loaded, and the view is read by nobody.
      if (!warned[buffer]) {
        warnings.push_back(located(jsonPointer("buffers", buffer),
                                   "has no uri, and only accessors nothing uses read it (" +
                                       readers[v] + " through bufferView " + std::to_string(v) +
                                       "); not loaded"));
        warned[buffer] = true;
      }
      readers[v].clear();
      continue;
    }
    needed[buffer] = true;
  }
  skip.assign(buffers.size(), false);
  for (size_t i = 0; i < buffers.size(); ++i) {
    const bool isFallback = isMeshoptFallbackBuffer(buffers[i]);
    // Without uri (GLB's BIN aside) there is nothing to load: tinygltf must not see it.
    skip[i] = !needed[i] && (isFallback || (!member(buffers[i], "uri") && !(isGlb && i == 0)));
  }
  return {};
}

}  // namespace vitrine::scene
