// The environment's GPU processing, checked through the disk cache file it writes (its format
// is environment_cache.h's): irradiance SH against analytic and CPU answers, level 0 against
// the source, roughness 1 of a constant, the BRDF table against a CPU integral; and the cache
// itself: hit the second time, recomputed when corrupt, harmless when it cannot be written.
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <numbers>

#include <sys/stat.h>

#include <glm/gtc/packing.hpp>

#include "env_test_util.h"
#include "environment_key.h"

namespace vitrine::test {
namespace {

constexpr float kPi = std::numbers::pi_v<float>;

class EnvironmentTest : public RendererTest {
 protected:
  // Replaces the fixture's renderer with one caching in a fresh directory named after the
  // test (one renderer at a time: volk's function pointers are global).
  void useCache() {
    cacheDir_ = freshDirectory(std::string("env_cache_") +
                               ::testing::UnitTest::GetInstance()->current_test_info()->name());
    renderer_.reset();
    renderer_ = cachedRenderer(cacheDir_);
    ASSERT_TRUE(renderer_);
  }

  // Processes `image` and reads back what the cache file says.
  renderer::ProcessedEnvironment process(const scene::EnvironmentImage& image) {
    renderer_->setEnvironment(&image);
    renderer::ProcessedEnvironment env;
    const std::string file = onlyCacheFile(cacheDir_);
    EXPECT_NE(file, "") << "expected exactly one cache file in " << cacheDir_;
    if (!file.empty()) {
      EXPECT_TRUE(readCacheFile(file, env));
    }
    return env;
  }

  std::string cacheDir_;
};

glm::vec3 sh(const renderer::ProcessedEnvironment& env, int k) {
  return glm::vec3(env.irradiance.sh[k]);
}

// Every component of a within tolerance of b.
::testing::AssertionResult near3(const glm::vec3& a, const glm::vec3& b, float tolerance) {
  const glm::vec3 d = glm::abs(a - b);
  if (d.x <= tolerance && d.y <= tolerance && d.z <= tolerance)
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << "(" << a.x << ", " << a.y << ", " << a.z << ") vs (" << b.x << ", " << b.y << ", "
         << b.z << ") within " << tolerance;
}

TEST_F(EnvironmentTest, UniformRadianceGivesPiLEverywhere) {
  useCache();
  const glm::vec3 radiance(0.25f, 0.5f, 1.0f);
  const renderer::ProcessedEnvironment env =
      process(makeEnvironment(256, 128, [&](const glm::vec3&) { return radiance; }));
  ASSERT_EQ(env.cubeSize, 64u);  // a quarter of the width
  ASSERT_EQ(env.levels, 6u);
  // E_00 = pi * (L * Y_00 * 4 pi); with Y_00 again, E(n) = pi L for every n.
  EXPECT_TRUE(near3(sh(env, 0), kPi * radiance * 0.282095f * 4.0f * kPi, 2e-3f));
  for (int k = 1; k < 9; ++k) EXPECT_TRUE(near3(sh(env, k), glm::vec3(0.0f), 1e-3f)) << k;
  EXPECT_TRUE(near3(sh(env, 0) * 0.282095f, kPi * radiance, 2e-3f));
  // Level 0 is the source, and roughness 1 (the last level) of a constant is that constant.
  for (uint32_t level : {0u, env.levels - 1}) {
    const uint32_t side = env.cubeSize >> level;
    for (int face = 0; face < 6; ++face) {
      for (uint32_t y = 0; y < side; y += 3) {
        for (uint32_t x = 0; x < side; x += 3) {
          ASSERT_TRUE(near3(glm::vec3(cachedTexel(env, level, face, x, y)), radiance, 1e-3f))
              << "level " << level << " face " << face << " texel " << x << ", " << y;
        }
      }
    }
  }
}

TEST_F(EnvironmentTest, NonFiniteTexelsDoNotSpreadIntoTheLight) {
  // A uniform environment with an infinite, a NaN and a negative texel (an .hdr exponent of 255
  // decodes to ~1.7e38; float sums of those overflow): the irradiance stays finite and close to
  // the uniform answer, and no texel of the cube is NaN or infinite.
  useCache();
  const glm::vec3 radiance(0.5f);
  scene::EnvironmentImage image =
      makeEnvironment(256, 128, [&](const glm::vec3&) { return radiance; });
  const float inf = std::numeric_limits<float>::infinity();
  image.rgb[0] = inf;
  image.rgb[4] = std::numeric_limits<float>::quiet_NaN();
  image.rgb[8] = -1.0f;
  image.rgb[3 * 300] = 3.0e38f;
  image.rgb[3 * 301] = 3.0e38f;
  const renderer::ProcessedEnvironment env = process(image);
  for (int k = 0; k < 9; ++k) {
    EXPECT_TRUE(std::isfinite(sh(env, k).x) && std::isfinite(sh(env, k).y) &&
                std::isfinite(sh(env, k).z))
        << k;
  }
  for (uint32_t level = 0; level < env.levels; ++level) {
    const uint32_t side = env.cubeSize >> level;
    for (int face = 0; face < 6; ++face)
      for (uint32_t y = 0; y < side; ++y)
        for (uint32_t x = 0; x < side; ++x) {
          const glm::vec4 t = cachedTexel(env, level, face, x, y);
          ASSERT_TRUE(std::isfinite(t.x) && std::isfinite(t.y) && std::isfinite(t.z))
              << "level " << level << " face " << face << " texel " << x << ", " << y;
        }
  }
}

TEST_F(EnvironmentTest, TallImageIsReducedToWhatTheDeviceTakes) {
  // 1024 x 8192 is not 2:1; reduced by its height (to at most 2048 rows), it processes
  // without validation messages (the fixture fails the test on any) and gives the uniform
  // radiance's irradiance.
  useCache();
  const glm::vec3 radiance(0.25f);
  scene::EnvironmentImage image;
  image.width = 1024;
  image.height = 8192;
  image.rgb.assign(size_t(image.width) * image.height * 3, 0.25f);
  const renderer::ProcessedEnvironment env = process(image);
  EXPECT_TRUE(near3(sh(env, 0) * 0.282095f, kPi * radiance, 2e-3f));
}

TEST_F(EnvironmentTest, SplitEnvironmentGivesTheCosineLobeAnswer) {
  // Radiance L1 above the horizon, L0 below. Projected: L_00 = Y_00 2 pi (L1 + L0),
  // L_1,y = 0.488603 pi (L1 - L0) (the integral of y over the upper hemisphere is pi), every
  // other coefficient 0 by symmetry; convolved: times pi and 2 pi / 3.
  useCache();
  const glm::vec3 upper(1.0f, 0.6f, 0.2f), lower(0.1f, 0.2f, 0.3f);
  const renderer::ProcessedEnvironment env = process(
      makeEnvironment(256, 128, [&](const glm::vec3& d) { return d.y > 0.0f ? upper : lower; }));
  const glm::vec3 e00 = kPi * 0.282095f * 2.0f * kPi * (upper + lower);
  const glm::vec3 e1y = (2.0f * kPi / 3.0f) * 0.488603f * kPi * (upper - lower);
  EXPECT_TRUE(near3(sh(env, 0), e00, 0.005f * e00.x));
  EXPECT_TRUE(near3(sh(env, 1), e1y, 0.005f * e00.x));
  for (int k = 2; k < 9; ++k) EXPECT_TRUE(near3(sh(env, k), glm::vec3(0.0f), 0.005f * e00.x)) << k;
  // So a normal facing up receives E00 Y00 + E1y Y1(up) = pi/2 (L1 + L0) + pi/2 (L1 - L0):
  // pi L1, the exact irradiance under a sky of L1 (Y00^2 = 1 / 4 pi, Y1^2 = 3 / 4 pi).
  const glm::vec3 up = sh(env, 0) * 0.282095f + sh(env, 1) * 0.488603f;
  EXPECT_TRUE(near3(up, kPi * upper, 0.01f));
}

TEST_F(EnvironmentTest, SmoothEnvironmentMatchesTheCpu) {
  useCache();
  auto radiance = [](const glm::vec3& d) {
    return glm::vec3(1.0f + 0.5f * d.x, 0.5f + 0.4f * d.z * d.z,
                     0.3f + 0.2f * d.y + 0.15f * d.x * d.y);
  };
  const scene::EnvironmentImage image = makeEnvironment(512, 256, radiance);
  const renderer::ProcessedEnvironment env = process(image);
  ASSERT_EQ(env.cubeSize, 128u);
  // Irradiance: the GPU's projection of the cube against the CPU's of the equirect.
  const std::vector<glm::vec3> cpu = projectIrradiance(image);
  for (int k = 0; k < 9; ++k)
    EXPECT_TRUE(near3(sh(env, k), cpu[k], 0.003f * cpu[0].x)) << "coefficient " << k;
  // Level 0 holds the radiance of each texel's direction (the face orientation is Vulkan's:
  // the background test checks the same cube through the sampler).
  for (int face = 0; face < 6; ++face) {
    for (uint32_t y = 0; y < env.cubeSize; y += 9) {
      for (uint32_t x = 0; x < env.cubeSize; x += 9) {
        const glm::vec3 expected = radiance(texelDirection(env.cubeSize, face, x, y));
        ASSERT_TRUE(near3(glm::vec3(cachedTexel(env, 0, face, x, y)), expected, 0.01f))
            << "face " << face << " texel " << x << ", " << y;
      }
    }
  }
}

// The split-sum table entry (scale, bias) for n.v and roughness, by quadrature over the
// hemisphere of l: integral of D Vis (n.l) times (1 - Fc, Fc), with Appendix B's D and Vis.
glm::vec2 cpuBrdf(float nDotV, float roughness) {
  const double alpha = double(roughness) * roughness, a2 = alpha * alpha;
  const glm::dvec3 v(std::sqrt(1.0 - double(nDotV) * nDotV), 0.0, nDotV);
  auto visibilityFactor = [&](double c) { return 1.0 / (c + std::sqrt(a2 + (1.0 - a2) * c * c)); };
  const int thetaSteps = 600, phiSteps = 600;
  const double dTheta = 0.5 * std::numbers::pi / thetaSteps,
               dPhi = 2.0 * std::numbers::pi / phiSteps;
  glm::dvec2 sum(0.0);
  for (int i = 0; i < thetaSteps; ++i) {
    const double theta = (i + 0.5) * dTheta;
    for (int j = 0; j < phiSteps; ++j) {
      const double phi = (j + 0.5) * dPhi;
      const glm::dvec3 l(std::sin(theta) * std::cos(phi), std::sin(theta) * std::sin(phi),
                         std::cos(theta));
      const glm::dvec3 h = glm::normalize(l + v);
      const double nDotH = h.z, vDotH = glm::dot(v, h);
      if (nDotH <= 0.0 || vDotH <= 0.0) continue;
      const double f = nDotH * nDotH * (a2 - 1.0) + 1.0;
      const double d = a2 / (std::numbers::pi * f * f);
      const double vis = visibilityFactor(l.z) * visibilityFactor(nDotV);
      const double fc = std::pow(1.0 - vDotH, 5.0);
      const double w = d * vis * l.z * std::sin(theta) * dTheta * dPhi;
      sum += w * glm::dvec2(1.0 - fc, fc);
    }
  }
  return glm::vec2(sum);
}

TEST_F(EnvironmentTest, BrdfTableMatchesTheCpuIntegral) {
  useCache();
  const renderer::ProcessedEnvironment env =
      process(makeEnvironment(256, 128, [](const glm::vec3&) { return glm::vec3(1.0f); }));
  const uint32_t n = env.lutSize;
  ASSERT_EQ(n, 64u);
  auto texel = [&](uint32_t x, uint32_t y) {
    const uint16_t* h = &env.lut[(size_t(y) * n + x) * 2];
    return glm::vec2(glm::unpackHalf1x16(h[0]), glm::unpackHalf1x16(h[1]));
  };
  for (uint32_t y : {20u, 40u, 63u}) {
    for (uint32_t x : {4u, 16u, 40u, 63u}) {
      const float nDotV = (float(x) + 0.5f) / float(n), roughness = (float(y) + 0.5f) / float(n);
      const glm::vec2 expected = cpuBrdf(nDotV, roughness);
      const glm::vec2 actual = texel(x, y);
      EXPECT_NEAR(actual.x, expected.x, 0.01f) << "n.v " << nDotV << " roughness " << roughness;
      EXPECT_NEAR(actual.y, expected.y, 0.01f) << "n.v " << nDotV << " roughness " << roughness;
    }
  }
  // A mirror reflects everything: scale + bias = 1 at the smoothest row.
  for (uint32_t x = 1; x < n; x += 7) EXPECT_NEAR(texel(x, 0).x + texel(x, 0).y, 1.0f, 0.02f) << x;
}

struct FileId {
  ino_t inode = 0;
  timespec mtime{};
  bool operator==(const FileId& o) const {
    return inode == o.inode && mtime.tv_sec == o.mtime.tv_sec && mtime.tv_nsec == o.mtime.tv_nsec;
  }
};

FileId fileId(const std::string& path) {
  struct stat st {};
  EXPECT_EQ(::stat(path.c_str(), &st), 0) << path;
  return {st.st_ino, st.st_mtim};
}

TEST_F(EnvironmentTest, CacheIsHitTheSecondTimeAndCorruptFilesAreRecomputed) {
  useCache();
  const View view = viewAlong({1, 0, 0});
  const glm::vec3 expected = faceColor(0);
  renderer_->setEnvironment(nullptr);
  EXPECT_TRUE(std::filesystem::is_empty(cacheDir_));  // no environment, no file
  {
    const scene::EnvironmentImage env = faceEnvironment();
    EXPECT_FALSE(renderer_->setEnvironmentFromCache(env));  // nothing in the cache yet
    renderer_->setEnvironment(&env);
  }
  const std::string file = onlyCacheFile(cacheDir_);
  ASSERT_NE(file, "");
  const FileId first = fileId(file);
  const Pixels processed = renderer_->renderOffscreen(view, kSize, kSize);
  EXPECT_TRUE(colorNear(pixelAt(processed, 32, 32), expected));

  // The same content again (another object, another name): read back, not rewritten (a miss
  // always replaces the file through a rename, which gives it a new inode).
  scene::EnvironmentImage same = faceEnvironment();
  same.name = "another name";
  EXPECT_TRUE(renderer_->setEnvironmentFromCache(same));
  EXPECT_EQ(fileId(file), first);
  EXPECT_EQ(renderer_->renderOffscreen(view, kSize, kSize).rgba, processed.rgba);
  renderer_->setEnvironment(&same);
  EXPECT_EQ(fileId(file), first);
  const Pixels cached = renderer_->renderOffscreen(view, kSize, kSize);
  EXPECT_EQ(cached.rgba, processed.rgba);

  const uintmax_t size = std::filesystem::file_size(file);
  auto damage = [&](const char* how) {
    if (std::string(how) == "flip") {
      std::fstream f(file, std::ios::in | std::ios::out | std::ios::binary);
      f.seekp(std::streamoff(size / 2));
      f.put(char(0x5a));
    } else if (std::string(how) == "truncate") {
      std::filesystem::resize_file(file, size / 3);
    } else {  // foreign: the right size, other bytes
      std::ofstream f(file, std::ios::binary | std::ios::trunc);
      f << std::string(size, 'x');
    }
  };
  for (const char* how : {"flip", "truncate", "foreign"}) {
    damage(how);
    EXPECT_FALSE(renderer_->setEnvironmentFromCache(same)) << how << ": a damaged file is no hit";
    const FileId damaged = fileId(file);
    renderer_->setEnvironment(&same);
    EXPECT_FALSE(fileId(file) == damaged) << how << ": not rewritten";
    EXPECT_EQ(onlyCacheFile(cacheDir_), file) << how;
    renderer::ProcessedEnvironment env;
    EXPECT_TRUE(readCacheFile(file, env)) << how;
    const Pixels again = renderer_->renderOffscreen(view, kSize, kSize);
    EXPECT_EQ(again.rgba, processed.rgba) << how;
  }

  // Other content: another file (beside the pipeline cache's, which is not counted).
  const scene::EnvironmentImage other =
      makeEnvironment(256, 128, [](const glm::vec3&) { return glm::vec3(0.5f); });
  EXPECT_FALSE(renderer_->setEnvironmentFromCache(other));
  renderer_->setEnvironment(&other);
  EXPECT_TRUE(renderer_->setEnvironmentFromCache(other));
  size_t files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(cacheDir_))
    files += entry.path().filename().string().rfind("pipelines-", 0) != 0;
  EXPECT_EQ(files, 2u);
}

// The key light (scene/environment_key.h) is found when the environment is processed and kept
// in its cache file: what the file holds is what the image gives.
TEST_F(EnvironmentTest, KeyLightIsCachedWithTheEnvironment) {
  useCache();
  const scene::EnvironmentImage env = makeEnvironment(256, 128, [](const glm::vec3& d) {
    return glm::vec3(glm::dot(d, glm::normalize(glm::vec3(1, 2, 0))) > 0.98f ? 20.0f : 0.3f);
  });
  renderer_->setEnvironment(&env);
  const std::string file = onlyCacheFile(cacheDir_);
  ASSERT_NE(file, "");
  renderer::ProcessedEnvironment cached;
  ASSERT_TRUE(readCacheFile(file, cached));
  const scene::EnvironmentKey key = scene::findEnvironmentKey(env);
  ASSERT_TRUE(key.found);
  EXPECT_TRUE(cached.key.found);
  EXPECT_EQ(cached.key.direction, key.direction);
  EXPECT_EQ(cached.key.irradiance, key.irradiance);
  EXPECT_EQ(cached.key.share, key.share);
  EXPECT_EQ(cached.key.angularRadius, key.angularRadius);
}

TEST_F(EnvironmentTest, UnwritableCacheIsNotFatal) {
  // The cache "directory" is below a regular file: it cannot be created.
  const std::string blocker = freshDirectory("env_cache_blocked") + "/file";
  std::ofstream(blocker) << "not a directory";
  renderer_.reset();
  renderer_ = cachedRenderer(blocker + "/cache");
  ASSERT_TRUE(renderer_);
  const scene::EnvironmentImage env = faceEnvironment();
  renderer_->setEnvironment(&env);
  EXPECT_FALSE(renderer_->setEnvironmentFromCache(env));  // processed, but nowhere to keep it
  const Pixels p = renderer_->renderOffscreen(viewAlong({0, 0, 1}), kSize, kSize);
  EXPECT_TRUE(colorNear(pixelAt(p, 32, 32), faceColor(4)));
}

TEST_F(EnvironmentTest, StudioProcessesCleanly) {
  useCache();
  const scene::EnvironmentImage studio = scene::studioEnvironment();
  const renderer::ProcessedEnvironment env = process(studio);
  EXPECT_EQ(env.cubeSize, 256u);
  const std::vector<glm::vec3> cpu = projectIrradiance(studio);
  for (int k = 0; k < 9; ++k)
    EXPECT_TRUE(near3(sh(env, k), cpu[k], 0.005f * cpu[0].x)) << "coefficient " << k;
  // Drawn with the default tone mapping: the fixture fails on any validation message.
  View view = viewAlong({0, 0, -1});
  view.tonemap = renderer::Tonemap::Neutral;
  const Pixels p = renderer_->renderOffscreen(view, kSize, kSize);
  EXPECT_EQ(p.width, kSize);
}

}  // namespace
}  // namespace vitrine::test
