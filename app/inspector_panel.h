// The inspector (right column): the selected node (name, local TRS editable, world position)
// and its mesh's materials with every factor's live value, its field tinted amber when an enabled
// clip targets it; edits go through writeSlot (slot_edit.h), exactly like animation. Below them,
// the view and lighting sections (view_panel.h).
#pragma once

#include "inspector_model.h"
#include "layout.h"
#include "renderer.h"
#include "session.h"
#include "view_panel.h"

namespace vitrine::app {

class InspectorPanel {
 public:
  void draw(const PanelRect& rect, Session& session, renderer::Renderer& renderer);
  // The Document::serial the cached model belongs to; 0 before the first draw.
  uint64_t documentSerial() const { return documentSerial_; }

 private:
  void nodeSection(Session& s);
  void materialSection(Session& s);

  uint64_t documentSerial_ = 0;  // Document::serial model_ was built for (0: none)
  InspectorModel model_;
  ViewPanel view_;
};

// One property's widget: the slot's live value, edited on a copy that writeSlot() writes
// back and marks dirty. Rotations are shown and edited as XYZ Euler angles in degrees.
// Returns whether the user changed it.
bool propertyWidget(const Property& p, const std::vector<bool>& enabled, scene::DirtySet& dirty);

}  // namespace vitrine::app
