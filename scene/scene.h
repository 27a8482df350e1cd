// The CPU scene: what the loader builds from a glTF asset, in plain structs and indices.
// Knows nothing of Vulkan, ImGui or tinygltf; the renderer reads it, the animation engine
// writes into it.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <deque>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>
#include <glm/gtc/type_precision.hpp>

#include "memory.h"
#include "shared_types.h"
#include "splats.h"
#include "xmp_metadata.h"

namespace vitrine::scene {

// One world matrix per node, each on a cache line of its own (see Scene::world).
using WorldMatrices = LineVector<glm::mat4>;

// Every glTF primitive mode is converted at load to one of these list topologies
// (strips, fans and loops become lists), so the renderer needs three pipelines at most.
enum class Topology : uint8_t { Points, Lines, Triangles };

struct Bounds {
  glm::vec3 min{std::numeric_limits<float>::max()};
  glm::vec3 max{-std::numeric_limits<float>::max()};
  bool empty() const { return min.x > max.x; }
  void extend(const glm::vec3& p) {
    min = glm::min(min, p);
    max = glm::max(max, p);
  }
};

// One morph target of a primitive (glTF 2.0 §3.7.2.2 "Morph Targets"): displacements of the
// attributes the target names, each empty or with as many elements as the primitive's
// positions. A target only displaces attributes the primitive has (the loader checks).
struct MorphTarget {
  std::vector<glm::vec3> positions;
  std::vector<glm::vec3> normals;
  std::vector<glm::vec3> tangents;  // xyz only: the handedness w is not displaced
  std::vector<glm::vec2> texcoords[2];
  std::vector<glm::vec4> colors;  // COLOR_0 deltas; VEC3 deltas get alpha 0 (§3.7.2.2)
};

// KHR_materials_variants: the material primitive draws in `variant` (Primitive::variantMaterials).
struct VariantMaterial {
  uint32_t variant = 0;  // index into Scene::variants
  int material = -1;     // index into Scene::materials, -1 = the spec's default
  bool operator==(const VariantMaterial&) const = default;
};

struct Primitive {
  Topology topology = Topology::Triangles;
  // Vertex streams; each is empty or has exactly positions.size() elements.
  std::vector<glm::vec3> positions;
  std::vector<glm::vec3> normals;   // triangles: always filled (flat normals when absent)
  bool flatNormals = false;         // `normals` were generated (generateFlatNormals())
  std::vector<glm::vec4> tangents;  // TANGENT when present
  std::vector<glm::vec2> texcoords[2];
  // TEXCOORD_2 to TEXCOORD_7 (gpu::kTexcoordSetCount sets in all, Blender's limit of UV maps):
  // bit n - 2 of extraTexcoordSets is set when the primitive has TEXCOORD_n, and
  // extraTexcoords holds the sets present vertex after vertex, in increasing n within a vertex
  // (extraTexcoordCount() elements a vertex): set n of vertex v is element
  // v * extraTexcoordCount() + (the sets present below n).
  uint32_t extraTexcoordSets = 0;
  std::vector<glm::vec2> extraTexcoords;
  std::vector<glm::vec4> colors;  // COLOR_0 as linear RGBA (RGB inputs get alpha 1)
  // Always filled after load: a list of the topology above (1, 2 or 3 indices per element).
  std::vector<uint32_t> indices;
  // Skinning (glTF 2.0 §3.7.3 "Skins"): JOINTS_n / WEIGHTS_n, influenceSets sets of four
  // (joint, weight) pairs per vertex, vertex after vertex: set s of vertex v is element
  // v * influenceSets + s of both streams (both empty when influenceSets is 0). Joints index
  // the joints of the skin that instantiates the mesh; weights are floats (normalized integers
  // converted by formulas.md).
  uint32_t influenceSets = 0;
  std::vector<glm::u16vec4> joints;
  std::vector<glm::vec4> weights;
  // 1 + the largest value in `joints` (0 without them): the joints a skin must have at least.
  uint32_t minSkinJoints = 0;
  // Morph targets, in the order of the primitive's `targets` (as many as Mesh::targetCount).
  std::vector<MorphTarget> targets;
  int material = -1;  // index into Scene::materials, -1 = the spec's default
  // KHR_materials_variants: the variants a mapping names and their material (same meaning as
  // `material`), sorted by variant, each variant once. A variant not listed keeps `material`;
  // empty when the primitive has no valid mapping. Sparse: a file declaring a million variants
  // costs what its mappings list, not variants x primitives.
  std::vector<VariantMaterial> variantMaterials;
  // KHR_gaussian_splatting: the primitive's splats, drawn as the extension defines (splat/);
  // then positions, indices and every other stream are empty and `bounds` holds the splats'
  // 3-sigma ellipsoids. Null for every other primitive, and for a splat primitive drawn as the
  // extension's fallback point cloud.
  SplatCloudPtr splats;
  uint32_t sourceIndex = 0;        // index in its mesh's JSON `primitives` (some are skipped)
  uint32_t sourceVertexCount = 0;  // count of the POSITION accessor in the file
  Bounds bounds;                   // of positions, in mesh space

  uint32_t extraTexcoordCount() const { return uint32_t(std::popcount(extraTexcoordSets)); }
  // Whether the primitive has TEXCOORD_set (any set, 0 to gpu::kTexcoordSetCount - 1).
  bool hasTexcoordSet(int64_t set) const {
    if (set == 0 || set == 1) return !texcoords[set].empty();
    return set >= 2 && set < gpu::kTexcoordSetCount && (extraTexcoordSets >> (set - 2)) & 1u;
  }

  // The material drawn in material variant `variant` (an index into Scene::variants; -1 or
  // out of range = the asset's default materials, `material`).
  int materialFor(int variant) const {
    if (variant < 0) return material;
    const auto it =
        std::lower_bound(variantMaterials.begin(), variantMaterials.end(), uint32_t(variant),
                         [](const VariantMaterial& m, uint32_t v) { return m.variant < v; });
    return it != variantMaterials.end() && it->variant == uint32_t(variant) ? it->material
                                                                            : material;
  }
};

struct Mesh {
  std::string name;
  std::vector<Primitive> primitives;
  // Default morph weights, exactly targetCount of them: mesh.weights, else zeros (glTF 2.0
  // §3.7.2.2 Morph Targets).
  std::vector<float> weights;
  uint32_t targetCount = 0;  // morph targets of every primitive (the loader checks they agree)
  // Index of weights[0] in the MorphWeights region of the Object Model (object_model.h).
  uint32_t morphWeightOffset = 0;
};

// Aligned to a cache line with the local transform first: animation writes TRS and the world
// step reads TRS + hasMatrix, 41 bytes that then always sit in one 64-byte line (with 100k
// animated nodes the frame is bound by the cache lines it touches, bench/RESULTS.md).
struct alignas(64) Node {
  // Local transform: TRS, or `matrix` when the node has one (then hasMatrix is true and
  // TRS hold its decomposition for display only).
  glm::vec3 translation{0.0f};
  glm::quat rotation{1.0f, 0.0f, 0.0f, 0.0f};  // glm: (w, x, y, z)
  glm::vec3 scale{1.0f};
  bool hasMatrix = false;
  float visible = 1.0f;  // KHR_node_visibility `visible` (1 or 0; hides the whole subtree)
  glm::mat4 matrix{1.0f};
  std::string name;
  int parent = -1;
  std::vector<int> children;
  int mesh = -1;
  int camera = -1;
  // With a mesh whose primitives have JOINTS_n: the skin that deforms them; the node's own
  // transform is then ignored for them (glTF 2.0 §3.7.3). -1 = none (the loader also sets -1
  // on a node without a mesh, with a warning).
  int skin = -1;
  // The morph weights this node instantiates its mesh with, sized at load to the mesh's
  // targetCount (empty without a mesh or targets): node.weights, else mesh.weights, else
  // zeros (glTF 2.0 "Morph Targets" under mesh instantiation). Animations write here.
  std::vector<float> weights;
  // Index of weights[0] in the MorphWeights region of the Object Model (object_model.h).
  uint32_t morphWeightOffset = 0;
  int light = -1;  // KHR_lights_punctual: index into Scene::lights, -1 = none
  // EXT_mesh_gpu_instancing: index into Scene::instancing, -1 = the mesh drawn once.
  int instancing = -1;

  glm::mat4 localMatrix() const;
};

// EXT_mesh_gpu_instancing: the copies a node draws its mesh as. Per instance the transform
// TRANSLATION * ROTATION * SCALE (an absent attribute: identity), applied to the mesh before the
// node's world matrix (the extension's "Transformation Order": world * instance), or before the
// skin's joint matrices for a skinned mesh. Those that mirror (negative determinant) come last,
// from `mirroredFrom` on, so that each winding is one instanced draw; fileIndex[i] is instance
// i's element in the accessors.
struct MeshInstances {
  int node = -1;
  std::vector<glm::mat4> transforms;
  std::vector<uint32_t> fileIndex;
  uint32_t mirroredFrom = 0;
};

// glTF 2.0 §3.7.3 "Skins".
struct Skin {
  std::string name;
  std::vector<int> joints;  // node indices; JOINTS_n values index this list
  // One per joint: the skin's inverseBindMatrices, identity when it has none.
  std::vector<glm::mat4> inverseBindMatrices;
  int skeleton = -1;  // the common root of the joints (informative), -1 when absent
};

struct Camera {
  enum class Type : uint8_t { Perspective, Orthographic };
  std::string name;
  Type type = Type::Perspective;
  // perspective
  float yfov = 0.8f;
  std::optional<float> aspectRatio;  // absent: the viewport's aspect
  // orthographic
  float xmag = 1.0f, ymag = 1.0f;
  float znear = 0.01f;
  std::optional<float> zfar;  // absent (perspective only): infinite projection

  // Projection matrix as the glTF spec (3.10.2-3) writes it: OpenGL clip space,
  // y up, depth -1..1. viewportAspect is used when aspectRatio is absent.
  glm::mat4 projection(float viewportAspect) const;
};

// KHR_lights_punctual: a light, placed by the nodes that reference it (light points down -Z).
struct Light {
  enum class Type : uint8_t { Directional, Point, Spot };
  std::string name;
  Type type = Type::Point;
  glm::vec3 color{1.0f};       // linear RGB
  float intensity = 1.0f;      // candela (point, spot) or lux (directional)
  std::optional<float> range;  // absent: infinite
  // Spot lights only (defaults when the spot object is absent).
  float innerConeAngle = 0.0f;
  float outerConeAngle = 0.7853981633974483f;  // PI / 4
  bool hasSpot = false;                        // the light's `spot` object is present in the JSON
};

enum class Filter : uint8_t { Nearest, Linear };
enum class Wrap : uint8_t { Repeat, ClampToEdge, MirroredRepeat };

struct Sampler {
  Filter magFilter = Filter::Linear;
  Filter minFilter = Filter::Linear;
  Filter mipmapFilter = Filter::Linear;
  bool useMipmaps = true;  // false for minFilter NEAREST / LINEAR without a mipmap mode
  Wrap wrapS = Wrap::Repeat;
  Wrap wrapT = Wrap::Repeat;
};

// An image's encoding, as its bytes' signature announces it (not the mimeType, which may lie);
// KTX2 is KHR_texture_basisu's container (codecs/ktx2.h). Unknown: no bytes (a missing file) or
// another signature.
enum class ImageFormat : uint8_t { Unknown, Png, Jpeg, Webp, Ktx2 };

// The colour space an image declares: a KTX2 image's DFD transfer function (sRGB or linear);
// Unspecified for the formats whose declaration the loader does not read.
enum class ImageColorSpace : uint8_t { Unspecified, Srgb, Linear };

// "PNG", "JPEG", "WebP", "KTX2", "unknown".
const char* imageFormatName(ImageFormat format);

struct Image {
  std::string name;
  uint32_t width = 0, height = 0;
  std::vector<uint8_t> rgba8;  // decoded, 4 bytes a pixel, rows top to bottom
  // An earlier image of the same encoded bytes, decoded once for both (Texture::image names
  // that one; this one stays empty). -1: none.
  int sameAs = -1;
  // Loaded with LoadOptions::deferImageDecode: the encoded bytes, width and height read from
  // their header, rgba8 empty until decodeDeferredImage() (loader.h) decodes them and
  // adoptDeferredImage() frees these. Empty otherwise.
  std::vector<uint8_t> encoded{};
  // Of the encoded source (set for sameAs too). Last, so that aggregate initializers of the
  // fields above stay valid.
  ImageFormat format = ImageFormat::Unknown;
  // A KTX2 image (KHR_texture_basisu): the levels after level 0 its file stores, level p at
  // mips[p - 1], max(1, width >> p) x max(1, height >> p) RGBA8 (the renderer builds the levels
  // below the last as for PNG, mip_chain.h), and its DFD's colour space. Empty and Unspecified
  // for other formats.
  std::vector<std::vector<uint8_t>> mips{};
  ImageColorSpace colorSpace = ImageColorSpace::Unspecified;
};

struct Texture {
  int image = -1;    // index into Scene::images, -1 when the source is unusable
  int sampler = -1;  // index into Scene::samplers, -1 = the default sampler
};

enum class AlphaMode : uint8_t { Opaque, Mask, Blend };

// The material extensions Vitrine reads; bit i of Material::extensions is set when the
// extension object of MaterialExtension(i) is present in the material.
enum class MaterialExtension : uint8_t {
  Unlit,                // KHR_materials_unlit
  EmissiveStrength,     // KHR_materials_emissive_strength (MaterialData::emissive.w)
  Ior,                  // KHR_materials_ior
  Specular,             // KHR_materials_specular
  Sheen,                // KHR_materials_sheen
  Clearcoat,            // KHR_materials_clearcoat
  Transmission,         // KHR_materials_transmission
  Volume,               // KHR_materials_volume
  Iridescence,          // KHR_materials_iridescence
  Anisotropy,           // KHR_materials_anisotropy
  Dispersion,           // KHR_materials_dispersion
  DiffuseTransmission,  // KHR_materials_diffuse_transmission
  SpecularGlossiness,   // KHR_materials_pbrSpecularGlossiness (archived; in place of the core
                        // metallic-roughness model)
  Count
};

// "KHR_materials_ior" for MaterialExtension::Ior, ...
const char* materialExtensionName(MaterialExtension extension);

struct Material;
// The gpu::kLayer* bits of the extension objects `material` has: the layers mesh.frag computes
// for it.
uint32_t materialLayers(const Material& material);
// Whether `material` has extension object `e` and it is drawn: the specular, sheen, clearcoat,
// iridescence, anisotropy and diffuse transmission extensions each say they "must not be used
// on a material that also uses KHR_materials_pbrSpecularGlossiness"; on such a material they
// are ignored (the loader warns) and the specular-glossiness model is drawn.
bool materialExtensionDrawn(const Material& material, MaterialExtension e);
// Those extensions.
bool excludedBySpecularGlossiness(MaterialExtension e);

struct Material {
  std::string name;
  AlphaMode alphaMode = AlphaMode::Opaque;
  bool doubleSided = false;
  bool unlit = false;
  uint32_t extensions = 0;  // bit set of MaterialExtension: which extension objects exist
  bool has(MaterialExtension e) const { return (extensions >> uint32_t(e)) & 1u; }
  // Texture per slot (gpu::kSlot*, the extensions' slots included): index into
  // Scene::textures, -1 when absent.
  std::array<int, gpu::kMaterialTextureCount> textures = noTextures();

  static constexpr std::array<int, gpu::kMaterialTextureCount> noTextures() {
    std::array<int, gpu::kMaterialTextureCount> t{};
    for (int& i : t) i = -1;
    return t;
  }
};

struct SceneRoots {
  std::string name;
  std::vector<int> nodes;
};

struct Scene {
  std::string path;        // the file it was loaded from
  LineVector<Node> nodes;  // memory.h: the frame writes one value per 256-byte node
  std::vector<Mesh> meshes;
  std::vector<Skin> skins;
  std::vector<Camera> cameras;
  std::vector<Material> materials;
  // Packed material array, one entry per material plus, last, the spec's default material
  // (index materials.size()) used by primitives with material -1.
  LineVector<gpu::MaterialData> materialData;
  // The extension factors, packed the same way (one per material, the default material last).
  std::vector<gpu::MaterialExtensionData> materialExtensionData;
  std::vector<Light> lights;  // KHR_lights_punctual
  // KHR_materials_variants: the names of the root extension's variants, in their order (what
  // Primitive::variantMaterials and materialFor() index). Empty without the extension.
  std::vector<std::string> variants;
  std::vector<Texture> textures;
  std::vector<Sampler> samplers;
  std::vector<Image> images;
  std::vector<SceneRoots> scenes;
  int activeScene = 0;  // the default scene, or 0; when the file has no scenes, one synthesized
                        // scene holding every root node

  // World matrix per node, kept current by updateWorldTransforms(). Each on a cache line of
  // its own (malloc's 16-byte alignment put every matrix across two lines).
  WorldMatrices world;

  // Values under `extras` that a JSON pointer resolved (object_model.h), one entry per
  // number, boolean or array of numbers: floats, booleans as 0/1. A deque of vectors so that
  // each entry stays where it is (slots keep pointers into it) and holds its array contiguous.
  std::deque<std::vector<float>> extrasValues;
  // The pointer of each resolved value (the number or the whole array) to its entry.
  std::unordered_map<std::string, uint32_t> extrasIndex;
  std::vector<MeshInstances> instancing;  // EXT_mesh_gpu_instancing, Node::instancing

  // KHR_xmp_json_ld packets and who references them; asset.generator and asset.copyright.
  XmpMetadata metadata;

  uint32_t defaultMaterialIndex() const { return uint32_t(materials.size()); }
};

// The nodes reachable from scene.scenes[sceneIndex]'s roots, depth first, each before its
// children, roots and children in their listed order (empty for an invalid sceneIndex).
// The renderer's draws and lights and the app's camera lookup all walk the scene this way.
std::vector<int> sceneNodesInOrder(const Scene& scene, int sceneIndex);

// The material variant `text` names: its index when `text` is one ("0", "1", ... below
// variants.size()), else the first variant of that name; -1 when none matches.
int findMaterialVariant(const Scene& scene, const std::string& text);

// Recomputes Scene::world for every node from the local transforms.
void updateWorldTransforms(Scene& scene);

// World-space bounds of the meshes reachable from scene.scenes[sceneIndex] (uses Scene::world):
// of their bounds' corners, or for skinned and morphed primitives of their deformed vertices
// (deform.h) in the current pose.
Bounds sceneBounds(const Scene& scene, int sceneIndex);
// KHR_gaussian_splatting: the union of the splats' 3-sigma ellipsoids (the ellipse kernel's
// cut-off) in mesh space. Along axis i a splat of rotation R and scales s reaches
// 3 sqrt(sum_j (R_ij s_j)^2) from its mean (the half-width of the ellipsoid's box).
Bounds splatBounds(const SplatCloud& cloud);
// The axis-aligned box of `box`'s eight corners moved by `m` (empty for an empty box).
Bounds transformedBox(const Bounds& box, const glm::mat4& m);

// The instance transforms node `n` draws its mesh with (MeshInstances::transforms): one
// identity for a node without EXT_mesh_gpu_instancing.
std::span<const glm::mat4> nodeInstances(const Scene& scene, int n);

// Extends `b` by the mesh node `n` as sceneBounds() counts it (nothing for a node without a
// mesh).
void extendByMeshNode(const Scene& scene, int n, Bounds& b);

// The material data of a material with every property at its spec default.
gpu::MaterialData defaultMaterialData();

// Every material extension factor at its extension's default (the values a material without
// those extensions renders with).
gpu::MaterialExtensionData defaultMaterialExtensionData();

}  // namespace vitrine::scene
