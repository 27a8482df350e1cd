// One loaded asset, as the viewer shows it and the batch modes read it: the scene, its parsed
// glTF document and its bound animations, with every warning met on the way.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "animation.h"
#include "graph_load.h"
#include "loader.h"
#include "scene.h"
#include "scene_host.h"

namespace vitrine::app {

// A number no other Document of this process had (1, 2, 3...; thread-safe).
uint64_t nextDocumentSerial();

struct Document {
  // Unique per Document, never reused: what caches of per-document data are keyed on. Not the
  // address: a freed Document's address is often handed to the next one, and a cache keyed on
  // it (a panel hidden meanwhile) would keep pointers into the freed scene.
  const uint64_t serial = nextDocumentSerial();
  std::string path;                              // as given (the window title, hot reload)
  std::shared_ptr<scene::GltfDocument> gltf;     // for JSON pointers (object_model.h)
  std::unique_ptr<scene::Scene> scene;           // never null in a loaded Document
  std::unique_ptr<anim::Animations> animations;  // never null; may hold no clip
  std::vector<std::string> loadWarnings;         // the loader's, "<file>: <where>: <what>"
  std::vector<std::string> channelWarnings;      // "/animations/A/channels/C: <reason>"
  // The extensions of extensionsUsed Vitrine does not draw (gltf/supported_extensions.h),
  // each once, in the array's order: the window's note names them (not_drawn_note.h).
  std::vector<std::string> notDrawn;
  // The files the asset reads besides `path` (external buffers and images), absolute: what
  // hot reload watches.
  std::vector<std::string> dependencies;
  // KHR_interactivity (issue 33): the graphs, compiled at load against `graphHost` (whose
  // property ids they hold, so the two live and die together). Null host: the asset has no
  // KHR_interactivity. interactivity.extensionError: it was refused, and the asset is plain.
  std::unique_ptr<interact::SceneHost> graphHost;
  interact::Interactivity interactivity;
};

struct DocumentResult {
  std::unique_ptr<Document> document;  // null on error
  std::string error;                   // one line: "<file>: <where>: <what>"
  std::vector<std::string> warnings;   // on error: the loader's warnings met before it (--check)
  scene::LoadTimings loadTimings;      // the load's phases (--timings), on error too
};

// Every warning of `document`, each "<file>: <where>: <what>": the loader's, then those of
// channels that could not bind. What the batch modes print, --check lists and the window shows.
[[nodiscard]] std::vector<std::string> documentWarnings(const Document& document);

// Loads, validates and binds the animations of the asset at `path`. Never throws. `progress`
// (scene::loadScene's, plus a last "Binding animations" stage) may be called from the thread
// that loads.
[[nodiscard]] DocumentResult loadDocument(const std::string& path,
                                          const scene::LoadProgress& progress = {},
                                          const scene::LoadOptions& options = {});

}  // namespace vitrine::app
