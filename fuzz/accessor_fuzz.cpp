// libFuzzer target: the accessor reader (glTF 2.0 §3.6.2, sparse accessors §3.6.2.3 included).
// Input (fuzz_util.h): {"accessors": [...], "bufferViews": [...]} NUL, then the bytes of
// buffer 0. The document is validated by parseGltfDocument() as in a real load, then every
// accessor is read as floats and as indices.
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "accessor.h"
#include "fuzz_util.h"
#include "gltf_document.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace vitrine;
  const fuzz::SplitInput in = fuzz::splitInput(data, size);
  const nlohmann::json base = {{"asset", {{"version", "2.0"}}}};
  const std::vector<uint8_t> glb = fuzz::mergedGlb(base, in);
  scene::GltfDocument doc;
  if (!scene::parseGltfDocument(glb, fuzz::scratchDir(), doc).empty()) return 0;
  const nlohmann::json* accessors = nullptr;
  if (auto it = doc.json.find("accessors"); it != doc.json.end() && it->is_array()) {
    accessors = &*it;
  }
  if (!accessors) return 0;
  for (uint32_t i = 0; i < accessors->size(); ++i) {
    const scene::AccessorFormat format = scene::accessorFormat(doc, i);
    std::vector<float> floats;
    // On success, exactly count * components values (accessor.h).
    if (scene::readAccessor(doc, i, floats).empty() &&
        floats.size() != uint64_t(format.count) * format.components) {
      std::abort();
    }
    std::vector<uint32_t> indices;
    if (scene::readAccessor(doc, i, indices).empty() &&
        indices.size() != uint64_t(format.count) * format.components) {
      std::abort();
    }
  }
  return 0;
}
