// The pipeline cache on disk (pipeline_cache.h): written after a renderer draws, loaded by the
// next renderer with the same directory, and a damaged or foreign file ignored with its reason
// and replaced. The parser's checks one by one, without a GPU.
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "env_test_util.h"
#include "pipeline_cache.h"
#include "render_fixture.h"

namespace vitrine::test {
namespace {

namespace fs = std::filesystem;
using renderer::PipelineCacheStats;

constexpr uint32_t kTiny = 8;
constexpr size_t kOurHeader = sizeof(renderer::PipelineCacheFileHeader);

std::vector<uint8_t> readBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void writeBytes(const std::string& path, const std::vector<uint8_t>& bytes) {
  std::ofstream(path, std::ios::binary | std::ios::trunc)
      .write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
}

// Every entry of `directory` whose name starts with "pipelines-".
std::vector<std::string> pipelineFiles(const std::string& directory) {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(directory)) {
    const std::string name = e.path().filename().string();
    if (name.rfind("pipelines-", 0) == 0) names.push_back(name);
  }
  return names;
}

class PipelineCacheTest : public RendererTest {
 protected:
  void SetUp() override {
    RendererTest::SetUp();
    dir_ = freshDirectory(std::string("pipeline_cache_") +
                          ::testing::UnitTest::GetInstance()->current_test_info()->name());
  }

  // Replaces the renderer with one caching in dir_ (the old one's validation messages are
  // printed to the stderr TearDown checks).
  PipelineCacheStats restart() {
    renderer_.reset();
    renderer_ = cachedRenderer(dir_);
    EXPECT_TRUE(renderer_);
    return renderer_ ? renderer_->pipelineCacheStats() : PipelineCacheStats{};
  }

  // A green unlit quad, drawn at kTiny x kTiny: compiles its pipeline.
  void draw() {
    scene::Scene s;
    addMeshNode(s, quadPrimitive(addMaterial(s, makeUnlitMaterial({0.1f, 0.8f, 0.2f, 1.0f}))));
    finish(s);
    ASSERT_TRUE(renderer_->setScene(s, 0).shown);
    const View view = orbitView(glm::vec3(0, 0, 4), glm::vec3(0.0f), kTiny, kTiny);
    const Pixels p = renderer_->renderOffscreen(view, kTiny, kTiny);
    EXPECT_TRUE(colorNear(pixelAt(p, kTiny / 2, kTiny / 2), {0.1f, 0.8f, 0.2f}, 4.0f));
  }

  // The file a first renderer leaves after drawing once.
  std::vector<uint8_t> firstFile() {
    restart();
    draw();
    return readBytes(renderer_->pipelineCacheStats().path);
  }

  std::string dir_;
};

TEST_F(PipelineCacheTest, WrittenAfterADrawAndLoadedByTheNextRenderer) {
  PipelineCacheStats stats = restart();
  EXPECT_EQ(stats.status, "no file");
  EXPECT_EQ(fs::path(stats.path).parent_path(), fs::path(dir_));
  EXPECT_EQ(fs::path(stats.path).filename().string().rfind("pipelines-", 0), 0u) << stats.path;
  EXPECT_EQ(fs::path(stats.path).extension(), ".bin");
  EXPECT_FALSE(fs::exists(stats.path));

  draw();
  stats = renderer_->pipelineCacheStats();
  EXPECT_GT(stats.pipelinesCreated, 0u);
  EXPECT_EQ(stats.filesWritten, 1u);
  EXPECT_EQ(stats.writeError, "");
  ASSERT_TRUE(fs::exists(stats.path));
  // Our header, then the driver's data (at least its 32-byte VkPipelineCacheHeaderVersionOne).
  EXPECT_EQ(fs::file_size(stats.path), kOurHeader + stats.bytesWritten);
  EXPECT_GE(stats.bytesWritten, 32u);
  EXPECT_EQ(pipelineFiles(dir_), std::vector<std::string>{fs::path(stats.path).filename().string()})
      << "one file, no temporary left";
  const uint64_t written = stats.bytesWritten;

  stats = restart();
  EXPECT_EQ(stats.status, "loaded");
  EXPECT_EQ(stats.bytesLoaded, written);
  draw();
  // The same pipelines again: the driver's data is unchanged, the file is not rewritten.
  EXPECT_EQ(renderer_->pipelineCacheStats().filesWritten, 0u);
}

TEST_F(PipelineCacheTest, NoDirectoryNoFile) {
  const PipelineCacheStats stats = renderer_->pipelineCacheStats();  // the fixture's renderer
  EXPECT_EQ(stats.status, "no cache directory");
  EXPECT_EQ(stats.path, "");
  draw();
  EXPECT_EQ(renderer_->pipelineCacheStats().filesWritten, 0u);
}

// A damaged or foreign file: ignored with `reason`, and replaced by a valid one after a draw.
struct Damage {
  const char* name;
  // Changes the valid `file`; returns the reason the renderer must give.
  std::string (*apply)(std::vector<uint8_t>& file);
};

void PrintTo(const Damage& damage, std::ostream* os) {
  *os << damage.name;
}

const Damage kDamages[] = {
    {"FlippedBytes",
     [](std::vector<uint8_t>& file) {
       for (size_t i = kOurHeader + 16; i < kOurHeader + 20; ++i) file[i] ^= 0x5a;
       return std::string("checksum mismatch (corrupt)");
     }},
    {"Truncated",
     [](std::vector<uint8_t>& file) {
       const size_t whole = file.size();
       file.resize(whole - 5);
       return "truncated: " + std::to_string(whole - 5) + " bytes, its header announces " +
              std::to_string(whole);
     }},
    {"OtherUuid",
     [](std::vector<uint8_t>& file) {
       // Another driver's file, intact: its own header and checksum are right.
       std::vector<uint8_t> data(file.begin() + kOurHeader, file.end());
       data[16] ^= 0xff;  // pipelineCacheUUID[0] of VkPipelineCacheHeaderVersionOne
       file = renderer::pipelineCacheFileBytes(data);
       return std::string("pipelineCacheUUID differs (another driver or driver version)");
     }},
};

class PipelineCacheDamageTest : public PipelineCacheTest,
                                public ::testing::WithParamInterface<Damage> {};

TEST_P(PipelineCacheDamageTest, IgnoredWithItsReasonAndReplaced) {
  const std::vector<uint8_t> valid = firstFile();
  ASSERT_GT(valid.size(), kOurHeader);
  const std::string path = renderer_->pipelineCacheStats().path;
  std::vector<uint8_t> damaged = valid;
  const std::string reason = GetParam().apply(damaged);
  writeBytes(path, damaged);

  PipelineCacheStats stats = restart();
  EXPECT_EQ(stats.status, "ignored: " + reason);
  EXPECT_EQ(stats.bytesLoaded, 0u);
  draw();  // still draws, from an empty cache
  stats = renderer_->pipelineCacheStats();
  EXPECT_EQ(stats.filesWritten, 1u);
  EXPECT_EQ(readBytes(path), valid) << "the damaged file is replaced by a valid one";
  EXPECT_EQ(restart().status, "loaded");
}

INSTANTIATE_TEST_SUITE_P(Files, PipelineCacheDamageTest, ::testing::ValuesIn(kDamages),
                         [](const ::testing::TestParamInfo<Damage>& info) {
                           return std::string(info.param.name);
                         });

// The parser alone, on a made-up device: each check names what it found.
VkPhysicalDeviceProperties fakeDevice() {
  VkPhysicalDeviceProperties d{};
  d.vendorID = 0x10005;
  d.deviceID = 0x1234;
  for (uint8_t i = 0; i < VK_UUID_SIZE; ++i) d.pipelineCacheUUID[i] = uint8_t(0xa0 + i);
  return d;
}

// A driver's data for `d`: its VkPipelineCacheHeaderVersionOne (least significant byte first,
// Vulkan 1.3 §"Pipeline Cache Header") and `extra` bytes of payload.
std::vector<uint8_t> driverData(const VkPhysicalDeviceProperties& d, size_t extra) {
  const uint32_t words[4] = {32, VK_PIPELINE_CACHE_HEADER_VERSION_ONE, d.vendorID, d.deviceID};
  std::vector<uint8_t> data(32 + extra, 0x77);
  for (int w = 0; w < 4; ++w)
    for (int b = 0; b < 4; ++b) data[size_t(w * 4 + b)] = uint8_t(words[w] >> (8 * b));
  std::memcpy(data.data() + 16, d.pipelineCacheUUID, VK_UUID_SIZE);
  return data;
}

std::string why(const std::vector<uint8_t>& file) {
  std::string reason;
  std::vector<uint8_t> data;
  if (renderer::parsePipelineCacheFile(file, fakeDevice(), &data, &reason)) return "accepted";
  return reason;
}

TEST(PipelineCacheFile, AcceptsAnIntactFileOfTheDevice) {
  const std::vector<uint8_t> data = driverData(fakeDevice(), 100);
  std::vector<uint8_t> parsed;
  std::string reason;
  EXPECT_TRUE(renderer::parsePipelineCacheFile(renderer::pipelineCacheFileBytes(data), fakeDevice(),
                                               &parsed, &reason))
      << reason;
  EXPECT_EQ(parsed, data);
}

TEST(PipelineCacheFile, NamesWhatIsWrong) {
  const VkPhysicalDeviceProperties d = fakeDevice();
  const std::vector<uint8_t> good = renderer::pipelineCacheFileBytes(driverData(d, 8));
  EXPECT_EQ(why(std::vector<uint8_t>(good.begin(), good.begin() + 20)),
            "truncated: 20 bytes, shorter than its 32-byte header");
  std::vector<uint8_t> f = good;
  f[0] = 'X';
  EXPECT_EQ(why(f), "not a pipeline cache file");
  f = good;
  f[8] = 9;  // formatVersion
  EXPECT_EQ(why(f), "format version 9, this build reads 1");
  f = good;
  f.push_back(0);
  EXPECT_EQ(why(f), "73 bytes, more than the 72 its header announces");
  EXPECT_EQ(why(renderer::pipelineCacheFileBytes(std::vector<uint8_t>(16, 0))),
            "the driver data has 16 bytes, less than a Vulkan pipeline cache header");

  std::vector<uint8_t> data = driverData(d, 8);
  data[0] = 48;
  EXPECT_EQ(why(renderer::pipelineCacheFileBytes(data)), "Vulkan header size 48, expected 32");
  data = driverData(d, 8);
  data[4] = 2;
  EXPECT_EQ(why(renderer::pipelineCacheFileBytes(data)), "Vulkan header version 2, expected 1");
  VkPhysicalDeviceProperties other = d;
  other.vendorID = 0x8086;
  EXPECT_EQ(why(renderer::pipelineCacheFileBytes(driverData(other, 8))),
            "vendorID 0x8086, the device's is 0x10005");
  other = d;
  other.deviceID = 0x4321;
  EXPECT_EQ(why(renderer::pipelineCacheFileBytes(driverData(other, 8))),
            "deviceID 0x4321, the device's is 0x1234");
}

}  // namespace
}  // namespace vitrine::test
