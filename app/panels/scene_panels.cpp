#include "scene_panels.h"

#include "inspector_model.h"
#include "selection_draw.h"
#include "selection_overlay.h"
#include "stats_overlay.h"

namespace vitrine::app {

void ScenePanels::draw(const Layout& layout, Session& s, renderer::Renderer& renderer,
                       const FrameTimes& times) {
  if (documentSerial_ != s.document->serial) {
    documentSerial_ = s.document->serial;
    boundPerClip_ = boundChannelCounts(s.document->animations->clips());
    // A new document: the old selection may not exist in it.
    if (s.selectedNode && *s.selectedNode >= s.document->scene->nodes.size())
      s.selectedNode.reset();
    if (s.isolatedNode && *s.isolatedNode >= s.document->scene->nodes.size())
      s.isolatedNode.reset();
  }
  if (s.panels.outliner) outliner_.draw(layout.outliner, s, renderer);
  if (s.panels.inspector) inspector_.draw(layout.inspector, s, renderer);
  // After the outliner, whose scene switch replaces the renderer's scene and its views.
  const scene::Scene& scene = *s.document->scene;
  const FactsKey key{s.document->serial, scene.activeScene, s.materialVariant};
  if (!(key == factsKey_)) {
    factsKey_ = key;
    facts_ = app::textureFacts(scene);
    statistics_ = sceneStatistics(scene, scene.activeScene, s.materialVariant, facts_);
  }
  uiTextures_.beginFrame(renderer);
  if (s.panels.statistics)
    drawStatisticsPanel(
        layout.statistics, times, renderer,
        animatedChannels(boundPerClip_, playingClips(s.timeline.enabled(),
                                                     s.graphDriven() ? s.graph.get() : nullptr,
                                                     boundPerClip_.size())),
        scene, statistics_, s.graph.get());
  if (s.panels.textures) textures_.draw(layout.view, s, renderer, uiTextures_, facts_);
  if (s.panels.uv) uv_.draw(layout.view, s, renderer, uiTextures_);
}

void ScenePanels::drawSelection(const Session& s, const renderer::View& view) {
  if (!s.showUi || !s.selectedNode) return;
  const scene::Scene& scene = *s.document->scene;
  const uint32_t node = *s.selectedNode;
  const scene::Bounds bounds = selectionBounds(scene, node);
  if (!bounds.empty()) {
    drawSelectionBox(view, bounds);
  } else if (node < scene.world.size()) {
    drawSelectionMarker(view, glm::vec3(scene.world[node][3]));
  }
}

}  // namespace vitrine::app
