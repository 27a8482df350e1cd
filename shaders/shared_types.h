// GPU data layouts, one definition shared by C++ (scene/, renderer/) and GLSL (shaders/).
// Every member is a 16-byte vector or a mat4, so std140, std430 and C++ agree without padding;
// the static_asserts below pin the sizes on the C++ side.
#ifndef VITRINE_SHARED_TYPES_H
#define VITRINE_SHARED_TYPES_H

#ifdef __cplusplus
#include <cstdint>
#include <glm/glm.hpp>
namespace vitrine::gpu {
using vec4 = glm::vec4;
using mat4 = glm::mat4;
using uvec4 = glm::uvec4;
using uint = uint32_t;
#define VITRINE_GPU_CONST inline constexpr int
#define VITRINE_GPU_FUNCTION inline constexpr
#else
#define VITRINE_GPU_CONST const int
#define VITRINE_GPU_FUNCTION
#endif

// Texture slots of a material, in the order of MaterialData::textures[] and of the
// per-material descriptor set's bindings.
VITRINE_GPU_CONST kSlotBaseColor = 0;
VITRINE_GPU_CONST kSlotMetallicRoughness = 1;
VITRINE_GPU_CONST kSlotNormal = 2;
VITRINE_GPU_CONST kSlotOcclusion = 3;
VITRINE_GPU_CONST kSlotEmissive = 4;
VITRINE_GPU_CONST kTextureSlotCount = 5;
// The textureInfo properties of the material extensions continue the slots: bindings 5 to 20
// of the per-material set, their TextureRef in MaterialExtensionData::textures[slot - 5].
VITRINE_GPU_CONST kSlotSpecular = 5;               // KHR_materials_specular, A
VITRINE_GPU_CONST kSlotSpecularColor = 6;          // KHR_materials_specular, RGB sRGB
VITRINE_GPU_CONST kSlotSheenColor = 7;             // KHR_materials_sheen, RGB sRGB
VITRINE_GPU_CONST kSlotSheenRoughness = 8;         // KHR_materials_sheen, A
VITRINE_GPU_CONST kSlotClearcoat = 9;              // KHR_materials_clearcoat, R
VITRINE_GPU_CONST kSlotClearcoatRoughness = 10;    // KHR_materials_clearcoat, G
VITRINE_GPU_CONST kSlotClearcoatNormal = 11;       // KHR_materials_clearcoat, RGB
VITRINE_GPU_CONST kSlotTransmission = 12;          // KHR_materials_transmission, R
VITRINE_GPU_CONST kSlotThickness = 13;             // KHR_materials_volume, G
VITRINE_GPU_CONST kSlotIridescence = 14;           // KHR_materials_iridescence, R
VITRINE_GPU_CONST kSlotIridescenceThickness = 15;  // KHR_materials_iridescence, G
VITRINE_GPU_CONST kSlotAnisotropy = 16;            // KHR_materials_anisotropy, RGB
VITRINE_GPU_CONST kSlotDiffuseTransmission = 17;   // KHR_materials_diffuse_transmission, A
VITRINE_GPU_CONST kSlotDiffuseTransmissionColor =
    18;  // KHR_materials_diffuse_transmission, RGB sRGB
// KHR_materials_pbrSpecularGlossiness: diffuseTexture (RGB sRGB, A linear alpha) and
// specularGlossinessTexture (RGB sRGB specular, A linear glossiness). An sRGB view decodes the
// colour and leaves alpha linear, which is what both say.
VITRINE_GPU_CONST kSlotDiffuse = 19;
VITRINE_GPU_CONST kSlotSpecularGlossiness = 20;
VITRINE_GPU_CONST kMaterialTextureCount = 21;
VITRINE_GPU_CONST kExtensionTextureCount = kMaterialTextureCount - kTextureSlotCount;

// Whether slot `slot` holds colour (sRGB-encoded, decoded before filtering) rather than data.
VITRINE_GPU_FUNCTION bool isColorSlot(int slot) {
  return slot == kSlotBaseColor || slot == kSlotEmissive || slot == kSlotSpecularColor ||
         slot == kSlotSheenColor || slot == kSlotDiffuseTransmissionColor || slot == kSlotDiffuse ||
         slot == kSlotSpecularGlossiness;
}

// The material layers mesh.frag computes, as bits of its kLayers specialization constant: one
// per material extension whose extension object the material has (scene::MaterialExtension).
// A material without any reads no MaterialExtensionData and shades exactly as before.
VITRINE_GPU_CONST kLayerIor = 1;
VITRINE_GPU_CONST kLayerSpecular = 2;
VITRINE_GPU_CONST kLayerSheen = 4;
VITRINE_GPU_CONST kLayerClearcoat = 8;
VITRINE_GPU_CONST kLayerTransmission = 16;
VITRINE_GPU_CONST kLayerVolume = 32;
VITRINE_GPU_CONST kLayerIridescence = 64;
VITRINE_GPU_CONST kLayerAnisotropy = 128;
VITRINE_GPU_CONST kLayerDispersion = 256;
VITRINE_GPU_CONST kLayerDiffuseTransmission = 512;
// KHR_materials_pbrSpecularGlossiness: diffuse, specular and glossiness in place of the base
// colour, metalness and roughness (and of the ior and specular layers' F0).
VITRINE_GPU_CONST kLayerSpecularGlossiness = 1024;
VITRINE_GPU_CONST kLayerAll = 2047;

VITRINE_GPU_CONST kAlphaOpaque = 0;
VITRINE_GPU_CONST kAlphaMask = 1;
VITRINE_GPU_CONST kAlphaBlend = 2;

// LightData::position.w: KHR_lights_punctual light types.
VITRINE_GPU_CONST kLightDirectional = 0;
VITRINE_GPU_CONST kLightPoint = 1;
VITRINE_GPU_CONST kLightSpot = 2;

// Shadow maps (renderer/passes/pass_shadows.h): at most this many directional and spot lights cast
// shadows, one depth layer each (FrameData::shadowViewProj, shadowLights), and one point light,
// its six cube faces in the layers after them (FrameData::shadowPoint); the rest light
// unshadowed. Two more layers: the environment's key light (FrameData::keyLight, an orthographic
// map like a directional light's) and the ground's contact shadow (FrameData::contactShadow, an
// orthographic maps looking up from the ground). Those use only the part of their layer their
// size needs.
VITRINE_GPU_CONST kMaxShadowedLights = 4;
VITRINE_GPU_CONST kKeyShadowLayer = kMaxShadowedLights + 6;
VITRINE_GPU_CONST kContactShadowLayer = kMaxShadowedLights + 7;
VITRINE_GPU_CONST kShadowLayers = kMaxShadowedLights + 8;
// Light through a surface (KHR_materials_diffuse_transmission): when a drawn material has it,
// the image has kThroughShadowLayers more layers after those, layer kShadowLayers + k holding
// light layer k's map (k < kMaxShadowedLights + 6: the directional and spot lights' and the
// point light's faces, through the same matrix) drawn without the casters whose material has
// it (FrameData::shadowPoint.z 1). The light a surface transmits from behind is looked up
// there (shadows.glsl shadowFactor), so that such a surface does not shadow the light that
// passes through it, while every other caster does.
VITRINE_GPU_CONST kThroughShadowLayers = kMaxShadowedLights + 6;

// FrameData::shading.y: the tone mapping operator.
VITRINE_GPU_CONST kTonemapNeutral = 0;  // Khronos PBR Neutral
VITRINE_GPU_CONST kTonemapAces = 1;     // ACES filmic
VITRINE_GPU_CONST kTonemapAgx = 2;      // AgX
VITRINE_GPU_CONST kTonemapNone = 3;     // linear, clamped to [0, 1]
// Not a view's choice: the transmission pass's linear radiance (no exposure, no clamp to 1).
VITRINE_GPU_CONST kTonemapLinear = 4;

// The splats' tile rasterizer (shaders/splat_tiles.comp, splat/splat_tiles.h): square tiles
// of this many pixels a side, one workgroup each.
VITRINE_GPU_CONST kSplatTileSize = 8;

// Material channel views (issue 22): what mesh.frag writes in place of the shaded colour, as
// its kChannel specialization constant (renderer/passes/channels.h names them; channels.glsl
// defines each). No lighting, tone mapping or exposure. Colour channels are written sRGB-encoded
// from their linear value, scalars linearly as grey (round(255 v)), vectors linearly as (v + 1) /
// 2, texture coordinates as (u, v, 0) clamped to 0..1.
VITRINE_GPU_CONST kChannelShaded = 0;  // the finished picture
VITRINE_GPU_CONST kChannelBaseColor = 1;
VITRINE_GPU_CONST kChannelEmissive = 2;
VITRINE_GPU_CONST kChannelSheenColor = 3;
VITRINE_GPU_CONST kChannelSpecularColor = 4;
VITRINE_GPU_CONST kChannelDiffuseTransmissionColor = 5;
VITRINE_GPU_CONST kChannelAlpha = 6;  // first scalar channel
VITRINE_GPU_CONST kChannelMetallic = 7;
VITRINE_GPU_CONST kChannelRoughness = 8;
VITRINE_GPU_CONST kChannelOcclusion = 9;
VITRINE_GPU_CONST kChannelClearcoat = 10;
VITRINE_GPU_CONST kChannelClearcoatRoughness = 11;
VITRINE_GPU_CONST kChannelSheenRoughness = 12;
VITRINE_GPU_CONST kChannelSpecular = 13;
VITRINE_GPU_CONST kChannelTransmission = 14;
VITRINE_GPU_CONST kChannelThickness = 15;
VITRINE_GPU_CONST kChannelIridescence = 16;
VITRINE_GPU_CONST kChannelIridescenceThickness = 17;
VITRINE_GPU_CONST kChannelAnisotropy = 18;
VITRINE_GPU_CONST kChannelDiffuseTransmission = 19;
VITRINE_GPU_CONST kChannelNormal = 20;  // first vector channel
VITRINE_GPU_CONST kChannelGeometryNormal = 21;
VITRINE_GPU_CONST kChannelTangent = 22;
VITRINE_GPU_CONST kChannelBitangent = 23;
VITRINE_GPU_CONST kChannelNormalTexture = 24;
VITRINE_GPU_CONST kChannelClearcoatNormal = 25;
VITRINE_GPU_CONST kChannelUv0 = 26;        // kChannelUv0 + n: TEXCOORD_n, n < kTexcoordSetCount
VITRINE_GPU_CONST kChannelUvChecker = 34;  // a checker through FrameData::shading.w's set
VITRINE_GPU_CONST kChannelCount = 35;

// The wireframe overlay's colour (linear RGB; sRGB-encoded (255, 110, 0)).
#ifdef __cplusplus
inline constexpr glm::vec3 kWireframeColor(1.0f, 0.155f, 0.0f);
#else
const vec3 kWireframeColor = vec3(1.0, 0.155, 0.0);
#endif

// FrameData::background.w: what pixels no geometry covers show.
VITRINE_GPU_CONST kBackgroundColor = 0;        // background.rgb
VITRINE_GPU_CONST kBackgroundEnvironment = 1;  // the environment, at lod environment.w

// Texture coordinate sets a primitive may have: TEXCOORD_0 to TEXCOORD_7 (Blender's limit of 8
// UV maps). Sets 0 and 1 are vertex streams; sets 2 to 7 are read by mesh.vert from a storage
// buffer (set 0 binding 9, vec2) when its kTexcoordSets specialization says the draw's
// primitive has them: bit n - 2 for TEXCOORD_n, the present sets of vertex v at
// DrawConstants::texcoordOffset + v * bitCount(kTexcoordSets) + (the present sets below n).
VITRINE_GPU_CONST kTexcoordSetCount = 8;

// A texture reference with its KHR_texture_transform, two vec4s:
//   uvTransform = (offset.x, offset.y, scale.x, scale.y)
//   info        = (rotation, texCoord set 0..kTexcoordSetCount-1 or -1 when the slot has no
//                  texture, 0, 0)
struct TextureRef {
  vec4 uvTransform;
  vec4 info;
};

// One entry of the packed material array (a storage buffer indexed per draw).
// Each member is a byte range the animation engine can mark dirty.
struct MaterialData {
  vec4 baseColorFactor;  // linear RGBA
  vec4 emissive;         // xyz emissiveFactor, w KHR_materials_emissive_strength
  vec4 params;  // x metallicFactor, y roughnessFactor, z normalTexture.scale, w occlusion strength
  vec4 alpha;   // x alphaMode (kAlpha*), y alphaCutoff, z doubleSided (0/1), w unlit (0/1)
  TextureRef textures[kTextureSlotCount];
};

// The factors of the PBR material extensions, one entry per material (plus the default
// material, last) like MaterialData. Each value holds its extension's default when the
// extension object is absent; Material::extensions tells which objects are present.
struct MaterialExtensionData {
  vec4 specular;     // xyz KHR_materials_specular specularColorFactor, w specularFactor
  vec4 sheen;        // xyz KHR_materials_sheen sheenColorFactor, w sheenRoughnessFactor
  vec4 attenuation;  // xyz KHR_materials_volume attenuationColor, w attenuationDistance (+inf)
  // xyz KHR_materials_diffuse_transmission diffuseTransmissionColorFactor,
  // w diffuseTransmissionFactor
  vec4 diffuseTransmission;
  // x KHR_materials_ior ior, y KHR_materials_transmission transmissionFactor,
  // z KHR_materials_volume thicknessFactor, w KHR_materials_dispersion dispersion
  vec4 refraction;
  // KHR_materials_clearcoat: x clearcoatFactor, y clearcoatRoughnessFactor,
  // z clearcoatNormalTexture.scale, w unused (0)
  vec4 clearcoat;
  // KHR_materials_iridescence: x iridescenceFactor, y iridescenceIor,
  // z iridescenceThicknessMinimum, w iridescenceThicknessMaximum
  vec4 iridescence;
  // KHR_materials_anisotropy: x anisotropyStrength, y anisotropyRotation, zw unused (0)
  vec4 anisotropy;
  // KHR_materials_pbrSpecularGlossiness: diffuseFactor (linear RGBA), and xyz specularFactor,
  // w glossinessFactor.
  vec4 diffuse;
  vec4 specularGlossiness;
  // The extension textures with their KHR_texture_transform, slot kSlotSpecular + i at i
  // (info.y -1 when the material has no texture there).
  TextureRef textures[kExtensionTextureCount];
};

// Per-node data, indexed per draw.
struct NodeData {
  mat4 world;   // node world matrix
  mat4 normal;  // inverse transpose of world (upper 3x3 used)
};

// One KHR_lights_punctual light placed by a node (a light used by two nodes is two entries),
// in world space. Set 0 binding 3, FrameData::shading.z entries.
struct LightData {
  vec4 position;   // xyz world position (point, spot), w type (kLight*)
  vec4 direction;  // xyz unit world direction the light shines along (node's -Z), w range
                   // (0 = infinite)
  vec4 color;      // xyz colour * intensity (linear; lux or candela), w unused (0)
  // x angle scale = 1 / max(0.001, cos(inner) - cos(outer)), y angle offset = -cos(outer) *
  // scale (spot only; KHR_lights_punctual's recommended cone attenuation), zw unused (0)
  vec4 cone;
};

// Per-frame data.
struct FrameData {
  mat4 view;
  mat4 proj;             // Vulkan clip space (y down, depth 0..1)
  mat4 inverseViewProj;  // inverse(proj * view): clip space to world (background rays)
  // Perspective: xyz camera position in world space, w 1. Orthographic: xyz the unit direction
  // towards the camera (its +Z axis in world space), w 0: every view ray is parallel.
  vec4 eye;
  // x exposure scale (2^EV, applied before tone mapping), y tone mapping (kTonemap*),
  // z count of LightData entries, w the texture coordinate set of kChannelUvChecker (0..7)
  vec4 shading;
  // x image-based light intensity (0 when there is no environment), y environment rotation
  // about +Y in radians (a world direction d samples the environment at R_y(-y) d),
  // z highest lod of the prefiltered specular cube (roughness 1), w background lod (blur)
  vec4 environment;
  vec4 background;  // rgb solid colour (linear), w kBackground*
  // Shadow maps (pass_shadows.h, shadows.glsl): layer k's world-to-clip matrix (Vulkan clip
  // space), shadowLights[k] the LightData index it shadows (-1: unused layer), shadowParams[k]
  // x the world size of one texel (directional) or of one texel at unit distance (spot),
  // y 1 for a perspective (spot) map, 0 orthographic, z 1 / map size, w the farthest view depth
  // (-(view p).z) the layer serves: a directional light's cascades come first, nearest first,
  // then its map of the whole scene and a spot light's, which serve every depth (FLT_MAX).
  // Layers kMaxShadowedLights + f: the cube faces +X, -X, +Y, -Y, +Z, -Z (f = 0..5) of the
  // point light shadowPoint.x (-1: none); shadowPoint y the world size of a face texel at unit
  // distance, z 1 when the through layers (kThroughShadowLayers) hold this frame's maps, w 1 /
  // map size.
  mat4 shadowViewProj[kShadowLayers];
  vec4 shadowLights;
  vec4 shadowParams[kMaxShadowedLights];
  vec4 shadowPoint;
  // The environment's key light (scene/environment_key.h; layer kKeyShadowLayer): xyz the unit
  // world direction towards it, w its irradiance (luminance, per unit environment intensity) on
  // a surface facing it; w 0: no key shadow this frame. keyShadow x the world size of one texel
  // of its map, y 1 / layer size (a texel in the layer's texture coordinates), z the share of
  // the layer's side the map uses, w unused.
  vec4 keyLight;
  vec4 keyShadow;
  // The ground's contact shadow (layer kContactShadowLayer, pass_shadows.h): x the height above
  // the ground it reaches (world; 0: none this frame), y the side in texels of its first map,
  // z the radius of the ground's disc the maps span (world), w 1 / layer size.
  vec4 contactShadow;
};

// The image-based light's diffuse part: irradiance as 9 spherical-harmonic coefficients (bands
// 0-2, rgb), already convolved with the clamped cosine, so that irradiance(n) / pi is the
// diffuse radiance scale (Ramamoorthi & Hanrahan 2001). Set 2 binding 2 (uniform buffer).
struct EnvironmentData {
  vec4 sh[9];  // rgb coefficient, w unused (0)
};

// Morph target attributes (glTF 2.0 §3.7.2.2), as bits of the vertex shader's kMorph
// specialization constant. The displacements of a morphed primitive lie in the target data
// buffer (set 0 binding 5, floats) vertex after vertex, target after target within a vertex:
// the floats of target t of the primitive's vertex v start at
//   DrawConstants::targetOffset + (v * targetCount + t) * morphStride(kMorph)
// and hold, in this order, the attributes whose bit is set: position xyz, normal xyz, tangent
// xyz, texcoord 0 uv, texcoord 1 uv, colour rgba. A target without one of them holds zeros.
VITRINE_GPU_CONST kMorphPosition = 1;
VITRINE_GPU_CONST kMorphNormal = 2;
VITRINE_GPU_CONST kMorphTangent = 4;
VITRINE_GPU_CONST kMorphTexcoord0 = 8;
VITRINE_GPU_CONST kMorphTexcoord1 = 16;
VITRINE_GPU_CONST kMorphColor = 32;
VITRINE_GPU_CONST kMorphAll = 63;

// Floats attribute `bit` (one kMorph* bit) takes in a target of a vertex.
VITRINE_GPU_FUNCTION uint morphFloats(uint bit) {
  return bit == uint(kMorphColor) ? 4u : bit >= uint(kMorphTexcoord0) ? 2u : 3u;
}
// Where attribute `bit` starts among the floats of one target of a vertex, for the attribute
// bits `mask`; morphOffset(mask, 64) is the floats of one target of a vertex.
VITRINE_GPU_FUNCTION uint morphOffset(uint mask, uint bit) {
  uint offset = 0u;
  for (uint b = 1u; b < bit; b <<= 1u) {
    if ((mask & b) != 0u) offset += morphFloats(b);
  }
  return offset;
}

// One skinning influence set of one vertex (glTF 2.0 §3.7.3 JOINTS_n / WEIGHTS_n): four joints,
// indices into the skin's joint matrices, and their weights. Set 0 binding 7; vertex v of a
// draw has sets DrawConstants::influenceOffset + v * influenceSets + s.
struct SkinInfluence {
  uvec4 joints;
  vec4 weights;
};

// Push constants of one draw: which NodeData and which MaterialData it uses, and where its
// skinning and morphing data are. 32-bit scalars (the one exception to the vec4/mat4 rule),
// consecutive at 4-byte offsets in C++ and GLSL alike.
struct DrawConstants {
  uint node;
  uint material;
  // gl_VertexIndex - firstVertex is the vertex's index in its primitive (the draw's
  // vertexOffset), which indexes the per-vertex data below.
  uint firstVertex;
  // Skinned draws: the node's skin's first joint matrix (set 0 binding 6, one mat4 per joint
  // of every skin: world(joint) * inverseBindMatrix), the primitive's first SkinInfluence and
  // its sets per vertex.
  uint jointOffset;
  uint influenceOffset;
  uint influenceSets;
  // Morphed draws: the primitive's first float of target data, its number of targets, and the
  // node's first morph weight (set 0 binding 4: the MorphWeights region, one float a weight).
  uint targetOffset;
  uint targetCount;
  uint weightOffset;
  // Draws whose primitive has TEXCOORD_2..7 (kTexcoordSetCount): its first vec2 in set 0
  // binding 9.
  uint texcoordOffset;
  // The shadow pass (mesh.vert's kShadowPass): the FrameData::shadowViewProj layer drawn into.
  uint shadowLayer;
};

#ifdef __cplusplus
static_assert(sizeof(DrawConstants) == 11 * 4);
static_assert(kChannelUvChecker == kChannelUv0 + kTexcoordSetCount);
static_assert(sizeof(SkinInfluence) == 32);
static_assert(morphOffset(kMorphAll, kMorphTangent) == 6 && morphOffset(kMorphAll, 64) == 17);
static_assert(sizeof(TextureRef) == 32);
static_assert(sizeof(MaterialData) == 64 + kTextureSlotCount * 32);
static_assert(sizeof(MaterialExtensionData) == 10 * 16 + kExtensionTextureCount * 32);
static_assert(sizeof(NodeData) == 128);
static_assert(sizeof(LightData) == 64);
static_assert(sizeof(FrameData) ==
              3 * 64 + 4 * 16 + kShadowLayers * 64 + 16 + kMaxShadowedLights * 16 + 16 + 3 * 16);
static_assert(kMaxShadowedLights == 4);  // FrameData::shadowLights is one vec4
static_assert(sizeof(EnvironmentData) == 9 * 16);
}  // namespace vitrine::gpu
#endif
#undef VITRINE_GPU_CONST
#undef VITRINE_GPU_FUNCTION
#endif
