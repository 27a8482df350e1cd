#include "texture_sources.h"

#include <cstdint>

#include "json_util.h"

namespace vitrine::scene {
namespace {

int index(const Json* object, const char* key) {
  const Json* v = object ? member(*object, key) : nullptr;
  if (!v || !v->is_number_integer()) return -1;  // unsigned JSON integers are number_integer too
  const int64_t i = v->get<int64_t>();
  return i >= 0 && i <= INT32_MAX ? int(i) : -1;
}

}  // namespace

TextureSources textureSources(const Json& texture) {
  TextureSources s;
  s.source = index(&texture, "source");
  const Json* ext = member(texture, "extensions");
  const Json* basisu = ext ? member(*ext, "KHR_texture_basisu") : nullptr;
  s.webp = index(ext ? member(*ext, "EXT_texture_webp") : nullptr, "source");
  s.basisu = index(basisu, "source");
  s.hasBasisu = basisu != nullptr;
  return s;
}

}  // namespace vitrine::scene
