// External resources of a glTF document (§3.3.3 URIs): every file a buffer or image names is
// read here, with our error messages, before tinygltf runs; tinygltf then reads them back
// through file-system callbacks served from this cache, so it never touches the disk itself
// (no search of the working directory, no shell expansion of paths). Internal to gltf/.
#pragma once

#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <vector>

#include <tiny_gltf.h>

#include "json_util.h"
#include "regular_file.h"

namespace vitrine::scene {

// RFC 3986 percent-decoding of a relative URI reference ("a%20b.bin" -> "a b.bin").
std::string percentDecode(const std::string& uri);

// Where the URI of an external buffer or image (not a data: URI) leads, under the confinement
// rules of issue 14: only relative paths that resolve (after percent-decoding, normalisation
// and symlink resolution) inside the asset's folder `baseDir` ("" = the working directory) are
// read. allowOutsideFolder (--allow-outside-folder) lifts that folder rule, never the others.
struct UriTarget {
  // "" when the file may be read, else the URI (quoted as a JSON string) and the rule, e.g.
  //   "../a.bin" resolves outside the asset's folder (use --allow-outside-folder to read it)
  //   "/x/a.bin" is an absolute path, not relative to the asset's folder (use ...)
  //   "http://h/a.bin": http URIs are not read (confinement: only data: URIs and files inside the
  //     asset's folder)   -- likewise "Windows drive paths", "network paths", "URIs with a NUL
  //     character (%00)"
  std::string refusal;
  std::string shown;     // baseDir joined with the decoded URI, as it is named in messages
  std::string resolved;  // absolute, normalised, symlinks resolved: the file read, and its key
};
[[nodiscard]] UriTarget resolveUri(const std::string& uri, const std::string& baseDir,
                                   bool allowOutsideFolder);

class ResourceCache {
 public:
  explicit ResourceCache(bool allowOutsideFolder = false)
      : allowOutsideFolder_(allowOutsideFolder) {}

  // Reads what buffers and images of `root` reference, each file once however its URI is
  // spelled (resolveUri(): a URI it refuses is not read). `glbBin` is the GLB BIN chunk (empty
  // for .gltf or a GLB without one), `isGlb` tells the two containers apart.
  // Buffer problems are errors (a missing .bin makes the asset unusable); image problems are
  // warnings appended to `warnings` (the renderer falls back, as for any unreadable image).
  // Returns "" or "<pointer>: <what>". Buffers marked in `skipBuffers` (buffer_views.h
  // neededBuffers: no uri, or an unread EXT_/KHR_meshopt_compression fallback) are not read.
  [[nodiscard]] std::string load(const Json& root, const std::string& baseDir, bool isGlb,
                                 std::span<const uint8_t> glbBin,
                                 std::vector<std::string>& warnings,
                                 const std::vector<bool>& skipBuffers = {});

  // Rewrites the external URIs of `subset` (the buffers and images of the `root` given to
  // load(), for tinygltf) to this cache's keys, so that tinygltf, given an empty base dir,
  // asks for exactly them: its own URI decoding (which also turns '+' into ' ') then plays no
  // part, and the URI of a file that was not read (refused, or an unreadable image) names
  // nothing in the cache.
  void redirect(Json& subset) const;

  // File-system callbacks for tinygltf::TinyGLTF::SetFsCallbacks, backed by this cache. The
  // cache must outlive the tinygltf load call.
  tinygltf::FsCallbacks callbacks();

  // How many files load() read (for tests: one per resolved path).
  size_t fileCount() const { return entries_.size(); }

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

  bool allowOutsideFolder_ = false;
  // Keyed by the resolved path (UriTarget::resolved).
  std::map<std::string, Entry> entries_;
  // The key of each buffer's and image's file, "" when it has none in the cache.
  std::vector<std::string> bufferKeys_, imageKeys_;
};

}  // namespace vitrine::scene
