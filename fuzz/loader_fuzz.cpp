// libFuzzer target: the whole loader on a .gltf or .glb in memory (the GLB magic tells them
// apart), as the viewer, --check and the thumbnailer run it on any file a user opens.
// Relative URIs resolve in an empty folder (fuzz_util.h): only data: URIs and the GLB's BIN
// chunk bring resources.
#include <cstdint>
#include <cstdlib>

#include "fuzz_util.h"
#include "loader.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace vitrine;
  const scene::LoadResult r =
      scene::loadSceneFromMemory({data, size}, fuzz::scratchDir(), "fuzz.glb");
  // The loader's contract (loader.h): a scene and a document exactly when there is no error.
  if ((r.scene == nullptr) != !r.error.empty()) std::abort();
  if ((r.document == nullptr) != (r.scene == nullptr)) std::abort();
  return 0;
}
