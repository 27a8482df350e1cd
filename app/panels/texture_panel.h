// The texture browser (View > Textures, issue 22 §4): every image of the asset with its size,
// source format, colour space, mip levels, GPU memory and the material slots that sample it
// (texture_facts.h), and a zoomable preview of the selected one, its colours or one channel.
#pragma once

#include <cstdint>
#include <vector>

#include "layout.h"
#include "renderer.h"
#include "session.h"
#include "texture_facts.h"
#include "ui_textures.h"

namespace vitrine::app {

class TexturePanel {
 public:
  // A floating window over `view`, closed through session.panels.textures. `facts`: of the
  // document shown (textureFacts).
  void draw(const PanelRect& view, Session& session, renderer::Renderer& renderer,
            UiTextures& textures, const std::vector<ImageFacts>& facts);
  int selected() const { return selected_; }

 private:
  int selected_ = 0;  // index into the images
  renderer::ImageChannel channel_ = renderer::ImageChannel::Rgb;
  float zoom_ = 0.0f;  // texels to points; 0: fit the preview's room
};

// "sRGB", "linear", "sRGB + linear" (the warning case), "-" when no slot samples it.
const char* colorSpaceName(const ImageFacts& facts);

}  // namespace vitrine::app
