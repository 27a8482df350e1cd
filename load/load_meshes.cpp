#include <cmath>
#include <cstring>
#include <numeric>

#include "accessor.h"
#include "attribute_reader.h"
#include "flat_normals.h"
#include "gltf_enums.h"
#include "load_primitive_parts.h"
#include "load_splats.h"
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

class PrimitiveReader {
 public:
  PrimitiveReader(const LoadContext& ctx, const Json& prim, std::string at, const SkinUse& skin)
      : ctx_(ctx), prim_(prim), at_(std::move(at)), skin_(skin) {}

  // Returns "" with `out` filled, "" with `skipped` set (after a warning), or an error.
  std::string read(Primitive& out, bool& skipped);

 private:
  std::optional<Attribute> attribute(const char* name) const {
    return findAttribute(ctx_.doc, prim_["attributes"], name, at_ + "/attributes");
  }
  // §3.7.2.1 "Meshes": the accessor types each attribute may use; all have POSITION's count.
  template <class Vec>
  std::string readStream(const Attribute& a, std::initializer_list<const char*> types,
                         uint32_t rules, std::vector<Vec>& out) const {
    if (std::string err = checkAttributeFormat(a, types, rules); !err.empty()) return err;
    if (std::string err = checkAttributeCount(a, vertexCount_); !err.empty()) return err;
    return readAttribute(ctx_.doc, a, out);  // COLOR_0 as VEC3: alpha 1
  }
  std::string readIndices(uint32_t vertexCount, std::vector<uint32_t>& out) const;
  void takeSplats(SplatCloudPtr cloud, Primitive& p) const;

  const LoadContext& ctx_;
  const Json& prim_;
  const std::string at_;
  const SkinUse& skin_;
  uint32_t vertexCount_ = 0;
};

std::string PrimitiveReader::readIndices(uint32_t vertexCount, std::vector<uint32_t>& out) const {
  const Json* indicesJson = member(prim_, "indices");
  if (!indicesJson) {
    if (std::string err =
            reserveMemory(ctx_.doc, uint64_t(vertexCount) * sizeof(uint32_t), at_,
                          "index list of " + std::to_string(vertexCount) + " indices");
        !err.empty())
      return err;
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

// Floats (and joint values) a vertex of the attribute map `attributes` will take once read,
// from the names alone (valuesPerVertex() counts the streams read; this is its forecast).
// KHR_gaussian_splatting's attributes count as their splat streams do (SplatCloud).
uint64_t declaredValuesPerVertex(const Json& attributes) {
  uint64_t n = 0;
  for (const auto& [name, value] : attributes.items()) {
    if (name == "POSITION" || name == "NORMAL") n += 3;
    if (name == "TANGENT" || name == "COLOR_0") n += 4;
    if (name.rfind("JOINTS_", 0) == 0 || name.rfind("WEIGHTS_", 0) == 0) n += 4;
    for (int set = 0; set < gpu::kTexcoordSetCount; ++set)
      if (name == "TEXCOORD_" + std::to_string(set)) n += 2;
    if (name.rfind("KHR_gaussian_splatting:", 0) == 0) {
      const std::string semantic = name.substr(23);
      n += semantic == "ROTATION" ? 4 : semantic == "OPACITY" ? 1 : 3;
    }
  }
  return n;
}

// Floats one splat of `c` holds (SplatCloud::bytesFor() / 4).
uint64_t valuesPerSplat(const SplatCloud& c) {
  return 3 + 4 + 3 + 1 + 3 * uint64_t(c.coefficientsPerSplat());
}

// The sets read into extra[n - 2] (TEXCOORD_n, each empty or one element a vertex) into
// p.extraTexcoords, vertex after vertex (scene.h).
void interleaveExtraTexcoords(const std::vector<glm::vec2> (&extra)[gpu::kTexcoordSetCount - 2],
                              Primitive& p) {
  if (p.extraTexcoordSets == 0) return;
  p.extraTexcoords.reserve(p.positions.size() * p.extraTexcoordCount());
  for (size_t v = 0; v < p.positions.size(); ++v)
    for (const std::vector<glm::vec2>& set : extra)
      if (!set.empty()) p.extraTexcoords.push_back(set[v]);
}

// The values the primitive's JSON declares (declaredValuesPerVertex() a vertex plus its list
// indices), 0 without POSITION (skipped).
uint64_t declaredPrimitiveValues(const GltfDocument& doc, const Json& prim) {
  const Json* attributes = member(prim, "attributes");
  const Json* position = attributes ? member(*attributes, "POSITION") : nullptr;
  if (!position) return 0;
  const uint64_t vertices = accessorFormat(doc, position->get<uint32_t>()).count;
  const Json* indices = member(prim, "indices");
  const uint64_t sequence =
      indices ? accessorFormat(doc, indices->get<uint32_t>()).count : vertices;
  return vertices * declaredValuesPerVertex(*attributes) +
         listIndexCount(int(integer(prim, "mode", gltf::kTriangles)), sequence);
}

// Issue 14: the meshes the scene draws, as their JSON declares them, are checked against the
// mesh limit and the memory budget all together before any stream is decoded, so a file of
// many mid-sized requests is refused at once instead of after gigabytes of them.
std::string checkDeclaredMeshes(const LoadContext& ctx, const std::vector<bool>& used) {
  const Json& meshes = array(ctx.doc.json, "meshes");
  uint64_t values = 0;
  for (size_t m = 0; m < meshes.size(); ++m) {
    if (!used[m]) continue;
    for (const Json& prim : array(meshes[m], "primitives"))
      values += declaredPrimitiveValues(ctx.doc, prim);
  }
  if (values > ctx.maxMeshValues) {
    return located("/meshes", "the meshes declare " + std::to_string(values) +
                                  " vertex and index values, more than the " +
                                  std::to_string(ctx.maxMeshValues) + " supported");
  }
  // Checked, not kept: each stream reserves its own bytes as it is read.
  if (std::string err = reserveMemory(ctx.doc, values * sizeof(float), "/meshes",
                                      "vertex and index data of the drawn meshes");
      !err.empty()) {
    return err;
  }
  ctx.doc.budget->release(values * sizeof(float));
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
  vertexCount_ = position->format.count;
  // The mesh budget is checked on what the JSON declares, before any stream is decoded.
  const int mode = int(integer(prim_, "mode", gltf::kTriangles));
  const Json* indicesJson = member(prim_, "indices");
  const uint64_t sequenceLength =
      indicesJson ? accessorFormat(ctx_.doc, indicesJson->get<uint32_t>()).count : vertexCount_;
  if (std::string err =
          checkMeshBudget(ctx_, at_,
                          uint64_t(vertexCount_) * declaredValuesPerVertex(prim_["attributes"]) +
                              listIndexCount(mode, sequenceLength));
      !err.empty()) {
    return err;
  }
  if (hasSplatExtension(prim_)) {
    SplatPrimitive splats;
    if (std::string err = loadSplatPrimitive(ctx_.doc, prim_, at_, ctx_.warnings, splats);
        !err.empty())
      return err;
    if (splats.cloud) {
      takeSplats(std::move(splats.cloud), p);
      return {};
    }
    // Else the extension's fallback: the point cloud, read as any primitive.
  }
  // KHR_mesh_quantization "Extending Mesh Attributes": integer and normalized positions, and
  // normalized BYTE/SHORT normals and tangents, dequantized at load (readAccessor).
  const bool quantized = usesMeshQuantization(ctx_.doc);
  const uint32_t anyInteger =
      kNormalizedUnsigned | kNormalizedSigned | kUnsignedIntegers | kSignedIntegers;
  const uint32_t positionRules = kFloatComponents | (quantized ? anyInteger : 0u);
  const uint32_t directionRules = kFloatComponents | (quantized ? uint32_t(kNormalizedSigned) : 0u);
  if (std::string err = readStream(*position, {"VEC3"}, positionRules, p.positions); !err.empty()) {
    return err;
  }
  // Bounds, flat normals and the camera framing all break on Inf/NaN positions.
  for (size_t v = 0; v < p.positions.size(); ++v) {
    const glm::vec3& x = p.positions[v];
    if (!std::isfinite(x.x) || !std::isfinite(x.y) || !std::isfinite(x.z)) {
      return located(position->at, "value " + std::to_string(v) + " is not finite");
    }
  }

  if (auto a = attribute("NORMAL")) {
    if (std::string err = readStream(*a, {"VEC3"}, directionRules, p.normals); !err.empty())
      return err;
  }
  if (auto a = attribute("TANGENT")) {
    if (std::string err = readStream(*a, {"VEC4"}, directionRules, p.tangents); !err.empty())
      return err;
  }
  const uint32_t floatOrUnsigned = kFloatComponents | kNormalizedUnsigned;
  const uint32_t texcoordRules = quantized ? positionRules : floatOrUnsigned;
  std::vector<glm::vec2> extra[gpu::kTexcoordSetCount - 2];
  for (int set = 0; set < gpu::kTexcoordSetCount; ++set) {
    const std::string name = "TEXCOORD_" + std::to_string(set);
    if (auto a = attribute(name.c_str())) {
      std::vector<glm::vec2>& out = set < 2 ? p.texcoords[set] : extra[set - 2];
      if (std::string err = readStream(*a, {"VEC2"}, texcoordRules, out); !err.empty()) return err;
      if (set >= 2) p.extraTexcoordSets |= 1u << (set - 2);
    }
  }
  interleaveExtraTexcoords(extra, p);
  if (auto a = attribute("COLOR_0")) {
    if (std::string err = readStream(*a, {"VEC3", "VEC4"}, floatOrUnsigned, p.colors); !err.empty())
      return err;
  }
  if (std::string err = readInfluences(ctx_, prim_, at_, vertexCount_, skin_, p); !err.empty())
    return err;
  if (std::string err = readMorphTargets(ctx_, prim_, at_, vertexCount_, p); !err.empty())
    return err;

  std::vector<uint32_t> sequence;
  if (std::string err = readIndices(vertexCount_, sequence); !err.empty()) return err;
  const ScopedRelease temporary(*ctx_.doc.budget, sequence.size() * sizeof(uint32_t));
  p.topology = listTopology(mode);
  if (std::string err = reserveMemory(
          ctx_.doc, listIndexCount(mode, sequence.size()) * sizeof(uint32_t), at_,
          "index list of " + std::to_string(listIndexCount(mode, sequence.size())) + " indices");
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
    if (std::string err = checkMeshBudget(ctx_, at_, n * valuesPerVertex(p, true) + n);
        !err.empty())
      return err;
    if (std::string err = reserveMemory(ctx_.doc, n * valuesPerVertex(p, true) * sizeof(float), at_,
                                        "flat-shaded copy of " + std::to_string(n) + " vertices");
        !err.empty())
      return err;
    generateFlatNormals(p);
  }
  ctx_.meshValues += uint64_t(p.positions.size()) * valuesPerVertex(p, false) + p.indices.size();
  for (const glm::vec3& v : p.positions) p.bounds.extend(v);
  return {};
}

// A splat primitive holds its cloud and no vertex stream; its material is not drawn
// ("the glTF material referenced from the mesh primitive (if any) MUST be ignored for splat
// rendering"), so none is named and no material check reports on it.
void PrimitiveReader::takeSplats(SplatCloudPtr cloud, Primitive& p) const {
  p.topology = Topology::Points;
  p.sourceVertexCount = cloud->count;
  p.bounds = splatBounds(*cloud);
  ctx_.meshValues += uint64_t(cloud->count) * valuesPerSplat(*cloud);
  p.splats = std::move(cloud);
}

// KHR_materials_anisotropy ("Anisotropy") needs a tangent space: TANGENT, or tangents computed
// as glTF 2.0 §3.7.2.1 says, from the texture coordinates of the normal texture. Without
// TANGENT, mesh.frag builds the frame per pixel from the uv derivatives of the anisotropy
// texture's set (else the normal texture's, else TEXCOORD_0): say so, once per primitive,
// and say when that set is missing too (the material is then drawn isotropic).
void warnAnisotropyTangents(const LoadContext& ctx, const Json& prim, const Primitive& p,
                            const std::string& at) {
  if (!p.tangents.empty() || p.topology != Topology::Triangles) return;
  const Json* material = member(prim, "material");
  if (!material) return;
  const Json& m = array(ctx.doc.json, "materials")[material->get<size_t>()];
  const Json* extensions = member(m, "extensions");
  const Json* anisotropy = extensions ? member(*extensions, "KHR_materials_anisotropy") : nullptr;
  if (!anisotropy) return;
  const Json* texture = member(*anisotropy, "anisotropyTexture");
  if (!texture) texture = member(m, "normalTexture");
  const int64_t set = texture ? integer(*texture, "texCoord", 0) : 0;
  const std::string name = "TEXCOORD_" + std::to_string(set);
  const bool hasSet = p.hasTexcoordSet(set);
  ctx.warnings.push_back(
      located(at, hasSet ? "KHR_materials_anisotropy needs TANGENT; tangents generated from " + name
                         : "KHR_materials_anisotropy needs TANGENT, and there is no " + name +
                               " to generate them from; drawn isotropic"));
}

}  // namespace

std::string loadMeshes(const LoadContext& ctx) {
  const Json& meshes = array(ctx.doc.json, "meshes");
  // Per mesh, the smallest skin that instantiates it (every JOINTS_n value must index its
  // joints, §3.7.3), so that a joint out of range is reported with its source vertex.
  std::vector<SkinUse> skinUses(meshes.size());
  for (size_t n = 0; n < ctx.scene.nodes.size(); ++n) {
    const Node& node = ctx.scene.nodes[n];
    if (node.mesh < 0 || node.skin < 0 || size_t(node.skin) >= ctx.scene.skins.size()) continue;
    SkinUse& use = skinUses[size_t(node.mesh)];
    const uint32_t joints = uint32_t(ctx.scene.skins[size_t(node.skin)].joints.size());
    if (use.node < 0 || joints < use.joints) use = {int(n), node.skin, joints};
  }
  // Issue 14 Tolerance: a mesh no node instantiates is not drawn, so its problems are warnings
  // and it stays empty.
  std::vector<bool> used(meshes.size(), false);
  for (const Node& node : ctx.scene.nodes) {
    if (node.mesh >= 0 && size_t(node.mesh) < used.size()) used[size_t(node.mesh)] = true;
  }
  if (std::string err = checkDeclaredMeshes(ctx, used); !err.empty()) return err;
  ctx.scene.meshes.reserve(meshes.size());
  for (size_t m = 0; m < meshes.size(); ++m) {
    Mesh mesh;
    mesh.name = string(meshes[m], "name");
    for (const Json& w : array(meshes[m], "weights")) mesh.weights.push_back(w.get<float>());
    const Json& primitives = meshes[m]["primitives"];
    for (size_t i = 0; i < primitives.size(); ++i) {
      Primitive p;
      bool skipped = false;
      const std::string at = jsonPointer("meshes", m, "primitives", i);
      PrimitiveReader reader(ctx, primitives[i], at, skinUses[m]);
      if (std::string err = reader.read(p, skipped); !err.empty()) {
        if (used[m]) return err;
        ctx.warnings.push_back(err + " (mesh " + std::to_string(m) + " is not used: ignored)");
        mesh.primitives.clear();
        mesh.weights.clear();
        break;
      }
      if (skipped) continue;
      p.sourceIndex = uint32_t(i);
      warnAnisotropyTangents(ctx, primitives[i], p, at);
      const SkinUse& use = skinUses[m];
      if (use.node >= 0 && p.influenceSets == 0) {
        // §3.7.3: "The skinned mesh MUST have vertex attributes that are used in skinning".
        ctx.warnings.push_back(located(
            at + "/attributes", "no JOINTS_0/WEIGHTS_0, but node " + std::to_string(use.node) +
                                    " instantiates the mesh with skin " + std::to_string(use.skin) +
                                    "; drawn unskinned"));
      }
      mesh.primitives.push_back(std::move(p));
    }
    ctx.scene.meshes.push_back(std::move(mesh));
  }
  return {};
}

std::string checkMeshBudget(const LoadContext& ctx, const std::string& at, uint64_t values) {
  if (values > kMaxAccessorValues) {
    return located(at,
                   "the mesh data would exceed " + std::to_string(kMaxAccessorValues) + " values");
  }
  if (ctx.meshValues + values > ctx.maxMeshValues) {
    return located(at,
                   "the mesh data would exceed " + std::to_string(ctx.maxMeshValues) + " values");
  }
  return {};
}

uint64_t valuesPerVertex(const Primitive& p, bool flatNormals) {
  uint64_t n = 3;
  if (flatNormals || !p.normals.empty()) n += 3;
  if (!flatNormals && !p.tangents.empty()) n += 4;
  for (const auto& t : p.texcoords) n += t.empty() ? 0 : 2;
  n += uint64_t(p.extraTexcoordCount()) * 2;
  if (!p.colors.empty()) n += 4;
  n += uint64_t(p.influenceSets) * 8;  // 4 joints and 4 weights a set
  for (const MorphTarget& t : p.targets) {
    n += t.positions.empty() ? 0 : 3;
    n += t.normals.empty() ? 0 : 3;
    n += flatNormals || t.tangents.empty() ? 0 : 3;
    for (const auto& uv : t.texcoords) n += uv.empty() ? 0 : 2;
    n += t.colors.empty() ? 0 : 4;
  }
  return n;
}

}  // namespace vitrine::scene
