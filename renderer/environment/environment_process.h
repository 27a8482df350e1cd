// The environment's GPU processing, from an equirectangular image to what set 2 samples
// (environment.h): the image is uploaded (RGBA32F, mipmapped), converted to a cube
// (env_to_cube.comp) whose 32-bit copy gets a box-filtered mip chain; from it, the specular
// levels are prefiltered (env_prefilter.comp), the irradiance projected on 9 SH coefficients
// (env_irradiance.comp), and the BRDF lookup table integrated (brdf_lut.comp). Load-time
// work: records one command buffer, submits it and waits.
#pragma once

#include <cstdint>

#include "context.h"
#include "environment.h"
#include "environment_cache.h"
#include "environment_image.h"

namespace vitrine::renderer {

// Sizes, chosen for what a screen needs (the specular cube also draws the background):
// level 0 has a quarter of the equirect's width (its texels then match the source's at the
// equator), a power of two from 64 to 512; six levels for roughness 0, 0.2, ..., 1 (the level
// of roughness r holds lobes of width ~r^2, wider than its texels down to 2 to 16 texels per
// face at roughness 1). The lookup table is 64 x 64 (a smooth function, sampled bilinearly).
inline constexpr uint32_t kMinCubeSize = 64;
inline constexpr uint32_t kMaxCubeSize = 512;
inline constexpr uint32_t kSpecularLevels = 6;
inline constexpr uint32_t kBrdfLutSize = 64;
// Equirects wider than this are halved on the CPU before upload: the cube cannot use more.
inline constexpr uint32_t kMaxUploadWidth = 4096;
// Radiance above this is clamped in the 32-bit cube (a sun in an HDR photo stays far below,
// and sums over the cube stay finite); the 16-bit specular cube clamps at 65504.
inline constexpr float kMaxRadiance = 1.0e6f;

struct EnvironmentSizes {
  uint32_t cubeSize = 0;
  uint32_t levels = 0;
  uint32_t lutSize = 0;
};
EnvironmentSizes environmentSizes(const scene::EnvironmentImage& image);

// A hash of everything that shapes the processed result besides the image and the sizes: the
// compute shaders' SPIR-V and the sampling constants. Part of the cache key, so a changed
// shader never serves an old cube from the cache.
uint64_t processingSignature();

// Fills env.specular (a cube of sizes.cubeSize with sizes.levels levels, usage SAMPLED,
// STORAGE, TRANSFER_SRC and TRANSFER_DST), env.brdfLut (RG16F, sizes.lutSize square, SAMPLED
// and TRANSFER_DST) and env.data (host-visible, STORAGE and UNIFORM) from `image`, sampling
// through env.sampler; leaves both images in SHADER_READ_ONLY_OPTIMAL, visible to fragment
// shaders. With `readback`, also copies the results into it (for the disk cache).
void processEnvironment(const Context& ctx, const scene::EnvironmentImage& image,
                        const EnvironmentSizes& sizes, EnvironmentGpu& env,
                        ProcessedEnvironment* readback);

// The same end state from results read back earlier (the disk cache): uploads only.
void uploadProcessedEnvironment(const Context& ctx, const ProcessedEnvironment& processed,
                                EnvironmentGpu& env);

}  // namespace vitrine::renderer
