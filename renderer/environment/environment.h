// The image-based light on the GPU: a prefiltered specular cube, the BRDF lookup table and
// the irradiance coefficients, bound as descriptor set 2 (pipelines.h; how shaders read them:
// shaders/environment.glsl). Built by environment_process.h on the GPU, or read back from the
// disk cache of environment_cache.h.
#pragma once

#include <string>

#include <volk.h>

#include "context.h"
#include "environment_image.h"
#include "environment_key.h"
#include "pipelines.h"
#include "resources.h"

namespace vitrine::renderer {

struct EnvironmentGpu {
  Image specular;                      // cube, mips from roughness 0 (level 0) to 1 (level maxLod)
  Image brdfLut;                       // 2D, x = N.V, y = roughness
  Buffer data;                         // gpu::EnvironmentData, uniform
  VkSampler sampler = VK_NULL_HANDLE;  // linear, mipmapped, clamp to edge
  VkDescriptorPool pool = VK_NULL_HANDLE;
  VkDescriptorSet set = VK_NULL_HANDLE;
  float maxLod = 0.0f;        // the specular cube's last mip level
  scene::EnvironmentKey key;  // its key light (environment_key.h), in the environment's frame
  bool enabled = false;       // false: no image-based light (FrameData intensity 0)
};

// Builds the environment of `image`, or, when null, a black one that lights nothing (the
// set stays valid for the shaders). With a cacheDirectory, a processed environment is looked
// up there by content before any GPU work, and stored there after it (a failure to write is
// reported on stderr, once per call, and otherwise ignored). Load-time work: waits for the GPU.
void createEnvironmentGpu(const Context& ctx, const PipelineLayouts& layouts,
                          const scene::EnvironmentImage* image, const std::string& cacheDirectory,
                          EnvironmentGpu& out);
void destroyEnvironmentGpu(const Context& ctx, EnvironmentGpu& env);
// createEnvironmentGpu(&image) when cacheDirectory holds it processed (a read and an upload,
// no processing); false, nothing created, when it does not (missing or damaged file, no
// cache directory).
[[nodiscard]] bool createCachedEnvironmentGpu(const Context& ctx, const PipelineLayouts& layouts,
                                              const scene::EnvironmentImage& image,
                                              const std::string& cacheDirectory,
                                              EnvironmentGpu& out);

}  // namespace vitrine::renderer
