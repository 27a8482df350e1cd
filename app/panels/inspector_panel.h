// The inspector (right column): the asset's metadata (generator, copyright, KHR_xmp_json_ld),
// the selected node (name, local TRS editable, world position, its and its mesh's metadata)
// and its mesh's materials with every factor's live value, its field tinted amber when a playing
// clip targets it or the behaviour graph wrote it (inspector_model.h: playingClips, writtenBy);
// edits go through writeSlot (slot_edit.h), exactly like animation. Below them,
// the view and lighting sections (view_panel.h).
#pragma once

#include <map>
#include <utility>

#include "asset_metadata.h"
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
  void assetSection();
  // The KHR_xmp_json_ld lines of one object, built the first time it is shown.
  const std::vector<MetadataLine>& metadata(const scene::Scene& scene, scene::XmpObject kind,
                                            uint32_t index);

  uint64_t documentSerial_ = 0;  // Document::serial model_ was built for (0: none)
  InspectorModel model_;
  std::vector<MetadataLine> assetLines_;  // of the document documentSerial_ names
  std::map<std::pair<int, uint32_t>, std::vector<MetadataLine>> objectLines_;
  ViewPanel view_;
};

// One property's widget: the slot's live value, edited on a copy that writeSlot() writes
// back and marks dirty. Rotations are shown and edited as XYZ Euler angles in degrees.
// Returns whether the user changed it.
bool propertyWidget(const Property& p, const std::vector<bool>& enabled, scene::DirtySet& dirty);

// Metadata lines as label (dimmed) and wrapped value, under an optional heading.
void metadataLines(const char* heading, const std::vector<MetadataLine>& lines);

}  // namespace vitrine::app
