#include "draco_encoder.h"

#include <filesystem>
#include <numeric>

#include <draco/compression/decode.h>
#include <draco/compression/encode.h>
#include <draco/mesh/mesh.h>

#include "accessor.h"
#include "asset_builder.h"  // writeFile
#include "gltf_enums.h"

namespace vitrine::test {
namespace {

namespace fs = std::filesystem;
using scene::gltf::componentSize;

draco::GeometryAttribute::Type dracoSemantic(const std::string& name) {
  if (name == "POSITION") return draco::GeometryAttribute::POSITION;
  if (name == "NORMAL") return draco::GeometryAttribute::NORMAL;
  if (name.rfind("TEXCOORD_", 0) == 0) return draco::GeometryAttribute::TEX_COORD;
  if (name.rfind("COLOR_", 0) == 0) return draco::GeometryAttribute::COLOR;
  return draco::GeometryAttribute::GENERIC;  // TANGENT, JOINTS_n, WEIGHTS_n
}

draco::DataType dracoType(int componentType) {
  switch (componentType) {
    case gl::kUnsignedByte:
      return draco::DT_UINT8;
    case gl::kUnsignedShort:
      return draco::DT_UINT16;
    case gl::kUnsignedInt:
      return draco::DT_UINT32;
    default:
      return draco::DT_FLOAT32;
  }
}

// Adds `count` values of `components` components (raw bytes of `type`), identity-mapped.
int addAttribute(draco::Mesh& mesh, draco::GeometryAttribute::Type semantic, int components,
                 draco::DataType type, bool normalized, const uint8_t* data, uint32_t count) {
  const int size = int(draco::DataTypeLength(type));
  draco::GeometryAttribute ga;
  ga.Init(semantic, nullptr, int8_t(components), type, normalized, components * size, 0);
  const int id = mesh.AddAttribute(ga, true, count);
  draco::PointAttribute* att = mesh.attribute(id);
  for (uint32_t i = 0; i < count; ++i)
    att->SetAttributeValue(draco::AttributeValueIndex(i), data + size_t(i) * components * size);
  return id;
}

// Encodes `mesh`, then decodes the stream to learn the counts the fallback accessors declare.
void finish(const draco::Mesh& mesh, const DracoEncodeOptions& o, EncodedPrimitive& out) {
  draco::Encoder encoder;
  encoder.SetAttributeQuantization(draco::GeometryAttribute::POSITION, o.positionBits);
  encoder.SetAttributeQuantization(draco::GeometryAttribute::NORMAL, o.normalBits);
  encoder.SetAttributeQuantization(draco::GeometryAttribute::TEX_COORD, o.texcoordBits);
  encoder.SetAttributeQuantization(draco::GeometryAttribute::COLOR, o.colorBits);
  encoder.SetAttributeQuantization(draco::GeometryAttribute::GENERIC, o.genericBits);
  encoder.SetSpeedOptions(o.speed, o.speed);
  draco::EncoderBuffer buffer;
  const draco::Status status = encoder.EncodeMeshToBuffer(mesh, &buffer);
  if (!status.ok()) throw std::runtime_error("draco encoder: " + status.error_msg_string());
  out.stream.assign(buffer.data(), buffer.data() + buffer.size());
  draco::DecoderBuffer in;
  in.Init(buffer.data(), buffer.size());
  draco::Decoder decoder;
  auto decoded = decoder.DecodeMeshFromBuffer(&in);
  if (!decoded.ok())
    throw std::runtime_error("draco decoder: " + decoded.status().error_msg_string());
  for (scene::DracoRequest::Attribute& a : out.request.attributes)
    a.format.count = decoded.value()->num_points();
  scene::AccessorFormat& f = *out.request.indices;
  f.type = "SCALAR";
  f.components = 1;
  f.count = decoded.value()->num_faces() * 3;
  if (o.indexComponentType != 0) {
    f.componentType = o.indexComponentType;
  } else {
    const uint32_t points = decoded.value()->num_points();
    f.componentType = points <= 256     ? gl::kUnsignedByte
                      : points <= 65536 ? gl::kUnsignedShort
                                        : gl::kUnsignedInt;
  }
}

void addFaces(draco::Mesh& mesh, const std::vector<uint32_t>& indices) {
  for (size_t t = 0; t + 2 < indices.size(); t += 3) {
    mesh.AddFace({draco::PointIndex(indices[t]), draco::PointIndex(indices[t + 1]),
                  draco::PointIndex(indices[t + 2])});
  }
}

}  // namespace

std::string encodeDracoPrimitive(const scene::GltfDocument& doc, const nlohmann::json& primitive,
                                 const DracoEncodeOptions& options, EncodedPrimitive& out) {
  out = {};
  if (primitive.value("mode", gl::kTriangles) != gl::kTriangles) return "not TRIANGLES";
  const nlohmann::json& attributes = primitive.at("attributes");
  if (!attributes.contains("POSITION")) return "no POSITION";
  const uint32_t count = scene::accessorFormat(doc, attributes["POSITION"].get<uint32_t>()).count;
  draco::Mesh mesh;
  mesh.set_num_points(count);
  for (const auto& [name, accessor] : attributes.items()) {
    const scene::AccessorFormat f = scene::accessorFormat(doc, accessor.get<uint32_t>());
    if (f.count != count) return name + " count differs from POSITION's";
    std::vector<uint8_t> raw;
    if (f.componentType == gl::kFloat) {
      std::vector<float> values;
      if (std::string err = scene::readAccessor(doc, accessor.get<uint32_t>(), values);
          !err.empty())
        return err;
      raw.resize(values.size() * 4);
      std::memcpy(raw.data(), values.data(), raw.size());
    } else {
      std::vector<uint32_t> values;
      if (std::string err = scene::readAccessor(doc, accessor.get<uint32_t>(), values);
          !err.empty())
        return err;
      const uint32_t size = componentSize(f.componentType);
      raw.resize(values.size() * size);
      for (size_t i = 0; i < values.size(); ++i) std::memcpy(&raw[i * size], &values[i], size);
    }
    const int id = addAttribute(mesh, dracoSemantic(name), int(f.components),
                                dracoType(f.componentType), f.normalized, raw.data(), count);
    out.request.attributes.push_back({name, uint32_t(mesh.attribute(id)->unique_id()), f});
  }
  std::vector<uint32_t> indices(count);
  std::iota(indices.begin(), indices.end(), 0u);
  if (primitive.contains("indices")) {
    if (std::string err = scene::readAccessor(doc, primitive["indices"].get<uint32_t>(), indices);
        !err.empty())
      return err;
  }
  addFaces(mesh, indices);
  out.request.indices = scene::AccessorFormat{};
  finish(mesh, options, out);
  return {};
}

EncodedPrimitive encodeDracoMesh(const std::vector<glm::vec3>& positions,
                                 const std::vector<glm::vec3>& normals,
                                 const std::vector<glm::vec2>& texcoords,
                                 const std::vector<uint32_t>& indices,
                                 const DracoEncodeOptions& options) {
  EncodedPrimitive out;
  draco::Mesh mesh;
  const uint32_t count = uint32_t(positions.size());
  mesh.set_num_points(count);
  auto add = [&](const char* name, draco::GeometryAttribute::Type semantic, const void* data,
                 int components, const char* type) {
    const int id = addAttribute(mesh, semantic, components, draco::DT_FLOAT32, false,
                                static_cast<const uint8_t*>(data), count);
    scene::AccessorFormat f;
    f.componentType = gl::kFloat;
    f.type = type;
    f.components = uint32_t(components);
    out.request.attributes.push_back({name, uint32_t(mesh.attribute(id)->unique_id()), f});
  };
  add("POSITION", draco::GeometryAttribute::POSITION, positions.data(), 3, "VEC3");
  if (!normals.empty()) add("NORMAL", draco::GeometryAttribute::NORMAL, normals.data(), 3, "VEC3");
  if (!texcoords.empty())
    add("TEXCOORD_0", draco::GeometryAttribute::TEX_COORD, texcoords.data(), 2, "VEC2");
  addFaces(mesh, indices);
  out.request.indices = scene::AccessorFormat{};
  finish(mesh, options, out);
  return out;
}

std::string writeDracoGltf(const std::string& inPath, const std::string& outDir,
                           const std::string& stem, const DracoEncodeOptions& options,
                           std::string& outPath) {
  scene::GltfDocument doc;
  if (std::string err = scene::readGltfDocument(inPath, doc); !err.empty()) return err;
  nlohmann::json j = doc.json;
  fs::create_directories(outDir);
  // The source's buffers as files next to the output (a GLB's BIN chunk has no uri).
  for (size_t i = 0; i < doc.model.buffers.size(); ++i) {
    const std::string name = stem + ".buffer" + std::to_string(i) + ".bin";
    writeFile(outDir + "/" + name, doc.model.buffers[i].data.data(),
              doc.model.buffers[i].data.size());
    j["buffers"][i]["uri"] = name;
  }
  if (j.contains("images")) {
    for (nlohmann::json& image : j["images"]) {
      if (!image.contains("uri") || image["uri"].get<std::string>().rfind("data:", 0) == 0)
        continue;
      // Named after the stem: tests writing other stems may run at the same time.
      const std::string uri = image["uri"], copy = stem + "." + fs::path(uri).filename().string();
      fs::copy_file(fs::path(inPath).parent_path() / uri, fs::path(outDir) / copy,
                    fs::copy_options::overwrite_existing);
      image["uri"] = copy;
    }
  }
  std::vector<uint8_t> streams;
  const size_t dracoBuffer = j["buffers"].size();
  for (nlohmann::json& mesh : j["meshes"]) {
    for (nlohmann::json& prim : mesh["primitives"]) {
      if (prim.contains("targets") || prim.value("mode", gl::kTriangles) != gl::kTriangles)
        continue;
      EncodedPrimitive e;
      if (std::string err = encodeDracoPrimitive(doc, prim, options, e); !err.empty()) return err;
      while (streams.size() % 4 != 0) streams.push_back(0);
      j["bufferViews"].push_back({{"buffer", dracoBuffer},
                                  {"byteOffset", streams.size()},
                                  {"byteLength", e.stream.size()}});
      streams.insert(streams.end(), e.stream.begin(), e.stream.end());
      nlohmann::json ext = {{"bufferView", j["bufferViews"].size() - 1},
                            {"attributes", nlohmann::json::object()}};
      for (const scene::DracoRequest::Attribute& a : e.request.attributes) {
        // The fallback accessor: the source's, without bufferView, with the decoded count.
        nlohmann::json accessor = j["accessors"][prim["attributes"][a.name].get<size_t>()];
        accessor.erase("bufferView");
        accessor.erase("byteOffset");
        accessor.erase("sparse");
        accessor["count"] = a.format.count;
        j["accessors"].push_back(accessor);
        prim["attributes"][a.name] = j["accessors"].size() - 1;
        ext["attributes"][a.name] = a.dracoId;
      }
      j["accessors"].push_back({{"componentType", e.request.indices->componentType},
                                {"type", "SCALAR"},
                                {"count", e.request.indices->count}});
      prim["indices"] = j["accessors"].size() - 1;
      prim["extensions"]["KHR_draco_mesh_compression"] = ext;
    }
  }
  const std::string dracoName = stem + ".draco.bin";
  writeFile(outDir + "/" + dracoName, streams.data(), streams.size());
  j["buffers"].push_back({{"uri", dracoName}, {"byteLength", streams.size()}});
  for (const char* key : {"extensionsUsed", "extensionsRequired"})
    j[key].push_back("KHR_draco_mesh_compression");
  outPath = outDir + "/" + stem + ".gltf";
  writeFile(outPath, j.dump(1));
  return {};
}

}  // namespace vitrine::test
