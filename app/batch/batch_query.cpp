#include "batch_query.h"

#include <cstdio>

#include "headless.h"
#include "material_variant.h"
#include "pointer_resolve.h"

namespace vitrine::app {

int runQueries(const BatchAsset& asset, const std::string& file,
               const std::vector<std::string>& pointers) {
  scene::Scene& scene = *asset.document->scene;
  for (const std::string& pointer : pointers) {
    if (const auto m = variantMaterialQuery(scene, pointer, asset.variant)) {
      std::printf("%s\n", m->c_str());
      continue;
    }
    const scene::ResolveResult r = scene::resolvePointer(scene, *asset.document->gltf, pointer);
    if (!r.ok && r.readOnlyValue.empty()) {
      std::fprintf(stderr, "vitrine: %s: %s: %s\n", file.c_str(), pointer.c_str(), r.error.c_str());
      return kExitBadInput;
    }
    std::printf("%s\n", r.ok ? scene::formatSlotValue(r.slot).c_str() : r.readOnlyValue.c_str());
  }
  return kExitOk;
}

}  // namespace vitrine::app
