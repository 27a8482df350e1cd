#include "draco_decode.h"

#include <cmath>
#include <cstring>
#include <new>
#include <set>

#include <draco/compression/decode.h>
#include <draco/mesh/mesh.h>

#include "gltf_enums.h"
#include "parallel.h"

namespace vitrine::scene {
namespace {

std::string str(uint64_t v) {
  return std::to_string(v);
}

// The Draco data type a glTF componentType is stored as by an identical copy.
draco::DataType dracoType(int componentType) {
  switch (componentType) {
    case gltf::kByte:
      return draco::DT_INT8;
    case gltf::kUnsignedByte:
      return draco::DT_UINT8;
    case gltf::kShort:
      return draco::DT_INT16;
    case gltf::kUnsignedShort:
      return draco::DT_UINT16;
    case gltf::kUnsignedInt:
      return draco::DT_UINT32;
    default:
      return draco::DT_FLOAT32;
  }
}

// The range of an integer componentType.
double componentMin(int componentType) {
  return componentType == gltf::kByte ? -128.0 : componentType == gltf::kShort ? -32768.0 : 0.0;
}
double componentMax(int componentType) {
  switch (componentType) {
    case gltf::kByte:
      return 127.0;
    case gltf::kUnsignedByte:
      return 255.0;
    case gltf::kShort:
      return 32767.0;
    case gltf::kUnsignedShort:
      return 65535.0;
    default:
      return 4294967295.0;
  }
}

template <class T>
void storeAs(double v, uint8_t* p) {
  const T t = T(v);
  std::memcpy(p, &t, sizeof t);
}

void store(int componentType, double v, uint8_t* p) {
  switch (componentType) {
    case gltf::kByte:
      return storeAs<int8_t>(v, p);
    case gltf::kUnsignedByte:
      return storeAs<uint8_t>(v, p);
    case gltf::kShort:
      return storeAs<int16_t>(v, p);
    case gltf::kUnsignedShort:
      return storeAs<uint16_t>(v, p);
    case gltf::kUnsignedInt:
      return storeAs<uint32_t>(v, p);
    default:
      return storeAs<float>(v, p);
  }
}

uint64_t outputBytes(const AccessorFormat& f) {
  return uint64_t(f.count) * f.components * gltf::componentSize(f.componentType);
}

// Releases a reservation when it goes out of scope, unless kept.
struct Reservation {
  MemoryBudget& budget;
  uint64_t bytes = 0;
  ~Reservation() { budget.release(bytes); }
};

// One decoded attribute into the accessor's layout. Same data type: copied. Otherwise converted
// value by value: a float or normalized Draco value becomes a float, or a normalized integer by
// formulas.md "Normalized integers" (round(v * max)); a plain integer stays its value. A value
// the accessor's type cannot hold is an error.
std::string convertAttribute(const draco::Mesh& mesh, const draco::PointAttribute& att,
                             const AccessorFormat& f, std::vector<uint8_t>& out) {
  const uint32_t componentSize = gltf::componentSize(f.componentType);
  const size_t element = size_t(f.components) * componentSize;
  out.resize(element * f.count);
  const uint32_t points = mesh.num_points();
  if (att.data_type() == dracoType(f.componentType) && size_t(att.byte_stride()) == element) {
    if (att.is_mapping_identity() && att.size() >= points) {
      std::memcpy(out.data(), att.GetAddress(draco::AttributeValueIndex(0)), element * points);
      return {};
    }
    for (uint32_t i = 0; i < points; ++i) {
      const draco::AttributeValueIndex value = att.mapped_index(draco::PointIndex(i));
      if (value.value() >= att.size()) return "vertex " + str(i) + " maps to no value";
      std::memcpy(out.data() + i * element, att.GetAddress(value), element);
    }
    return {};
  }
  const bool real = att.data_type() == draco::DT_FLOAT32 || att.data_type() == draco::DT_FLOAT64 ||
                    att.normalized();
  const bool toFloat = f.componentType == gltf::kFloat;
  const double lo = componentMin(f.componentType), hi = componentMax(f.componentType);
  double v[4];
  for (uint32_t i = 0; i < points; ++i) {
    const draco::AttributeValueIndex value = att.mapped_index(draco::PointIndex(i));
    if (value.value() >= att.size() || !att.ConvertValue<double>(value, int8_t(f.components), v))
      return "vertex " + str(i) + " has no readable value";
    for (uint32_t c = 0; c < f.components; ++c) {
      double x = v[c];
      if (!toFloat) {
        // formulas.md "Normalized integers", inverted: c = round(f * max).
        if (real && f.normalized) x = std::round(x * hi);
        if (!(x >= lo && x <= hi) || x != std::floor(x)) {
          return "value " + str(i) + " component " + str(c) + " (" + std::to_string(v[c]) +
                 ") does not fit the accessor's " + gltf::componentTypeName(f.componentType) +
                 (f.normalized ? " (normalized)" : "");
        }
      }
      store(f.componentType, x, out.data() + i * element + c * componentSize);
    }
  }
  return {};
}

// The decoded faces as the indices accessor's componentType.
std::string convertIndices(const draco::Mesh& mesh, const AccessorFormat& f,
                           std::vector<uint8_t>& out) {
  const uint32_t size = gltf::componentSize(f.componentType);
  const uint32_t limit = uint32_t(std::min<double>(componentMax(f.componentType), 4294967295.0));
  const uint32_t points = mesh.num_points();
  out.resize(size_t(mesh.num_faces()) * 3 * size);
  uint8_t* p = out.data();
  for (uint32_t i = 0; i < mesh.num_faces(); ++i) {
    const draco::Mesh::Face& face = mesh.face(draco::FaceIndex(i));
    for (int k = 0; k < 3; ++k, p += size) {
      const uint32_t index = face[k].value();
      if (index >= points) {
        return "index " + str(index) + " (triangle " + str(i) +
               ") is out of range: the stream has " + str(points) + " vertices";
      }
      if (index > limit) {
        return "index " + str(index) + " (triangle " + str(i) +
               ") does not fit the indices accessor's " + gltf::componentTypeName(f.componentType);
      }
      if (size == 1) {
        *p = uint8_t(index);
      } else if (size == 2) {
        const uint16_t v = uint16_t(index);
        std::memcpy(p, &v, 2);
      } else {
        std::memcpy(p, &index, 4);
      }
    }
  }
  return {};
}

// What a Draco stream's header declares about its mesh, read before libdraco sizes its tables
// from it (libdraco allocates what the header says before checking it against the stream).
struct DracoHeader {
  bool edgebreaker = false;
  uint32_t faces = 0;
  uint32_t points = 0;           // sequential: the mesh's vertex count
  uint32_t encodedVertices = 0;  // edgebreaker: connectivity vertices, and split symbols
  uint32_t splitSymbols = 0;
  uint32_t attributeData = 0;
};

// A little-endian reader of the header fields of the Draco bitstream specification 2.2.
struct DracoReader {
  std::span<const uint8_t> bytes;
  size_t at = 0;
  bool byte(uint32_t& v) {
    if (at >= bytes.size()) return false;
    v = bytes[at++];
    return true;
  }
  bool skip(uint64_t n) {
    if (n > bytes.size() - at) return false;
    at += size_t(n);
    return true;
  }
  // varUI32: 7 bits a byte, low bits first, at most 5 bytes.
  bool varint(uint32_t& v) {
    uint64_t value = 0;
    for (int shift = 0; shift < 35; shift += 7) {
      uint32_t b;
      if (!byte(b)) return false;
      value |= uint64_t(b & 0x7F) << shift;
      if (!(b & 0x80)) {
        if (value > UINT32_MAX) return false;
        v = uint32_t(value);
        return true;
      }
    }
    return false;
  }
  // Draco spec "Metadata": entries of UI8-sized keys and values, then sub-metadata, nested.
  bool metadataElement(int depth) {
    uint32_t entries, subs, size;
    if (depth > 32 || !varint(entries)) return false;
    for (uint32_t i = 0; i < entries; ++i) {
      if (!byte(size) || !skip(size) || !byte(size) || !skip(size)) return false;
    }
    if (!varint(subs)) return false;
    for (uint32_t i = 0; i < subs; ++i) {
      if (!byte(size) || !skip(size) || !metadataElement(depth + 1)) return false;
    }
    return true;
  }
};

// The Draco bitstream specification 2.2 (the version KHR_draco_mesh_compression is defined on,
// its "Overview"): header, optional metadata, then the connectivity header of the sequential or
// the edgebreaker method. Returns "" or what is wrong.
std::string readDracoHeader(std::span<const uint8_t> stream, DracoHeader& h) {
  DracoReader r{stream};
  const char* truncated = "the Draco stream ends inside its header";
  if (stream.size() < 11 || std::memcmp(stream.data(), "DRACO", 5) != 0)
    return "not a Draco stream: no DRACO header";
  const uint32_t major = stream[5], minor = stream[6], type = stream[7], method = stream[8];
  const uint32_t flags = uint32_t(stream[9]) | uint32_t(stream[10]) << 8;
  r.at = 11;
  if (major != 2 || minor != 2) {
    return "Draco bitstream version " + str(major) + "." + str(minor) +
           " is not supported (KHR_draco_mesh_compression is defined on version 2.2)";
  }
  if (type != 1) return "the Draco stream holds a point cloud, not a triangle mesh";
  if (method > 1) return "unknown Draco encoding method " + str(method);
  if (flags & 0x8000) {
    uint32_t attributeMetadata, id;
    if (!r.varint(attributeMetadata)) return truncated;
    for (uint32_t i = 0; i < attributeMetadata; ++i) {
      if (!r.varint(id) || !r.metadataElement(0)) return "the Draco stream's metadata is corrupt";
    }
    if (!r.metadataElement(0)) return "the Draco stream's metadata is corrupt";
  }
  h.edgebreaker = method == 1;
  if (!h.edgebreaker) {
    if (!r.varint(h.faces) || !r.varint(h.points)) return truncated;
    return {};
  }
  uint32_t traversal, symbols;
  if (!r.byte(traversal) || !r.varint(h.encodedVertices) || !r.varint(h.faces) ||
      !r.byte(h.attributeData) || !r.varint(symbols) || !r.varint(h.splitSymbols)) {
    return truncated;
  }
  return {};
}

// Checks what the header declares against what the accessors hold, so that libdraco's tables
// (sized from the header) are no larger than the decoded data the accessors allow, and returns
// an estimate of those tables in bytes (`working`).
std::string checkDracoHeader(const DracoHeader& h, const DracoRequest& request, uint64_t& working) {
  // Extension spec, "accessors": the accessors "must match the decompressed data".
  const uint64_t vertices = request.attributes.empty() ? 0 : request.attributes[0].format.count;
  const uint64_t faces = request.indices ? request.indices->count / 3 : vertices / 3;
  if (h.faces != faces) {
    return "the Draco stream declares " + str(h.faces) + " triangles, " +
           (request.indices ? "the indices accessor's count is " + str(request.indices->count)
                            : "the accessors' count is " + str(vertices)) +
           " (" + str(faces) + " triangles)";
  }
  const uint64_t corners = uint64_t(h.faces) * 3;
  if (!h.edgebreaker) {
    if (request.attributes.empty() ? h.points > corners : h.points != vertices) {
      return "the Draco stream declares " + str(h.points) + " vertices, the accessors' count is " +
             str(vertices);
    }
    working = corners * 4;
    return {};
  }
  // Every encoded vertex is a corner of a triangle, every split symbol one of the triangles.
  if (h.encodedVertices > corners || h.splitSymbols > h.faces) {
    return "the Draco stream declares " + str(h.encodedVertices) + " vertices and " +
           str(h.splitSymbols) + " split symbols for " + str(h.faces) + " triangles";
  }
  // libdraco's corner table (vertex and opposite corner of each corner, a corner of each
  // vertex), its traversal lists, and a corner table per attribute connectivity.
  const uint64_t tableVertices = uint64_t(h.encodedVertices) + h.splitSymbols;
  working = corners * 8 + tableVertices * 8 + uint64_t(h.faces) * 8 +
            uint64_t(h.attributeData) * (corners * 9 + tableVertices * 4);
  return {};
}

std::string decodeInto(std::span<const uint8_t> stream, const DracoRequest& request,
                       const std::string& at, DracoDecoded& out) {
  draco::DecoderBuffer buffer;
  buffer.Init(reinterpret_cast<const char*>(stream.data()), stream.size());
  draco::Decoder decoder;
  auto decoded = decoder.DecodeMeshFromBuffer(&buffer);
  if (!decoded.ok()) return located(at, "Draco decoder: " + decoded.status().error_msg_string());
  const draco::Mesh& mesh = *decoded.value();

  // Extension spec, "accessors": the accessors "must match the decompressed data".
  if (request.indices) {
    if (uint64_t(mesh.num_faces()) * 3 != request.indices->count) {
      return located(at, "decoded " + str(mesh.num_faces()) + " triangles (" +
                             str(uint64_t(mesh.num_faces()) * 3) +
                             " indices), the indices accessor's count is " +
                             str(request.indices->count));
    }
    if (std::string err = convertIndices(mesh, *request.indices, out.indices); !err.empty())
      return located(at, err);
  } else {
    // Without indices the vertices are the triangle list: faces must be 0 1 2, 3 4 5, ...
    bool sequential = uint64_t(mesh.num_faces()) * 3 == mesh.num_points();
    for (uint32_t i = 0; sequential && i < mesh.num_faces(); ++i) {
      const draco::Mesh::Face& face = mesh.face(draco::FaceIndex(i));
      for (uint32_t k = 0; k < 3; ++k) sequential &= face[k].value() == 3 * i + k;
    }
    if (!sequential) {
      return located(at,
                     "the decoded triangles index their vertices, but the primitive has no "
                     "indices accessor to hold them");
    }
  }
  out.attributes.resize(request.attributes.size());
  for (size_t i = 0; i < request.attributes.size(); ++i) {
    const DracoRequest::Attribute& a = request.attributes[i];
    const std::string attAt = at + "/attributes/" + a.name;
    const draco::PointAttribute* att = mesh.GetAttributeByUniqueId(a.dracoId);
    if (!att) return located(attAt, "the Draco stream has no attribute with id " + str(a.dracoId));
    if (mesh.num_points() != a.format.count) {
      return located(attAt, "decoded " + str(mesh.num_points()) +
                                " vertices, the accessor's count is " + str(a.format.count));
    }
    if (uint32_t(att->num_components()) != a.format.components) {
      return located(attAt, "decoded " + str(uint32_t(att->num_components())) +
                                " components a vertex, the accessor's type " + a.format.type +
                                " has " + str(a.format.components));
    }
    if (std::string err = convertAttribute(mesh, *att, a.format, out.attributes[i]); !err.empty())
      return located(attAt, err);
  }
  return {};
}

// A bufferView's bytes, inside its buffer (validateGltfJson() checked that).
std::span<const uint8_t> viewBytes(const GltfDocument& doc, uint64_t view) {
  const Json& v = array(doc.json, "bufferViews")[view];
  const auto& data = doc.model.buffers[size_t(integer(v, "buffer", 0))].data;
  return std::span<const uint8_t>(data).subspan(size_t(integer(v, "byteOffset", 0)),
                                                size_t(integer(v, "byteLength", 0)));
}

struct PrimitiveJob {
  std::string at;
  uint64_t view = 0;
  DracoRequest request;
  std::vector<uint32_t> accessors;  // request.attributes' accessors, then the indices'
};

bool isIndex(const Json& v) {
  return v.is_number_integer() && v.get<int64_t>() >= 0 && v.get<int64_t>() <= int64_t(UINT32_MAX);
}

// Checks the extension object of one primitive and turns it into a job.
std::string prepare(const GltfDocument& doc, const Json& prim, const Json& ext,
                    const std::string& at, PrimitiveJob& job) {
  job.at = at;
  if (!ext.is_object()) return located(at, "must be an object");
  const Json* view = member(ext, "bufferView");
  if (!view || !isIndex(*view) || view->get<uint64_t>() >= array(doc.json, "bufferViews").size()) {
    return located(at + "/bufferView", "must be the index of a bufferView");
  }
  job.view = view->get<uint64_t>();
  // Extension spec, "Restrictions on geometry type": TRIANGLES or TRIANGLE_STRIP; Draco decodes
  // triangle lists, and the strip case has no defined mapping to the strip's indices.
  const int64_t mode = integer(prim, "mode", gltf::kTriangles);
  if (mode != gltf::kTriangles) {
    return located(at, "primitive mode " + std::to_string(mode) +
                           " is not supported with Draco (only TRIANGLES, 4)");
  }
  const Json* attributes = member(ext, "attributes");
  if (!attributes || !attributes->is_object())
    return located(at + "/attributes", "must be an object");
  const Json& primAttributes = prim["attributes"];
  for (const auto& [name, id] : attributes->items()) {
    const std::string attAt = at + "/attributes/" + name;
    if (!isIndex(id)) return located(attAt, "must be a Draco attribute id");
    // Extension spec, "attributes": "must be a subset of the attributes of the primitive".
    const Json* accessor = member(primAttributes, name.c_str());
    if (!accessor) return located(attAt, "is not one of the primitive's attributes");
    const uint32_t index = uint32_t(accessor->get<uint64_t>());
    const AccessorFormat f = accessorFormat(doc, index);
    if (f.type.rfind("MAT", 0) == 0) {
      return located(attAt, "accessor " + str(index) + " of type " + f.type +
                                " cannot be decoded from Draco (SCALAR or VEC only)");
    }
    job.request.attributes.push_back({name, uint32_t(id.get<uint64_t>()), f});
    job.accessors.push_back(index);
  }
  if (const Json* indices = member(prim, "indices")) {
    const uint32_t index = uint32_t(indices->get<uint64_t>());
    const AccessorFormat f = accessorFormat(doc, index);
    if (f.type != "SCALAR" ||
        (f.componentType != gltf::kUnsignedByte && f.componentType != gltf::kUnsignedShort &&
         f.componentType != gltf::kUnsignedInt)) {
      return located(at, "indices accessor " + str(index) +
                             " must be SCALAR of UNSIGNED_BYTE, UNSIGNED_SHORT or UNSIGNED_INT");
    }
    job.request.indices = f;
    job.accessors.push_back(index);
  }
  return {};
}

}  // namespace

uint64_t DracoDecoded::bytes() const {
  uint64_t n = indices.size();
  for (const std::vector<uint8_t>& a : attributes) n += a.size();
  return n;
}

std::string decodeDracoPrimitive(std::span<const uint8_t> stream, const DracoRequest& request,
                                 MemoryBudget& budget, const std::string& at, DracoDecoded& out) {
  out = {};
  // What we can bound before decoding: our output, exactly (the accessors' counts, which the
  // decoded data must match), and the decoder's mesh by estimate (values of at most 4 bytes a
  // component, 4 bytes an index, and the stream). libdraco sizes its tables from the stream's
  // header: read first, it must declare the accessors' counts, and its tables are estimated.
  DracoHeader header;
  uint64_t tables = 0;
  if (std::string err = readDracoHeader(stream, header); !err.empty()) return located(at, err);
  if (std::string err = checkDracoHeader(header, request, tables); !err.empty())
    return located(at, err);
  uint64_t output = 0, working = stream.size() + tables;
  for (const DracoRequest::Attribute& a : request.attributes) {
    output += outputBytes(a.format);
    working += uint64_t(a.format.count) * a.format.components * 4;
  }
  if (request.indices) {
    output += outputBytes(*request.indices);
    working += uint64_t(request.indices->count) * 16;
  }
  if (std::string err = budget.reserve(output, at, "decoded Draco data"); !err.empty()) return err;
  Reservation outputReservation{budget, output};
  if (std::string err = budget.reserve(working, at, "the Draco decoder's mesh"); !err.empty())
    return err;
  Reservation workingReservation{budget, working};
  std::string err;
  try {
    err = decodeInto(stream, request, at, out);
  } catch (const std::bad_alloc&) {
    err = located(at, "out of memory while decoding the Draco stream");
  }
  if (!err.empty()) {
    out = {};
    return err;
  }
  outputReservation.bytes = 0;  // kept until the caller frees `out`
  return {};
}

std::string decodeDracoPrimitives(GltfDocument& doc) {
  std::vector<PrimitiveJob> jobs;
  std::set<uint32_t> filled;
  const Json& meshes = array(doc.json, "meshes");
  for (size_t m = 0; m < meshes.size(); ++m) {
    const Json& primitives = array(meshes[m], "primitives");
    for (size_t p = 0; p < primitives.size(); ++p) {
      const Json* extensions = member(primitives[p], "extensions");
      const Json* ext = extensions ? member(*extensions, "KHR_draco_mesh_compression") : nullptr;
      if (!ext) continue;
      const std::string at =
          jsonPointer("meshes", m, "primitives", p, "extensions", "KHR_draco_mesh_compression");
      PrimitiveJob job;
      if (std::string err = prepare(doc, primitives[p], *ext, at, job); !err.empty()) return err;
      for (uint32_t accessor : job.accessors) {
        if (!filled.insert(accessor).second) {
          return located(at, "accessor " + str(accessor) +
                                 " is filled by another Draco attribute or primitive too");
        }
      }
      jobs.push_back(std::move(job));
    }
  }
  std::vector<DracoDecoded> decoded(jobs.size());
  std::vector<std::string> errors(jobs.size());
  parallelFor(jobs.size(), [&](size_t i) {
    errors[i] = decodeDracoPrimitive(viewBytes(doc, jobs[i].view), jobs[i].request, *doc.budget,
                                     jobs[i].at, decoded[i]);
  });
  for (size_t i = 0; i < jobs.size(); ++i) {
    if (errors[i].empty()) continue;
    for (const DracoDecoded& d : decoded) doc.budget->release(d.bytes());
    return errors[i];
  }
  for (size_t i = 0; i < jobs.size(); ++i) {
    size_t k = 0;
    for (std::vector<uint8_t>& a : decoded[i].attributes)
      doc.decodedAccessors[jobs[i].accessors[k++]] = std::move(a);
    if (jobs[i].request.indices)
      doc.decodedAccessors[jobs[i].accessors[k]] = std::move(decoded[i].indices);
  }
  return {};
}

}  // namespace vitrine::scene
