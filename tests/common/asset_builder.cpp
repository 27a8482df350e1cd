#include "asset_builder.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <fstream>
#include <stdexcept>

namespace vitrine::test {
namespace {

using Json = nlohmann::json;  // `json` is AssetBuilder::json() inside members

void appendU32(std::vector<uint8_t>& out, uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(uint8_t(v >> (8 * i)));
}

}  // namespace

AssetBuilder::AssetBuilder() {
  json_ = {{"asset", {{"version", "2.0"}, {"generator", "vitrine-test"}}}};
}

int AssetBuilder::push(const char* array, const Json& value) {
  Json& a = json_[array];
  if (a.is_null()) a = Json::array();
  // `{}` converts to null, not to an empty object.
  a.push_back(value.is_null() ? Json::object() : value);
  return int(a.size()) - 1;
}

int AssetBuilder::addBufferView(const void* data, size_t size, std::optional<uint32_t> byteStride) {
  while (bin_.size() % 4 != 0) bin_.push_back(0);
  const size_t offset = bin_.size();
  bin_.resize(offset + size);
  if (size) std::memcpy(bin_.data() + offset, data, size);
  json_["buffers"] = Json::array({{{"byteLength", bin_.size()}}});
  Json view = {{"buffer", 0}, {"byteOffset", offset}, {"byteLength", size}};
  if (byteStride) view["byteStride"] = *byteStride;
  return push("bufferViews", view);
}

int AssetBuilder::addAccessor(const AccessorDesc& d) {
  Json a = {{"componentType", d.componentType}, {"type", d.type}, {"count", d.count}};
  if (d.bufferView >= 0) a["bufferView"] = d.bufferView;
  if (d.byteOffset) a["byteOffset"] = d.byteOffset;
  if (d.normalized) a["normalized"] = true;
  if (!d.min.empty()) a["min"] = d.min;
  if (!d.max.empty()) a["max"] = d.max;
  return push("accessors", a);
}

void AssetBuilder::setSparse(int accessor, const SparseDesc& d) {
  Json indices = {{"bufferView", d.indicesBufferView}, {"componentType", d.indicesComponentType}};
  if (d.indicesByteOffset) indices["byteOffset"] = d.indicesByteOffset;
  Json values = {{"bufferView", d.valuesBufferView}};
  if (d.valuesByteOffset) values["byteOffset"] = d.valuesByteOffset;
  json_["accessors"][size_t(accessor)]["sparse"] = {
      {"count", d.count}, {"indices", indices}, {"values", values}};
}

int AssetBuilder::addFloats(const std::vector<float>& values, const std::string& type) {
  const uint32_t components = type == "SCALAR" ? 1
                              : type == "VEC2" ? 2
                              : type == "VEC3" ? 3
                              : type == "MAT3" ? 9
                              : type == "MAT4" ? 16
                                               : 4;
  AccessorDesc d;
  d.bufferView = addBufferView(values);
  d.type = type;
  d.count = uint32_t(values.size() / components);
  return addAccessor(d);
}

int AssetBuilder::addVec2(const std::vector<glm::vec2>& v) {
  return addFloats(std::vector<float>(&v.data()->x, &v.data()->x + 2 * v.size()), "VEC2");
}
int AssetBuilder::addVec3(const std::vector<glm::vec3>& v) {
  return addFloats(std::vector<float>(&v.data()->x, &v.data()->x + 3 * v.size()), "VEC3");
}
int AssetBuilder::addVec4(const std::vector<glm::vec4>& v) {
  return addFloats(std::vector<float>(&v.data()->x, &v.data()->x + 4 * v.size()), "VEC4");
}

int AssetBuilder::addPositions(const std::vector<glm::vec3>& positions) {
  const int a = addVec3(positions);
  glm::vec3 lo(0.0f), hi(0.0f);
  if (!positions.empty()) lo = hi = positions[0];
  for (const glm::vec3& p : positions) {
    lo = glm::min(lo, p);
    hi = glm::max(hi, p);
  }
  json_["accessors"][size_t(a)]["min"] = {lo.x, lo.y, lo.z};
  json_["accessors"][size_t(a)]["max"] = {hi.x, hi.y, hi.z};
  return a;
}

int AssetBuilder::addIndices(const std::vector<uint32_t>& indices, int componentType) {
  std::vector<uint8_t> bytes;
  for (uint32_t i : indices) {
    if (componentType == gl::kUnsignedByte) {
      bytes.push_back(uint8_t(i));
    } else if (componentType == gl::kUnsignedShort) {
      bytes.push_back(uint8_t(i));
      bytes.push_back(uint8_t(i >> 8));
    } else {
      appendU32(bytes, i);
    }
  }
  AccessorDesc d;
  d.bufferView = addBufferView(bytes);
  d.componentType = componentType;
  d.count = uint32_t(indices.size());
  return addAccessor(d);
}

int AssetBuilder::addComponents(const std::vector<double>& values, const std::string& type,
                                int componentType, bool normalized,
                                std::optional<uint32_t> byteStride) {
  const uint32_t components = type == "SCALAR" ? 1
                              : type == "VEC2" ? 2
                              : type == "VEC3" ? 3
                              : type == "MAT3" ? 9
                              : type == "MAT4" ? 16
                                               : 4;
  const uint32_t size = componentType == gl::kFloat || componentType == gl::kUnsignedInt     ? 4
                        : componentType == gl::kShort || componentType == gl::kUnsignedShort ? 2
                                                                                             : 1;
  const uint32_t count = uint32_t(values.size() / components);
  const uint32_t stride = byteStride ? *byteStride : components * size;
  std::vector<uint8_t> bytes(size_t(count) * stride, 0);
  for (size_t k = 0; k < size_t(count) * components; ++k) {
    uint8_t* at = &bytes[(k / components) * stride + (k % components) * size];
    const double v = values[k];
    auto clamped = [&](double lo, double hi) { return std::clamp(std::round(v), lo, hi); };
    if (componentType == gl::kFloat) {
      const float f = float(v);
      std::memcpy(at, &f, 4);
    } else if (componentType == gl::kByte) {
      const auto c = int8_t(clamped(-128, 127));
      std::memcpy(at, &c, 1);
    } else if (componentType == gl::kUnsignedByte) {
      const auto c = uint8_t(clamped(0, 255));
      std::memcpy(at, &c, 1);
    } else if (componentType == gl::kShort) {
      const auto c = int16_t(clamped(-32768, 32767));
      std::memcpy(at, &c, 2);
    } else if (componentType == gl::kUnsignedShort) {
      const auto c = uint16_t(clamped(0, 65535));
      std::memcpy(at, &c, 2);
    } else {
      const auto c = uint32_t(clamped(0, 4294967295.0));
      std::memcpy(at, &c, 4);
    }
  }
  AccessorDesc d;
  d.bufferView = addBufferView(bytes, byteStride);
  d.componentType = componentType;
  d.type = type;
  d.count = count;
  d.normalized = normalized;
  return addAccessor(d);
}

int AssetBuilder::addMesh(const std::vector<PrimitiveDesc>& primitives, const std::string& name) {
  Json prims = Json::array();
  for (const PrimitiveDesc& p : primitives) {
    Json j = {{"attributes", p.attributes}};
    if (p.indices >= 0) j["indices"] = p.indices;
    if (p.material >= 0) j["material"] = p.material;
    if (p.mode != gl::kTriangles) j["mode"] = p.mode;
    prims.push_back(j);
  }
  Json mesh = {{"primitives", prims}};
  if (!name.empty()) mesh["name"] = name;
  return push("meshes", mesh);
}

int AssetBuilder::addMaterial(const Json& material) {
  return push("materials", material);
}

int AssetBuilder::addColorMaterial(const glm::vec4& c, const std::string& name) {
  Json m = {{"pbrMetallicRoughness",
             {{"baseColorFactor", {c.r, c.g, c.b, c.a}}, {"metallicFactor", 0.0}}}};
  if (!name.empty()) m["name"] = name;
  return addMaterial(m);
}

void AssetBuilder::addMaterialVariants(const std::vector<std::string>& names) {
  Json variants = Json::array();
  for (const std::string& n : names) variants.push_back({{"name", n}});
  json_["extensions"]["KHR_materials_variants"]["variants"] = variants;
  json_["extensionsUsed"].push_back("KHR_materials_variants");
}

void AssetBuilder::addVariantMapping(int mesh, int primitive, int material,
                                     const std::vector<int>& variants) {
  Json& p = json_["meshes"][size_t(mesh)]["primitives"][size_t(primitive)];
  p["extensions"]["KHR_materials_variants"]["mappings"].push_back(
      {{"material", material}, {"variants", variants}});
}

void AssetBuilder::addExtensionUsed(const std::string& name, bool required) {
  for (const char* key : {"extensionsUsed", "extensionsRequired"}) {
    if (std::string(key) == "extensionsRequired" && !required) continue;
    Json& list = json_[key];
    if (list.is_null()) list = Json::array();
    if (std::find(list.begin(), list.end(), name) == list.end()) list.push_back(name);
  }
}

std::map<std::string, int> AssetBuilder::addSplatAttributes(const SplatData& d) {
  const std::string prefix = "KHR_gaussian_splatting:";
  std::map<std::string, int> a;
  a["POSITION"] = addPositions(d.positions);
  a[prefix + "ROTATION"] = addVec4(d.rotations);
  a[prefix + "SCALE"] = addVec3(d.scales);
  a[prefix + "OPACITY"] = addFloats(d.opacities, "SCALAR");
  const size_t coefficients = size_t(d.degree + 1) * (d.degree + 1);
  for (uint32_t l = 0; l <= d.degree; ++l) {
    for (uint32_t n = 0; n < 2 * l + 1; ++n) {
      std::vector<glm::vec3> values;
      for (size_t i = 0; i < d.positions.size(); ++i)
        values.push_back(d.sh[i * coefficients + l * l + n]);
      a[prefix + "SH_DEGREE_" + std::to_string(l) + "_COEF_" + std::to_string(n)] = addVec3(values);
    }
  }
  return a;
}

int AssetBuilder::addSplatMesh(const std::map<std::string, int>& attributes,
                               const Json& extension) {
  PrimitiveDesc p;
  p.attributes = attributes;
  p.mode = gl::kPoints;
  const int mesh = addMesh({p}, "splats");
  json_["meshes"][size_t(mesh)]["primitives"][0]["extensions"]["KHR_gaussian_splatting"] =
      extension.is_null() ? Json::object() : extension;
  addExtensionUsed("KHR_gaussian_splatting");
  return mesh;
}

glm::vec3 splatDcFromColor(const glm::vec3& rgb) {
  return (rgb - 0.5f) / 0.2820947917738781f;
}

Json defaultSplatExtension() {
  return {{"kernel", "ellipse"}, {"colorSpace", "srgb_rec709_display"}};
}

int AssetBuilder::addNode(const Json& node) {
  return push("nodes", node);
}

int AssetBuilder::addMeshNode(int mesh, const glm::vec3& t) {
  Json node = {{"mesh", mesh}};
  if (t != glm::vec3(0.0f)) node["translation"] = {t.x, t.y, t.z};
  return addNode(node);
}

int AssetBuilder::addCamera(const Json& camera) {
  return push("cameras", camera);
}

int AssetBuilder::addPerspectiveCamera(float yfov, float znear, std::optional<float> zfar,
                                       std::optional<float> aspectRatio) {
  Json p = {{"yfov", yfov}, {"znear", znear}};
  if (zfar) p["zfar"] = *zfar;
  if (aspectRatio) p["aspectRatio"] = *aspectRatio;
  return addCamera({{"type", "perspective"}, {"perspective", p}});
}

int AssetBuilder::addScene(const std::vector<int>& nodes) {
  const int s = push("scenes", {{"nodes", nodes}});
  if (!json_.contains("scene")) json_["scene"] = s;
  return s;
}

int AssetBuilder::addImage(const std::vector<uint8_t>& encoded, const std::string& mimeType) {
  return push("images", {{"bufferView", addBufferView(encoded)}, {"mimeType", mimeType}});
}

int AssetBuilder::addSampler(const Json& sampler) {
  return push("samplers", sampler);
}

int AssetBuilder::addTexture(int image, int sampler) {
  Json t = {{"source", image}};
  if (sampler >= 0) t["sampler"] = sampler;
  return push("textures", t);
}

int AssetBuilder::addColoredQuad(const glm::vec4& color, const glm::vec3& o) {
  PrimitiveDesc p;
  p.attributes["POSITION"] = addPositions({o + glm::vec3(-1, -1, 0), o + glm::vec3(1, -1, 0),
                                           o + glm::vec3(1, 1, 0), o + glm::vec3(-1, 1, 0)});
  p.attributes["NORMAL"] = addVec3(std::vector<glm::vec3>(4, glm::vec3(0, 0, 1)));
  p.attributes["TEXCOORD_0"] = addVec2({{0, 1}, {1, 1}, {1, 0}, {0, 0}});
  p.indices = addIndices({0, 1, 2, 0, 2, 3}, gl::kUnsignedShort);
  p.material = addColorMaterial(color);
  return addMesh({p}, "quad");
}

Json AssetBuilder::withBuffer(const std::optional<std::string>& uri) const {
  Json doc = json_;
  // Buffer 0 exists once a bufferView was added; a test may have edited it (even its uri).
  Json* buffers = doc.contains("buffers") ? &doc["buffers"] : nullptr;
  if (uri && buffers && buffers->is_array() && !buffers->empty() && (*buffers)[0].is_object() &&
      !(*buffers)[0].contains("uri")) {
    (*buffers)[0]["uri"] = *uri;
  }
  return doc;
}

std::string AssetBuilder::gltfText(const std::string& binUri) const {
  return withBuffer(binUri).dump(1);
}

std::string AssetBuilder::embeddedGltfText() const {
  return withBuffer("data:application/octet-stream;base64," + base64(bin_.data(), bin_.size()))
      .dump(1);
}

std::vector<uint8_t> AssetBuilder::glbBytes() const {
  // glTF 2.0 §4.4: 12-byte header, JSON chunk padded with spaces, BIN chunk padded with zeros.
  std::string text = withBuffer(std::nullopt).dump();
  while (text.size() % 4 != 0) text += ' ';
  std::vector<uint8_t> bin = bin_;
  while (bin.size() % 4 != 0) bin.push_back(0);
  std::vector<uint8_t> out;
  const size_t total = 12 + 8 + text.size() + (bin.empty() ? 0 : 8 + bin.size());
  appendU32(out, 0x46546C67);
  appendU32(out, 2);
  appendU32(out, uint32_t(total));
  appendU32(out, uint32_t(text.size()));
  appendU32(out, 0x4E4F534A);
  out.insert(out.end(), text.begin(), text.end());
  if (!bin.empty()) {
    appendU32(out, uint32_t(bin.size()));
    appendU32(out, 0x004E4942);
    out.insert(out.end(), bin.begin(), bin.end());
  }
  return out;
}

std::string AssetBuilder::writeGltf(const std::string& stem) const {
  const std::string path = tempPath(stem + ".gltf");
  writeFile(tempPath(stem + ".bin"), bin_.data(), bin_.size());
  writeFile(path, gltfText(stem + ".bin"));
  return path;
}

std::string AssetBuilder::writeEmbeddedGltf(const std::string& stem) const {
  const std::string path = tempPath(stem + ".gltf");
  writeFile(path, embeddedGltfText());
  return path;
}

std::string AssetBuilder::writeGlb(const std::string& stem) const {
  const std::string path = tempPath(stem + ".glb");
  const std::vector<uint8_t> bytes = glbBytes();
  writeFile(path, bytes.data(), bytes.size());
  return path;
}

std::string tempPath(const std::string& name) {
  return std::string(VITRINE_TEST_TMP) + "/" + name;
}

void writeFile(const std::string& path, const void* data, size_t size) {
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  f.write(static_cast<const char*>(data), std::streamsize(size));
  if (!f) throw std::runtime_error("cannot write " + path);
}

void writeFile(const std::string& path, const std::string& text) {
  writeFile(path, text.data(), text.size());
}

std::string base64(const void* data, size_t size) {
  static const char* kAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  const auto* p = static_cast<const uint8_t*>(data);
  std::string out;
  for (size_t i = 0; i < size; i += 3) {
    const uint32_t n = uint32_t(p[i]) << 16 | (i + 1 < size ? uint32_t(p[i + 1]) << 8 : 0) |
                       (i + 2 < size ? uint32_t(p[i + 2]) : 0);
    out += kAlphabet[(n >> 18) & 63];
    out += kAlphabet[(n >> 12) & 63];
    out += i + 1 < size ? kAlphabet[(n >> 6) & 63] : '=';
    out += i + 2 < size ? kAlphabet[n & 63] : '=';
  }
  return out;
}

}  // namespace vitrine::test
