// KHR_xmp_json_ld: packets and their references to readable text (contract in
// scene/xmp_metadata.h), read into Scene::metadata by the load step loadXmpMetadata().
// Section names below are those of shared/spec/extensions/KHR_xmp_json_ld.md.
#include "xmp_metadata.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <span>
#include <utility>

#include "json_checker.h"
#include "json_util.h"
#include "load_steps.h"

namespace vitrine::scene {
namespace {

constexpr const char* kExt = "KHR_xmp_json_ld";
const std::string kPackets = "/extensions/KHR_xmp_json_ld/packets";

// Namespace URIs of the common properties ("Implementation notes": preferred prefixes; cc is
// Creative Commons' REL).
constexpr const char* kDc = "http://purl.org/dc/elements/1.1/";
constexpr const char* kXmp = "http://ns.adobe.com/xap/1.0/";
constexpr const char* kXmpRights = "http://ns.adobe.com/xap/1.0/rights/";
constexpr const char* kCc = "http://creativecommons.org/ns#";
constexpr const char* kRdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#";

struct Common {
  const char* prefix;  // preferred prefix, used when the packet does not declare it
  const char* uri;
  const char* name;
  const char* label;
};
constexpr Common kRights[] = {
    {"dc", kDc, "rights", "Rights"},
    {"cc", kCc, "license", "Licence"},
    {"xmpRights", kXmpRights, "UsageTerms", "Usage terms"},
    {"xmpRights", kXmpRights, "Owner", "Rights owner"},
    {"xmpRights", kXmpRights, "WebStatement", "Rights statement"},
    {"xmpRights", kXmpRights, "Marked", "Rights marked"},
    {"cc", kCc, "attributionName", "Attribution"},
};
constexpr Common kDates[] = {
    {"dc", kDc, "date", "Date"},
    {"xmp", kXmp, "CreateDate", "Created"},
    {"xmp", kXmp, "ModifyDate", "Modified"},
    {"xmp", kXmp, "MetadataDate", "Metadata date"},
};

struct Reader {
  std::vector<std::string>& warnings;
  void warn(const std::string& pointer, const std::string& what) {
    warnings.push_back(located(pointer, what));
  }
};

std::string prefixOf(const std::string& name) {
  const size_t colon = name.find(':');
  return colon == std::string::npos ? std::string() : name.substr(0, colon);
}

// rdf:_N's N (1-based), 0 when `key` is not of that form.
uint64_t memberIndex(const std::string& key) {
  constexpr std::string_view kPrefix = "rdf:_";
  if (key.size() <= kPrefix.size() || key.compare(0, kPrefix.size(), kPrefix) != 0) return 0;
  uint64_t n = 0;
  const char* first = key.data() + kPrefix.size();
  const char* last = key.data() + key.size();
  const auto [end, ec] = std::from_chars(first, last, n);
  return ec == std::errc() && end == last ? n : 0;
}

class PacketReader {
 public:
  PacketReader(Reader& r, const Json* context) : r_(r), context_(context) {}

  // The readable text of `v` at `pointer`, `depth` levels below the property.
  std::string text(const Json& v, const std::string& pointer, int depth) {
    if (depth > kMaxXmpDepth) {
      if (!deepWarned_) {
        r_.warn(pointer, "XMP value nested deeper than " + std::to_string(kMaxXmpDepth) +
                             " levels; the rest is not shown");
        deepWarned_ = true;
      }
      return "...";
    }
    if (v.is_string()) return v.get<std::string>();
    if (v.is_null()) return "null";
    if (v.is_array()) {
      // "Lists and Sets": arrays must be children of @list or @set.
      r_.warn(pointer, "an XMP array must be the value of @list or @set; read as a list");
      return join(v, pointer, depth);
    }
    if (!v.is_object()) return v.dump(-1, ' ', false, Json::error_handler_t::replace);
    for (const char* key : {"@list", "@set"}) {
      if (const Json* items = member(v, key)) {
        const std::string at = pointer + jsonPointer(key);
        if (items->is_array()) return join(*items, at, depth);
        return text(*items, at, depth + 1);  // one item without brackets (JSON-LD allows it)
      }
    }
    if (const Json* value = member(v, "@value"))
      return text(*value, pointer + "/@value", depth + 1);
    const Json* type = member(v, "@type");
    if (type && type->is_string()) {
      const std::string t = type->get<std::string>();
      if (t == "rdf:Alt") return alternatives(v, pointer, depth);
      if (t == "rdf:Seq" || t == "rdf:Bag") return members(v, pointer, depth);
    }
    return structure(v, pointer, depth);
  }

  // Warns about a property whose prefix the packet's @context does not declare.
  void checkPrefix(const std::string& name, const std::string& pointer) {
    const std::string prefix = prefixOf(name);
    if (!context_ || prefix.empty() || member(*context_, prefix.c_str())) return;
    r_.warn(pointer, "prefix \"" + prefix + "\" is not declared in the packet's @context");
  }

  // The namespace URI `prefix` stands for: the @context's, else the preferred prefix's.
  bool is(const std::string& name, const Common& c) const {
    const size_t colon = name.find(':');
    if (colon == std::string::npos || name.compare(colon + 1, std::string::npos, c.name) != 0)
      return false;
    const std::string prefix = name.substr(0, colon);
    const Json* uri = context_ ? member(*context_, prefix.c_str()) : nullptr;
    if (uri && uri->is_string()) return uri->get<std::string>() == c.uri;
    return prefix == c.prefix;
  }

 private:
  std::string join(const Json& items, const std::string& pointer, int depth) {
    std::string out;
    for (size_t i = 0; i < items.size(); ++i) {
      if (i) out += ", ";
      out += text(items[i], pointer + jsonPointer(i), depth + 1);
    }
    return out;
  }

  // rdf:_1, rdf:_2 ... in numeric order (the object's keys sort rdf:_10 before rdf:_2).
  std::vector<std::pair<uint64_t, std::string>> memberKeys(const Json& v) const {
    std::vector<std::pair<uint64_t, std::string>> keys;
    for (auto it = v.begin(); it != v.end(); ++it)
      if (const uint64_t n = memberIndex(it.key())) keys.emplace_back(n, it.key());
    std::sort(keys.begin(), keys.end());
    return keys;
  }

  std::string members(const Json& v, const std::string& pointer, int depth) {
    std::string out;
    for (const auto& [n, key] : memberKeys(v)) {
      if (!out.empty()) out += ", ";
      out += text(v[key], pointer + jsonPointer(key), depth + 1);
    }
    return out;
  }

  // "Language Alternatives": rdf:_N objects of @language and @value; the rdf prefix must be
  // in the @context. x-default (ISO 16684-1 8.2.2.4) or else the first comes first.
  std::string alternatives(const Json& v, const std::string& pointer, int depth) {
    if (context_ && !member(*context_, "rdf"))
      r_.warn(pointer,
              "rdf:Alt needs the rdf prefix (" + std::string(kRdf) + ") in the packet's @context");
    std::vector<std::pair<std::string, std::string>> texts;  // language, text
    for (const auto& [n, key] : memberKeys(v)) {
      const Json& alt = v[key];
      const std::string at = pointer + jsonPointer(key);
      const Json* value = member(alt, "@value");
      if (!value || !value->is_string()) {
        r_.warn(at, "a language alternative needs a string @value; skipped");
        continue;
      }
      const Json* language = member(alt, "@language");
      texts.emplace_back(language && language->is_string() ? language->get<std::string>() : "",
                         value->get<std::string>());
    }
    const auto byDefault = std::find_if(texts.begin(), texts.end(),
                                        [](const auto& t) { return t.first == "x-default"; });
    if (byDefault != texts.end()) std::rotate(texts.begin(), byDefault, byDefault + 1);
    std::string out;
    for (size_t i = 0; i < texts.size(); ++i) {
      if (i == 0) {
        out = texts[i].second;
      } else {
        out += "; " + (texts[i].first.empty() ? std::string() : texts[i].first + ": ") +
               texts[i].second;
      }
    }
    (void)depth;
    return out;
  }

  std::string structure(const Json& v, const std::string& pointer, int depth) {
    std::string out = "{";
    for (auto it = v.begin(); it != v.end(); ++it) {
      if (!it.key().empty() && it.key()[0] == '@') continue;
      if (out.size() > 1) out += "; ";
      out += it.key() + " = " + text(it.value(), pointer + jsonPointer(it.key()), depth + 1);
    }
    return out + "}";
  }

  Reader& r_;
  const Json* context_;
  bool deepWarned_ = false;
};

XmpPacket readPacket(Reader& r, const Json& p, const std::string& at) {
  XmpPacket packet;
  if (!p.is_object()) {
    r.warn(at, "an XMP packet must be a JSON-LD object, not " + describeJson(p) + "; ignored");
    return packet;
  }
  // "Defining XMP Metadata": each packet "requires a @context dictionary".
  const Json* context = member(p, "@context");
  if (!context || !context->is_object()) {
    r.warn(at, context ? "@context must be an object of namespace prefixes; its properties are "
                         "read by their prefixes"
                       : "an XMP packet requires a @context; its properties are read by their "
                         "prefixes");
    context = nullptr;
  }
  PacketReader reader(r, context);
  for (auto it = p.begin(); it != p.end(); ++it) {
    if (!it.key().empty() && it.key()[0] == '@') continue;
    const std::string pointer = at + jsonPointer(it.key());
    reader.checkPrefix(it.key(), pointer);
    packet.properties.push_back({it.key(), reader.text(it.value(), pointer, 0)});
  }
  return packet;
}

// The packet index `object`'s extension names, -1 (with a warning) when it names none.
int packetIndex(Reader& r, const Json& object, const std::string& at, size_t packets) {
  const Json* ext = member(object, "extensions");
  const Json* x = ext ? member(*ext, kExt) : nullptr;
  if (!x) return -1;
  const std::string xp = at + "/extensions/" + kExt;
  if (!x->is_object()) {
    r.warn(xp, "must be an object, not " + describeJson(*x) + "; no metadata");
    return -1;
  }
  const Json* packet = member(*x, "packet");
  const double index = packet && packet->is_number() ? packet->get<double>() : -1.0;
  if (index < 0.0 || index != std::floor(index)) {
    r.warn(xp + "/packet", packet ? "must be an index into " + kPackets + ", not " +
                                        describeJson(*packet) + "; no metadata"
                                  : "is required (an index into " + kPackets + "); no metadata");
    return -1;
  }
  if (index >= double(packets)) {
    r.warn(xp + "/packet", "packet " + describeJson(*packet) + " does not exist (" +
                               std::to_string(packets) + (packets == 1 ? " packet" : " packets") +
                               "); no metadata");
    return -1;
  }
  return int(index);
}

void resolveAsset(const PacketReader& reader, const XmpPacket& packet, AssetMetadata& a) {
  const Common title{"dc", kDc, "title", "Title"};
  const Common creator{"dc", kDc, "creator", "Creator"};
  const Common description{"dc", kDc, "description", "Description"};
  for (const XmpProperty& p : packet.properties) {
    if (reader.is(p.name, title)) a.title = {title.label, p.name, p.value};
    if (reader.is(p.name, creator)) a.creator = {creator.label, p.name, p.value};
    if (reader.is(p.name, description)) a.description = {description.label, p.name, p.value};
  }
  auto collect = [&](std::span<const Common> table, std::vector<XmpField>& out) {
    for (const Common& c : table)
      for (const XmpProperty& p : packet.properties)
        if (reader.is(p.name, c)) out.push_back({c.label, p.name, p.value});
  };
  collect(kRights, a.rights);
  collect(kDates, a.dates);
}

}  // namespace

void loadXmpMetadata(const LoadContext& ctx) {
  const Json& root = ctx.doc.json;
  XmpMetadata& m = ctx.scene.metadata;
  Reader r{ctx.warnings};
  if (const Json* asset = member(root, "asset")) {
    // Validation checked their types (§5.2: strings).
    if (const Json* g = member(*asset, "generator"); g && g->is_string())
      m.asset.generator = g->get<std::string>();
    if (const Json* c = member(*asset, "copyright"); c && c->is_string())
      m.asset.copyright = c->get<std::string>();
  }
  const Json* ext = member(root, "extensions");
  const Json* x = ext ? member(*ext, kExt) : nullptr;
  // The packets and their @context, kept to resolve the asset's by namespace URI.
  std::vector<const Json*> contexts;
  if (x) {
    const Json* packets = member(*x, "packets");
    if (!x->is_object()) {
      r.warn("/extensions/KHR_xmp_json_ld",
             "must be an object, not " + describeJson(*x) + "; no XMP metadata is read");
    } else if (!packets || !packets->is_array()) {
      r.warn(packets ? kPackets : "/extensions/KHR_xmp_json_ld",
             packets ? "must be an array of XMP packets, not " + describeJson(*packets) +
                           "; no XMP metadata is read"
                     : "packets is required; no XMP metadata is read");
    } else {
      for (size_t i = 0; i < packets->size(); ++i) {
        const Json& p = (*packets)[i];
        m.packets.push_back(readPacket(r, p, kPackets + jsonPointer(i)));
        const Json* context = member(p, "@context");
        contexts.push_back(context && context->is_object() ? context : nullptr);
      }
    }
  }
  if (const Json* asset = member(root, "asset")) {
    m.asset.packet = packetIndex(r, *asset, "/asset", m.packets.size());
    if (m.asset.packet >= 0) {
      std::vector<std::string> none;  // the packet's warnings were given once, above
      Reader quiet{none};
      const PacketReader reader(quiet, contexts[size_t(m.asset.packet)]);
      resolveAsset(reader, m.packets[size_t(m.asset.packet)], m.asset);
    }
  }
  for (int k = 0; k < kXmpObjectKinds; ++k) {
    const char* name = xmpObjectArray(XmpObject(k));
    const Json& objects = array(root, name);
    if (!objects.is_array()) continue;
    std::vector<int> refs(objects.size(), -1);
    bool any = false;
    for (size_t i = 0; i < objects.size(); ++i) {
      refs[i] = packetIndex(r, objects[i], jsonPointer(name, i), m.packets.size());
      any |= refs[i] >= 0;
    }
    if (any) m.objects[k] = std::move(refs);
  }
}

}  // namespace vitrine::scene
