// Writing a file of the renderer's disk caches (environment_cache.h, pipeline_cache.h) so that
// a reader never sees half of it: the bytes go to a temporary file beside it, named uniquely per
// process and call, which is then renamed over the target (atomic on POSIX). Two processes
// writing the same file at once leave one whole file or the other.
#pragma once

#include <span>
#include <string>

namespace vitrine::renderer {

// Writes the concatenation of `parts` to `path` (creating its directory). Returns "" or why it
// failed, without the path; no temporary is left behind on failure.
[[nodiscard]] std::string writeFileAtomically(const std::string& path,
                                              std::span<const std::span<const char>> parts);

}  // namespace vitrine::renderer
