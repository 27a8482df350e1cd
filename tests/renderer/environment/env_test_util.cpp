#include "env_test_util.h"

#include <cmath>
#include <filesystem>
#include <numbers>

#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/packing.hpp>

namespace vitrine::test {

scene::EnvironmentImage makeEnvironment(
    uint32_t w, uint32_t h, const std::function<glm::vec3(const glm::vec3&)>& radiance) {
  scene::EnvironmentImage image;
  image.width = w;
  image.height = h;
  image.name = "test";
  image.rgb.resize(size_t(w) * h * 3);
  for (uint32_t j = 0; j < h; ++j) {
    for (uint32_t i = 0; i < w; ++i) {
      const glm::vec3 d =
          scene::equirectDirection((float(i) + 0.5f) / float(w), (float(j) + 0.5f) / float(h));
      const glm::vec3 c = radiance(d);
      float* px = &image.rgb[(size_t(j) * w + i) * 3];
      px[0] = c.r;
      px[1] = c.g;
      px[2] = c.b;
    }
  }
  return image;
}

glm::vec3 faceColor(int face) {
  static const glm::vec3 colors[6] = {{0.8f, 0.2f, 0.2f}, {0.2f, 0.8f, 0.2f}, {0.2f, 0.2f, 0.8f},
                                      {0.8f, 0.8f, 0.2f}, {0.2f, 0.8f, 0.8f}, {0.8f, 0.2f, 0.8f}};
  return colors[face];
}

int majorFace(const glm::vec3& d) {
  const glm::vec3 a = glm::abs(d);
  if (a.x >= a.y && a.x >= a.z) return d.x > 0 ? 0 : 1;
  if (a.y >= a.z) return d.y > 0 ? 2 : 3;
  return d.z > 0 ? 4 : 5;
}

scene::EnvironmentImage faceEnvironment() {
  return makeEnvironment(256, 128, [](const glm::vec3& d) { return faceColor(majorFace(d)); });
}

View viewAlong(const glm::vec3& direction) {
  const glm::vec3 d = glm::normalize(direction);
  const glm::vec3 up = std::abs(d.y) > 0.9f ? glm::vec3(0, 0, -1) : glm::vec3(0, 1, 0);
  View v;
  v.view = glm::lookAt(glm::vec3(0.0f), d, up);
  v.projection = glm::perspective(glm::radians(90.0f), 1.0f, 0.1f, 100.0f);
  v.eye = glm::vec3(0.0f);
  v.clearColor = glm::vec4(background(), 1.0f);
  v.tonemap = renderer::Tonemap::None;
  v.background = renderer::Background::Environment;
  return v;
}

void shBasis(const glm::vec3& d, float b[9]) {
  b[0] = 0.282095f;
  b[1] = 0.488603f * d.y;
  b[2] = 0.488603f * d.z;
  b[3] = 0.488603f * d.x;
  b[4] = 1.092548f * d.x * d.y;
  b[5] = 1.092548f * d.y * d.z;
  b[6] = 0.315392f * (3.0f * d.z * d.z - 1.0f);
  b[7] = 1.092548f * d.x * d.z;
  b[8] = 0.546274f * (d.x * d.x - d.y * d.y);
}

std::vector<glm::vec3> projectIrradiance(const scene::EnvironmentImage& image) {
  constexpr double kPi = std::numbers::pi;
  std::vector<glm::dvec3> sums(9, glm::dvec3(0.0));
  for (uint32_t j = 0; j < image.height; ++j) {
    const double t = (j + 0.5) / image.height;
    const double solidAngle = (2.0 * kPi / image.width) * (kPi / image.height) * std::sin(kPi * t);
    for (uint32_t i = 0; i < image.width; ++i) {
      const glm::vec3 d =
          scene::equirectDirection((float(i) + 0.5f) / float(image.width), float(t));
      float b[9];
      shBasis(d, b);
      const float* px = &image.rgb[(size_t(j) * image.width + i) * 3];
      for (int k = 0; k < 9; ++k) sums[k] += glm::dvec3(px[0], px[1], px[2]) * (b[k] * solidAngle);
    }
  }
  std::vector<glm::vec3> out(9);
  for (int k = 0; k < 9; ++k) {
    const double band = k == 0 ? kPi : (k < 4 ? 2.0 * kPi / 3.0 : kPi / 4.0);
    out[k] = glm::vec3(sums[k] * band);
  }
  return out;
}

std::string onlyCacheFile(const std::string& directory) {
  std::string found;
  int count = 0;
  for (const auto& entry : std::filesystem::directory_iterator(directory)) {
    // The pipeline cache (pipeline_cache.h) shares the directory; its own temporary files
    // ("pipelines-....bin.tmp-...") are still counted.
    const std::string name = entry.path().filename().string();
    if (name.rfind("pipelines-", 0) == 0 && name.ends_with(".bin")) continue;
    ++count;  // anything else (a leftover temporary file) is a failure too
    found = entry.path().string();
  }
  if (count != 1 || found.find("/env-") == std::string::npos ||
      found.substr(found.size() - 4) != ".bin")
    return "";
  return found;
}

bool readCacheFile(const std::string& path, renderer::ProcessedEnvironment& out) {
  renderer::CacheHeader header{};
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return false;
  const bool read = std::fread(&header, sizeof(header), 1, f) == 1;
  std::fclose(f);
  if (!read) return false;
  std::string why;
  const bool ok = renderer::readEnvironmentCache(path, header.key, header.cubeSize, header.levels,
                                                 header.lutSize, out, &why);
  EXPECT_TRUE(ok) << path << ": " << why;
  return ok;
}

glm::vec4 cachedTexel(const renderer::ProcessedEnvironment& env, uint32_t level, int face,
                      uint32_t x, uint32_t y) {
  size_t offset = 0;  // in texels
  for (uint32_t l = 0; l < level; ++l) {
    const size_t side = env.cubeSize >> l;
    offset += 6 * side * side;
  }
  const size_t side = env.cubeSize >> level;
  offset += (size_t(face) * side + y) * side + x;
  const uint16_t* h = &env.specular[offset * 4];
  return {glm::unpackHalf1x16(h[0]), glm::unpackHalf1x16(h[1]), glm::unpackHalf1x16(h[2]),
          glm::unpackHalf1x16(h[3])};
}

glm::vec3 texelDirection(uint32_t size, int face, uint32_t x, uint32_t y) {
  const float u = 2.0f * (float(x) + 0.5f) / float(size) - 1.0f;
  const float v = 2.0f * (float(y) + 0.5f) / float(size) - 1.0f;
  // Vulkan's cube face selection (sc, tc per face), solved for the direction.
  const glm::vec3 d[6] = {{1, -v, -u}, {-1, -v, u}, {u, 1, v},
                          {u, -1, -v}, {u, -v, 1},  {-u, -v, -1}};
  return glm::normalize(d[face]);
}

std::string freshDirectory(const std::string& name) {
  const std::string path = std::string(VITRINE_TEST_TMP) + "/" + name;
  std::filesystem::remove_all(path);
  std::filesystem::create_directories(path);
  return path;
}

std::unique_ptr<renderer::Renderer> cachedRenderer(const std::string& cacheDirectory) {
  renderer::Options options;
  options.validation = true;
  options.cacheDirectory = cacheDirectory;
  std::string error;
  auto r = renderer::Renderer::create(options, &error);
  EXPECT_TRUE(r) << error;
  return r;
}

}  // namespace vitrine::test
