// What the Asset section of the inspector and --check show of an asset's metadata, without
// ImGui: lines of label and value built from Scene::metadata (scene/xmp_metadata.h,
// KHR_xmp_json_ld) and asset.generator / asset.copyright.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "scene.h"

namespace vitrine::app {

struct MetadataLine {
  std::string pointer;  // the object it describes: "/asset/generator", "/asset", "/nodes/2"
  std::string label;    // "Generator", "Title", or the property's compact name "dc:coverage"
  std::string value;
  bool operator==(const MetadataLine&) const = default;
};

// The asset's lines: Generator and Copyright (asset), then from the packet `asset` references
// Title, Creator, Description, the rights and licence fields, the dates, and last its other
// properties by their compact names. Empty values are left out.
std::vector<MetadataLine> assetMetadataLines(const scene::Scene& scene);

// The properties of the packet object `index` of `kind` references (pointer "/nodes/2"...),
// by their compact names; empty when it references none.
std::vector<MetadataLine> objectMetadataLines(const scene::Scene& scene, scene::XmpObject kind,
                                              uint32_t index);

// Every line: the asset's, then each scene's, node's, mesh's, material's, image's and
// animation's, in that order (what --check prints, one info line each).
std::vector<MetadataLine> allMetadataLines(const scene::Scene& scene);

}  // namespace vitrine::app
