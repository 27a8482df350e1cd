// The "Scene and inspectors" part of the viewer's UI in one object the Viewer owns: the
// outliner (left), the inspector with its camera and lighting sections (right), the statistics
// below it, the texture browser and the UV panel (floating), and the selection highlight.
#pragma once

#include <cstdint>
#include <vector>

#include "inspector_panel.h"
#include "layout.h"
#include "outliner_panel.h"
#include "renderer.h"
#include "session.h"
#include "scene_statistics.h"
#include "stats_overlay.h"
#include "texture_facts.h"
#include "texture_panel.h"
#include "ui_textures.h"
#include "uv_panel.h"

namespace vitrine::app {

class ScenePanels {
 public:
  // Builds the panels (between ImGui::NewFrame and Render), before the frame's animation so
  // that edits join its dirty set. times: the statistics overlay's smoothed frame times.
  void draw(const Layout& layout, Session& session, renderer::Renderer& renderer,
            const FrameTimes& times);
  // The selected node's bounding box over the view, after the frame's animation (current
  // world matrices) with the View about to be drawn.
  void drawSelection(const Session& session, const renderer::View& view);
  const OutlinerPanel& outliner() const { return outliner_; }
  const InspectorPanel& inspector() const { return inspector_; }
  const UvPanel& uv() const { return uv_; }
  const std::vector<ImageFacts>& textureFacts() const { return facts_; }
  const SceneStatistics& statistics() const { return statistics_; }
  // The UI was set up again for a new scale (Overlay::setUiScale, the GPU idle): the image
  // previews' sets do not match its new layout and are freed.
  void uiScaleChanged(renderer::Renderer& renderer) { uiTextures_.clear(renderer); }

 private:
  OutlinerPanel outliner_;
  InspectorPanel inspector_;
  uint64_t documentSerial_ = 0;  // the Document::serial boundPerClip_ was counted for
  std::vector<uint32_t> boundPerClip_;
  // What the facts and statistics were computed for: the document, its scene shown, variant.
  struct FactsKey {
    uint64_t document = 0;
    int scene = -1, variant = -2;
    bool operator==(const FactsKey&) const = default;
  };
  FactsKey factsKey_;
  std::vector<ImageFacts> facts_;
  SceneStatistics statistics_;
  UiTextures uiTextures_;
  TexturePanel textures_;
  UvPanel uv_;
};

}  // namespace vitrine::app
