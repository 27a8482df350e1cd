// A small asset whose images are shared every way glTF allows, for the texture browser's and
// the statistics' tests and pictures (issue 22 §4). Images: 0 a 4x2 PNG sampled as colour and
// as data by material 0; 1 an 8x8 PNG sampled as data by materials 0 and 1, the latter
// through texture 2 of image 2, the same bytes as image 1; 3 a KTX2 image (named, not
// decoded), material 2's texture's only source. Meshes, unit quads with TEXCOORD_0: 0 two
// primitives (materials 0, 1) on one node; 1 one primitive (material 2) on two nodes; 2 on a
// node of another scene only.
#pragma once

#include <string>

namespace vitrine::test {

// Writes it as <stem>.gltf + <stem>.bin under VITRINE_TEST_TMP; returns the .gltf's path.
std::string writeSharedImagesAsset(const std::string& stem);

}  // namespace vitrine::test
