// Placeholder: a uniform grey studio until the real generator and .hdr reader land.
#include "environment_image.h"

namespace vitrine::scene {

bool loadHdrEnvironment(const std::string& path, EnvironmentImage&, std::string* error) {
  if (error) *error = path + ": .hdr environments are not supported yet";
  return false;
}

EnvironmentImage studioEnvironment() {
  EnvironmentImage image;
  image.width = 8;
  image.height = 4;
  image.rgb.assign(size_t(image.width) * image.height * 3, 0.5f);
  image.name = "studio";
  return image;
}

}  // namespace vitrine::scene
