// block_upload_bench (issue 23): would uploading a KHR_texture_basisu texture as the block format
// its payload transcodes to (BC7 from UASTC; BC1/BC3 or ETC2 from ETC1S) be worth it against the
// RGBA8 we decode to and upload today? For one 1024x1024 texture with its 11 mip levels, in each
// format the device offers:
//   upload/<format>: the CPU copy into a mapped staging buffer, vkCmdCopyBufferToImage of the 11
//     levels with the layout barriers, submit and wait; counters: the bytes uploaded and the
//     image's vkGetImageMemoryRequirements size;
//   sample/<format>: one frame at 1280x720 whose every pixel samples the texture trilinearly
//     (one triangle covering the target, uv [0, 1] over it: level 0 to 1), submit and wait;
//     sample/none is the same pass without the texture read.
// The block contents are made here, valid blocks of the kinds a transcoder writes (makeLevel);
// nothing is transcoded: we have no transcoder. The device's offer (features and format
// support) is printed before the runs. Raw Vulkan (block_upload_vk.h), not renderer::Renderer: the
// renderer's device enables neither textureCompressionBC nor textureCompressionETC2 and takes
// no pre-made image. VITRINE_BENCH_VALIDATION=1 turns the validation layer on (and counts its
// messages: counter validation_messages), off by default as in the other benches.
// Needs a Vulkan 1.3 device (lavapipe:
// VK_ICD_FILENAMES=/usr/share/vulkan/icd.d/lvp_icd.x86_64.json). Results: bench/RESULTS.md, "KTX2:
// block-compressed upload against RGBA8".
#include <benchmark/benchmark.h>
#include <sys/resource.h>
#include <volk.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "block_upload_vk.h"

namespace {

using namespace vitrine::bench;

constexpr uint32_t kSize = 1024, kLevels = 11;

// What a transcoder would write for each target (makeLevel).
enum class Blocks { Rgba8, Bc7Mode6, Bc7UastcModes, Bc1, Bc3, Etc1s, Etc2Rgba };

struct Format {
  const char* name;
  VkFormat format;
  uint32_t blockBytes;  // bytes per 4x4 block; 0: uncompressed, 4 bytes per texel
  Blocks blocks;
  const char* source;  // the KTX2 payload that would transcode to it
};

const Format kFormats[] = {
    {"RGBA8", VK_FORMAT_R8G8B8A8_SRGB, 0, Blocks::Rgba8, "today: any, decoded on the CPU"},
    {"BC7_mode6", VK_FORMAT_BC7_SRGB_BLOCK, 16, Blocks::Bc7Mode6, "UASTC (solid/simple blocks)"},
    {"BC7_uastc_modes", VK_FORMAT_BC7_SRGB_BLOCK, 16, Blocks::Bc7UastcModes, "UASTC"},
    {"BC1_RGB", VK_FORMAT_BC1_RGB_SRGB_BLOCK, 8, Blocks::Bc1, "ETC1S opaque (re-encoded)"},
    {"BC3", VK_FORMAT_BC3_SRGB_BLOCK, 16, Blocks::Bc3, "ETC1S with alpha (re-encoded)"},
    {"ETC2_RGB", VK_FORMAT_ETC2_R8G8B8_SRGB_BLOCK, 8, Blocks::Etc1s, "ETC1S opaque (lossless)"},
    {"ETC2_RGBA", VK_FORMAT_ETC2_R8G8B8A8_SRGB_BLOCK, 16, Blocks::Etc2Rgba, "ETC1S with alpha"},
};

// Formats whose support is printed (item 1 of the brief), with the sampled ones above.
const std::pair<const char*, VkFormat> kQueried[] = {
    {"R8G8B8A8_SRGB", VK_FORMAT_R8G8B8A8_SRGB},
    {"BC7_SRGB_BLOCK", VK_FORMAT_BC7_SRGB_BLOCK},
    {"BC7_UNORM_BLOCK", VK_FORMAT_BC7_UNORM_BLOCK},
    {"BC1_RGB_SRGB_BLOCK", VK_FORMAT_BC1_RGB_SRGB_BLOCK},
    {"BC1_RGBA_SRGB_BLOCK", VK_FORMAT_BC1_RGBA_SRGB_BLOCK},
    {"BC3_SRGB_BLOCK", VK_FORMAT_BC3_SRGB_BLOCK},
    {"ETC2_R8G8B8_SRGB_BLOCK", VK_FORMAT_ETC2_R8G8B8_SRGB_BLOCK},
    {"ETC2_R8G8B8A8_SRGB_BLOCK", VK_FORMAT_ETC2_R8G8B8A8_SRGB_BLOCK},
};

uint32_t levelExtent(uint32_t level) {
  return std::max(1u, kSize >> level);
}

uint64_t levelBytes(const Format& f, uint32_t level) {
  const uint64_t e = levelExtent(level);
  if (f.blockBytes == 0) return e * e * 4;
  const uint64_t blocks = (e + 3) / 4;
  return blocks * blocks * f.blockBytes;
}

struct Random {
  uint64_t state = 0x9E3779B97F4A7C15ull;
  uint8_t byte() {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return uint8_t(state >> 24);
  }
};

// One ETC1S block (Khronos Data Format Specification, ETC1S, /work/shared/spec/ktx2/
// dataformat-etc1.txt): differential mode, zero colour deltas, one table codeword for both
// subblocks, flip 0; 64 bits stored most significant byte first. What our ETC1S decoder holds
// per block, and so what an ETC1S -> ETC1/ETC2 transcode writes without any loss.
void etc1sBlock(Random& r, uint8_t* out) {
  const uint8_t table = r.byte() & 7;
  out[0] = uint8_t(r.byte() & 0xF8);                   // R (5 bits), R delta 0
  out[1] = uint8_t(r.byte() & 0xF8);                   // G
  out[2] = uint8_t(r.byte() & 0xF8);                   // B
  out[3] = uint8_t(table << 5 | table << 2 | 1 << 1);  // codewords 1 and 2, diff 1, flip 0
  for (int i = 4; i < 8; ++i) out[i] = r.byte();       // pixel index bits
}

// The blocks of one level, pseudo-random (a fixed seed) and valid in their format:
//  BC7 (KDFS, BPTC): the mode is the position of the first set bit from bit 0; mode 6 is one
//    subset, 7-bit RGBA endpoints and 4-bit indices, every bit pattern of its other 121 bits
//    valid. "UASTC modes" mixes the six BC7 modes UASTC transcodes to (dataformat-uastc.txt,
//    Introduction: "each map to one of 6 BC7 modes (all except 0 and 4)"), uniformly.
//  BC1: color0 > color1 (the 4-colour mode, the one transcoders write); BC3: any alpha block,
//    then such a colour block. ETC2 RGBA: an EAC alpha block with a nonzero multiplier, then an
//    ETC1S colour block.
std::vector<uint8_t> makeLevel(const Format& f, uint32_t level, Random& r) {
  std::vector<uint8_t> data(levelBytes(f, level));
  if (f.blockBytes == 0) {
    for (uint8_t& b : data) b = r.byte();
    return data;
  }
  for (size_t at = 0; at < data.size(); at += f.blockBytes) {
    uint8_t* b = data.data() + at;
    for (uint32_t i = 0; i < f.blockBytes; ++i) b[i] = r.byte();
    switch (f.blocks) {
      case Blocks::Bc7Mode6:
        b[0] = uint8_t((b[0] & 0x80) | 0x40);
        break;
      case Blocks::Bc7UastcModes: {
        static constexpr uint8_t kModes[] = {1, 2, 3, 5, 6, 7};
        const uint8_t mode = kModes[r.byte() % 6];
        const uint8_t below = uint8_t((2u << mode) - 1);  // the mode bits
        b[0] = uint8_t((b[0] & ~below) | (1u << mode));
        break;
      }
      case Blocks::Bc3:
      case Blocks::Bc1: {
        uint8_t* c = f.blocks == Blocks::Bc3 ? b + 8 : b;
        const uint16_t c0 = uint16_t(c[0] | c[1] << 8), c1 = uint16_t(c[2] | c[3] << 8);
        if (c0 < c1) {
          std::swap(c[0], c[2]);
          std::swap(c[1], c[3]);
        }
        break;
      }
      case Blocks::Etc1s:
        etc1sBlock(r, b);
        break;
      case Blocks::Etc2Rgba:
        if ((b[1] >> 4) == 0) b[1] |= 0x10;  // EAC multiplier (high nibble of byte 1) nonzero
        etc1sBlock(r, b + 8);
        break;
      case Blocks::Rgba8:
        break;
    }
  }
  return data;
}

// The texture of `f` with its full mip chain, its levels laid out one after another in `pixels`.
struct Texture {
  std::vector<uint8_t> pixels;
  std::vector<VkBufferImageCopy> regions;
};

Texture makeTexture(const Format& f) {
  Texture t;
  Random r;
  for (uint32_t level = 0; level < kLevels; ++level) {
    VkBufferImageCopy region{};
    region.bufferOffset = t.pixels.size();
    region.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, level, 0, 1};
    region.imageExtent = {levelExtent(level), levelExtent(level), 1};
    t.regions.push_back(region);
    const std::vector<uint8_t> data = makeLevel(f, level, r);
    t.pixels.insert(t.pixels.end(), data.begin(), data.end());
  }
  return t;
}

// Records and runs one upload of `t` into `image` (UNDEFINED -> SHADER_READ_ONLY_OPTIMAL).
void upload(const Gpu& g, const Texture& t, Buffer& staging, VkImage image) {
  std::memcpy(staging.mapped, t.pixels.data(), t.pixels.size());
  g.begin();
  barrier(g, image, kLevels, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 0,
          VK_ACCESS_TRANSFER_WRITE_BIT, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT,
          VK_PIPELINE_STAGE_TRANSFER_BIT);
  vkCmdCopyBufferToImage(g.cmd, staging.buffer, image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                         uint32_t(t.regions.size()), t.regions.data());
  barrier(g, image, kLevels, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
          VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL, VK_ACCESS_TRANSFER_WRITE_BIT,
          VK_ACCESS_SHADER_READ_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
          VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT);
  check(vkEndCommandBuffer(g.cmd), "vkEndCommandBuffer");
  g.submitAndWait();
}

// The Gpu, or null after SkipWithError (no device; the format not offered).
const Gpu* usableGpu(benchmark::State& state, const Format* f) {
  const Gpu* g = gpu();
  if (!g->error.empty()) {
    state.SkipWithError(g->error.c_str());
    return nullptr;
  }
  if (f && !g->usable(f->format)) {
    state.SkipWithError("format not offered for sampling + transfer");
    return nullptr;
  }
  return g;
}

double processCpuMs() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  auto ms = [](const timeval& t) { return double(t.tv_sec) * 1e3 + double(t.tv_usec) * 1e-3; };
  return ms(usage.ru_utime) + ms(usage.ru_stime);
}

void Upload(benchmark::State& state, const Format* f) {
  const Gpu* g = usableGpu(state, f);
  if (!g) return;
  const Texture t = makeTexture(*f);
  Buffer staging = hostBuffer(*g, t.pixels.size(), VK_BUFFER_USAGE_TRANSFER_SRC_BIT);
  Image image = deviceImage(*g, f->format, kSize, kSize, kLevels,
                            VK_IMAGE_USAGE_TRANSFER_DST_BIT | VK_IMAGE_USAGE_SAMPLED_BIT);
  upload(*g, t, staging, image.image);  // warm-up
  const uint32_t messages = gValidationMessages;
  const double cpuStart = processCpuMs();
  for (auto _ : state) upload(*g, t, staging, image.image);
  state.counters["process_cpu_ms"] = (processCpuMs() - cpuStart) / double(state.iterations());
  state.counters["upload_bytes"] = double(t.pixels.size());
  state.counters["gpu_bytes"] = double(image.bytes);
  state.counters["validation_messages"] = double(gValidationMessages - messages);
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(t.pixels.size()));
  state.SetLabel(f->source);
  destroy(*g, image);
  destroy(*g, staging);
}

// One frame: the full-target triangle, sampling (or not) the bound texture; submit and wait.
void frame(const Gpu& g, const SamplePass& pass, uint32_t sampled) {
  g.begin();
  barrier(g, pass.target.image, 1, VK_IMAGE_LAYOUT_UNDEFINED,
          VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, 0, VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT,
          VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
          VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT);
  auto color = vk<VkRenderingAttachmentInfo>(VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO);
  color.imageView = pass.target.view;
  color.imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
  color.loadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE;
  color.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
  auto info = vk<VkRenderingInfo>(VK_STRUCTURE_TYPE_RENDERING_INFO);
  info.renderArea = {{0, 0}, {kWidth, kHeight}};
  info.layerCount = 1;
  info.colorAttachmentCount = 1;
  info.pColorAttachments = &color;
  vkCmdBeginRendering(g.cmd, &info);
  vkCmdBindPipeline(g.cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pass.pipeline);
  vkCmdBindDescriptorSets(g.cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pass.layout, 0, 1, &pass.set, 0,
                          nullptr);
  vkCmdPushConstants(g.cmd, pass.layout, VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(sampled),
                     &sampled);
  vkCmdDraw(g.cmd, 3, 1, 0, 0);
  vkCmdEndRendering(g.cmd);
  check(vkEndCommandBuffer(g.cmd), "vkEndCommandBuffer");
  g.submitAndWait();
}

// The distinct pixel values of the rendered target: a guard that the texture was sampled at all
// (a format decoded to one constant colour would make a fast, meaningless frame).
size_t distinctPixels(const Gpu& g, const SamplePass& pass) {
  Buffer readback =
      hostBuffer(g, VkDeviceSize(kWidth) * kHeight * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
  g.begin();
  barrier(g, pass.target.image, 1, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
          VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT,
          VK_ACCESS_TRANSFER_READ_BIT, VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
          VK_PIPELINE_STAGE_TRANSFER_BIT);
  VkBufferImageCopy region{};
  region.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
  region.imageExtent = {kWidth, kHeight, 1};
  vkCmdCopyImageToBuffer(g.cmd, pass.target.image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                         readback.buffer, 1, &region);
  check(vkEndCommandBuffer(g.cmd), "vkEndCommandBuffer");
  g.submitAndWait();
  std::set<uint32_t> values;
  const auto* px = static_cast<const uint32_t*>(readback.mapped);
  for (size_t i = 0; i < size_t(kWidth) * kHeight; i += 97) values.insert(px[i]);
  destroy(g, readback);
  return values.size();
}

// f null: sample/none, the pass without the texture read (an RGBA8 texture stays bound).
void Sample(benchmark::State& state, const Format* f) {
  const Gpu* g = usableGpu(state, f);
  if (!g) return;
  const Format& format = f ? *f : kFormats[0];
  const Texture t = makeTexture(format);
  Buffer staging = hostBuffer(*g, t.pixels.size(), VK_BUFFER_USAGE_TRANSFER_SRC_BIT);
  Image image = deviceImage(*g, format.format, kSize, kSize, kLevels,
                            VK_IMAGE_USAGE_TRANSFER_DST_BIT | VK_IMAGE_USAGE_SAMPLED_BIT);
  upload(*g, t, staging, image.image);
  SamplePass pass(*g);
  VkDescriptorImageInfo di{pass.sampler, image.view, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL};
  auto w = vk<VkWriteDescriptorSet>(VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET);
  w.dstSet = pass.set;
  w.descriptorCount = 1;
  w.descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
  w.pImageInfo = &di;
  vkUpdateDescriptorSets(g->device, 1, &w, 0, nullptr);
  const uint32_t sampled = f ? 1 : 0;
  frame(*g, pass, sampled);  // warm-up: the driver's shader variant for this format
  const size_t distinct = distinctPixels(*g, pass);
  if (distinct < 100) {
    state.SkipWithError("the frame is (nearly) uniform: the texture was not sampled");
  } else {
    const uint32_t messages = gValidationMessages;
    const double cpuStart = processCpuMs();
    for (auto _ : state) frame(*g, pass, sampled);
    state.counters["process_cpu_ms"] = (processCpuMs() - cpuStart) / double(state.iterations());
    state.counters["validation_messages"] = double(gValidationMessages - messages);
    state.counters["distinct_pixels_sampled"] = double(distinct);
    state.SetItemsProcessed(int64_t(state.iterations()) * kWidth * kHeight);
    state.SetLabel(f ? f->source : "no texture read");
  }
  pass.destroy(*g);
  destroy(*g, image);
  destroy(*g, staging);
}

void printOffer() {
  const Gpu* g = gpu();
  if (!g->error.empty()) {
    std::fprintf(stderr, "block_upload_bench: %s\n", g->error.c_str());
    return;
  }
  std::printf("device: %s (Vulkan %u.%u.%u, driver 0x%x)\n", g->properties.deviceName,
              VK_API_VERSION_MAJOR(g->properties.apiVersion),
              VK_API_VERSION_MINOR(g->properties.apiVersion),
              VK_API_VERSION_PATCH(g->properties.apiVersion), g->properties.driverVersion);
  std::printf("textureCompressionBC %u, textureCompressionETC2 %u, textureCompressionASTC_LDR %u\n",
              g->features.textureCompressionBC, g->features.textureCompressionETC2,
              g->features.textureCompressionASTC_LDR);
  for (const auto& [name, format] : kQueried) {
    VkFormatProperties p;
    vkGetPhysicalDeviceFormatProperties(g->physical, format, &p);
    const VkFormatFeatureFlags o = p.optimalTilingFeatures;
    std::printf("  %-26s SAMPLED %u  TRANSFER_DST %u  FILTER_LINEAR %u\n", name,
                (o & VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT) ? 1 : 0,
                (o & VK_FORMAT_FEATURE_TRANSFER_DST_BIT) ? 1 : 0,
                (o & VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT) ? 1 : 0);
  }
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  printOffer();
  for (const Format& f : kFormats)
    benchmark::RegisterBenchmark((std::string("upload/") + f.name).c_str(), Upload, &f)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
  benchmark::RegisterBenchmark("sample/none", Sample, nullptr)
      ->Unit(benchmark::kMillisecond)
      ->UseRealTime();
  for (const Format& f : kFormats)
    benchmark::RegisterBenchmark((std::string("sample/") + f.name).c_str(), Sample, &f)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
