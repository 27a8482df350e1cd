// The renderer's disk caches (environment/environment_cache.h, pipeline_cache.h): the hash that
// keys and checks them, and writing a file so that a reader never sees half of it: the bytes go
// to a temporary file beside it, named uniquely per process and call, which is then renamed
// over the target (atomic on POSIX). Two processes writing the same file at once leave one
// whole file or the other.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

namespace vitrine::renderer {

// Writes the concatenation of `parts` to `path` (creating its directory). Returns "" or why it
// failed, without the path; no temporary is left behind on failure.
[[nodiscard]] std::string writeFileAtomically(const std::string& path,
                                              std::span<const std::span<const char>> parts);

// 64-bit hash of `bytes` (not cryptographic: a content key and a corruption check).
uint64_t contentHash(const void* bytes, size_t size, uint64_t seed = 0);

}  // namespace vitrine::renderer
