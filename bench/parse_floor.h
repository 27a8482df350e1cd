// The floor of open_bench (issue 16): the least any glTF viewer built on tinygltf + stb_image
// does before it can draw. tinygltf::TinyGLTF loads the file (JSON, buffers, image files) with
// its own image decoding replaced by a callback that keeps the encoded bytes; then every image
// is decoded to RGBA8 (stbi_load_from_memory, 4 channels, as a Vulkan upload needs) on one
// std::thread per core, each encoded copy freed once decoded. No validation, no scene, no GPU.
#pragma once

#include <cstdint>
#include <string>

namespace vitrine::bench {

struct FloorResult {
  std::string error;         // "" when loaded and every image decoded
  double loadSeconds = 0;    // TinyGLTF::Load*FromFile
  double decodeSeconds = 0;  // all images, all cores
  uint64_t bufferBytes = 0;  // every buffer's data
  uint64_t imageBytes = 0;   // decoded RGBA8 pixels of every image (no mipmaps)
  int images = 0;
};

// Loads `path` (.glb: LoadBinaryFromFile, else LoadASCIIFromFile) and decodes its images.
// The decoded pixels are held until the function returns, as a viewer holds them until upload.
FloorResult loadFloor(const std::string& path);

}  // namespace vitrine::bench
