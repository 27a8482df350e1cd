// The shadow pass: a depth map per shadowed KHR_lights_punctual light, rendered before the
// frame's other passes when what it shows changed, and sampled by mesh.frag (shadows.glsl).
//
// Which lights: directional and spot lights that bring light (a hidden node's lights are dark),
// the gpu::kMaxShadowedLights strongest at the centre of the drawn scene's bounds (directional:
// the colour's luminance x intensity; spot and point: that over the squared distance), and the
// strongest point light; the others light unshadowed and DrawStats names how many.
// Their maps, one layer each of one depth image:
//   directional: an orthographic map around the bounding sphere of the scene's bounds (the
//     union of every pose seen since the scene was set, so an animation does not re-fit it
//     each frame), its window snapped to whole texels: it does not depend on the camera, so
//     nothing shimmers while the camera orbits. When the view needs them, cascades before it:
//     the layers no light takes (kMaxShadowedLights less the lights shadowed, shared out among
//     the directional ones from the strongest) split the view depths at which a perspective
//     camera can see the scene's sphere (the practical split scheme, the last part the whole
//     map's), each a map around the sphere holding its slice of the view's frustum, kept where
//     that sphere is at most half the scene's (a camera inside or close to a large scene; one
//     that sees the asset whole needs none) and where some of the bounds can lie in it. Stable
//     as the camera turns or orbits the scene's centre: the depths come from the eye's distance
//     to that centre, the sphere's radius from them and the field of view, rounded up to steps
//     of 2^(1/4), and its window is snapped to whole texels of its own size. The shader picks a
//     light's first layer whose view depth reaches the point's (FrameData::shadowParams w).
//   spot: a perspective map along the light's axis covering the outer cone, from the nearest
//     to the farthest point of that sphere (or to `range`).
//   point: a cube of six perspective maps (layers kMaxShadowedLights + face, faces +X, -X, +Y,
//     -Y, +Z, -Z), each a little wider than 90 degrees so that the filter's taps near a face's
//     edge stay inside it, out to the light's `range` (else the far side of that sphere).
// Casters, as the main pass draws them (mesh.vert, kShadowPass): the opaque and alpha-MASK
// triangle draws that are drawn (KHR_node_visibility-hidden and isolated nodes cast nothing),
// deformed by their skin and morph targets, every EXT_mesh_gpu_instancing instance; MASK
// materials cut their shadow out (shadow.frag). BLEND materials and materials with
// KHR_materials_transmission cast no shadow (the simplest defensible rule: light passes
// through what one sees through; a partial shadow would need coloured or stochastic maps),
// nor do points and lines.
// Two more maps, each in the corner of its own layer that its size needs:
//   the environment's key light (View::environmentShadow; layer kKeyShadowLayer): an
//     orthographic map like a directional light's, towards the key (scene/environment_key.h),
//     read like one, its resolution (kMinKeyMapSize to kKeyMapSize texels) chosen from the key's
//     angular size so that the filter's edge is the penumbra of an area light that wide (soft,
//     of one width rather than one growing with the distance to the occluder);
//   the ground's contact shadow (View::Ground::contactHeight; layer kContactShadowLayer): four
//     orthographic maps looking up from the ground's plane over its disc, depth 0 at the ground
//     to 1 at contactHeight, side by side along the layer's x (contactLevelOffset()), each half
//     as wide as the one before (the first contactSize texels). The ground (background.frag
//     contactOcclusion) reads map k at the ground point and on a ring around it of radius
//     r_k = contactHeight / 2^(3 - k) (1/8, 1/4, 1/2, 1 of it), each tap asking whether a
//     surface lies lower than r_k there: an ambient-occlusion term of the ground, what lies
//     within about 45 degrees of the zenith at four scales. The higher and the farther an
//     occluder, the coarser the map that sees it: dark and sharp under and right beside what
//     touches the ground, fading softly with the distance and with the height of the gap.
// Bias: slope-scaled depth bias in the pass (pipelines.cpp) and a normal offset of the receiver
// point (shadows.glsl); filtering: 2x2 bilinear comparisons half a texel around the point
// (percentage-closer filtering: a tent over 3x3 texels).
// The maps are re-rendered only when their input changed: the renderer's dirty flag (world
// matrices, morph weights, joints, lights, visibility, materials, a new scene or images), the
// chosen lights or their matrices, or the list of casters; then every layer is rendered. When
// only some layers' matrices changed (a camera move shifting the cascades), only those are. A
// still scene renders none, nor does a moving camera without cascades
// (DrawStats::shadowMapRenders). Every caster is drawn into every layer (no culling to a
// cascade's window).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include <volk.h>
#include <glm/glm.hpp>

#include "context.h"
#include "mesh_draws.h"
#include "pipelines.h"
#include "renderer_types.h"
#include "resources.h"
#include "scene.h"
#include "scene_gpu.h"
#include "shared_types.h"

namespace vitrine::renderer {

// Which lights cast shadows this frame, and through which matrices.
struct ShadowPlan {
  uint32_t count = 0;     // directional and spot layers used, 0..kMaxShadowedLights
  uint32_t cascades = 0;  // directional layers besides each light's whole-scene map
  std::array<uint32_t, gpu::kMaxShadowedLights> light{};  // LightData index per layer
  // Per layer: the directional and spot ones, then the point light's six faces.
  std::array<glm::mat4, gpu::kShadowLayers> viewProj{};
  std::array<glm::vec4, gpu::kMaxShadowedLights> params{};  // FrameData::shadowParams
  int point = -1;           // the LightData index of the shadowed point light, -1 none
  float pointTexel = 0.0f;  // FrameData::shadowPoint.y
  // Directional and spot lights shadowed (a layer each, besides the cascades), and with the
  // point light.
  uint32_t lights() const { return count - cascades; }
  uint32_t shadowed() const { return lights() + (point >= 0 ? 1u : 0u); }
  // The key light's and the contact shadow's maps: used or not, their side in texels (the
  // contact's first map's), and FrameData::keyLight, keyShadow and contactShadow (viewProj
  // holds their matrices).
  bool key = false;
  bool contact = false;
  uint32_t keySize = 0;
  uint32_t contactSize = 0;
  glm::vec4 keyLight{0.0f};
  glm::vec4 keyShadow{0.0f};
  glm::vec4 contactShadow{0.0f};
  // A drawn material has KHR_materials_diffuse_transmission and a light is shadowed: each light
  // layer k also gets its map without those casters in layer gpu::kShadowLayers + k
  // (FrameData::shadowPoint.z), which that material's light from behind reads.
  bool through = false;
  // Any layer to render and read.
  bool any() const { return shadowed() > 0 || key || contact; }
  // Directional and spot lights that bring light (shadowed or not: the limit's candidates),
  // and point lights that bring light (one shadowed at most).
  uint32_t candidates = 0;
  uint32_t pointLights = 0;
  bool operator==(const ShadowPlan&) const = default;
};

// Chooses the shadowed lights among `lights` (world space) and their maps' matrices for a
// scene within `bounds`, maps of `size` texels square, the directional lights' cascades for
// `view` (its view and projection). No lights when `bounds` is empty.
ShadowPlan planShadows(const std::vector<gpu::LightData>& lights, const scene::Bounds& bounds,
                       uint32_t size, const View& view);

// The key light's map's side in texels (at most the layer's), and the contact shadow's first
// (finest) map's.
inline constexpr uint32_t kMinKeyMapSize = 128;
inline constexpr uint32_t kKeyMapSize = 512;
inline constexpr uint32_t kMinContactMapSize = 32;
inline constexpr uint32_t kContactMapSize = 512;
inline constexpr uint32_t kContactLevels = 4;
// The layers' side when only the key light's map and the contact shadow's strip use them (the
// strip of a kContactMapSize first map is 968 texels wide).
inline constexpr uint32_t kKeyAndContactLayerSize = 1024;
// Where contact map `level` (0..3) starts along the layer's x, in texels, for a first map of
// `size` texels: after the maps before it, two texels apart (never written: depth 1, lit), so
// that a tap at one map's edge does not read the next. background.frag computes the same.
constexpr uint32_t contactLevelOffset(uint32_t size, uint32_t level) {
  uint32_t x = 0;
  for (uint32_t k = 0; k < level; ++k) x += (size >> k) + 2;
  return x;
}

// Adds the environment key light's map to `plan`: `towards` the unit world direction to the
// key, `irradiance` its irradiance facing it (FrameData::keyLight.w), its softness from
// `angularRadius` (radians); fitted to `bounds` (for the sphere's size) as a directional light,
// within layers of `size` texels. Nothing when `bounds` is empty.
void planKeyShadow(const glm::vec3& towards, float irradiance, float angularRadius,
                   const scene::Bounds& bounds, uint32_t size, ShadowPlan& plan);
// Adds the ground's contact maps to `plan` (View::Ground: its disc, up to contactHeight), within
// layers of `size` texels: the first map's texels such that every level's ring (above) is
// about 1.5 of its texels wide, kMinContactMapSize to kContactMapSize and the four within the
// layer.
// Nothing when contactHeight or the radius is not positive.
void planContactShadow(const View::Ground& ground, uint32_t size, ShadowPlan& plan);

struct ShadowMaps {
  // gpu::kShadowLayers layers, and gpu::kThroughShadowLayers more when `through` (depth.view:
  // the 2D array shaders sample), in SHADER_READ_ONLY_OPTIMAL between frames; a view per layer
  // to render into.
  Image depth;
  std::array<VkImageView, gpu::kShadowLayers + gpu::kThroughShadowLayers> layerViews{};
  bool through = false;
  VkSampler sampler = VK_NULL_HANDLE;  // comparison LESS_OR_EQUAL, border depth 1 (lit)
  uint32_t size = 0;
  VkFormat format = VK_FORMAT_UNDEFINED;
  bool linear = false;  // the format filters linearly: each comparison tap is 2x2
  // This frame's plan (set before the frame data is written) and what the maps hold.
  ShadowPlan plan;
  ShadowPlan rendered;
  uint64_t renderedCasters = 0;  // a hash of the caster draws the maps were rendered with
  bool dirty = true;             // a caster or light changed since they were rendered
  bool valid = false;            // they hold `rendered`
};

// Creates the maps (`size` texels square; depth format chosen and put in
// pipelines.shadowFormat), cleared to 1 and left in SHADER_READ_ONLY_OPTIMAL, so that set 0's
// binding 10 is valid whether or not a frame renders them. Load-time: waits for the GPU. The
// renderer creates them 1x1 and resizes them (resizeShadowMaps) the first time a frame uses a
// layer: to kKeyAndContactLayerSize for the key light's and the contact shadow's maps alone, to
// Options::shadowMapSize once a light is shadowed; a renderer that never uses one pays nothing.
void createShadowMaps(const Context& ctx, Pipelines& pipelines, uint32_t size, ShadowMaps& maps);
// Replaces the image, views and sampler with ones `size` texels square, with the through layers
// when maps.through (the caller waited for the GPU and rewrites every set's binding 10); the
// maps must be rendered again.
void resizeShadowMaps(const Context& ctx, uint32_t size, ShadowMaps& maps);
void destroyShadowMaps(const Context& ctx, ShadowMaps& maps);
// Points set 0 binding 10 of each frame slot of `scene` at the maps.
void writeShadowBinding(const Context& ctx, const ShadowMaps& maps, SceneGpu& scene);
// The same in other sets of the frame layout (the background pass's), so that no bound set 0
// has an unwritten sampler.
void writeShadowBinding(const Context& ctx, const ShadowMaps& maps,
                        std::span<const VkDescriptorSet> frameSets);

// FrameData's shadow fields from maps.plan.
void shadowFrameData(const ShadowMaps& maps, gpu::FrameData& data);

// Renders the layers of maps.plan when something they show changed (see above), from the
// casters among order.draws[0, order.opaque), and with plan.through each light layer's through
// layer from those without KHR_materials_diffuse_transmission; returns the layers rendered
// (0 when the maps were current; a light layer and its through layer count once). Outside any
// rendering; leaves the maps in SHADER_READ_ONLY_OPTIMAL, visible to fragment shaders.
uint32_t recordShadowMaps(VkCommandBuffer cmd, const Context& ctx, Pipelines& pipelines,
                          const SceneGpu& scene, uint32_t slot, const DrawOrder& order,
                          ShadowMaps& maps);

}  // namespace vitrine::renderer
