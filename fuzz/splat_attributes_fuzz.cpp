// libFuzzer target: KHR_gaussian_splatting primitives through the whole loader
// (load/splats/load_splats.h via loadSceneFromMemory). The first bytes choose a document that
// is mostly valid, so that the fuzzer spends its time in the splat rules rather than in the
// validator: the splat count, per attribute (POSITION, ROTATION, SCALE, OPACITY, every
// SH_DEGREE_l_COEF_n, COLOR_0) whether it is there, its accessor type, component type,
// normalized flag, count, byteStride and byteOffset; the extension object's kernel,
// colorSpace, projection and sortingMethod (known, unknown, non-string or absent), a nested
// extension (none, a compression one, another, not an object), the mode, indices and
// KHR_mesh_quantization. The rest of the bytes fill buffer 0 (repeated), so values are
// anything: NaN, negative, out of range. Seeds: corpus_gen's splat_attributes/.
#include <fuzzer/FuzzedDataProvider.h>

#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "fuzz_util.h"
#include "loader.h"

namespace {

using nlohmann::json;

constexpr int kComponentTypes[] = {5120, 5121, 5122, 5123, 5125, 5126};
const char* const kTypes[] = {"SCALAR", "VEC2", "VEC3", "VEC4"};

uint32_t componentSize(int t) {
  return t == 5120 || t == 5121 ? 1 : t == 5122 || t == 5123 ? 2 : 4;
}
uint32_t componentCount(const std::string& type) {
  return type == "SCALAR" ? 1 : type == "VEC2" ? 2 : type == "VEC3" ? 3 : 4;
}

// One attribute's accessor: its usual format, which the bytes may change.
struct Planned {
  std::string name;
  const char* type;
  int componentType;
  bool required;
};

// A property of the extension object: a value the extension defines, another string, a value
// of another type, or nothing.
void property(FuzzedDataProvider& in, json& ext, const char* key, const char* known) {
  switch (in.ConsumeIntegralInRange<int>(0, 7)) {
    case 0:
      return;  // absent
    case 1:
      ext[key] = "unknown_value";
      return;
    case 2:
      ext[key] = in.ConsumeIntegral<int8_t>();
      return;
    case 3:
      ext[key] = json::object();
      return;
    case 4:
      ext[key] = nullptr;
      return;
    default:
      ext[key] = known;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace vitrine;
  FuzzedDataProvider in(data, size);
  const uint32_t count = in.ConsumeIntegralInRange<uint32_t>(1, 16);

  std::vector<Planned> planned = {
      {"POSITION", "VEC3", 5126, true},
      {"KHR_gaussian_splatting:ROTATION", "VEC4", 5126, true},
      {"KHR_gaussian_splatting:SCALE", "VEC3", 5126, true},
      {"KHR_gaussian_splatting:OPACITY", "SCALAR", 5126, true},
      {"KHR_gaussian_splatting:SH_DEGREE_0_COEF_0", "VEC3", 5126, true}};
  const uint32_t degrees = in.ConsumeIntegralInRange<uint32_t>(0, 4);  // 4: a degree too many
  for (uint32_t l = 1; l <= degrees; ++l)
    for (uint32_t n = 0; n < 2 * l + 1; ++n)
      planned.push_back(
          {"KHR_gaussian_splatting:SH_DEGREE_" + std::to_string(l) + "_COEF_" + std::to_string(n),
           "VEC3", 5126, false});
  planned.push_back({"COLOR_0", "VEC4", 5126, false});

  json accessors = json::array(), views = json::array(), attributes = json::object();
  uint64_t bufferSize = 0;
  for (const Planned& p : planned) {
    // Most attributes keep their usual format; a few bits of the input change it.
    const uint8_t flags = in.ConsumeIntegral<uint8_t>();
    if ((flags & 0x0F) == 0) continue;  // absent (required ones too, 1 in 16)
    std::string type = p.type;
    int componentType = p.componentType;
    bool normalized = false;
    uint32_t n = count;
    if (flags & 0x10) {
      componentType = kComponentTypes[in.ConsumeIntegralInRange<size_t>(0, 5)];
      normalized = in.ConsumeBool();
    }
    if (flags & 0x20) type = kTypes[in.ConsumeIntegralInRange<size_t>(0, 3)];
    if (flags & 0x40) n = in.ConsumeIntegralInRange<uint32_t>(1, 17);
    const uint32_t element = componentCount(type) * componentSize(componentType);
    json view = {{"buffer", 0}, {"byteOffset", bufferSize}};
    uint32_t stride = 0;
    if (flags & 0x80) {
      stride = (element + 3) / 4 * 4 + 4 * in.ConsumeIntegralInRange<uint32_t>(0, 3);
      view["byteStride"] = stride;
    }
    const uint64_t length = uint64_t(stride ? stride : element) * (n - 1) + element;
    view["byteLength"] = length;
    bufferSize += (length + 3) / 4 * 4;
    json accessor = {{"bufferView", views.size()},
                     {"componentType", componentType},
                     {"type", type},
                     {"count", n}};
    if (normalized) accessor["normalized"] = true;
    if (p.name == "POSITION") {
      accessor["min"] = std::vector<double>(componentCount(type), -1e9);
      accessor["max"] = std::vector<double>(componentCount(type), 1e9);
    }
    attributes[p.name] = accessors.size();
    views.push_back(view);
    accessors.push_back(accessor);
  }

  json ext = json::object();
  property(in, ext, "kernel", "ellipse");
  property(in, ext, "colorSpace", in.ConsumeBool() ? "srgb_rec709_display" : "lin_rec709_display");
  property(in, ext, "projection", "perspective");
  property(in, ext, "sortingMethod", "cameraDistance");
  switch (in.ConsumeIntegralInRange<int>(0, 5)) {
    case 0:
      ext["extensions"]["KHR_gaussian_splatting_compression_spz_2"] = {{"bufferView", 0}};
      break;
    case 1:
      ext["extensions"]["EXT_gaussian_splatting_kernel_customShape"] = json::object();
      break;
    case 2:
      ext["extensions"] = 3;
      break;
    default:
      break;
  }
  json prim = {
      {"attributes", attributes},
      {"extensions",
       {{"KHR_gaussian_splatting", in.ConsumeIntegral<uint8_t>() == 0 ? json(true) : ext}}}};
  const uint8_t primitiveFlags = in.ConsumeIntegral<uint8_t>();
  if (!(primitiveFlags & 1)) prim["mode"] = (primitiveFlags >> 1) % 7;
  json extensionsUsed = {"KHR_gaussian_splatting"};
  if (primitiveFlags & 0x10) extensionsUsed.push_back("KHR_mesh_quantization");
  if (primitiveFlags & 0x20) prim["material"] = 0;
  if (primitiveFlags & 0x40) {
    // Indices of every splat (ignored by splat primitives, read by the point-cloud fallback).
    views.push_back({{"buffer", 0}, {"byteOffset", bufferSize}, {"byteLength", count}});
    bufferSize += (count + 3) / 4 * 4;
    prim["indices"] = accessors.size();
    accessors.push_back({{"bufferView", views.size() - 1},
                         {"componentType", 5121},
                         {"type", "SCALAR"},
                         {"count", count}});
  }

  std::vector<uint8_t> bin(bufferSize, 0);
  const std::vector<uint8_t> fill = in.ConsumeRemainingBytes<uint8_t>();
  for (size_t i = 0; i < bin.size() && !fill.empty(); ++i) bin[i] = fill[i % fill.size()];
  // Index bytes in range, so that the fallback draws rather than stops at the first index.
  if (prim.contains("indices")) {
    const uint64_t offset = views.back()["byteOffset"].get<uint64_t>();
    for (uint32_t i = 0; i < count; ++i) bin[offset + i] = uint8_t(bin[offset + i] % count);
  }

  json doc = {{"asset", {{"version", "2.0"}}},
              {"extensionsUsed", extensionsUsed},
              {"accessors", accessors},
              {"bufferViews", views},
              {"meshes", {{{"primitives", {prim}}}}},
              {"nodes", {{{"mesh", 0}}}},
              {"scenes", {{{"nodes", {0}}}}},
              {"scene", 0}};
  if (prim.contains("material")) doc["materials"] = {json::object()};
  if (!bin.empty()) doc["buffers"] = {{{"byteLength", bin.size()}}};
  const std::vector<uint8_t> glb = fuzz::packGlb(doc.dump(), bin);
  const scene::LoadResult r = scene::loadSceneFromMemory(glb, fuzz::scratchDir(), "fuzz.glb");
  // The loader's contract (loader.h): a scene exactly when there is no error.
  if ((r.scene == nullptr) != !r.error.empty()) std::abort();
  if (!r.scene) return 0;
  // A splat primitive holds its cloud and nothing else; the cloud is whole.
  for (const scene::Mesh& mesh : r.scene->meshes) {
    for (const scene::Primitive& p : mesh.primitives) {
      if (!p.splats) continue;
      const scene::SplatCloud& c = *p.splats;
      if (!p.positions.empty() || !p.indices.empty() || c.count != p.sourceVertexCount ||
          c.positions.size() != c.count || c.rotations.size() != c.count ||
          c.scales.size() != c.count || c.opacities.size() != c.count || c.degree > 3 ||
          c.sh.size() != size_t(c.count) * c.coefficientsPerSplat())
        std::abort();
      for (uint32_t i = 0; i < c.count; ++i)
        if (!(c.opacities[i] >= 0 && c.opacities[i] <= 1) || c.scales[i].x < 0 ||
            c.scales[i].y < 0 || c.scales[i].z < 0)
          std::abort();
    }
  }
  return 0;
}
