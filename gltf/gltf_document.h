// A glTF asset read from a .gltf or .glb file (or bytes in memory): the parsed JSON and
// tinygltf's model holding the loaded buffers. Internal to the loader (gltf/, load/) (tests use it
// too).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <utility>
#include <span>
#include <string>
#include <vector>

#include <tiny_gltf.h>

#include "json_util.h"
#include "load_options.h"
#include "memory_budget.h"

namespace vitrine::scene {

// Bytes a decoder overwrites entirely: allocated without zero-filling (default-initialized),
// so decoding touches the memory once.
template <class T>
struct UninitializedAllocator : std::allocator<T> {
  template <class U>
  struct rebind {
    using other = UninitializedAllocator<U>;
  };
  template <class U>
  void construct(U* p) noexcept {
    ::new (static_cast<void*>(p)) U;
  }
  template <class U, class... Args>
  void construct(U* p, Args&&... args) {
    ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }
};
using DecodedBytes = std::vector<uint8_t, UninitializedAllocator<uint8_t>>;

struct GltfDocument {
  // The document root, accepted by validateGltfJson(). The loader reads the structure from
  // here rather than from tinygltf's model, because only the JSON tells whether an optional
  // property is present (tinygltf fills defaults) and because KHR_animation_pointer targets
  // are JSON pointers into it.
  Json json;
  // tinygltf's model, used for resource bytes only: model.buffers[i].data holds exactly
  // buffers[i].byteLength bytes, or none for a buffer that was not loaded (no uri, or an
  // EXT_/KHR_meshopt_compression fallback nothing reads); model.images[i].image holds image i's
  // *encoded* bytes, or is empty when they could not be read (a warning says why). Decoding is
  // ours.
  tinygltf::Model model;
  // Per bufferView, the bytes decoded from its EXT_/KHR_meshopt_compression stream (empty for views
  // that are not compressed, or not read). Read through bufferViewBytes() (buffer_views.h).
  std::vector<DecodedBytes> decodedViews;
  std::vector<std::string> warnings;  // "<pointer>: <what>"
  // What this load may allocate from the file's say-so (memory_budget.h): every reader of the
  // document reserves from it before allocating. Shared, so a document stays movable.
  std::shared_ptr<MemoryBudget> budget = std::make_shared<MemoryBudget>();
  LoadOptions options;
  // KHR_draco_mesh_compression (draco_decode.h): accessor index -> its values decoded from the
  // primitive's Draco stream, tight in the accessor's componentType and type. readAccessor()
  // reads these instead of the accessor's bufferView and sparse; reserved from `budget`.
  std::map<uint32_t, std::vector<uint8_t>> decodedAccessors;
  // The phases of reading this document, then of the loader's steps (LoadResult::timings).
  LoadTimings timings;
};

// Reads a .gltf or .glb file (told apart by the GLB magic, not the file extension), validates
// the JSON (gltf_validate.h) and loads every buffer and image it references.
// Returns "" on success, else the error without the file name: "cannot open file: No such file
// or directory", "truncated GLB: header declares 1234 bytes, file has 1000", "invalid JSON:
// <parser message with its position>", "<JSON pointer>: <what>".
[[nodiscard]] std::string readGltfDocument(const std::string& path, GltfDocument& out,
                                           const LoadOptions& options = {});

// The same for file contents already in memory; relative URIs resolve against baseDir
// ("" = the working directory).
[[nodiscard]] std::string parseGltfDocument(std::span<const uint8_t> bytes,
                                            const std::string& baseDir, GltfDocument& out,
                                            const LoadOptions& options = {});

}  // namespace vitrine::scene
