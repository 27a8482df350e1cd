// Builds small glTF 2.0 assets in memory, for tests that need geometry and colours they know
// exactly: a JSON document (nlohmann::json, editable directly) plus one binary buffer
// (buffer 0), written as .gltf + .bin, as .gltf with a data-URI buffer, or as .glb.
//
//   AssetBuilder b;
//   const int mesh = b.addColoredQuad({1, 0, 0, 1});    // red quad, its own material
//   b.addScene({b.addMeshNode(mesh)});
//   const std::string path = b.writeGlb("red_quad");   // under VITRINE_TEST_TMP
//
// Every add* returns the index of what it added in its glTF array; add*(json) accept `{}` for
// an empty object. Nothing is validated: tests build broken assets on purpose.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <glm/glm.hpp>
#include <nlohmann/json.hpp>

namespace vitrine::test {

// glTF enum values (glTF 2.0 §5), to spell test data readably.
namespace gl {
inline constexpr int kByte = 5120;
inline constexpr int kUnsignedByte = 5121;
inline constexpr int kShort = 5122;
inline constexpr int kUnsignedShort = 5123;
inline constexpr int kUnsignedInt = 5125;
inline constexpr int kFloat = 5126;
inline constexpr int kPoints = 0;
inline constexpr int kLines = 1;
inline constexpr int kLineLoop = 2;
inline constexpr int kLineStrip = 3;
inline constexpr int kTriangles = 4;
inline constexpr int kTriangleStrip = 5;
inline constexpr int kTriangleFan = 6;
}  // namespace gl

struct AccessorDesc {
  int bufferView = -1;  // -1: no bufferView (the accessor reads as zeros, then sparse)
  uint64_t byteOffset = 0;
  int componentType = gl::kFloat;
  std::string type = "SCALAR";  // SCALAR, VEC2..4, MAT2..4
  uint32_t count = 0;
  bool normalized = false;
  std::vector<double> min, max;  // written when not empty
};

struct SparseDesc {
  uint32_t count = 0;
  int indicesBufferView = -1;
  uint64_t indicesByteOffset = 0;
  int indicesComponentType = gl::kUnsignedShort;
  int valuesBufferView = -1;
  uint64_t valuesByteOffset = 0;
};

struct PrimitiveDesc {
  std::map<std::string, int> attributes;  // "POSITION" -> accessor
  int indices = -1;                       // -1: non-indexed
  int material = -1;                      // -1: the default material
  int mode = gl::kTriangles;
};

// KHR_gaussian_splatting: the splats of one primitive, as addSplatMesh() writes them (each
// vector one element per splat, sh (degree + 1)^2 of them per splat), laid out as the loader's
// scene::SplatCloud so that a test compares them directly.
struct SplatData {
  std::vector<glm::vec3> positions;
  std::vector<glm::vec4> rotations;  // quaternions (x, y, z, w), the glTF order
  std::vector<glm::vec3> scales;     // linear standard deviations
  std::vector<float> opacities;      // 0 to 1
  uint32_t degree = 0;               // spherical-harmonic degrees 0 to `degree` are written
  // SH_DEGREE_l_COEF_n of splat i is sh[i * (degree + 1)^2 + l * l + n] (RGB).
  std::vector<glm::vec3> sh;
};

// The degree-0 coefficient whose diffuse colour (the extension's "SH_0,0 * 0.2820947917738781
// + 0.5") is `rgb`.
glm::vec3 splatDcFromColor(const glm::vec3& rgb);

// The extension object with the required properties: kernel "ellipse", colorSpace
// "srgb_rec709_display".
nlohmann::json defaultSplatExtension();

class AssetBuilder {
 public:
  AssetBuilder();  // {"asset": {"version": "2.0"}}, no buffer until the first bufferView

  nlohmann::json& json() { return json_; }
  const nlohmann::json& json() const { return json_; }
  const std::vector<uint8_t>& bin() const { return bin_; }

  // --- binary data and accessors -------------------------------------------------------
  // Appends `size` bytes to buffer 0 at the next 4-byte aligned offset and returns a new
  // bufferView over exactly them (with byteStride when given). Buffer 0's JSON (without uri,
  // which the output functions add) is rewritten with the new byteLength.
  int addBufferView(const void* data, size_t size, std::optional<uint32_t> byteStride = {});
  template <class T>
  int addBufferView(const std::vector<T>& values, std::optional<uint32_t> byteStride = {}) {
    return addBufferView(values.data(), values.size() * sizeof(T), byteStride);
  }
  int addAccessor(const AccessorDesc& desc);
  // Adds accessor.sparse to an existing accessor.
  void setSparse(int accessor, const SparseDesc& desc);

  // Tightly packed FLOAT accessors in a bufferView of their own.
  int addFloats(const std::vector<float>& values, const std::string& type);
  int addVec2(const std::vector<glm::vec2>& values);
  int addVec3(const std::vector<glm::vec3>& values);
  int addVec4(const std::vector<glm::vec4>& values);
  // VEC3 FLOAT with min/max, as POSITION requires (§3.7.2.1).
  int addPositions(const std::vector<glm::vec3>& positions);
  // SCALAR indices of componentType UNSIGNED_BYTE, UNSIGNED_SHORT or UNSIGNED_INT.
  int addIndices(const std::vector<uint32_t>& indices, int componentType = gl::kUnsignedInt);
  // An accessor of `type` whose components, element after element, are `values` stored as
  // `componentType` (integer types: the value rounded and clamped to the type's range, e.g.
  // 127 for a normalized BYTE meaning 1.0; FLOAT: as given), in a bufferView of its own with
  // `byteStride` when given (each element then padded to it).
  int addComponents(const std::vector<double>& values, const std::string& type, int componentType,
                    bool normalized = false, std::optional<uint32_t> byteStride = {});

  // --- scene objects -------------------------------------------------------------------
  int addMesh(const std::vector<PrimitiveDesc>& primitives, const std::string& name = {});
  int addMaterial(const nlohmann::json& material);
  // A material whose pbrMetallicRoughness.baseColorFactor is `color` (metallic 0, roughness 1).
  int addColorMaterial(const glm::vec4& color, const std::string& name = {});
  int addNode(const nlohmann::json& node);
  int addMeshNode(int mesh, const glm::vec3& translation = glm::vec3(0.0f));
  int addCamera(const nlohmann::json& camera);
  // A perspective camera; absent optionals are left out of the JSON.
  int addPerspectiveCamera(float yfov, float znear, std::optional<float> zfar = {},
                           std::optional<float> aspectRatio = {});
  // Adds a scene of `nodes`; the first scene added also becomes "scene" (the default).
  int addScene(const std::vector<int>& nodes);
  // An image stored in a bufferView (encoded bytes, e.g. from encodePng()).
  int addImage(const std::vector<uint8_t>& encoded, const std::string& mimeType = "image/png");
  int addSampler(const nlohmann::json& sampler);
  int addTexture(int image, int sampler = -1);

  // A quad of two triangles in the z = 0 plane, corners (-1, -1, 0) to (1, 1, 0), facing +Z
  // (counter-clockwise seen from +Z), with NORMAL (0, 0, 1), TEXCOORD_0 (0, 0) at the
  // top-left corner (-1, 1) and (1, 1) at the bottom-right (1, -1), and a new material of
  // baseColorFactor `color`. `offset` moves it. Returns the mesh index.
  int addColoredQuad(const glm::vec4& color, const glm::vec3& offset = glm::vec3(0.0f));
  // KHR_materials_variants: the root extension's variants, one per name (and the extension in
  // extensionsUsed); then mappings of `material` for `variants` on primitive `primitive` of
  // mesh `mesh`, appended to its mappings array.
  void addMaterialVariants(const std::vector<std::string>& names);
  void addVariantMapping(int mesh, int primitive, int material, const std::vector<int>& variants);
  // Adds `name` to extensionsUsed (and to extensionsRequired with `required`), each once.
  void addExtensionUsed(const std::string& name, bool required = false);

  // KHR_gaussian_splatting. The accessors of `d`, FLOAT and tightly packed (POSITION with
  // min/max), by attribute semantic: "POSITION", "KHR_gaussian_splatting:ROTATION", ...,
  // "KHR_gaussian_splatting:SH_DEGREE_l_COEF_n" for l <= d.degree.
  std::map<std::string, int> addSplatAttributes(const SplatData& d);
  // A mesh of one POINTS primitive of `attributes` (e.g. addSplatAttributes()'s, some replaced
  // by addComponents() ones) with `extension` as its KHR_gaussian_splatting object; the
  // extension is added to extensionsUsed. Returns the mesh index.
  int addSplatMesh(const std::map<std::string, int>& attributes,
                   const nlohmann::json& extension = defaultSplatExtension());
  int addSplatMesh(const SplatData& d, const nlohmann::json& extension = defaultSplatExtension()) {
    return addSplatMesh(addSplatAttributes(d), extension);
  }

  // --- output --------------------------------------------------------------------------
  // The document as .gltf JSON text; buffer 0 (when not empty) refers to `binUri`.
  std::string gltfText(const std::string& binUri) const;
  // The document as .gltf JSON text with buffer 0 as a base64 data URI.
  std::string embeddedGltfText() const;
  // The document as a GLB: JSON chunk then BIN chunk (buffer 0 without uri).
  std::vector<uint8_t> glbBytes() const;
  // Write under VITRINE_TEST_TMP and return the path of the written .gltf / .glb:
  // <stem>.gltf + <stem>.bin, <stem>.gltf with a data URI, <stem>.glb.
  std::string writeGltf(const std::string& stem) const;
  std::string writeEmbeddedGltf(const std::string& stem) const;
  std::string writeGlb(const std::string& stem) const;

 private:
  int push(const char* array, const nlohmann::json& value);
  nlohmann::json withBuffer(const std::optional<std::string>& uri) const;

  nlohmann::json json_;
  std::vector<uint8_t> bin_;
};

// VITRINE_TEST_TMP/<name>. Tests pick names unique to themselves (tests run in parallel).
std::string tempPath(const std::string& name);
// Writes (replaces) a whole file; throws std::runtime_error when it cannot.
void writeFile(const std::string& path, const void* data, size_t size);
void writeFile(const std::string& path, const std::string& text);
std::string base64(const void* data, size_t size);

}  // namespace vitrine::test
