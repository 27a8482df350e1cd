#include "headless.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <stb_image_write.h>

namespace vitrine::app {

bool validationRequested() {
  const char* env = std::getenv("VITRINE_VALIDATION");
  if (env) return std::strcmp(env, "0") != 0;
#ifdef NDEBUG
  return false;
#else
  return true;
#endif
}

bool writePng(const std::string& path, const renderer::Pixels& pixels, std::string* error) {
  // stbi_write_png reports no reason; check the path first so the error can say why.
  FILE* probe = std::fopen(path.c_str(), "wb");
  if (!probe) {
    *error = path + ": cannot write: " + std::strerror(errno);
    return false;
  }
  std::fclose(probe);
  if (!stbi_write_png(path.c_str(), int(pixels.width), int(pixels.height), 4, pixels.rgba.data(),
                      int(pixels.width * 4))) {
    *error = path + ": cannot write the PNG";
    return false;
  }
  return true;
}

}  // namespace vitrine::app
