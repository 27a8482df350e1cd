// Descriptor set layouts, the pipeline layout, the mesh shaders and the graphics pipelines,
// created on first use per (colour format, shader features, topology, alpha, sidedness,
// winding).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include <volk.h>

#include "context.h"
#include "scene.h"

namespace vitrine::renderer {

// Set 0, per frame in flight: FrameData uniform buffer (binding 0), NodeData storage buffer
// (binding 1), MaterialData storage buffer (binding 2), LightData storage buffer (binding 3),
// and for skinning and morphing, read by the vertex stage: morph weights (binding 4, floats),
// morph target data (binding 5, floats), joint matrices (binding 6, mat4), skin influences
// (binding 7, gpu::SkinInfluence); see gpu::DrawConstants for how a draw finds its part;
// MaterialExtensionData storage buffer (binding 8, fragment); texture coordinate sets 2 to 7
// (binding 9, vec2, vertex stage; layout: gpu::kTexcoordSetCount); the shadow maps (binding 10,
// sampler2DArrayShadow, fragment; pass_shadows.h).
// Set 1, per material: one combined image sampler per texture slot, the extensions' included
// (gpu::kMaterialTextureCount bindings in gpu::kSlot* order). Set 2, the environment: prefiltered
// specular cube (binding 0, samplerCube, lod = roughness * FrameData::environment.z), BRDF lookup
// table (binding 1, sampler2D: x = N.V, y = roughness, rg = scale and bias of F0),
// gpu::EnvironmentData (binding 2, uniform). Set 3, the transmission pass's texture
// (pass_transmission.h; binding 0, sampler2D with mips), read only by the pipelines of materials
// with KHR_materials_transmission (their fragment module is mesh.frag built with
// VITRINE_TRANSMISSION), so it is bound only in frames that draw one. Push constants:
// gpu::DrawConstants for the vertex and fragment stages.
struct PipelineLayouts {
  VkDescriptorSetLayout frame = VK_NULL_HANDLE;
  VkDescriptorSetLayout material = VK_NULL_HANDLE;
  VkDescriptorSetLayout environment = VK_NULL_HANDLE;
  VkDescriptorSetLayout transmission = VK_NULL_HANDLE;
  VkPipelineLayout layout = VK_NULL_HANDLE;
};

// Bits of PipelineKey::features: what mesh.frag (and mesh.vert) are specialized for. lavapipe (Mesa
// 22) runs both sides of every branch under a lane mask, so work a runtime test on uniform data
// skips still costs its full price there (a texture fetch per absent slot, the lighting of an unlit
// material); specialization constants remove that work when the pipeline is compiled.
enum ShaderFeature : uint32_t {
  kFeatureTextureSlots = 0x1f,  // bit gpu::kSlot*: the material has a texture in that slot
  kFeatureUnlit = 1u << 5,      // KHR_materials_unlit
  kFeatureNoNormals = 1u << 6,  // points or lines without NORMAL: base colour + emission
  kFeatureLights = 1u << 7,     // the scene has punctual lights
  kFeatureTonemapShift = 8,     // bits 8-9: the gpu::kTonemap* operator of the view
  // mesh.vert: bits 10-15 the gpu::kMorph* attributes the draw's morph targets displace.
  kFeatureMorphShift = 10,
  kFeatureSkin = 1u << 16,  // mesh.vert: the draw is skinned
  // mesh.frag: flat normals of the deformed triangle (a skinned or morphed triangle primitive
  // without NORMAL).
  kFeatureFlatNormals = 1u << 17,
  // mesh.frag writes linear radiance, neither exposed nor tone mapped (gpu::kTonemapLinear):
  // the transmission pass, whose texture transmissive surfaces add to their own light.
  kFeatureLinearOutput = 1u << 18,
  // mesh.vert and mesh.frag (their kTexcoordSets): bits 19-25, set only when the draw's
  // material samples a texCoord set beyond 1: then bit 25, and bit 19 + n - 2 for each
  // TEXCOORD_n (2..7) the primitive has, which mesh.vert reads from set 0 binding 9 and
  // mesh.frag interpolates. A set the material names and the primitive lacks reads as zero,
  // like an absent TEXCOORD_1. All zero otherwise: the shaders as they were with two sets.
  kFeatureTexcoordShift = 19,
  kFeatureExtraTexcoords = 1u << 25,
  // mesh.vert: the draw is EXT_mesh_gpu_instancing-instanced (its kInstanced): each instance's
  // transform, from set 0 binding 6 after the joint matrices, before the node's world matrix or
  // the skin's.
  kFeatureInstanced = 1u << 26,
  // mesh.frag (its kShadows, shadows.glsl reading the shadow maps of set 0 binding 10): some
  // directional or spot light is shadowed; the point light is (its cube's face selection); the
  // environment's key light is. Each only when used: on lavapipe a lookup costs its price in
  // every fragment once compiled in, whether a runtime test skips it or not.
  kFeatureShadows = 1u << 27,
  kFeaturePointShadow = 1u << 29,
  kFeatureKeyShadow = 1u << 30,
  // With kFeatureShadows: layer 0 is the only directional or spot layer (one light, no
  // cascade) and no point light is shadowed, so that mesh.frag reads it without searching the
  // layers (on lavapipe the search, and a layer chosen per fragment, cost a third of the
  // lookup).
  kFeatureSingleShadowLayer = 1u << 31,
  // shadow.frag (its kMask): the shadow pass's draw has an alpha-MASK material.
  kFeatureShadowMask = 1u << 28,
};
inline constexpr uint32_t kFeatureTexcoordSets = 0x7fu << kFeatureTexcoordShift;

struct PipelineKey {
  VkFormat colorFormat = VK_FORMAT_UNDEFINED;
  // The pass's sample count: ctx.samples for the main pass, one for the transmission pass.
  VkSampleCountFlagBits samples = VK_SAMPLE_COUNT_1_BIT;
  uint32_t features = 0;  // ShaderFeature bits
  // mesh.frag's material layers: bit i the texture slot gpu::kTextureSlotCount + i
  // (extension textures), and the gpu::kLayer* bits of the material.
  uint32_t extensionSlots = 0;
  uint32_t layers = 0;
  scene::Topology topology = scene::Topology::Triangles;
  bool blend = false;           // BLEND: premultiplied alpha, depth test without write
  bool doubleSided = false;     // cull none, else cull back faces
  bool frontClockwise = false;  // a node whose world matrix has a negative determinant
  // A material channel view (gpu::kChannel*: mesh.frag's kChannel), and then the primitive's
  // texture coordinate sets (bit n: TEXCOORD_n, its kPrimitiveTexcoords); both 0 in the shaded
  // view.
  uint32_t channel = 0;
  uint32_t channelTexcoords = 0;
  // The wireframe overlay's pipeline of this draw (pass_overlays.h): wireframe.frag, triangles
  // as their edges (polygon mode LINE, no culling, pulled towards the eye by a depth bias),
  // lines and points as they are; depth tested, not written. Only the topology, the sample
  // count, the colour format and mesh.vert's features (skin, morph) matter then.
  bool wireframe = false;
  // The overlays' lines (lines.vert, lines.frag; pass_overlays.h): gpu::LineVertex input, a
  // line list, not depth written; depth tested unless `onTop`. Only the colour format and
  // sample count matter besides.
  bool lines = false;
  bool onTop = false;
  // The shadow pass's pipeline of this draw (pass_shadows.h): mesh.vert with kShadowPass (its
  // skin, morph and instancing features as drawn), shadow.frag (cutting alpha-MASK materials
  // out: kFeatureShadowMask), depth only in Pipelines::shadowFormat, no culling, slope-scaled
  // depth bias. The colour format and sample count are not used.
  bool shadow = false;
};

struct Pipelines {
  PipelineLayouts layouts;
  VkShaderModule vertex = VK_NULL_HANDLE;
  VkShaderModule fragment = VK_NULL_HANDLE;
  // mesh.frag with the transmission pass's texture (set 3): materials with the
  // KHR_materials_transmission layer.
  VkShaderModule fragmentTransmission = VK_NULL_HANDLE;
  VkShaderModule wireframe = VK_NULL_HANDLE;                                    // wireframe.frag
  VkShaderModule linesVertex = VK_NULL_HANDLE, linesFragment = VK_NULL_HANDLE;  // lines.*
  VkShaderModule shadowFragment = VK_NULL_HANDLE;                               // shadow.frag
  VkFormat depthFormat = VK_FORMAT_UNDEFINED;
  VkFormat shadowFormat = VK_FORMAT_UNDEFINED;  // the shadow maps' (pass_shadows.h)
  struct KeyHash {
    size_t operator()(const std::pair<uint64_t, uint64_t>& k) const {
      return std::hash<uint64_t>()(k.first * 0x9e3779b97f4a7c15ull ^ k.second);
    }
  };
  std::unordered_map<std::pair<uint64_t, uint64_t>, VkPipeline, KeyHash> cache;
  // Wall seconds spent creating them (Renderer::setupTimings).
  double creationSeconds = 0.0;
};

// What a pipeline of the scene pass chooses; everything else is common to them all: viewport
// and scissor dynamic, `samples` per pixel, one colour attachment of `colorFormat` plus the
// depth format, depth test LESS_OR_EQUAL, the mesh pipeline layout.
struct ScenePassState {
  const VkPipelineShaderStageCreateInfo* stages = nullptr;  // vertex, then fragment
  const VkPipelineVertexInputStateCreateInfo* vertexInput = nullptr;
  VkPrimitiveTopology topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
  VkCullModeFlags cullMode = VK_CULL_MODE_NONE;
  VkFrontFace frontFace = VK_FRONT_FACE_COUNTER_CLOCKWISE;
  bool depthWrite = true;
  bool depthTest = true;  // LESS_OR_EQUAL when set; always passes when not (overlays on top)
  // The wireframe overlay: VK_POLYGON_MODE_LINE (needs Context::fillModeNonSolid) and a depth
  // bias towards the eye, so that the edges win the depth test against their own surface.
  VkPolygonMode polygonMode = VK_POLYGON_MODE_FILL;
  bool depthBias = false;
  // The shadow pass: no colour attachment, the depth attachment in Pipelines::shadowFormat,
  // a depth bias away from the light (constant and slope-scaled: pass_shadows.h).
  bool shadowPass = false;
  // Another pipeline layout than the mesh one (the splat passes', pass_splats.h), and no depth
  // attachment in the rendering (depthTest must then be false).
  VkPipelineLayout layout = VK_NULL_HANDLE;
  bool noDepthAttachment = false;
  // Default: writes RGBA, no blending.
  VkPipelineColorBlendAttachmentState blend{VK_FALSE,
                                            VK_BLEND_FACTOR_ONE,
                                            VK_BLEND_FACTOR_ZERO,
                                            VK_BLEND_OP_ADD,
                                            VK_BLEND_FACTOR_ONE,
                                            VK_BLEND_FACTOR_ZERO,
                                            VK_BLEND_OP_ADD,
                                            VK_COLOR_COMPONENT_R_BIT | VK_COLOR_COMPONENT_G_BIT |
                                                VK_COLOR_COMPONENT_B_BIT |
                                                VK_COLOR_COMPONENT_A_BIT};
};
[[nodiscard]] VkPipeline createScenePassPipeline(const Context& ctx, const Pipelines& pipelines,
                                                 VkFormat colorFormat,
                                                 VkSampleCountFlagBits samples,
                                                 const ScenePassState& state);

// The bindings of the mesh pipeline layout's descriptor sets: 0 frame, 1 material,
// 2 environment, 3 transmission (PipelineLayouts), and its push constant size.
using MeshSetBindings = std::array<std::vector<VkDescriptorSetLayoutBinding>, 4>;
MeshSetBindings meshSetBindings();
uint32_t meshPushConstantBytes();
// "" when a device with `limits` can hold the layout of `sets` with `pushBytes` of push
// constants: descriptor sets bound, descriptors of each type per stage and per layout, resources
// per stage (with the fragment stage's one colour attachment), push constant size (Vulkan
// 1.3 §"Limits"). Else what exceeds which limit, e.g. "7 storage buffers in the vertex stage,
// more than the device's maxPerStageDescriptorStorageBuffers (4)".
std::string descriptorLimitProblem(const VkPhysicalDeviceLimits& limits,
                                   const MeshSetBindings& sets, uint32_t pushBytes);

void createPipelines(const Context& ctx, Pipelines& pipelines);
void destroyPipelines(const Context& ctx, Pipelines& pipelines);

// The pipeline for `key`, compiled on first use. Points and lines ignore sidedness and
// winding (one pipeline each per alpha mode).
VkPipeline pipelineFor(const Context& ctx, Pipelines& pipelines, PipelineKey key);

}  // namespace vitrine::renderer
