#include "document.h"

#include <algorithm>
#include <atomic>

#include "gltf_document.h"
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

namespace {

// KHR_interactivity: compiled once here, against the host the graphs will run on. A refusal
// makes the asset plain with one warning, or refuses the asset when the extension is
// required (as any unsupported required extension is).
bool loadGraphs(Document& doc, const std::string& path, std::string* error) {
  const interact::Json& json = doc.gltf->json;
  const auto ext = json.find("extensions");
  if (ext == json.end() || !ext->is_object() || !ext->contains("KHR_interactivity")) return true;
  doc.graphHost = std::make_unique<interact::SceneHost>(*doc.scene, *doc.gltf, *doc.animations);
  // The graphs live as long as the document: they take their share of its memory budget.
  scene::MemoryBudget& budget = *doc.gltf->budget;
  interact::GraphLimits limits;
  limits.maxBytes = budget.limit() - std::min(budget.limit(), budget.used());
  doc.interactivity =
      interact::loadInteractivity((*ext)["KHR_interactivity"], *doc.graphHost, limits);
  uint64_t bytes = 0;
  for (const auto& g : doc.interactivity.graphs) bytes += g ? interact::graphBytes(*g) : 0;
  if (std::string refusal = budget.reserve(bytes, "/extensions/KHR_interactivity", "the graphs");
      !refusal.empty()) {
    *error = path + ": " + refusal;
    return false;
  }
  const interact::GraphError* refused = interact::defaultRefusal(doc.interactivity);
  if (!refused) return true;
  bool required = false;
  for (const interact::Json& r : json.value("extensionsRequired", interact::Json::array())) {
    required |= r.is_string() && r.get<std::string>() == "KHR_interactivity";
  }
  const std::string why = refused->text();
  if (required) {
    *error = path + ": " + why + "; KHR_interactivity is required, so the asset cannot be shown";
    return false;
  }
  doc.loadWarnings.push_back(path + ": " + why + "; the asset has no behaviour");
  return true;
}

}  // namespace

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
  if (!loadGraphs(*doc, path, &result.error)) {
    result.warnings = documentWarnings(*doc);
    return result;
  }
  result.document = std::move(doc);
  return result;
}

}  // namespace vitrine::app
