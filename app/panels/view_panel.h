// The inspector's view sections: the camera (orbit, or look through a glTF camera of the
// asset: animated cameras play, since the viewer recomputes the view from the camera's node
// every frame) and the lighting (environment studio / .hdr / none switched at runtime through
// Renderer::setEnvironment, intensity, rotation, tone mapper, exposure, background).
#pragma once

#include <string>

#include "renderer.h"
#include "session.h"

namespace vitrine::app {

class ViewPanel {
 public:
  void draw(Session& session, renderer::Renderer& renderer);

  // Replaces the image-based light with what `environment` names ("studio", "none" or an
  // .hdr path): loads it, hands it to the renderer and records it in session.look. On failure
  // keeps the current light and returns false with *error "<file>: <what>".
  static bool switchEnvironment(Session& session, renderer::Renderer& renderer,
                                const std::string& environment, std::string* error);

 private:
  void cameraSection(Session& s);
  void lightingSection(Session& s, renderer::Renderer& renderer);

  int environmentChoice_ = -1;  // 0 studio, 1 none, 2 .hdr file; -1: not yet read from look
  char hdrPath_[1024] = {};
  std::string environmentError_;
};

}  // namespace vitrine::app
