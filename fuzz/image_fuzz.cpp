// libFuzzer target: image decoding (load/load_images.cpp) on the encoded bytes of one image
// embedded in a GLB through a bufferView, the way a real asset brings PNG or JPEG data. The
// input is the encoded image itself, so PNG and JPEG seeds work as they are.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "fuzz_util.h"
#include "loader.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace vitrine;
  if (size == 0) return 0;
  const std::string mime =
      size >= 2 && data[0] == 0xFF && data[1] == 0xD8 ? "image/jpeg" : "image/png";
  const nlohmann::json json = {{"asset", {{"version", "2.0"}}},
                               {"buffers", {{{"byteLength", size}}}},
                               {"bufferViews", {{{"buffer", 0}, {"byteLength", size}}}},
                               {"images", {{{"bufferView", 0}, {"mimeType", mime}}}}};
  const std::vector<uint8_t> glb = fuzz::packGlb(json.dump(), {data, size});
  const scene::LoadResult r = scene::loadSceneFromMemory(glb, fuzz::scratchDir(), "fuzz.glb");
  if (!r.scene) return 0;
  // Decoded (RGBA8, width * height * 4 bytes) or left empty with a warning (load_steps.h).
  const scene::Image& image = r.scene->images.at(0);
  if (image.rgba8.size() != size_t(image.width) * image.height * 4) std::abort();
  if (image.width == 0 && r.warnings.empty()) std::abort();
  return 0;
}
