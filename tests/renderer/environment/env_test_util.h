// Shared by the environment tests: synthetic environments, views along a direction, the SH
// basis on the CPU, and the disk cache's file (environment_cache.h documents its format).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "environment_cache.h"
#include "environment_image.h"
#include "render_fixture.h"

namespace vitrine::test {

// An equirect of w x h whose pixels hold radiance(direction of the pixel's centre).
scene::EnvironmentImage makeEnvironment(uint32_t w, uint32_t h,
                                        const std::function<glm::vec3(const glm::vec3&)>& radiance);

// A distinct colour for each cube face (+X, -X, +Y, -Y, +Z, -Z), all below 1.
glm::vec3 faceColor(int face);
// The face a direction's largest component points to (Vulkan's layer order).
int majorFace(const glm::vec3& d);
// Each direction gets its major face's colour.
scene::EnvironmentImage faceEnvironment();

// A camera at the origin looking along `direction` (90 degrees vertical field of view), with
// the fixture's clear colour, no tone mapping and the sharp environment background.
View viewAlong(const glm::vec3& direction);

// The real SH basis of env_irradiance.comp (bands 0-2) and the projection of an equirect on it
// by direct quadrature over its pixels, convolved with the clamped cosine (pi, 2 pi / 3,
// pi / 4 per band): the coefficients EnvironmentData holds.
void shBasis(const glm::vec3& d, float basis[9]);
std::vector<glm::vec3> projectIrradiance(const scene::EnvironmentImage& image);

// The single "env-*.bin" file in `directory` ("" if there is none or several); the pipeline
// cache's "pipelines-*.bin" is not counted.
std::string onlyCacheFile(const std::string& directory);
// Reads a cache file, sizes and key from its own header, through readEnvironmentCache (which
// checks the checksum). False if it is not intact.
bool readCacheFile(const std::string& path, renderer::ProcessedEnvironment& out);
// Half floats of level `level`, face `face`, texel (x, y) of the cached specular cube.
glm::vec4 cachedTexel(const renderer::ProcessedEnvironment& env, uint32_t level, int face,
                      uint32_t x, uint32_t y);
// The direction through the centre of that texel (the inverse of Vulkan's face selection).
glm::vec3 texelDirection(uint32_t size, int face, uint32_t x, uint32_t y);

// A fresh, empty directory under VITRINE_TEST_TMP.
std::string freshDirectory(const std::string& name);

// A validated renderer with its disk cache in `cacheDirectory`.
std::unique_ptr<renderer::Renderer> cachedRenderer(const std::string& cacheDirectory);

}  // namespace vitrine::test
