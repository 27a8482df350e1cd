#include "asset_metadata.h"

#include <algorithm>

namespace vitrine::app {
namespace {

void add(std::vector<MetadataLine>& out, const std::string& pointer, const std::string& label,
         const std::string& value) {
  if (!value.empty()) out.push_back({pointer, label, value});
}

}  // namespace

std::vector<MetadataLine> assetMetadataLines(const scene::Scene& scene) {
  const scene::AssetMetadata& a = scene.metadata.asset;
  std::vector<MetadataLine> out;
  add(out, "/asset/generator", "Generator", a.generator);
  add(out, "/asset/copyright", "Copyright", a.copyright);
  const scene::XmpPacket* packet = scene.metadata.assetPacket();
  if (!packet) return out;
  // The resolved properties, then the others by their names (those are not repeated).
  std::vector<const scene::XmpField*> fields = {&a.title, &a.creator, &a.description};
  for (const scene::XmpField& f : a.rights) fields.push_back(&f);
  for (const scene::XmpField& f : a.dates) fields.push_back(&f);
  for (const scene::XmpField* f : fields) add(out, "/asset", f->label, f->value);
  for (const scene::XmpProperty& p : packet->properties) {
    const bool shown = std::any_of(fields.begin(), fields.end(), [&](const scene::XmpField* f) {
      return !f->value.empty() && f->property == p.name;
    });
    if (!shown) add(out, "/asset", p.name, p.value);
  }
  return out;
}

std::vector<MetadataLine> objectMetadataLines(const scene::Scene& scene, scene::XmpObject kind,
                                              uint32_t index) {
  std::vector<MetadataLine> out;
  const scene::XmpPacket* packet = scene.metadata.packetOf(kind, index);
  if (!packet) return out;
  const std::string pointer =
      "/" + std::string(scene::xmpObjectArray(kind)) + "/" + std::to_string(index);
  for (const scene::XmpProperty& p : packet->properties) add(out, pointer, p.name, p.value);
  return out;
}

std::vector<MetadataLine> allMetadataLines(const scene::Scene& scene) {
  std::vector<MetadataLine> out = assetMetadataLines(scene);
  for (int k = 0; k < scene::kXmpObjectKinds; ++k) {
    const auto kind = scene::XmpObject(k);
    for (size_t i = 0; i < scene.metadata.objects[k].size(); ++i) {
      std::vector<MetadataLine> lines = objectMetadataLines(scene, kind, uint32_t(i));
      out.insert(out.end(), lines.begin(), lines.end());
    }
  }
  return out;
}

}  // namespace vitrine::app
