// KHR_xmp_json_ld (shared/spec/extensions/KHR_xmp_json_ld.md): the XMP metadata packets of an
// asset and the objects that reference them, as readable text. Metadata has no effect on
// drawing; it is shown (the Asset section of the inspector, --check's info lines) and never
// refuses an asset.
//
// Contract of the loader step (loadXmpMetadata, load_steps.h):
// - Input: the document's JSON. Packets are /extensions/KHR_xmp_json_ld/packets; an object
//   refers to one by its extensions.KHR_xmp_json_ld.packet index. The objects the spec allows
//   ("asset, scene, node, mesh, material, image, animation") are read; the extension on any
//   other object is ignored, like any extension object nothing reads.
// - Output: Scene::metadata. Every packet becomes its properties in the order of their names
//   (keys starting with '@' are JSON-LD keywords, not properties); every value becomes one
//   readable line of text: language alternatives (rdf:Alt of {@language, @value}) the x-default
//   or first text, then the others as "lang: text"; @list / @set and rdf:Seq / rdf:Bag their
//   items joined by ", "; structures "{name = value; ...}"; numbers and booleans as JSON writes
//   them. The asset's common properties are resolved by namespace URI (the @context), or by
//   the preferred prefix when the packet does not declare it: title, creator, description,
//   rights and licence, dates.
// - Malformed packets (not an object, no @context, an array outside @list / @set, a language
//   alternative without @value, an undeclared prefix, nesting past kMaxXmpDepth) and
//   references (not an object, packet not an index, or out of range) are warnings
//   "<JSON pointer>: <what>"; what can still be read is kept. No input is an error.
// - Bounded: the text is at most proportional to the JSON (each value is visited once);
//   nesting deeper than kMaxXmpDepth is cut ("...").
#pragma once

#include <string>
#include <vector>

namespace vitrine::scene {

inline constexpr int kMaxXmpDepth = 16;

// One property of a packet: its compact name as written ("dc:title") and its value as text.
struct XmpProperty {
  std::string name;
  std::string value;
  bool operator==(const XmpProperty&) const = default;
};

struct XmpPacket {
  std::vector<XmpProperty> properties;
  bool operator==(const XmpPacket&) const = default;
};

// A common property of the asset resolved for display: "Title", "dc:title", "MyModel".
struct XmpField {
  std::string label;
  std::string property;  // the compact name in the packet
  std::string value;
  bool operator==(const XmpField&) const = default;
};

// What the asset says about itself: asset.generator and asset.copyright (glTF §5.2), and the
// common properties of the packet `asset` references (-1: none).
struct AssetMetadata {
  std::string generator;
  std::string copyright;
  int packet = -1;
  XmpField title;        // dc:title ("Title"); empty value when absent
  XmpField creator;      // dc:creator ("Creator")
  XmpField description;  // dc:description ("Description")
  // dc:rights, cc:license, xmpRights:UsageTerms / Owner / WebStatement / Marked,
  // cc:attributionName, in that order ("Rights", "Licence", ...).
  std::vector<XmpField> rights;
  // dc:date, xmp:CreateDate, xmp:ModifyDate, xmp:MetadataDate ("Date", "Created", ...).
  std::vector<XmpField> dates;
};

// The object kinds a packet may be referenced from, besides the asset.
enum class XmpObject : int { Scene, Node, Mesh, Material, Image, Animation };
inline constexpr int kXmpObjectKinds = 6;
// "scenes", "nodes", ...: the glTF array of each kind.
const char* xmpObjectArray(XmpObject kind);

struct XmpMetadata {
  std::vector<XmpPacket> packets;
  AssetMetadata asset;
  // Per kind, one packet index per object of the glTF array (-1: none); empty when no object
  // of that kind references a packet.
  std::vector<int> objects[kXmpObjectKinds];

  // The packet object `index` of `kind` references, or nullptr.
  const XmpPacket* packetOf(XmpObject kind, size_t index) const {
    const std::vector<int>& refs = objects[int(kind)];
    if (index >= refs.size() || refs[index] < 0 || size_t(refs[index]) >= packets.size())
      return nullptr;
    return &packets[size_t(refs[index])];
  }
  const XmpPacket* assetPacket() const {
    return asset.packet >= 0 && size_t(asset.packet) < packets.size()
               ? &packets[size_t(asset.packet)]
               : nullptr;
  }
};

}  // namespace vitrine::scene
