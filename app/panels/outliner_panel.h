// The outliner (left column): the asset's scenes (switch between them), the node tree of the
// active scene with names, badges and visibility eyes; a click selects a node
// (Session::selectedNode), a double click or "Frame" asks the viewer to frame it.
#pragma once

#include <vector>

#include "layout.h"
#include "node_tree.h"
#include "renderer.h"
#include "session.h"

namespace vitrine::app {

class OutlinerPanel {
 public:
  // Draws at `rect`. Switching scenes uploads the new one (Renderer::setScene) and asks for it
  // to be framed; the eye writes Node::visible through writeSlot (same slot and dirty range as
  // a KHR_node_visibility animation channel).
  void draw(const PanelRect& rect, Session& session, renderer::Renderer& renderer);
  // The rows as last built, for Document::serial documentSerial() (0 before the first draw).
  const std::vector<TreeRow>& rows() const { return rows_; }
  uint64_t documentSerial() const { return documentSerial_; }

 private:
  // The tree of (document, scene) as last built: rebuilt when either changes, not per frame.
  uint64_t documentSerial_ = 0;
  int sceneIndex_ = -1;
  std::vector<TreeRow> rows_;
};

}  // namespace vitrine::app
