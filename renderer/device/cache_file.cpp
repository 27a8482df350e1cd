#include "cache_file.h"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <random>

namespace vitrine::renderer {

std::string writeFileAtomically(const std::string& path,
                                std::span<const std::span<const char>> parts) {
  const std::filesystem::path target(path);
  std::error_code ec;
  std::filesystem::create_directories(target.parent_path(), ec);
  if (ec) return "cannot create the directory: " + ec.message();
  std::random_device random;
  const std::filesystem::path temporary =
      target.parent_path() / (target.filename().string() + ".tmp-" + std::to_string(getpid()) +
                              "-" + std::to_string(random()));
  std::FILE* f = std::fopen(temporary.c_str(), "wb");
  if (!f) return std::string("cannot create a temporary file: ") + std::strerror(errno);
  bool written = true;
  for (std::span<const char> part : parts)
    written = written && std::fwrite(part.data(), 1, part.size(), f) == part.size();
  written = std::fclose(f) == 0 && written;
  if (!written) {
    std::filesystem::remove(temporary, ec);
    return "cannot write a temporary file (disk full?)";
  }
  std::filesystem::rename(temporary, target, ec);
  if (ec) {
    std::filesystem::remove(temporary, ec);
    return "cannot rename the temporary file: " + ec.message();
  }
  return {};
}

}  // namespace vitrine::renderer
