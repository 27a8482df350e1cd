// Re-encodes glTF assets with libdraco's own encoder (draco::Encoder), for the
// KHR_draco_mesh_compression tests and benchmarks (issue 15): the input's triangle primitives
// become Draco streams plus fallback accessors without bufferView, whose counts are those of
// the stream once decoded (the extension spec's implementation note: Draco may reorder and
// duplicate vertices, so the accessors must describe the decoded data).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <glm/glm.hpp>
#include <nlohmann/json.hpp>

#include "draco_decode.h"
#include "gltf_document.h"

namespace vitrine::test {

struct DracoEncodeOptions {
  // Quantization bits of float attributes (draco::Encoder::SetAttributeQuantization).
  int positionBits = 14, normalBits = 10, texcoordBits = 12, colorBits = 10, genericBits = 12;
  int speed = 5;  // draco::Encoder::SetSpeedOptions, encoding and decoding
  // The indices accessor's componentType; 0: the smallest unsigned type holding every index.
  int indexComponentType = 0;
};

// One encoded primitive: its stream and the request its fallback accessors make (formats of
// the source accessors with the decoded counts; indices of the chosen componentType).
struct EncodedPrimitive {
  std::vector<uint8_t> stream;
  scene::DracoRequest request;
};

// Encodes one TRIANGLES primitive of `doc` (all its attributes; float, unsigned byte/short/int
// components). Returns "" or why it cannot.
std::string encodeDracoPrimitive(const scene::GltfDocument& doc, const nlohmann::json& primitive,
                                 const DracoEncodeOptions& options, EncodedPrimitive& out);

// Encodes an indexed triangle mesh given as arrays (normals and texcoords may be empty).
EncodedPrimitive encodeDracoMesh(const std::vector<glm::vec3>& positions,
                                 const std::vector<glm::vec3>& normals,
                                 const std::vector<glm::vec2>& texcoords,
                                 const std::vector<uint32_t>& indices,
                                 const DracoEncodeOptions& options = {});

// Writes <outDir>/<stem>.gltf: the asset at `inPath` with every TRIANGLES primitive without
// morph targets compressed (KHR_draco_mesh_compression in extensionsUsed and -Required), its
// buffers as <stem>.bufferN.bin, the Draco streams in <stem>.draco.bin, image files copied.
// Returns "" and sets `outPath`, or the error.
std::string writeDracoGltf(const std::string& inPath, const std::string& outDir,
                           const std::string& stem, const DracoEncodeOptions& options,
                           std::string& outPath);

}  // namespace vitrine::test
