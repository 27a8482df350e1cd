// Reading a whole file, or its first bytes, without following it into a FIFO or a device:
// what the loader (gltf/gltf_resources.cpp) and the environment images (environment_image.cpp)
// read their files with.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace vitrine::scene {

// Reads a regular file (anything else, a FIFO or a device, is refused without blocking):
// all of it, or with prefixOnly its first maxBytes bytes at most. The size is checked before
// anything is allocated: a whole file longer than maxBytes is an error. Returns "" or
// "cannot open file: <reason>" / "cannot read file: <reason>" (reasons from strerror, e.g.
// "No such file or directory", or "not a regular file").
[[nodiscard]] std::string readRegularFile(const std::string& path, std::vector<uint8_t>& out,
                                          uint64_t maxBytes, bool prefixOnly = false);

}  // namespace vitrine::scene
