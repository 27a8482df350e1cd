#include "document.h"

#include <atomic>

#include "supported_extensions.h"

namespace vitrine::app {

uint64_t nextDocumentSerial() {
  static std::atomic<uint64_t> next{1};
  return next.fetch_add(1, std::memory_order_relaxed);
}

std::vector<std::string> documentWarnings(const Document& document) {
  std::vector<std::string> out = document.loadWarnings;
  for (const std::string& w : document.channelWarnings) out.push_back(document.path + ": " + w);
  return out;
}

DocumentResult loadDocument(const std::string& path, const scene::LoadProgress& progress,
                            const scene::LoadOptions& options) {
  DocumentResult result;
  scene::LoadResult loaded = scene::loadScene(path, progress, options);
  result.loadTimings = loaded.timings;
  if (!loaded.scene) {
    result.error = loaded.error;
    result.warnings = std::move(loaded.warnings);
    return result;
  }
  auto doc = std::make_unique<Document>();
  doc->path = path;
  doc->loadWarnings = std::move(loaded.warnings);
  doc->dependencies = scene::externalFiles(*loaded.document, path);
  for (scene::UnsupportedExtension& e : scene::unsupportedExtensions(*loaded.document))
    doc->notDrawn.push_back(std::move(e.name));
  if (progress) progress(0.95f, "Binding animations");
  // Animations are bound once, here; channels that cannot bind are skipped with a warning.
  anim::BindResult bound = anim::bindAnimations(*loaded.scene, *loaded.document);
  doc->channelWarnings = std::move(bound.warnings);
  doc->animations = std::move(bound.animations);
  doc->scene = std::move(loaded.scene);
  doc->gltf = std::move(loaded.document);
  result.document = std::move(doc);
  return result;
}

}  // namespace vitrine::app
