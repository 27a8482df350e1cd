#include <cmath>
#include <cstring>
#include <numeric>

#include "accessor.h"
#include "flat_normals.h"
#include "gltf_enums.h"
#include "load_steps.h"
#include "topology.h"

namespace vitrine::scene {
namespace {

static_assert(sizeof(glm::vec2) == 8 && sizeof(glm::vec3) == 12 && sizeof(glm::vec4) == 16);

const char* elementName(Topology t) {
  return t == Topology::Points ? "point" : t == Topology::Lines ? "line" : "triangle";
}

std::string describe(const AccessorFormat& f) {
  return f.type + " of " + (f.normalized ? "normalized " : "") +
         gltf::componentTypeName(f.componentType);
}

// One attribute accessor of a primitive: its index, format and the pointer of its reference.
struct Attribute {
  uint32_t accessor = 0;
  AccessorFormat format;
  std::string at;
};

class PrimitiveReader {
 public:
  PrimitiveReader(const LoadContext& ctx, const Json& prim, std::string at)
      : ctx_(ctx), prim_(prim), at_(std::move(at)) {}

  // Returns "" with `out` filled, "" with `skipped` set (after a warning), or an error.
  std::string read(Primitive& out, bool& skipped);

 private:
  std::optional<Attribute> attribute(const char* name) const;
  // §3.7.2.1 "Meshes": the accessor types each attribute may use.
  std::string checkFormat(const Attribute& a, std::initializer_list<const char*> types,
                          bool allowNormalizedInts) const;
  template <class Vec>
  std::string readStream(const Attribute& a, std::vector<Vec>& out) const;
  std::string readIndices(uint32_t vertexCount, std::vector<uint32_t>& out) const;
  // Whether a primitive of `values` vertex and index values fits the limits (one primitive,
  // the whole load); checked before an expansion allocates them.
  std::string checkBudget(uint64_t values) const;

  const LoadContext& ctx_;
  const Json& prim_;
  const std::string at_;
  uint32_t vertexCount_ = 0;
};

std::optional<Attribute> PrimitiveReader::attribute(const char* name) const {
  const Json* index = member(prim_["attributes"], name);
  if (!index) return std::nullopt;
  Attribute a;
  a.accessor = index->get<uint32_t>();
  a.format = accessorFormat(ctx_.doc, a.accessor);
  a.at = at_ + jsonPointer("attributes", name);
  return a;
}

std::string PrimitiveReader::checkFormat(const Attribute& a,
                                         std::initializer_list<const char*> types,
                                         bool allowNormalizedInts) const {
  const AccessorFormat& f = a.format;
  bool typeOk = false;
  std::string allowed;
  for (const char* t : types) {
    typeOk = typeOk || f.type == t;
    // Appended piecewise: GCC 12 -O3 reports a false -Wrestrict on "" + std::string.
    if (!allowed.empty()) allowed += '/';
    allowed += t;
  }
  const bool componentOk =
      f.componentType == gltf::kFloat ||
      (allowNormalizedInts && f.normalized &&
       (f.componentType == gltf::kUnsignedByte || f.componentType == gltf::kUnsignedShort));
  if (typeOk && componentOk) return {};
  return located(a.at,
                 "accessor " + std::to_string(a.accessor) + " must be " + allowed + " of FLOAT" +
                     (allowNormalizedInts ? " or normalized UNSIGNED_BYTE/UNSIGNED_SHORT" : "") +
                     " (is " + describe(f) + ")");
}

template <class Vec>
std::string PrimitiveReader::readStream(const Attribute& a, std::vector<Vec>& out) const {
  // §3.7.2.1: "All attribute accessors for a given primitive MUST have the same count."
  if (a.format.count != vertexCount_) {
    return located(a.at, "accessor " + std::to_string(a.accessor) + " has " +
                             std::to_string(a.format.count) + " elements, POSITION has " +
                             std::to_string(vertexCount_));
  }
  std::vector<float> values;
  if (std::string err = readAccessor(ctx_.doc, a.accessor, values); !err.empty()) return err;
  const uint32_t n = a.format.components;
  out.resize(vertexCount_);
  if (n == uint32_t(Vec::length())) {
    std::memcpy(out.data(), values.data(), values.size() * sizeof(float));
  } else {
    // COLOR_0 as VEC3: alpha is 1.
    for (uint32_t v = 0; v < vertexCount_; ++v) {
      Vec e(1.0f);
      for (uint32_t c = 0; c < n; ++c) e[int(c)] = values[size_t(v) * n + c];
      out[v] = e;
    }
  }
  return {};
}

std::string PrimitiveReader::readIndices(uint32_t vertexCount, std::vector<uint32_t>& out) const {
  const Json* indicesJson = member(prim_, "indices");
  if (!indicesJson) {
    out.resize(vertexCount);
    std::iota(out.begin(), out.end(), 0u);
    return {};
  }
  const uint32_t accessor = indicesJson->get<uint32_t>();
  const AccessorFormat f = accessorFormat(ctx_.doc, accessor);
  const std::string at = at_ + "/indices";
  if (f.type != "SCALAR" ||
      (f.componentType != gltf::kUnsignedByte && f.componentType != gltf::kUnsignedShort &&
       f.componentType != gltf::kUnsignedInt)) {
    return located(at, "accessor " + std::to_string(accessor) +
                           " must be SCALAR of UNSIGNED_BYTE, UNSIGNED_SHORT or UNSIGNED_INT (is " +
                           describe(f) + ")");
  }
  if (std::string err = readAccessor(ctx_.doc, accessor, out); !err.empty()) return err;
  // §3.7.2.1: "all index values MUST be less than attribute accessors' count".
  for (size_t k = 0; k < out.size(); ++k) {
    if (out[k] >= vertexCount) {
      return located(at, "index " + std::to_string(out[k]) + " (element " + std::to_string(k) +
                             " of accessor " + std::to_string(accessor) +
                             ") is out of range: POSITION has " + std::to_string(vertexCount) +
                             " vertices");
    }
  }
  return {};
}

// Floats of one vertex over the streams of `p` that are filled; with flatNormals, as
// generateFlatNormals() leaves them (NORMAL added, TANGENT dropped).
uint64_t valuesPerVertex(const Primitive& p, bool flatNormals) {
  uint64_t n = 3;
  if (flatNormals || !p.normals.empty()) n += 3;
  if (!flatNormals && !p.tangents.empty()) n += 4;
  for (const auto& t : p.texcoords) n += t.empty() ? 0 : 2;
  if (!p.colors.empty()) n += 4;
  return n;
}

// The length of toListIndices()'s output for `n` indices of `mode` (an upper bound).
uint64_t listIndexCount(int mode, uint64_t n) {
  switch (mode) {
    case gltf::kLineStrip:
      return n < 2 ? 0 : 2 * (n - 1);
    case gltf::kLineLoop:
      return n < 2 ? 0 : 2 * n;
    case gltf::kTriangleStrip:
    case gltf::kTriangleFan:
      return n < 3 ? 0 : 3 * (n - 2);
    default:
      return n;
  }
}

std::string PrimitiveReader::checkBudget(uint64_t values) const {
  if (values > kMaxAccessorValues) {
    return located(at_,
                   "the mesh data would exceed " + std::to_string(kMaxAccessorValues) + " values");
  }
  if (ctx_.meshValues + values > ctx_.maxMeshValues) {
    return located(at_,
                   "the mesh data would exceed " + std::to_string(ctx_.maxMeshValues) + " values");
  }
  return {};
}

std::string PrimitiveReader::read(Primitive& p, bool& skipped) {
  skipped = false;
  const std::optional<Attribute> position = attribute("POSITION");
  if (!position) {
    // §3.7.2.1: without positions, clients SHOULD skip the primitive.
    ctx_.warnings.push_back(located(at_ + "/attributes", "no POSITION; primitive skipped"));
    skipped = true;
    return {};
  }
  if (std::string err = checkFormat(*position, {"VEC3"}, false); !err.empty()) return err;
  vertexCount_ = position->format.count;
  if (std::string err = readStream(*position, p.positions); !err.empty()) return err;
  // Bounds, flat normals and the camera framing all break on Inf/NaN positions.
  for (size_t v = 0; v < p.positions.size(); ++v) {
    const glm::vec3& x = p.positions[v];
    if (!std::isfinite(x.x) || !std::isfinite(x.y) || !std::isfinite(x.z)) {
      return located(position->at, "value " + std::to_string(v) + " is not finite");
    }
  }

  if (auto a = attribute("NORMAL")) {
    if (std::string err = checkFormat(*a, {"VEC3"}, false); !err.empty()) return err;
    if (std::string err = readStream(*a, p.normals); !err.empty()) return err;
  }
  if (auto a = attribute("TANGENT")) {
    if (std::string err = checkFormat(*a, {"VEC4"}, false); !err.empty()) return err;
    if (std::string err = readStream(*a, p.tangents); !err.empty()) return err;
  }
  for (int set = 0; set < 2; ++set) {
    const std::string name = "TEXCOORD_" + std::to_string(set);
    if (auto a = attribute(name.c_str())) {
      if (std::string err = checkFormat(*a, {"VEC2"}, true); !err.empty()) return err;
      if (std::string err = readStream(*a, p.texcoords[set]); !err.empty()) return err;
    }
  }
  if (auto a = attribute("COLOR_0")) {
    if (std::string err = checkFormat(*a, {"VEC3", "VEC4"}, true); !err.empty()) return err;
    if (std::string err = readStream(*a, p.colors); !err.empty()) return err;
  }

  std::vector<uint32_t> sequence;
  if (std::string err = readIndices(vertexCount_, sequence); !err.empty()) return err;
  const int mode = int(integer(prim_, "mode", gltf::kTriangles));
  p.topology = listTopology(mode);
  if (std::string err = checkBudget(uint64_t(vertexCount_) * valuesPerVertex(p, false) +
                                    listIndexCount(mode, sequence.size()));
      !err.empty()) {
    return err;
  }
  const size_t unused = toListIndices(mode, sequence, p.indices);
  if (p.indices.empty()) {
    ctx_.warnings.push_back(located(at_, std::to_string(sequence.size()) +
                                             " vertex indices make no complete " +
                                             elementName(p.topology) + "; primitive skipped"));
    skipped = true;
    return {};
  }
  if (unused > 0) {
    ctx_.warnings.push_back(located(
        at_, std::to_string(unused) + " of " + std::to_string(sequence.size()) +
                 " vertex indices make no complete " + elementName(p.topology) + "; ignored"));
  }
  p.material = int(integer(prim_, "material", -1));
  p.sourceVertexCount = vertexCount_;
  if (p.topology == Topology::Triangles && p.normals.empty()) {
    // Un-welding gives every index a vertex of its own.
    const uint64_t n = p.indices.size();
    if (std::string err = checkBudget(n * valuesPerVertex(p, true) + n); !err.empty()) return err;
    generateFlatNormals(p);
  }
  ctx_.meshValues += uint64_t(p.positions.size()) * valuesPerVertex(p, false) + p.indices.size();
  for (const glm::vec3& v : p.positions) p.bounds.extend(v);
  return {};
}

}  // namespace

std::string loadMeshes(const LoadContext& ctx) {
  const Json& meshes = array(ctx.doc.json, "meshes");
  ctx.scene.meshes.reserve(meshes.size());
  for (size_t m = 0; m < meshes.size(); ++m) {
    Mesh mesh;
    mesh.name = string(meshes[m], "name");
    for (const Json& w : array(meshes[m], "weights")) mesh.weights.push_back(w.get<float>());
    const Json& primitives = meshes[m]["primitives"];
    for (size_t i = 0; i < primitives.size(); ++i) {
      Primitive p;
      bool skipped = false;
      PrimitiveReader reader(ctx, primitives[i], jsonPointer("meshes", m, "primitives", i));
      if (std::string err = reader.read(p, skipped); !err.empty()) return err;
      if (!skipped) mesh.primitives.push_back(std::move(p));
    }
    ctx.scene.meshes.push_back(std::move(mesh));
  }
  return {};
}

}  // namespace vitrine::scene
