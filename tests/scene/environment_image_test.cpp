// Environment images: the equirectangular mapping, Radiance .hdr files written here by hand
// (flat and run-length scanlines, and every way they can be wrong), and the studio's design
// targets, checked by integrating its irradiance on the CPU.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <numbers>
#include <string>
#include <vector>

#include <sys/stat.h>

#include "asset_builder.h"
#include "environment_image.h"

namespace vitrine::test {
namespace {

using scene::EnvironmentImage;
using scene::loadHdrEnvironment;

constexpr float kPi = std::numbers::pi_v<float>;

// One RGBE pixel: mantissas m and exponent e decode to m * 2^(e - 136) (Radiance's
// convention, as stb_image decodes it). Values here are exact in that form.
struct Rgbe {
  uint8_t r, g, b, e;
};

std::string header(uint32_t w, uint32_t h) {
  return "#?RADIANCE\n# written by environment_image_test\nFORMAT=32-bit_rle_rgbe\n\n-Y " +
         std::to_string(h) + " +X " + std::to_string(w) + "\n";
}

std::string flatFile(uint32_t w, uint32_t h, const std::vector<Rgbe>& pixels) {
  std::string file = header(w, h);
  for (const Rgbe& p : pixels) file += {char(p.r), char(p.g), char(p.b), char(p.e)};
  return file;
}

// Run-length scanlines: per scanline 2, 2, width (16 bits), then each channel as runs of
// equal bytes (128 + n, value) and dumps (n, n bytes), n <= 127 / 128.
std::string rleFile(uint32_t w, uint32_t h, const std::vector<Rgbe>& pixels) {
  std::string file = header(w, h);
  for (uint32_t y = 0; y < h; ++y) {
    file += {char(2), char(2), char(w >> 8), char(w & 0xff)};
    for (int c = 0; c < 4; ++c) {
      std::vector<uint8_t> channel;
      for (uint32_t x = 0; x < w; ++x) {
        const Rgbe& p = pixels[y * w + x];
        channel.push_back(c == 0 ? p.r : c == 1 ? p.g : c == 2 ? p.b : p.e);
      }
      for (size_t i = 0; i < channel.size();) {
        size_t run = 1;
        while (i + run < channel.size() && channel[i + run] == channel[i] && run < 127) ++run;
        if (run >= 3) {
          file += {char(128 + run), char(channel[i])};
          i += run;
          continue;
        }
        size_t dump = std::min<size_t>(channel.size() - i, 128);
        file += char(dump);
        for (size_t k = 0; k < dump; ++k) file += char(channel[i + k]);
        i += dump;
      }
    }
  }
  return file;
}

std::string writeTemp(const std::string& name, const std::string& bytes) {
  const std::string path = tempPath(name);
  writeFile(path, bytes);
  return path;
}

std::string loadError(const std::string& path) {
  EnvironmentImage image;
  std::string error;
  EXPECT_FALSE(loadHdrEnvironment(path, image, &error));
  EXPECT_TRUE(image.rgb.empty());
  EXPECT_EQ(image.width, 0u);
  return error;
}

TEST(EquirectMapping, CentresAndAxes) {
  auto near = [](glm::vec3 a, glm::vec3 b) { return glm::length(a - b) < 1e-5f; };
  EXPECT_TRUE(near(scene::equirectDirection(0.5f, 0.5f), {1, 0, 0}));
  EXPECT_TRUE(near(scene::equirectDirection(0.75f, 0.5f), {0, 0, 1}));
  EXPECT_TRUE(near(scene::equirectDirection(0.25f, 0.5f), {0, 0, -1}));
  EXPECT_TRUE(near(scene::equirectDirection(0.0f, 0.5f), {-1, 0, 0}));
  EXPECT_TRUE(near(scene::equirectDirection(0.3f, 0.0f), {0, 1, 0}));
  EXPECT_TRUE(near(scene::equirectDirection(0.3f, 1.0f), {0, -1, 0}));
}

TEST(EquirectMapping, CoordinatesInvertDirections) {
  for (float s = 0.01f; s < 1.0f; s += 0.07f) {
    for (float t = 0.02f; t < 1.0f; t += 0.09f) {
      const glm::vec2 st = scene::equirectCoordinates(scene::equirectDirection(s, t));
      EXPECT_NEAR(st.x, s, 1e-4f) << s << ", " << t;
      EXPECT_NEAR(st.y, t, 1e-4f) << s << ", " << t;
    }
  }
}

TEST(HdrEnvironment, DecodesFlatScanlines) {
  // Width 4 < 8: stb_image reads flat pixels.
  const std::vector<Rgbe> pixels = {
      {128, 64, 32, 129}, {128, 128, 128, 128}, {0, 0, 0, 0},     {192, 0, 64, 130},
      {255, 1, 2, 136},   {64, 64, 64, 127},    {128, 0, 0, 140}, {0, 0, 128, 120},
  };
  const std::string path = writeTemp("env_flat.hdr", flatFile(4, 2, pixels));
  EnvironmentImage image;
  std::string error;
  ASSERT_TRUE(loadHdrEnvironment(path, image, &error)) << error;
  EXPECT_EQ(image.width, 4u);
  EXPECT_EQ(image.height, 2u);
  EXPECT_EQ(image.name, path);
  ASSERT_EQ(image.rgb.size(), 4u * 2u * 3u);
  for (size_t i = 0; i < pixels.size(); ++i) {
    const Rgbe& p = pixels[i];
    const float scale = p.e ? std::ldexp(1.0f, int(p.e) - 136) : 0.0f;
    EXPECT_EQ(image.rgb[i * 3 + 0], p.r * scale) << "pixel " << i;
    EXPECT_EQ(image.rgb[i * 3 + 1], p.g * scale) << "pixel " << i;
    EXPECT_EQ(image.rgb[i * 3 + 2], p.b * scale) << "pixel " << i;
  }
  EXPECT_EQ(image.rgb[0], 1.0f);  // 128 * 2^(129 - 136)
  EXPECT_EQ(image.rgb[1], 0.5f);
  EXPECT_EQ(image.rgb[2], 0.25f);
}

std::vector<Rgbe> gradient(uint32_t w, uint32_t h) {
  std::vector<Rgbe> pixels;
  for (uint32_t y = 0; y < h; ++y)
    for (uint32_t x = 0; x < w; ++x)
      pixels.push_back({uint8_t(x < w / 2 ? 200 : 8 * x), uint8_t(100 + y), 7, uint8_t(128 + y)});
  return pixels;
}

TEST(HdrEnvironment, DecodesRunLengthScanlines) {
  const uint32_t w = 40, h = 3;
  const std::vector<Rgbe> pixels = gradient(w, h);
  const std::string file = rleFile(w, h, pixels);
  ASSERT_LT(file.size(), header(w, h).size() + w * h * 4);  // the runs did compress
  const std::string path = writeTemp("env_rle.hdr", file);
  EnvironmentImage image;
  std::string error;
  ASSERT_TRUE(loadHdrEnvironment(path, image, &error)) << error;
  ASSERT_EQ(image.width, w);
  ASSERT_EQ(image.height, h);
  for (size_t i = 0; i < pixels.size(); ++i) {
    const float scale = std::ldexp(1.0f, int(pixels[i].e) - 136);
    ASSERT_EQ(image.rgb[i * 3 + 0], pixels[i].r * scale) << "pixel " << i;
    ASSERT_EQ(image.rgb[i * 3 + 1], pixels[i].g * scale) << "pixel " << i;
    ASSERT_EQ(image.rgb[i * 3 + 2], pixels[i].b * scale) << "pixel " << i;
  }
}

TEST(HdrEnvironment, MissingFile) {
  const std::string path = tempPath("env_missing.hdr");
  std::filesystem::remove(path);
  EXPECT_EQ(loadError(path), path + ": cannot open file: No such file or directory");
}

TEST(HdrEnvironment, Directory) {
  const std::string path = tempPath("env_directory.hdr");
  std::filesystem::create_directories(path);
  EXPECT_EQ(loadError(path), path + ": cannot open file: Is a directory");
}

TEST(HdrEnvironment, Fifo) {
  const std::string path = tempPath("env_fifo.hdr");
  std::filesystem::remove(path);
  ASSERT_EQ(::mkfifo(path.c_str(), 0600), 0);
  EXPECT_EQ(loadError(path), path + ": cannot open file: not a regular file");
}

TEST(HdrEnvironment, NotAnHdrFile) {
  const std::string png = writeTemp("env_not_hdr.hdr", "\x89PNG\r\n\x1a\n not really");
  EXPECT_EQ(loadError(png), png +
                                ": not a Radiance HDR image (expected a \"#?RADIANCE\" or "
                                "\"#?RGBE\" first line)");
  const std::string empty = writeTemp("env_empty.hdr", "");
  EXPECT_EQ(loadError(empty), empty +
                                  ": not a Radiance HDR image (expected a \"#?RADIANCE\" or "
                                  "\"#?RGBE\" first line)");
}

TEST(HdrEnvironment, UnsupportedHeader) {
  const std::string unsupported =
      " (expected FORMAT=32-bit_rle_rgbe and a \"-Y <height> +X "
      "<width>\" resolution line)";
  const std::string noFormat = writeTemp("env_no_format.hdr", "#?RADIANCE\n\n-Y 2 +X 4\n");
  EXPECT_EQ(loadError(noFormat), noFormat + ": unsupported HDR header" + unsupported);
  const std::string flipped = writeTemp(
      "env_flipped.hdr", "#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n+Y 2 +X 4\n" + std::string(32, 1));
  EXPECT_EQ(loadError(flipped), flipped + ": unsupported HDR header" + unsupported);
}

TEST(HdrEnvironment, DimensionsAreCheckedBeforeDecoding) {
  // Headers alone, no pixels: decoding would report truncation, and stb would allocate
  // gigabytes for the claimed size first. The limits come first.
  const std::string wide = writeTemp("env_wide.hdr", header(20000, 100));
  EXPECT_EQ(loadError(wide), wide +
                                 ": image is 20000x100 pixels (expected 1 to 16384 each way and "
                                 "at most 134217728 pixels)");
  const std::string square = writeTemp("env_square.hdr", header(16384, 16384));
  EXPECT_EQ(loadError(square), square +
                                   ": image is 16384x16384 pixels (expected 1 to 16384 each way "
                                   "and at most 134217728 pixels)");
  const std::string zero = writeTemp("env_zero.hdr", header(0, 4));
  EXPECT_EQ(loadError(zero), zero +
                                 ": image is 0x4 pixels (expected 1 to 16384 each way and at "
                                 "most 134217728 pixels)");
}

TEST(HdrEnvironment, TruncatedFlat) {
  const std::vector<Rgbe> pixels(8, Rgbe{128, 128, 128, 128});
  std::string file = flatFile(4, 2, pixels);
  file.resize(file.size() - 5);
  const std::string path = writeTemp("env_truncated_flat.hdr", file);
  EXPECT_EQ(loadError(path), path + ": truncated: the pixel data ends at scanline 1 of 2");
  // The resolution line without its newline (stb drops the last character at the end of the
  // file: hence the space).
  const std::string headerOnly =
      writeTemp("env_truncated_header.hdr", "#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y 2 +X 4 ");
  EXPECT_EQ(loadError(headerOnly), headerOnly + ": truncated: the header has no end");
}

TEST(HdrEnvironment, TruncatedRunLength) {
  const uint32_t w = 40, h = 3;
  const std::string file = rleFile(w, h, gradient(w, h));
  // Every cut inside the pixel data is found, none decodes (stb would read zeros or hang).
  for (size_t cut = header(w, h).size(); cut < file.size(); cut += 7) {
    const std::string path = writeTemp("env_truncated_rle.hdr", file.substr(0, cut));
    const std::string error = loadError(path);
    EXPECT_EQ(error.rfind(path + ": truncated: the pixel data ends ", 0), 0u) << error;
  }
  const std::string path = writeTemp("env_truncated_rle.hdr", file.substr(0, file.size() - 1));
  EXPECT_EQ(loadError(path), path + ": truncated: the pixel data ends in scanline 2 of 3");
}

TEST(HdrEnvironment, CorruptRunLength) {
  const uint32_t w = 40, h = 3;
  std::string file = rleFile(w, h, gradient(w, h));
  const size_t data = header(w, h).size();
  std::string lengthWrong = file;
  lengthWrong[data + 3] = char(41);
  std::string path = writeTemp("env_corrupt_length.hdr", lengthWrong);
  EXPECT_EQ(loadError(path),
            path + ": corrupt: scanline 0 of 3 says it has 41 pixels, the image is 40 wide");
  std::string overflow = file;
  overflow[data + 4] = char(128 + 60);  // a run of 60 in a 40-pixel scanline
  path = writeTemp("env_corrupt_run.hdr", overflow);
  EXPECT_EQ(loadError(path), path + ": corrupt: a run overflows scanline 0 of 3");
}

// Irradiance / pi at normal n, by direct integration over the equirect's pixels (each pixel
// covers (2 pi / w) (pi / h) sin(theta) steradians).
float reflectance(const EnvironmentImage& image, const glm::vec3& n) {
  double e = 0.0;
  for (uint32_t j = 0; j < image.height; ++j) {
    const float t = (float(j) + 0.5f) / float(image.height);
    const double solidAngle = (2.0 * kPi / image.width) * (kPi / image.height) * std::sin(kPi * t);
    for (uint32_t i = 0; i < image.width; ++i) {
      const glm::vec3 d = scene::equirectDirection((float(i) + 0.5f) / float(image.width), t);
      const float cosine = glm::dot(n, d);
      if (cosine > 0.0f) e += image.rgb[(size_t(j) * image.width + i) * 3] * cosine * solidAngle;
    }
  }
  return float(e / kPi);
}

TEST(Studio, IsNeutralAndFinite) {
  const EnvironmentImage studio = scene::studioEnvironment();
  EXPECT_EQ(studio.name, "studio");
  ASSERT_EQ(studio.width, 1024u);
  ASSERT_EQ(studio.height, 512u);
  ASSERT_EQ(studio.rgb.size(), size_t(1024) * 512 * 3);
  for (size_t i = 0; i < studio.rgb.size(); i += 3) {
    ASSERT_TRUE(std::isfinite(studio.rgb[i]) && studio.rgb[i] > 0.0f) << i;
    ASSERT_EQ(studio.rgb[i + 1], studio.rgb[i]) << i;  // grey: tints nothing
    ASSERT_EQ(studio.rgb[i + 2], studio.rgb[i]) << i;
  }
}

TEST(Studio, WhiteIsBrightButNotClippedAndNoSideIsDark) {
  const EnvironmentImage studio = scene::studioEnvironment();
  const glm::vec3 key = glm::normalize(glm::vec3(-0.55f, 0.55f, 0.62f));
  const float up = reflectance(studio, {0, 1, 0});
  const float towardsKey = reflectance(studio, key);
  // Bright: within PBR Neutral's highlight range (it compresses above 0.76), below 1.
  EXPECT_GT(up, 0.78f);
  EXPECT_LT(up, 0.95f);
  EXPECT_GT(towardsKey, 0.78f);
  EXPECT_LT(towardsKey, 0.95f);
  // Sideways and towards the camera: clearly lit; downwards (the floor): dim, not black.
  for (const glm::vec3& n :
       {glm::vec3(1, 0, 0), glm::vec3(-1, 0, 0), glm::vec3(0, 0, 1), glm::vec3(0, 0, -1)}) {
    const float r = reflectance(studio, n);
    EXPECT_GT(r, 0.35f) << n.x << " " << n.z;
    EXPECT_LT(r, 0.8f) << n.x << " " << n.z;
  }
  const float down = reflectance(studio, {0, -1, 0});
  EXPECT_GT(down, 0.15f);
  EXPECT_LT(down, 0.3f);
}

TEST(Studio, HasHighlightsAndAHorizonForReflections) {
  const EnvironmentImage studio = scene::studioEnvironment();
  auto at = [&](float s, float t) {
    const uint32_t i = uint32_t(s * studio.width), j = uint32_t(t * studio.height);
    return studio.rgb[(size_t(j) * studio.width + i) * 3];
  };
  // The key softbox, seen from the origin: several times the walls around it.
  const glm::vec2 key = scene::equirectCoordinates(glm::normalize(glm::vec3(-0.55f, 0.55f, 0.62f)));
  EXPECT_GT(at(key.x, key.y), 2.5f);
  EXPECT_LT(at(key.x, key.y), 4.0f);
  EXPECT_LT(at(0.3f, 0.45f), 0.45f);  // a wall
  // The horizon: walls above, a darker floor below.
  EXPECT_GT(at(0.3f, 0.45f) - at(0.3f, 0.55f), 0.1f);
}

}  // namespace
}  // namespace vitrine::test
