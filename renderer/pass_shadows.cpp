// The shadow pass (pass_shadows.h): choosing the shadowed lights, fitting their maps, and
// rendering the maps when their casters or lights changed.
#include "pass_shadows.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include <glm/gtc/matrix_transform.hpp>

#include "deform_gpu.h"
#include "frames.h"
#include "vk_check.h"
#include "vk_struct.h"

namespace vitrine::renderer {
namespace {

float luminance(const glm::vec3& c) {
  return 0.2126f * c.r + 0.7152f * c.g + 0.0722f * c.b;
}

// A unit vector not parallel to `d`, for lookAt's up.
glm::vec3 upFor(const glm::vec3& d) {
  return std::abs(d.y) < 0.99f ? glm::vec3(0.0f, 1.0f, 0.0f) : glm::vec3(1.0f, 0.0f, 0.0f);
}

// Directional: an orthographic map along `d` around the sphere (center, radius), its window
// snapped to whole texels of the map in the light's frame (which does not move with the sphere).
void fitDirectional(const glm::vec3& d, const glm::vec3& center, float radius, uint32_t size,
                    glm::mat4& viewProj, glm::vec4& params) {
  const glm::mat4 view = glm::lookAt(glm::vec3(0.0f), d, upFor(d));
  const glm::vec3 c = glm::vec3(view * glm::vec4(center, 1.0f));
  const float texel = 2.0f * radius / float(size);
  const float x = std::round(c.x / texel) * texel;
  const float y = std::round(c.y / texel) * texel;
  // One texel of margin on each side for the snap; depth from the sphere's near to far side,
  // a little beyond so that nothing is clipped.
  const float half = radius + texel;
  const glm::mat4 proj = glm::ortho(x - half, x + half, y - half, y + half, -c.z - 1.01f * radius,
                                    -c.z + 1.01f * radius);
  viewProj = vulkanProjection(proj) * view;
  params = glm::vec4(2.0f * half / float(size), 0.0f, 1.0f / float(size), 0.0f);
}

// Spot: a perspective map along the light's axis whose field covers the outer cone.
void fitSpot(const gpu::LightData& light, const glm::vec3& center, float radius, uint32_t size,
             glm::mat4& viewProj, glm::vec4& params) {
  const glm::vec3 p = glm::vec3(light.position);
  const glm::vec3 d = glm::vec3(light.direction);
  // LightData::cone: x = 1 / (cos inner - cos outer), y = -cos(outer) x.
  const float cosOuter =
      light.cone.x > 0.0f ? std::clamp(-light.cone.y / light.cone.x, -1.0f, 1.0f) : 0.0f;
  const float outer = std::acos(cosOuter);
  // KHR_lights_punctual: outerConeAngle is at most pi / 2; a field just wider than the cone.
  const float fov = std::min(2.0f * outer * 1.05f + 0.02f, glm::radians(170.0f));
  const float distance = glm::length(center - p);
  const float range = light.direction.w;
  float far = distance + radius;
  if (range > 0.0f) far = std::min(far, range);
  far = std::max(far, 1e-3f);
  float near = std::max({distance - radius, far * 2e-3f, 1e-4f});
  if (near >= far) near = far * 2e-3f;
  const glm::mat4 view = glm::lookAt(p, p + d, upFor(d));
  viewProj = vulkanProjection(glm::perspective(fov, 1.0f, near, far)) * view;
  params = glm::vec4(2.0f * std::tan(0.5f * fov) / float(size), 1.0f, 1.0f / float(size), 0.0f);
}

// Point: six faces around the light's position, each a perspective map a little wider than 90
// degrees (two texels beyond the face on each side for the filter's taps).
void fitPoint(const gpu::LightData& light, const glm::vec3& center, float radius, uint32_t size,
              ShadowPlan& plan) {
  const glm::vec3 p = glm::vec3(light.position);
  const float range = light.direction.w;
  float far = glm::length(center - p) + radius;
  if (range > 0.0f) far = std::min(far, range);
  far = std::max(far, 1e-3f);
  const float near = std::max(far * 1e-3f, 1e-4f);
  const float halfTan = 1.0f + 4.0f / float(size);
  const glm::mat4 proj =
      vulkanProjection(glm::perspective(2.0f * std::atan(halfTan), 1.0f, near, far));
  // The usual cube map face axes (Vulkan §16.5.4 "Cube Map Face Selection"): direction and up.
  static const glm::vec3 kDirection[6] = {{1, 0, 0},  {-1, 0, 0}, {0, 1, 0},
                                          {0, -1, 0}, {0, 0, 1},  {0, 0, -1}};
  static const glm::vec3 kUp[6] = {{0, -1, 0}, {0, -1, 0}, {0, 0, 1},
                                   {0, 0, -1}, {0, -1, 0}, {0, -1, 0}};
  for (int f = 0; f < 6; ++f)
    plan.viewProj[size_t(gpu::kMaxShadowedLights + f)] =
        proj * glm::lookAt(p, p + kDirection[f], kUp[f]);
  plan.pointTexel = 2.0f * halfTan / float(size);
}

// What the casters are: which draws, with which materials (a variant switch changes them).
uint64_t casterHash(const SceneGpu& scene, const DrawOrder& order) {
  uint64_t h = 1469598103934665603ull;
  for (size_t k = 0; k < order.opaque; ++k) {
    const Draw& d = scene.draws[order.draws[k]];
    h = (h ^ order.draws[k]) * 1099511628211ull;
    h = (h ^ d.material) * 1099511628211ull;
  }
  return h;
}

bool masked(const SceneGpu& scene, const Draw& d) {
  return d.material < scene.materialData.size() &&
         int(scene.materialData[d.material].alpha.x + 0.5f) == gpu::kAlphaMask;
}

}  // namespace

ShadowPlan planShadows(const std::vector<gpu::LightData>& lights, const scene::Bounds& bounds,
                       uint32_t size) {
  ShadowPlan plan;
  if (bounds.empty()) return plan;
  const glm::vec3 center = 0.5f * (bounds.min + bounds.max);
  const float radius = std::max(0.5f * glm::length(bounds.max - bounds.min), 1e-3f);
  if (!std::isfinite(radius) || !std::isfinite(center.x + center.y + center.z)) return plan;
  std::vector<std::pair<float, uint32_t>> strength;
  float strongestPoint = 0.0f;
  for (uint32_t i = 0; i < lights.size(); ++i) {
    const gpu::LightData& l = lights[i];
    const float power = luminance(glm::vec3(l.color));
    if (!(power > 0.0f) || !std::isfinite(power)) continue;
    const int type = int(l.position.w + 0.5f);
    float at = power;
    if (type != gpu::kLightDirectional) {
      const glm::vec3 toCenter = center - glm::vec3(l.position);
      at = power / std::max(glm::dot(toCenter, toCenter), 1e-6f);
    }
    if (type == gpu::kLightPoint) {
      ++plan.pointLights;
      if (at > strongestPoint) {
        strongestPoint = at;
        plan.point = int(i);
      }
      continue;
    }
    ++plan.candidates;
    strength.emplace_back(at, i);
  }
  if (plan.point >= 0) fitPoint(lights[size_t(plan.point)], center, radius, size, plan);
  std::stable_sort(strength.begin(), strength.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  for (const auto& [at, i] : strength) {
    if (plan.count == uint32_t(gpu::kMaxShadowedLights)) break;
    const gpu::LightData& l = lights[i];
    const uint32_t k = plan.count++;
    plan.light[k] = i;
    if (int(l.position.w + 0.5f) == gpu::kLightSpot)
      fitSpot(l, center, radius, size, plan.viewProj[k], plan.params[k]);
    else
      fitDirectional(glm::vec3(l.direction), center, radius, size, plan.viewProj[k],
                     plan.params[k]);
  }
  return plan;
}

void planKeyShadow(const glm::vec3& towards, float irradiance, float angularRadius,
                   const scene::Bounds& bounds, uint32_t size, ShadowPlan& plan) {
  if (bounds.empty() || !(irradiance > 0.0f) || size == 0) return;
  const glm::vec3 center = 0.5f * (bounds.min + bounds.max);
  const float radius = std::max(0.5f * glm::length(bounds.max - bounds.min), 1e-3f);
  if (!std::isfinite(radius) || !std::isfinite(center.x + center.y + center.z)) return;
  // The key is an area light of angular radius a: behind an occluder at distance d its
  // penumbra is about d tan a wide. Its map is read like a directional light's (2x2 bilinear
  // taps a texel apart: an edge about three texels wide), so the map's resolution makes the
  // softness: texels a third of that width, d taken as half the sphere's radius (one width for
  // the whole map, not searched per pixel), kMinKeyMapSize to kKeyMapSize texels across.
  const float penumbra = 0.5f * radius * std::tan(std::clamp(angularRadius, 0.0f, 1.2f));
  const float across = penumbra > 0.0f ? 6.0f * radius / penumbra : float(kKeyMapSize);
  const uint32_t keySize =
      std::min(uint32_t(std::clamp(across, float(kMinKeyMapSize), float(kKeyMapSize))), size);
  const size_t layer = size_t(gpu::kKeyShadowLayer);
  glm::vec4 params;
  fitDirectional(-glm::normalize(towards), center, radius, keySize, plan.viewProj[layer], params);
  plan.key = true;
  plan.keySize = keySize;
  plan.keyLight = glm::vec4(glm::normalize(towards), irradiance);
  // A texel of the map in the world and in the layer's texture coordinates, and the corner of
  // the layer the map fills.
  plan.keyShadow = glm::vec4(params.x, 1.0f / float(size), float(keySize) / float(size), 0.0f);
}

void planContactShadow(const View::Ground& ground, uint32_t size, ShadowPlan& plan) {
  const float height = ground.contactHeight, radius = ground.radius;
  if (!(height > 0.0f) || !(radius > 0.0f) || size == 0 || !std::isfinite(height + radius) ||
      !std::isfinite(ground.height + ground.center.x + ground.center.y))
    return;
  // The last (coarsest) map is contactSize / 8 texels across the disc's diameter 2 radius; its
  // taps reach two of its texels out (one apart, and a texel of bilinear filtering beyond):
  // 2 x 2 radius / (contactSize / 8) = 0.6 height.
  const float wanted = 2.0f * 2.0f * radius * 8.0f / (0.6f * height);
  uint32_t contactSize =
      uint32_t(std::clamp(wanted, float(kMinContactMapSize), float(kContactMapSize)));
  while (contactSize > 8 && contactLevelOffset(contactSize, kContactLevels) > size)
    contactSize /= 2;
  if (contactLevelOffset(contactSize, kContactLevels) > size) return;
  // Looking up (+Y) from the ground's plane; the maps' x and y span the disc, their depth the
  // contact height: 0 at the ground, 1 at contactHeight (background.frag reads it so).
  const glm::vec3 eye(ground.center.x, ground.height, ground.center.y);
  const glm::vec3 up(0.0f, 1.0f, 0.0f);
  const glm::mat4 view = glm::lookAt(eye, eye + up, upFor(up));
  const glm::mat4 proj = glm::ortho(-radius, radius, -radius, radius, 0.0f, height);
  plan.viewProj[size_t(gpu::kContactShadowLayer)] = vulkanProjection(proj) * view;
  plan.contact = true;
  plan.contactSize = contactSize;
  plan.contactShadow = glm::vec4(height, float(contactSize), 0.0f, 1.0f / float(size));
}

namespace {

// The image, its views and sampler at `size` in maps.format, cleared to 1 and left in
// SHADER_READ_ONLY_OPTIMAL.
void createMapImage(const Context& ctx, uint32_t size, ShadowMaps& maps) {
  const VkFormat format = maps.format;
  const bool linear = maps.linear;
  maps.size = size;
  ImageDesc desc;
  desc.format = format;
  desc.extent = {size, size};
  desc.layers = gpu::kShadowLayers;
  desc.usage = VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT | VK_IMAGE_USAGE_SAMPLED_BIT |
               VK_IMAGE_USAGE_TRANSFER_DST_BIT;
  desc.aspect = VK_IMAGE_ASPECT_DEPTH_BIT;
  maps.depth = createImage(ctx, desc);
  for (uint32_t k = 0; k < uint32_t(gpu::kShadowLayers); ++k) {
    auto info = vkStruct<VkImageViewCreateInfo>(VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO);
    info.image = maps.depth.image;
    info.viewType = VK_IMAGE_VIEW_TYPE_2D;
    info.format = format;
    info.subresourceRange = {VK_IMAGE_ASPECT_DEPTH_BIT, 0, 1, k, 1};
    VK_CHECK(vkCreateImageView(ctx.device, &info, nullptr, &maps.layerViews[k]));
  }
  auto sampler = vkStruct<VkSamplerCreateInfo>(VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO);
  sampler.magFilter = sampler.minFilter = linear ? VK_FILTER_LINEAR : VK_FILTER_NEAREST;
  sampler.mipmapMode = VK_SAMPLER_MIPMAP_MODE_NEAREST;
  sampler.addressModeU = sampler.addressModeV = sampler.addressModeW =
      VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER;
  sampler.borderColor = VK_BORDER_COLOR_FLOAT_OPAQUE_WHITE;  // depth 1: lit outside the map
  sampler.compareEnable = VK_TRUE;
  sampler.compareOp = VK_COMPARE_OP_LESS_OR_EQUAL;
  sampler.maxLod = 0.0f;
  VK_CHECK(vkCreateSampler(ctx.device, &sampler, nullptr, &maps.sampler));

  OneShot once = beginOneShot(ctx);
  const ImageRange range{0, 1, VK_IMAGE_ASPECT_DEPTH_BIT};
  transitionImage(once.cmd, maps.depth.image, {VK_IMAGE_LAYOUT_UNDEFINED, ImageUser::None},
                  {VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, ImageUser::Clear}, range);
  const VkClearDepthStencilValue one{1.0f, 0};
  const VkImageSubresourceRange all{VK_IMAGE_ASPECT_DEPTH_BIT, 0, 1, 0,
                                    uint32_t(gpu::kShadowLayers)};
  vkCmdClearDepthStencilImage(once.cmd, maps.depth.image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                              &one, 1, &all);
  transitionImage(once.cmd, maps.depth.image,
                  {VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, ImageUser::Clear},
                  {VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL, ImageUser::Fragment}, range);
  submitOneShot(ctx, once);
}

void destroyMapImage(const Context& ctx, ShadowMaps& maps) {
  for (VkImageView& v : maps.layerViews) {
    if (v) vkDestroyImageView(ctx.device, v, nullptr);
    v = VK_NULL_HANDLE;
  }
  if (maps.sampler) vkDestroySampler(ctx.device, maps.sampler, nullptr);
  maps.sampler = VK_NULL_HANDLE;
  destroyImage(ctx, maps.depth);
}

}  // namespace

void createShadowMaps(const Context& ctx, Pipelines& pipelines, uint32_t size, ShadowMaps& maps) {
  // D32_SFLOAT where it can be sampled and drawn into, else D16_UNORM (both required of a
  // Vulkan device as a depth attachment; D16 also as a sampled image).
  VkFormat format = VK_FORMAT_D32_SFLOAT;
  VkFormatProperties props;
  vkGetPhysicalDeviceFormatProperties(ctx.physicalDevice, format, &props);
  constexpr VkFormatFeatureFlags kNeeded =
      VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT | VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT;
  if ((props.optimalTilingFeatures & kNeeded) != kNeeded) {
    format = VK_FORMAT_D16_UNORM;
    vkGetPhysicalDeviceFormatProperties(ctx.physicalDevice, format, &props);
  }
  maps.linear =
      (props.optimalTilingFeatures & VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT) != 0;
  maps.format = format;
  pipelines.shadowFormat = format;
  createMapImage(ctx, size, maps);
}

void resizeShadowMaps(const Context& ctx, uint32_t size, ShadowMaps& maps) {
  destroyMapImage(ctx, maps);
  createMapImage(ctx, size, maps);
  maps.valid = false;
}

void destroyShadowMaps(const Context& ctx, ShadowMaps& maps) {
  destroyMapImage(ctx, maps);
  maps = ShadowMaps{};
}

void writeShadowBinding(const Context& ctx, const ShadowMaps& maps, SceneGpu& scene) {
  std::array<VkDescriptorSet, kFramesInFlight> sets;
  for (uint32_t i = 0; i < kFramesInFlight; ++i) sets[i] = scene.frames[i].set;
  writeShadowBinding(ctx, maps, sets);
}

void writeShadowBinding(const Context& ctx, const ShadowMaps& maps,
                        std::span<const VkDescriptorSet> frameSets) {
  const VkDescriptorImageInfo image{maps.sampler, maps.depth.view,
                                    VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL};
  for (const VkDescriptorSet set : frameSets) {
    auto write = vkStruct<VkWriteDescriptorSet>(VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET);
    write.dstSet = set;
    write.dstBinding = 10;  // pipelines.h, set 0
    write.descriptorCount = 1;
    write.descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
    write.pImageInfo = &image;
    vkUpdateDescriptorSets(ctx.device, 1, &write, 0, nullptr);
  }
}

void shadowFrameData(const ShadowMaps& maps, gpu::FrameData& data) {
  data.shadowLights = glm::vec4(-1.0f);
  data.shadowPoint = glm::vec4(-1.0f, 0.0f, 0.0f, 0.0f);
  const ShadowPlan& plan = maps.plan;
  data.keyLight = plan.key ? plan.keyLight : glm::vec4(0.0f);
  data.keyShadow = plan.keyShadow;
  data.contactShadow = plan.contact ? plan.contactShadow : glm::vec4(0.0f);
  for (const int layer : {gpu::kKeyShadowLayer, gpu::kContactShadowLayer})
    data.shadowViewProj[layer] = plan.viewProj[size_t(layer)];
  for (uint32_t k = 0; k < plan.count; ++k) {
    data.shadowViewProj[k] = plan.viewProj[k];
    data.shadowParams[k] = plan.params[k];
    data.shadowLights[int(k)] = float(plan.light[k]);
  }
  if (plan.point >= 0) {
    for (int f = 0; f < 6; ++f)
      data.shadowViewProj[gpu::kMaxShadowedLights + f] =
          plan.viewProj[size_t(gpu::kMaxShadowedLights + f)];
    data.shadowPoint = glm::vec4(float(plan.point), plan.pointTexel, 0.0f, 1.0f / float(maps.size));
  }
}

uint32_t recordShadowMaps(VkCommandBuffer cmd, const Context& ctx, Pipelines& pipelines,
                          const SceneGpu& scene, uint32_t slot, const DrawOrder& order,
                          ShadowMaps& maps) {
  const uint64_t casters = casterHash(scene, order);
  if (maps.valid && !maps.dirty && maps.rendered == maps.plan && maps.renderedCasters == casters)
    return 0;
  const ImageRange range{0, 1, VK_IMAGE_ASPECT_DEPTH_BIT};
  // After the earlier frames' fragment shaders read the maps (a barrier orders this against
  // every command submitted before it on the queue).
  transitionImage(cmd, maps.depth.image,
                  {VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL, ImageUser::Fragment},
                  {VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL, ImageUser::Depth}, range);
  const VkPipelineLayout layout = pipelines.layouts.layout;
  std::vector<uint32_t> layers(maps.plan.count);
  std::iota(layers.begin(), layers.end(), 0u);
  if (maps.plan.point >= 0)
    for (uint32_t f = 0; f < 6; ++f) layers.push_back(uint32_t(gpu::kMaxShadowedLights) + f);
  if (maps.plan.key) layers.push_back(uint32_t(gpu::kKeyShadowLayer));
  if (maps.plan.contact) layers.push_back(uint32_t(gpu::kContactShadowLayer));
  for (const uint32_t k : layers) {
    // The key's and the contact's maps use a corner of their layer (the rest stays depth 1:
    // lit, from the clear at creation; nothing else renders into those layers); the contact's
    // four maps lie side by side in a strip.
    std::vector<VkRect2D> maps2d;
    if (k == uint32_t(gpu::kContactShadowLayer)) {
      for (uint32_t level = 0; level < kContactLevels; ++level) {
        const uint32_t side = maps.plan.contactSize >> level;
        maps2d.push_back(
            {{int32_t(contactLevelOffset(maps.plan.contactSize, level)), 0}, {side, side}});
      }
    } else {
      const uint32_t side = k == uint32_t(gpu::kKeyShadowLayer) ? maps.plan.keySize : maps.size;
      maps2d.push_back({{0, 0}, {side, side}});
    }
    // The area cleared: every map, and the gaps between the contact's.
    VkRect2D area = maps2d.front();
    area.extent.width = uint32_t(maps2d.back().offset.x) + maps2d.back().extent.width;
    auto depth = vkStruct<VkRenderingAttachmentInfo>(VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO);
    depth.imageView = maps.layerViews[k];
    depth.imageLayout = VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL;
    depth.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR;
    depth.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
    depth.clearValue.depthStencil = {1.0f, 0};
    auto info = vkStruct<VkRenderingInfo>(VK_STRUCTURE_TYPE_RENDERING_INFO);
    info.renderArea = area;
    info.layerCount = 1;
    info.pDepthAttachment = &depth;
    vkCmdBeginRendering(cmd, &info);
    bindSceneGeometry(cmd, pipelines, scene, slot);
    DrawBinder binder{cmd, layout, &scene};
    for (const VkRect2D& map : maps2d) {
      const VkViewport viewport{float(map.offset.x),
                                float(map.offset.y),
                                float(map.extent.width),
                                float(map.extent.height),
                                0.0f,
                                1.0f};
      vkCmdSetViewport(cmd, 0, 1, &viewport);
      vkCmdSetScissor(cmd, 0, 1, &map);
      for (size_t i = 0; i < order.opaque; ++i) {
        const Draw& d = scene.draws[order.draws[i]];
        if (d.topology != scene::Topology::Triangles) continue;
        const bool mask = masked(scene, d);
        PipelineKey key;
        key.shadow = true;
        key.doubleSided = true;
        key.features = (d.features & (kFeatureSkin | kFeatureInstanced |
                                      (uint32_t(gpu::kMorphAll) << kFeatureMorphShift))) |
                       (mask ? uint32_t(kFeatureShadowMask) : 0u);
        // A masked specular-glossiness material cuts by its diffuse alpha (shadow.frag).
        if (mask) key.layers = d.layers & uint32_t(gpu::kLayerSpecularGlossiness);
        gpu::DrawConstants constants = drawConstants(d);
        constants.shadowLayer = k;
        binder.draw(pipelineFor(ctx, pipelines, key), d, constants);
      }
    }
    vkCmdEndRendering(cmd);
  }
  transitionImage(cmd, maps.depth.image,
                  {VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL, ImageUser::Depth},
                  {VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL, ImageUser::Fragment}, range);
  maps.rendered = maps.plan;
  maps.renderedCasters = casters;
  maps.dirty = false;
  maps.valid = true;
  return uint32_t(layers.size());
}

}  // namespace vitrine::renderer
