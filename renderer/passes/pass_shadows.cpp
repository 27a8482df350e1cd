// The shadow pass (pass_shadows.h): choosing the shadowed lights, fitting their maps, and
// rendering the maps when their casters or lights changed.
#include "pass_shadows.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <glm/gtc/matrix_transform.hpp>

#include "deform_gpu.h"
#include "frames.h"
#include "vk_check.h"
#include "vk_struct.h"

namespace vitrine::renderer {
namespace {

// Texels beyond a cascade's sphere on each side: its filter's taps and the receiver's normal
// offset reach about three texels from a point inside it.
constexpr uint32_t kCascadeMargin = 3;

float luminance(const glm::vec3& c) {
  return 0.2126f * c.r + 0.7152f * c.g + 0.0722f * c.b;
}

// A unit vector not parallel to `d`, for lookAt's up.
glm::vec3 upFor(const glm::vec3& d) {
  return std::abs(d.y) < 0.99f ? glm::vec3(0.0f, 1.0f, 0.0f) : glm::vec3(1.0f, 0.0f, 0.0f);
}

// Directional: an orthographic map along `d` whose window holds the sphere (center, radius)
// with `margin` texels more on each side, its depth the sphere (depthCenter, depthRadius), the
// window snapped to whole texels of the map in the light's frame (which does not move with
// the sphere): as the sphere moves, what a texel covers stays the same.
void fitDirectional(const glm::vec3& d, const glm::vec3& center, float radius,
                    const glm::vec3& depthCenter, float depthRadius, uint32_t size, uint32_t margin,
                    glm::mat4& viewProj, glm::vec4& params) {
  const glm::mat4 view = glm::lookAt(glm::vec3(0.0f), d, upFor(d));
  const glm::vec3 c = glm::vec3(view * glm::vec4(center, 1.0f));
  const float z = glm::vec3(view * glm::vec4(depthCenter, 1.0f)).z;
  // size texels across 2 (radius + margin texels).
  const float texel = 2.0f * radius / float(size - 2 * margin);
  const float x = std::round(c.x / texel) * texel;
  const float y = std::round(c.y / texel) * texel;
  const float half = 0.5f * texel * float(size);
  // Depth a little beyond the sphere's near and far sides, so that nothing is clipped.
  const glm::mat4 proj = glm::ortho(x - half, x + half, y - half, y + half,
                                    -z - 1.01f * depthRadius, -z + 1.01f * depthRadius);
  viewProj = vulkanProjection(proj) * view;
  params = glm::vec4(texel, 0.0f, 1.0f / float(size), std::numeric_limits<float>::max());
}

void fitDirectional(const glm::vec3& d, const glm::vec3& center, float radius, uint32_t size,
                    glm::mat4& viewProj, glm::vec4& params) {
  fitDirectional(d, center, radius, center, radius, size, 1, viewProj, params);
}

// One of a directional light's finer maps: the view depths it serves, up to `far` (view
// units, as -(view p).z), and the world sphere holding that slice of the view's frustum.
struct Cascade {
  float far = 0.0f;
  glm::vec3 center{0.0f};
  float radius = 0.0f;
};

// Up to `count` cascades for a perspective `view` of the scene within `bounds`, whose sphere is
// (center, radius), the nearest first; none where the view does not need them
// (pass_shadows.h).
std::vector<Cascade> cascadesFor(const View& view, const scene::Bounds& bounds,
                                 const glm::vec3& center, float radius, uint32_t count) {
  std::vector<Cascade> cascades;
  const glm::mat4& p = view.projection;  // OpenGL convention
  if (count == 0 || p[2][3] != -1.0f || p[3][3] != 0.0f || !(p[0][0] > 0.0f) || !(p[1][1] > 0.0f))
    return cascades;
  const glm::mat4 toWorld = glm::inverse(view.view);
  // World units per view unit (a camera node may be scaled; the shader measures view depth).
  const float scale =
      std::max({glm::length(glm::vec3(toWorld[0])), glm::length(glm::vec3(toWorld[1])),
                glm::length(glm::vec3(toWorld[2]))});
  if (!(scale > 0.0f) || !std::isfinite(scale)) return cascades;
  // The projection's planes: near = P32 / (P22 - 1), far = P32 / (P22 + 1) (infinite when
  // P22 = -1); the half-diagonal of the field at unit depth, an off-centre window counted.
  const float near = p[3][2] / (p[2][2] - 1.0f);
  const float far =
      p[2][2] + 1.0f < 0.0f ? p[3][2] / (p[2][2] + 1.0f) : std::numeric_limits<float>::infinity();
  const float tx = (1.0f + std::abs(p[2][0])) / p[0][0];
  const float ty = (1.0f + std::abs(p[2][1])) / p[1][1];
  const float t2 = tx * tx + ty * ty;
  // The view depths at which the scene can be seen, from the eye's distances to its sphere
  // (center, radius): they do not change as the camera turns, nor as it orbits the centre, so
  // neither do the splits nor the cascades' sizes. A point at distance d inside the field of
  // view lies at a depth between d / sqrt(1 + t2) (at a corner) and d.
  const glm::vec3 eye(toWorld[3]);
  const float k = 1.0f / std::sqrt(1.0f + t2);
  const float distance = glm::length(center - eye) / scale, r = radius / scale;
  const float a = std::max(near, (distance - r) * k);
  const float b = std::min(far, distance + r);
  // The bounds' box, nearer than the sphere: a cascade ending before any point of it would
  // serve no point and is left out (which is no visible change).
  const glm::vec3 outside = glm::max(glm::max(bounds.min - eye, eye - bounds.max), glm::vec3(0));
  const float nearest = glm::length(outside) / scale * k;
  if (!(a > 0.0f) || !(b > a) || !std::isfinite(a + b)) return cascades;
  // The practical split scheme (Zhang et al., "Parallel-split shadow maps", 2006): between the
  // logarithmic and the uniform split of [a, b] in count + 1 parts, the last part the whole
  // scene's map's.
  constexpr float kLogarithmic = 0.75f;
  const auto split = [&](uint32_t i) {
    const float f = float(i) / float(count + 1);
    return kLogarithmic * a * std::pow(b / a, f) + (1.0f - kLogarithmic) * (a + (b - a) * f);
  };
  for (uint32_t i = 1; i <= count; ++i) {
    const float lo = split(i - 1), hi = split(i);
    // The smallest sphere around the frustum between depths lo and hi: its centre on the
    // axis where the near and far corners are equally far, or at the far plane's centre.
    const float c = std::min(0.5f * (lo + hi) * (1.0f + t2), hi);
    const float around = std::max(std::sqrt((c - lo) * (c - lo) + lo * lo * t2),
                                  std::sqrt((hi - c) * (hi - c) + hi * hi * t2));
    // Rounded up to a step of 2^(1/4), so that a small change of the depths (a dolly, the
    // scene's bounds growing) keeps the same texel size and the window its texel grid.
    const float rounded = std::exp2(std::ceil(4.0f * std::log2(around * scale)) / 4.0f);
    // Worth a layer only where its texels are at most half the whole map's; the ones after are
    // larger still.
    if (!(rounded <= 0.5f * radius)) break;
    if (hi < nearest) continue;
    cascades.push_back({hi, glm::vec3(toWorld * glm::vec4(0.0f, 0.0f, -c, 1.0f)), rounded});
  }
  return cascades;
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
  params = glm::vec4(2.0f * std::tan(0.5f * fov) / float(size), 1.0f, 1.0f / float(size),
                     std::numeric_limits<float>::max());
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
                       uint32_t size, const View& view) {
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
  const size_t lightCount = std::min(strength.size(), size_t(gpu::kMaxShadowedLights));
  // The layers no light takes are the directional lights' cascades, shared out in turn from
  // the strongest.
  std::vector<uint32_t> finer(lightCount, 0);
  std::vector<size_t> directional;
  for (size_t j = 0; j < lightCount; ++j)
    if (int(lights[strength[j].second].position.w + 0.5f) == gpu::kLightDirectional)
      directional.push_back(j);
  for (uint32_t free = uint32_t(gpu::kMaxShadowedLights - lightCount), j = 0;
       free > 0 && !directional.empty(); --free, ++j)
    ++finer[directional[j % directional.size()]];
  for (size_t j = 0; j < lightCount; ++j) {
    const uint32_t i = strength[j].second;
    const gpu::LightData& l = lights[i];
    if (int(l.position.w + 0.5f) == gpu::kLightSpot) {
      plan.light[plan.count] = i;
      fitSpot(l, center, radius, size, plan.viewProj[plan.count], plan.params[plan.count]);
      ++plan.count;
      continue;
    }
    // The cascades, nearest first (the shader takes the first layer whose params.w the
    // point's view depth does not exceed), then the map over the whole scene.
    const glm::vec3 d(l.direction);
    for (const Cascade& c : cascadesFor(view, bounds, center, radius, finer[j])) {
      plan.light[plan.count] = i;
      fitDirectional(d, c.center, c.radius, center, radius, size, kCascadeMargin,
                     plan.viewProj[plan.count], plan.params[plan.count]);
      plan.params[plan.count].w = c.far;
      ++plan.count;
      ++plan.cascades;
    }
    plan.light[plan.count] = i;
    fitDirectional(d, center, radius, size, plan.viewProj[plan.count], plan.params[plan.count]);
    ++plan.count;
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
  // Map k (contactSize >> k texels across the disc's diameter 2 radius) is read on a ring of
  // radius 2^(k - 3) height around the ground point (background.frag contactOcclusion): about
  // 1.5 of its texels at every level when height 2^(k - 3) (contactSize >> k) / (2 radius) =
  // 1.5, i.e. contactSize = 24 radius / height, so that the eight taps of a ring, each a
  // bilinear 2x2 comparison, leave no gap between them.
  const float wanted = 24.0f * radius / height;
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
  plan.contactShadow = glm::vec4(height, float(contactSize), radius, 1.0f / float(size));
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
  const uint32_t layers =
      uint32_t(gpu::kShadowLayers) + (maps.through ? uint32_t(gpu::kThroughShadowLayers) : 0u);
  desc.layers = layers;
  desc.usage = VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT | VK_IMAGE_USAGE_SAMPLED_BIT |
               VK_IMAGE_USAGE_TRANSFER_DST_BIT;
  desc.aspect = VK_IMAGE_ASPECT_DEPTH_BIT;
  maps.depth = createImage(ctx, desc);
  for (uint32_t k = 0; k < layers; ++k) {
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
  const VkImageSubresourceRange all{VK_IMAGE_ASPECT_DEPTH_BIT, 0, 1, 0, layers};
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
  data.shadowPoint.z = plan.through && maps.through ? 1.0f : 0.0f;
}

uint32_t recordShadowMaps(VkCommandBuffer cmd, const Context& ctx, Pipelines& pipelines,
                          const SceneGpu& scene, uint32_t slot, const DrawOrder& order,
                          ShadowMaps& maps) {
  const uint64_t casters = casterHash(scene, order);
  // With the same casters and nothing changed, a layer drawn with the same matrix (and corner)
  // is current: a camera move re-renders the cascades it shifted and nothing else.
  const bool current = maps.valid && !maps.dirty && maps.renderedCasters == casters;
  const ShadowPlan& plan = maps.plan;
  const ShadowPlan& was = maps.rendered;
  const auto stale = [&](uint32_t k) {
    if (!current || was.viewProj[k] != plan.viewProj[k]) return true;
    // A light layer whose through layer is wanted and was not drawn.
    if (plan.through && !was.through && k < uint32_t(gpu::kThroughShadowLayers)) return true;
    if (k < uint32_t(gpu::kMaxShadowedLights)) return k >= was.count;
    if (k == uint32_t(gpu::kKeyShadowLayer)) return !was.key || was.keySize != plan.keySize;
    if (k == uint32_t(gpu::kContactShadowLayer))
      return !was.contact || was.contactSize != plan.contactSize;
    return was.point < 0;  // a cube face
  };
  std::vector<uint32_t> layers;
  for (uint32_t k = 0; k < plan.count; ++k) layers.push_back(k);
  if (plan.point >= 0)
    for (uint32_t f = 0; f < 6; ++f) layers.push_back(uint32_t(gpu::kMaxShadowedLights) + f);
  if (plan.key) layers.push_back(uint32_t(gpu::kKeyShadowLayer));
  if (plan.contact) layers.push_back(uint32_t(gpu::kContactShadowLayer));
  std::erase_if(layers, [&](uint32_t k) { return !stale(k); });
  maps.rendered = plan;
  maps.renderedCasters = casters;
  maps.dirty = false;
  maps.valid = true;
  if (layers.empty()) return 0;
  const ImageRange range{0, 1, VK_IMAGE_ASPECT_DEPTH_BIT};
  // After the earlier frames' fragment shaders read the maps (a barrier orders this against
  // every command submitted before it on the queue).
  transitionImage(cmd, maps.depth.image,
                  {VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL, ImageUser::Fragment},
                  {VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL, ImageUser::Depth}, range);
  const VkPipelineLayout layout = pipelines.layouts.layout;
  // A light layer k again into its through layer, without the diffuse-transmitting casters.
  const bool through = plan.through && maps.through;
  std::vector<std::pair<uint32_t, bool>> passes;
  for (const uint32_t k : layers) {
    passes.emplace_back(k, false);
    if (through && k < uint32_t(gpu::kThroughShadowLayers)) passes.emplace_back(k, true);
  }
  for (const auto& [k, withoutTransmitting] : passes) {
    // The key's and the contact's maps use a corner of their layer (the rest stays depth 1:
    // lit, from the clear at creation; nothing else renders into those layers); the contact's
    // four maps lie side by side in a strip.
    std::vector<VkRect2D> maps2d;
    if (k == uint32_t(gpu::kContactShadowLayer)) {
      for (uint32_t level = 0; level < kContactLevels; ++level) {
        const uint32_t side = plan.contactSize >> level;
        maps2d.push_back({{int32_t(contactLevelOffset(plan.contactSize, level)), 0}, {side, side}});
      }
    } else {
      const uint32_t side = k == uint32_t(gpu::kKeyShadowLayer) ? plan.keySize : maps.size;
      maps2d.push_back({{0, 0}, {side, side}});
    }
    // The area cleared: every map, and the gaps between the contact's.
    VkRect2D area = maps2d.front();
    area.extent.width = uint32_t(maps2d.back().offset.x) + maps2d.back().extent.width;
    auto depth = vkStruct<VkRenderingAttachmentInfo>(VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO);
    depth.imageView = maps.layerViews[withoutTransmitting ? uint32_t(gpu::kShadowLayers) + k : k];
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
        if (withoutTransmitting && (d.layers & uint32_t(gpu::kLayerDiffuseTransmission)) != 0)
          continue;
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
  return uint32_t(layers.size());
}

}  // namespace vitrine::renderer
