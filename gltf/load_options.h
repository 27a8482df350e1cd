// What a load may do (LoadOptions) and where its time went (LoadTimings): the reading of the
// document (gltf_document.h) and the building of the scene (load/loader.h) share both, and
// neither needs tinygltf or nlohmann to say them.
#pragma once

#include <cstdint>

namespace vitrine::scene {

// Where the wall time of one load went (--timings, issue 16), in seconds; a phase the load did not
// reach (it failed before) stays 0. The phases do not overlap, and their sum is at most `total`:
// what they leave out (materials, variants, world transforms, releasing the copied bytes) is
// small.
struct LoadTimings {
  double fileRead = 0.0;   // the .gltf/.glb file, then the external buffers and images it names
  double jsonParse = 0.0;  // parsing, repairing (TOLERANCE.md) and validating the JSON
  // Buffers handed to tinygltf (GLB BIN, base64 data URIs), EXT_/KHR_meshopt_compression views,
  // images in bufferViews, KHR_draco_mesh_compression primitives, and every accessor read into
  // the Scene's nodes, cameras, skins, meshes, morph weights, lights and visibility.
  double bufferDecode = 0.0;
  // Decoding the images (in parallel, scene/parallel.h): the phase's wall time, not the sum of
  // the threads' times. A full load decodes them while the buffers decode (issue 16): this is
  // then reading their headers before, and waiting for the decodes after the buffers; with
  // LoadOptions::deferImageDecode, the headers alone.
  double imageDecode = 0.0;
  double total = 0.0;  // the whole of loadScene / loadSceneFromMemory
};

// What a load may do beyond the asset's own say-so (issue 14).
struct LoadOptions {
  // The memory budget of the load (memory_budget.h); 0 = defaultMemoryBudget().
  uint64_t maxMemoryBytes = 0;
  // Lifts the folder rule of the URI confinement: by default only data: URIs and relative
  // paths that resolve inside the asset's folder are read (--allow-outside-folder; trusted
  // work only, never the thumbnailer).
  bool allowOutsideFolder = false;
  // Images are read, their headers checked and their decoded size reserved from the budget,
  // but not decoded: each keeps its encoded bytes (Image::encoded) for decodeDeferredImage(),
  // so that a window can show the geometry first and stream the textures in (issue 16). A
  // texture draws the first of its sources (EXT_texture_webp, then source) whose header is
  // valid; an image whose data turns out corrupt is then drawn without, with the warning
  // decodeDeferredImage returns.
  bool deferImageDecode = false;
};

}  // namespace vitrine::scene
