// External resources of a glTF document (§3.3.3 URIs): every file a buffer or image names is
// read here, with our error messages, before tinygltf runs; tinygltf then reads them back
// through file-system callbacks served from this cache, so it never touches the disk itself
// (no search of the working directory, no shell expansion of paths). Internal to scene/.
#pragma once

#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <vector>

#include <tiny_gltf.h>

#include "json_util.h"

namespace vitrine::scene {

// Reads a regular file (anything else, a FIFO or a device, is refused without blocking):
// all of it, or with prefixOnly its first maxBytes bytes at most. The size is checked before
// anything is allocated: a whole file longer than maxBytes is an error. Returns "" or
// "cannot open file: <reason>" / "cannot read file: <reason>" (reasons from strerror, e.g.
// "No such file or directory", or "not a regular file").
[[nodiscard]] std::string readRegularFile(const std::string& path, std::vector<uint8_t>& out,
                                          uint64_t maxBytes, bool prefixOnly = false);

// RFC 3986 percent-decoding of a relative URI reference ("a%20b.bin" -> "a b.bin").
std::string percentDecode(const std::string& uri);

class ResourceCache {
 public:
  // Reads what buffers and images of `root` reference. `glbBin` is the GLB BIN chunk (empty
  // for .gltf or a GLB without one), `isGlb` tells the two containers apart.
  // Buffer problems are errors (a missing .bin makes the asset unusable); image problems are
  // warnings appended to `warnings` (the renderer falls back). Returns "" or
  // "<pointer>: <what>". Buffers marked in `skipBuffers` (buffer_views.h neededBuffers: no
  // uri, or an unread EXT_meshopt_compression fallback) are not read.
  [[nodiscard]] std::string load(const Json& root, const std::string& baseDir, bool isGlb,
                                 std::span<const uint8_t> glbBin,
                                 std::vector<std::string>& warnings,
                                 const std::vector<bool>& skipBuffers = {});

  // File-system callbacks for tinygltf::TinyGLTF::SetFsCallbacks, backed by this cache. The
  // cache must outlive the tinygltf load call.
  tinygltf::FsCallbacks callbacks();

 private:
  struct Entry {
    std::string path;           // the real file, for messages
    uint64_t byteLength = 0;    // buffers: the length served (only that much is read)
    std::vector<uint8_t> data;  // copied to tinygltf, moved out on the last reference
    uint32_t uses = 1;          // buffers and images referring to the file
  };
  std::string loadBuffer(const Json& buffer, size_t index, const std::string& baseDir, bool isGlb,
                         std::span<const uint8_t> glbBin);
  std::string loadImage(const Json& image, size_t index, const std::string& baseDir,
                        std::vector<std::string>& warnings);
  static bool fileExists(const std::string& path, void* self);
  static std::string expandFilePath(const std::string& path, void* self);
  static bool readFile(std::vector<unsigned char>* out, std::string* err, const std::string& path,
                       void* self);
  static bool writeFile(std::string* err, const std::string& path,
                        const std::vector<unsigned char>& data, void* self);

  // Keyed by the path tinygltf will ask for (its own URI decoding joined to the base dir).
  std::map<std::string, Entry> entries_;
};

}  // namespace vitrine::scene
