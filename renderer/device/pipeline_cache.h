// The Vulkan pipeline cache and its file on disk: one VkPipelineCache per renderer, filled from
// "<cache directory>/pipelines-<vendorID>-<deviceID>.bin" when that file is intact and was
// written by this driver, given to every vkCreate*Pipelines call (ctx.pipelineCache), and
// written back when the driver's data changed. The file is written atomically (temporary file +
// rename), so two processes writing at once leave one whole file; a file that is truncated,
// corrupt, of another format or from another driver (other pipelineCacheUUID) is ignored with a
// warning, never trusted, and replaced by the next write.
//
// Measured on lavapipe (Mesa 22.3): its data is its 32-byte header only, and its
// pipelineCacheUUID reads "val-%s" (a format string, not a build id), so there the file saves
// nothing; Mesa's own disk shader cache (MESA_SHADER_CACHE_DIR) keeps its compiled shaders. On
// drivers that store compiled pipelines in the cache, a warm file skips their compiles.
//
// File format (host byte order):
//   0   PipelineCacheFileHeader (32 bytes, below)
//   32  dataSize bytes: what vkGetPipelineCacheData returned, which begins with the driver's
//       VkPipelineCacheHeaderVersionOne (Vulkan 1.3 §"Pipeline Cache Header"): header
//       size, header version, vendorID, deviceID, pipelineCacheUUID.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <volk.h>

#include "context.h"
#include "renderer_types.h"

namespace vitrine::renderer {

// Bumped when the file layout changes: an older file is ignored ("format version N").
inline constexpr uint32_t kPipelineCacheFormatVersion = 1;

struct PipelineCacheFileHeader {
  char magic[8];           // "VITRPSO\0"
  uint32_t formatVersion;  // kPipelineCacheFormatVersion
  uint32_t byteOrder;      // 0x01020304 as written by this machine
  uint64_t dataSize;       // bytes after this header
  uint64_t checksum;       // contentHash() (cache_file.h) of those bytes
};
static_assert(sizeof(PipelineCacheFileHeader) == 32);

// "<directory>/pipelines-<vendorID>-<deviceID>.bin", the IDs as 4 hex digits or more.
std::string pipelineCacheFilePath(const std::string& directory,
                                  const VkPhysicalDeviceProperties& device);

// The whole file for `data` (our header, then `data`).
std::vector<uint8_t> pipelineCacheFileBytes(const std::vector<uint8_t>& data);

// The driver data of `file` (a whole file's bytes) when our header is intact and its checksum
// matches, and the driver's header names this `device` (header size, version, vendorID,
// deviceID, pipelineCacheUUID). Otherwise false with *why saying which check failed, e.g.
// "truncated: 40 bytes, its header announces 232" or "pipelineCacheUUID differs (another
// driver or driver version)".
[[nodiscard]] bool parsePipelineCacheFile(const std::vector<uint8_t>& file,
                                          const VkPhysicalDeviceProperties& device,
                                          std::vector<uint8_t>* data, std::string* why);

// Writes pipelineCacheFileBytes(data) to `path` through a temporary file in the same directory
// (created if missing) and a rename. False with *why set on failure.
[[nodiscard]] bool writePipelineCacheFile(const std::string& path, const std::vector<uint8_t>& data,
                                          std::string* why);

// The renderer's VkPipelineCache, with what became of its file (PipelineCacheStats).
struct PipelineCache {
  VkPipelineCache cache = VK_NULL_HANDLE;
  std::string path;          // "" without a cache directory: nothing is read or written
  uint64_t writtenHash = 0;  // contentHash of the data last loaded or written
  uint64_t writtenSize = 0;  // and its size (0: none)
  // What became of the file; the creation counters are Context::pipelineCreation's.
  PipelineCacheStats stats;
};

// Creates out.cache, from the file in `directory` when it passes parsePipelineCacheFile (a
// rejected file is reported on stderr and in out.stats.status), and points ctx.pipelineCache at
// it. Empty `directory`: an empty cache, no file.
void createPipelineCache(Context& ctx, const std::string& directory, PipelineCache& out);

// Writes the cache's data to its file when it differs from what the file holds (loaded or last
// written); a failure (the driver's, the disk's) is reported on stderr and in stats.writeError,
// never thrown: the frame that saves goes on.
void savePipelineCache(const Context& ctx, PipelineCache& cache);

// Destroys the VkPipelineCache (after savePipelineCache, if wanted) and clears
// ctx.pipelineCache.
void destroyPipelineCache(Context& ctx, PipelineCache& cache);

// vkCreateGraphicsPipelines / vkCreateComputePipelines of one pipeline through
// ctx.pipelineCache, with its creation feedback (Vulkan 1.3 VkPipelineCreationFeedback) and
// wall time added to ctx.pipelineCreation. `info.pNext` is kept (the feedback is chained
// in front of it).
[[nodiscard]] VkPipeline compileGraphicsPipeline(const Context& ctx,
                                                 VkGraphicsPipelineCreateInfo info);
[[nodiscard]] VkPipeline compileComputePipeline(const Context& ctx,
                                                VkComputePipelineCreateInfo info);

}  // namespace vitrine::renderer
