// The steps of loadScene(), each filling one part of the Scene from a validated GltfDocument.
// Internal to load/. Every step returns "" or an error "<JSON pointer>: <what>" and appends
// warnings of the same form; the file name is prepended by loadScene().
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gltf_document.h"
#include "scene.h"

namespace vitrine::scene {

// Upper bound on the vertex and index values (floats of every stream plus indices) of all the
// meshes of one load, after strips and fans became lists and flat normals un-welded vertices:
// those expansions are checked against it (and against kMaxAccessorValues for one primitive)
// before anything is allocated. 2 GiB of 32-bit values.
inline constexpr uint64_t kMaxMeshValues = uint64_t(1) << 29;

// Morph targets of one mesh: the glTF spec sets no limit, real assets use up to a few hundred;
// the vertex shader loops over them per vertex, and every node instancing the mesh holds one
// weight per target. Checked before anything is sized by the count.
inline constexpr uint32_t kMaxMorphTargets = 4096;
// Morph weights of all nodes and meshes together (one float each, uploaded as one array).
inline constexpr uint64_t kMaxMorphWeights = uint64_t(1) << 24;

struct LoadContext {
  const GltfDocument& doc;
  Scene& scene;
  std::vector<std::string>& warnings;
  uint64_t maxMeshValues = kMaxMeshValues;  // tests lower it
  mutable uint64_t meshValues = 0;          // used so far, counted by loadMeshes()
};

// Scene::nodes and Scene::scenes / activeScene. Checks that the hierarchy is a set of disjoint
// strict trees (§3.5.2: one parent at most, no cycles) and that scene nodes are roots (§3.5.1);
// when the file has no scenes, one scene of every root node is synthesized.
[[nodiscard]] std::string loadNodes(const LoadContext& ctx);

// Scene::cameras; presence of aspectRatio and zfar comes from the JSON. The schema's
// constraints are checked again on the float values (yfov in (0, pi), znear > 0 for
// perspective, zfar > znear, nonzero xmag/ymag).
[[nodiscard]] std::string loadCameras(const LoadContext& ctx);

// Scene::skins (needs loadNodes first): joints (each node once), inverse bind matrices (MAT4 of
// FLOAT, at least one per joint, finite; identity when absent) and skeleton. A node with a skin
// but no mesh gets skin -1 and a warning.
[[nodiscard]] std::string loadSkins(const LoadContext& ctx);

// Scene::meshes (needs loadNodes and loadSkins first): vertex streams, skinning influences,
// morph targets, list indices, flat normals where NORMAL is absent, bounds. A joint index must
// be below the joint count of every skin instantiating its mesh.
[[nodiscard]] std::string loadMeshes(const LoadContext& ctx);

// Scene::images decoded to RGBA8, one per glTF image; an image that cannot be decoded stays
// empty (width 0) with a warning. An image whose encoded bytes equal an earlier one's is not
// decoded again: it stays empty with Image::sameAs naming the earlier one. Each decode is
// reserved from the memory budget first; a refusal is the error returned.
[[nodiscard]] std::string loadImages(const LoadContext& ctx);
// loadImages in parts (issue 16: full loads decode images while the buffers decode, loader.cpp):
// with `defer` only the headers are read and the pixels reserved (LoadOptions::
// deferImageDecode), each image keeping its encoded bytes for decodeEncodedImage. `warnings`
// gets one entry per image ("" for most), in image order, rather than ctx.warnings.
[[nodiscard]] std::string loadImages(const LoadContext& ctx, bool defer,
                                     std::vector<std::string>& warnings);
// decodeDeferredImage's work, its warning without the file's name (as the loader's are
// before load() prefixes them).
[[nodiscard]] std::string decodeEncodedImage(const GltfDocument& doc, const Scene& scene,
                                             size_t image, std::vector<uint8_t>& rgba8);

// Mesh::targetCount and the morph weights of meshes and nodes (needs loadNodes and
// loadMeshes first): every primitive of a mesh has the same number of targets (§3.7.2.2);
// Mesh::weights is mesh.weights or zeros, Node::weights node.weights, else the mesh's;
// weights arrays of another length are errors. Also assigns morphWeightOffset (nodes, then
// meshes).
[[nodiscard]] std::string loadMorphWeights(const LoadContext& ctx);

// KHR_lights_punctual: Scene::lights from /extensions/KHR_lights_punctual/lights, checked
// against the extension's schema, and Node::light (needs loadNodes first).
[[nodiscard]] std::string loadLights(const LoadContext& ctx);

// KHR_node_visibility: Node::visible (needs loadNodes first).
[[nodiscard]] std::string loadVisibility(const LoadContext& ctx);

// EXT_mesh_gpu_instancing: Scene::instancing and Node::instancing (needs loadNodes first).
// Wrong accessor types, counts that differ and non-finite values are errors; the extension on a
// node without a mesh, without a transform attribute or on a skinned node, and custom
// attributes (one warning for all) are warnings.
[[nodiscard]] std::string loadInstancing(const LoadContext& ctx);

// Scene::samplers, Scene::textures (needs loadImages first: a texture whose image failed gets
// image -1), Scene::materials, Scene::materialData and Scene::materialExtensionData (each
// plus the default material, last). The material extensions' objects are type-checked here.
[[nodiscard]] std::string loadMaterials(const LoadContext& ctx);

// Warns, once per primitive and textureInfo, when a primitive's material samples a TEXCOORD set
// the primitive lacks (needs loadMeshes and loadMaterials first). The set reads as zeros.
void warnMissingTexcoords(const LoadContext& ctx);

// KHR_materials_variants: Scene::variants and Primitive::variantMaterials (needs loadMeshes
// first). A mapping naming a variant or material that does not exist is skipped with a warning.
[[nodiscard]] std::string loadVariants(const LoadContext& ctx);

// KHR_xmp_json_ld: Scene::metadata (xmp_metadata.h), with asset.generator and asset.copyright.
// Never an error: malformed packets and references are warnings.
void loadXmpMetadata(const LoadContext& ctx);

}  // namespace vitrine::scene
