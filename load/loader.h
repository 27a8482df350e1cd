// Loading a glTF 2.0 asset (.gltf with external or data-URI resources, or .glb), or the .ply a
// 3D Gaussian splatting trainer writes (as one KHR_gaussian_splatting primitive: load/splats/).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "load_options.h"
#include "scene.h"

namespace vitrine::scene {

struct GltfDocument;  // gltf_document.h: kept opaque so that the app needs neither tinygltf
                      // nor nlohmann

struct LoadResult {
  std::unique_ptr<Scene> scene;       // null on error
  std::string error;                  // one line: "<file>: <JSON pointer or index>: <what>"
  std::vector<std::string> warnings;  // one line each, same form
  // The parsed asset, kept for what is resolved after loading: animations (anim/) and JSON
  // pointers (object_model.h). Null on error. Its JSON is whole; of tinygltf's resources only
  // the buffers that animations read remain (the scene copied everything else, skins
  // included): other buffers and every image's encoded bytes are released, so readAccessor()
  // works for animation sampler accessors only.
  std::shared_ptr<GltfDocument> document;
  LoadTimings timings;  // filled on error too, up to the failing phase
};

// Told, from the loading thread, when loading enters a stage: `fraction` (0 to 1, rising) is
// a rough share of the work done before it, `stage` a short name ("Reading file").
using LoadProgress = std::function<void(float fraction, const char* stage)>;

// Loads and validates the whole asset. Never throws and never aborts on bad content:
// every index is range-checked and every accessor is checked against its buffer before
// any memory is allocated for it. `progress`, when set, is called at each stage.
[[nodiscard]] LoadResult loadScene(const std::string& path, const LoadProgress& progress = {},
                                   const LoadOptions& options = {});

// Decodes image `image` of a scene loaded with LoadOptions::deferImageDecode into `rgba8`
// (`doc` is its LoadResult::document, whose budget the decoder's buffer is reserved from while
// it lives). Only reads the scene, so it may run on any thread, for several images at once,
// while nothing writes the scene. Returns "" or a warning in LoadResult::warnings' form
// ("<file>: /images/N: cannot decode image: ..."), rgba8 then empty. Nothing for an image that
// has no encoded bytes.
[[nodiscard]] std::string decodeDeferredImage(const GltfDocument& doc, const Scene& scene,
                                              size_t image, std::vector<uint8_t>& rgba8);
// Then, on the thread that owns the scene: gives image `image` the pixels decodeDeferredImage
// made (none: it becomes empty, width 0, and their reservation is released) and frees its
// encoded bytes.
void adoptDeferredImage(const GltfDocument& doc, Scene& scene, size_t image,
                        std::vector<uint8_t> rgba8);

// The same for the contents of a .gltf or .glb already in memory (fuzz/ and tests): relative
// URIs resolve against `baseDir`, and `name` stands for the file in messages and Scene::path.
[[nodiscard]] LoadResult loadSceneFromMemory(std::span<const uint8_t> bytes,
                                             const std::string& baseDir, const std::string& name,
                                             const LoadOptions& options = {});

// The files an asset reads besides itself: the external buffers and images of `doc` (data URIs
// and GLB-embedded resources are not files) whose URIs the confinement rules let the loader
// read (gltf_resources.h resolveUri(), with doc.options), resolved as the loader resolves them
// (percent-decoded, §3.3.3, against the folder of `path`, absolute, symlinks followed), each
// once however it is spelled, in document order. Whether they exist is not checked.
[[nodiscard]] std::vector<std::string> externalFiles(const GltfDocument& doc,
                                                     const std::string& path);

}  // namespace vitrine::scene
