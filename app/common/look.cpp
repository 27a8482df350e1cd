#include "look.h"

#include <cmath>
#include <cstdlib>

namespace vitrine::app {
namespace {

// IEC 61966-2-1: the sRGB value an artist types to the linear value the renderer clears with.
float srgbToLinear(float c) {
  return c <= 0.04045f ? c / 12.92f : std::pow((c + 0.055f) / 1.055f, 2.4f);
}

renderer::Tonemap tonemapOf(CliTonemap t) {
  switch (t) {
    case CliTonemap::Aces:
      return renderer::Tonemap::Aces;
    case CliTonemap::Agx:
      return renderer::Tonemap::Agx;
    case CliTonemap::None:
      return renderer::Tonemap::None;
    case CliTonemap::Neutral:
      break;
  }
  return renderer::Tonemap::Neutral;
}

}  // namespace

void applyLook(const CliOptions& o, renderer::View& view) {
  view.tonemap = tonemapOf(o.tonemap);
  view.channel = o.channel;
  view.checkerTexcoord = o.checkerTexcoord;
  view.wireframe = o.wireframe;
  view.shadows = o.shadows;
  view.environmentShadow = o.environmentShadow;
  // On unless --ground off (View > Ground in the window); --render, --frames and --turntable
  // default it off (groundWanted()).
  view.ground.enabled = o.ground;
  view.exposure = o.exposure;
  view.environmentIntensity = o.environmentIntensity;
  view.environmentRotation = o.environmentRotationDegrees * float(M_PI / 180.0);
  switch (o.background) {
    case CliBackground::Color:
      view.background = renderer::Background::Color;
      view.clearColor =
          glm::vec4(srgbToLinear(o.backgroundColor.r), srgbToLinear(o.backgroundColor.g),
                    srgbToLinear(o.backgroundColor.b), 1.0f);
      break;
    case CliBackground::Environment:
      view.background = renderer::Background::Environment;
      break;
    case CliBackground::Blurred:
      view.background = renderer::Background::BlurredEnvironment;
      break;
  }
}

bool loadEnvironment(const CliOptions& o, std::unique_ptr<scene::EnvironmentImage>& out,
                     std::string* error) {
  out.reset();
  if (o.environment == "none") return true;
  if (o.environment == "studio") {
    out = std::make_unique<scene::EnvironmentImage>(scene::studioEnvironment());
    return true;
  }
  auto image = std::make_unique<scene::EnvironmentImage>();
  if (!scene::loadHdrEnvironment(o.environment, *image, error)) return false;
  out = std::move(image);
  return true;
}

std::string environmentCacheDirectory() {
  const char* xdg = std::getenv("XDG_CACHE_HOME");
  if (xdg && *xdg == '/') return std::string(xdg) + "/vitrine";
  const char* home = std::getenv("HOME");
  if (home && *home == '/') return std::string(home) + "/.cache/vitrine";
  return {};
}

}  // namespace vitrine::app
