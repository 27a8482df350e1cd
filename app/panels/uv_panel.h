// The UV panel (View > UV, issue 22 §4): the selected node's mesh primitive drawn in the space
// of one of its texture coordinate sets, over the texture of a chosen material slot, with the
// 0..1 square; triangles that leave the square or overlap another filled in colours of their
// own, with their counts (uv_layout.h). The wheel zooms about the cursor, a drag pans.
#pragma once

#include <cstdint>
#include <optional>

#include <glm/glm.hpp>

#include "layout.h"
#include "renderer.h"
#include "session.h"
#include "ui_textures.h"
#include "uv_layout.h"

namespace vitrine::app {

class UvPanel {
 public:
  // A floating window over `view`, closed through session.panels.uv.
  void draw(const PanelRect& view, Session& session, renderer::Renderer& renderer,
            UiTextures& textures);
  // The layout shown (tests): nothing without a triangle primitive with the chosen set.
  const std::optional<UvLayout>& layout() const { return layout_; }

 private:
  // What layout_ was computed for; any change computes it again.
  struct Key {
    uint64_t document = 0;
    int mesh = -1, primitive = 0, set = 0;
    bool operator==(const Key&) const = default;
  };
  void drawCanvas(renderer::Renderer& renderer, UiTextures& textures, int image);

  Key key_;
  int primitive_ = 0, set_ = 0;
  int slot_ = -2;  // gpu::kSlot*, -1: none, -2: not chosen yet (the base colour when it has one)
  std::optional<UvLayout> layout_;
  float zoom_ = 1.0f;    // 1: the 0..1 square fits the canvas
  glm::vec2 pan_{0.0f};  // of the square's centre from the canvas's, in points
};

}  // namespace vitrine::app
