// A production-sized glTF asset generated for open_bench (issue 16), never committed: 1,000
// meshes of 2,048 triangles each (2,048,000 triangles), each mesh on a node of its own; 200
// materials, each with a baseColorTexture of its own 1024x1024 RGB PNG (written by
// stb_image_write, a few hundred KiB each: smooth shaded bands, different on every image, not
// noise); and one animation of 2,000 channels (every node's translation and rotation, 30
// keyframes over 2 s). Written as DIR/large.gltf + DIR/large.bin + DIR/texture_NNN.png.
#pragma once

#include <string>

namespace vitrine::bench {

struct LargeAssetCounts {
  int meshes = 1000;
  int trianglesPerMesh = 2048;  // a 32 x 32 grid of quads bent into a closed blob
  int textures = 200;
  int textureSize = 1024;
  int channels = 2000;  // two per node
  int keyframes = 30;
};

// Writes the asset into `dir` (created if missing) and returns the .gltf's path. The PNGs are
// encoded on one thread per core. Throws std::runtime_error when a file cannot be written.
std::string writeLargeAsset(const std::string& dir, const LargeAssetCounts& counts = {});

}  // namespace vitrine::bench
