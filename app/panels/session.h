// What the viewer's panels read and change: the open asset, the timeline, the selection and
// the look. The Viewer owns one; each panel (its own file) draws from it and writes to it.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "cli.h"
#include "dirty.h"
#include "document.h"
#include "environment_image.h"
#include "graph_session.h"
#include "layout.h"
#include "timeline.h"

namespace vitrine::app {

// Asked by a panel, done by the viewer once the UI is built: fit the orbit camera to a node
// and its subtree or, without a node, to the whole active scene (and leave any asset camera).
struct FrameRequest {
  std::optional<uint32_t> node;
};

struct Session {
  std::unique_ptr<Document> document;  // never null while the viewer runs
  // The document's behaviour graph (issue 34), made with it; null when the asset has no
  // KHR_interactivity. Declared after `document`, which it reads: destroyed first.
  std::unique_ptr<GraphSession> graph;
  // The ordinary timeline shown instead of the graph's transport, its clips playing, for
  // inspecting them; the graph is paused meanwhile.
  bool clipsInsteadOfGraph = false;
  Timeline timeline;
  // Slot writes of this frame, from animation and from hand edits alike (same slots, same
  // ranges): the viewer hands them to Renderer::applyChanges, then clears them.
  scene::DirtySet dirty;
  std::optional<uint32_t> selectedNode;  // index into document->scene->nodes
  // Isolate (View menu, I): only this node's subtree is drawn and picked.
  std::optional<uint32_t> isolatedNode;
  std::optional<FrameRequest> frameRequest;  // cleared by the viewer when done
  std::optional<int> assetCamera;            // looking through this glTF camera, else orbiting
  // The KHR_materials_variants variant shown (index into scene->variants), -1 = the asset's
  // own materials. Changed through Viewer::setMaterialVariant (the renderer must follow).
  int materialVariant = -1;
  CliOptions look;              // tone mapping, exposure, environment, background
  bool hasEnvironment = false;  // an image-based light is loaded
  // The start-up environment when the disk cache did not hold it: processed once the asset's
  // geometry and textures are drawn (issue 16), the window drawing without image-based light
  // until then. Dropped when the user picks another (ViewPanel::switchEnvironment).
  std::shared_ptr<const scene::EnvironmentImage> environmentArriving;
  bool showUi = true;      // Tab hides every panel
  PanelVisibility panels;  // which panels show when showUi
  float uiScale = 1.0f;    // the window's content scale (DPI)
  std::string status;      // a one-line message for the user ("Saved ...")
  // The last file that failed to load ("<file>: <where>: <what>"), shown in the error panel
  // until dismissed or a load succeeds; empty when none. The previous document stays open.
  std::string fileError;
  // The warnings of the last load, as --check and the batch modes print them ("<file>: <where>:
  // <what>", documentWarnings()): of the document shown, or with fileError those met before the
  // error. Shown in the same panel until dismissed or the next load.
  std::vector<std::string> fileWarnings;
  // A loaded file on its way to the GPU (Viewer::beginDocument), for the progress bar: its
  // path, whether it is a reload, and the share of its upload sent.
  struct Arriving {
    std::string path;
    bool reload = false;
    float progress = 0.0f;
  };
  std::optional<Arriving> arriving;
  float menuHeight = 0.0f;  // the main menu bar's height this frame (0 when hidden)

  // The graph runs the asset: it has a graph that compiled and the timeline is not shown
  // instead. Then clicks and hover go to the graph, and the clips play only as it says.
  bool graphDriven() const { return graph && graph->active() && !clipsInsteadOfGraph; }
};

}  // namespace vitrine::app
