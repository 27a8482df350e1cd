#include "loader.h"

#include <new>

#include "gltf_document.h"
#include "load_steps.h"

namespace vitrine::scene {
namespace {

std::string loadInto(const std::string& path, Scene& scene, std::vector<std::string>& warnings) {
  GltfDocument doc;
  if (std::string err = readGltfDocument(path, doc); !err.empty()) return err;
  warnings = std::move(doc.warnings);
  const LoadContext ctx{doc, scene, warnings};
  if (std::string err = loadNodes(ctx); !err.empty()) return err;
  loadCameras(ctx);
  if (std::string err = loadMeshes(ctx); !err.empty()) return err;
  loadImages(ctx);
  loadMaterials(ctx);
  updateWorldTransforms(scene);
  return {};
}

}  // namespace

LoadResult loadScene(const std::string& path) {
  LoadResult result;
  auto scene = std::make_unique<Scene>();
  scene->path = path;
  std::string error;
  // The steps return errors; what can still throw is the allocator (or a bug): never let it
  // escape to the caller.
  try {
    error = loadInto(path, *scene, result.warnings);
  } catch (const std::bad_alloc&) {
    error = "out of memory";
  } catch (const std::exception& e) {
    error = std::string("internal error: ") + e.what();
  }
  for (std::string& w : result.warnings) w = path + ": " + w;
  if (!error.empty()) {
    result.error = path + ": " + error;
    return result;
  }
  result.scene = std::move(scene);
  return result;
}

}  // namespace vitrine::scene
