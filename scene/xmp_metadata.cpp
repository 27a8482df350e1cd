// The glTF arrays whose objects may reference a KHR_xmp_json_ld packet (xmp_metadata.h). The
// packets are read by the loader (load/load_xmp.cpp).
#include "xmp_metadata.h"

namespace vitrine::scene {

const char* xmpObjectArray(XmpObject kind) {
  static constexpr const char* kArrays[kXmpObjectKinds] = {"scenes",    "nodes",  "meshes",
                                                           "materials", "images", "animations"};
  return kArrays[int(kind)];
}

}  // namespace vitrine::scene
