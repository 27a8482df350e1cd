#include "gltf_document.h"

#include <climits>
#include <filesystem>

#include "glb.h"
#include "gltf_resources.h"
#include "gltf_tolerance.h"

namespace vitrine::scene {
namespace {

// What the image callback reserves from: the budget, and the first refusal.
struct EncodedImages {
  MemoryBudget& budget;
  std::string refusal;
};

// tinygltf image callback: keep the encoded bytes, reserved from the budget (a refusal is
// kept for parseGltfDocument to return: tinygltf would reword it). Decoding is ours
// (load_images.cpp), so an undecodable image is a warning instead of a failed load.
bool keepEncodedImage(tinygltf::Image* image, const int index, std::string*, std::string*, int, int,
                      const unsigned char* bytes, int size, void* user) {
  auto& images = *static_cast<EncodedImages*>(user);
  if (!images.refusal.empty()) return true;
  images.refusal = images.budget.reserve(uint64_t(size), jsonPointer("images", index),
                                         "encoded image of " + std::to_string(size) + " bytes");
  if (!images.refusal.empty()) return true;
  image->image.assign(bytes, bytes + size);
  image->width = image->height = -1;
  return true;
}

// nlohmann's message without its "[json.exception.parse_error.101] " prefix.
std::string parserMessage(const std::exception& e) {
  std::string what = e.what();
  if (what.rfind("[json.exception.", 0) == 0) {
    const size_t end = what.find("] ");
    if (end != std::string::npos) what.erase(0, end + 2);
  }
  return what;
}

// tinygltf's errors are multi-line and may quote a whole data URI: keep the first line, short.
std::string firstLine(const std::string& s) {
  std::string line = s.substr(0, s.find('\n'));
  if (line.size() > 200) line = line.substr(0, 197) + "...";
  return line;
}

// Deeper JSON is refused: nlohmann parses and frees any depth without recursion, but copying,
// dumping (messages) and tinygltf's own parse recurse, and glTF needs fewer than 10 levels.
constexpr size_t kMaxJsonDepth = 128;

// Whether some array or object of `root` lies deeper than kMaxJsonDepth, found without recursion.
bool tooDeep(const Json& root) {
  std::vector<std::pair<const Json*, size_t>> stack{{&root, 1}};
  while (!stack.empty()) {
    const auto [v, depth] = stack.back();
    stack.pop_back();
    if (!v->is_structured()) continue;
    if (depth > kMaxJsonDepth) return true;
    for (const Json& child : *v) stack.emplace_back(&child, depth + 1);
  }
  return false;
}

// What tinygltf is given: the properties it needs to load the resources, nothing else. Its
// parsing of the rest differs from the spec in places (it rejects index accessors without a
// bufferView, drops animation channels without target.node as KHR_animation_pointer writes
// them), and the loader reads the structure from our validated JSON anyway.
Json resourceSubset(const Json& root) {
  Json subset = Json::object();
  for (const char* key : {"asset", "buffers", "bufferViews", "images"}) {
    if (const Json* v = member(root, key)) subset[key] = *v;
  }
  return subset;
}

// A GLB of `json` and `bin` (§4.4), for tinygltf::LoadBinaryFromMemory.
std::vector<uint8_t> makeGlb(std::string json, std::span<const uint8_t> bin) {
  while (json.size() % 4 != 0) json += ' ';  // §4.4.3.2: the JSON chunk is padded with spaces
  auto u32 = [](std::vector<uint8_t>& out, size_t v) {
    for (int i = 0; i < 4; ++i) out.push_back(uint8_t(v >> (8 * i)));
  };
  std::vector<uint8_t> glb;
  const size_t length = 20 + json.size() + (bin.empty() ? 0 : 8 + bin.size());
  glb.reserve(length);
  u32(glb, 0x46546C67);
  u32(glb, 2);
  u32(glb, length);
  u32(glb, json.size());
  u32(glb, 0x4E4F534A);
  glb.insert(glb.end(), json.begin(), json.end());
  if (!bin.empty()) {  // parseGlb() checked that it is padded
    u32(glb, bin.size());
    u32(glb, 0x004E4942);
    glb.insert(glb.end(), bin.begin(), bin.end());
  }
  return glb;
}

// Has tinygltf load the buffers and the encoded image bytes, its file access served by `cache`.
std::string loadResources(const Json& root, bool glb, std::span<const uint8_t> bin,
                          ResourceCache& cache, MemoryBudget& budget, tinygltf::Model& model) {
  Json subset = resourceSubset(root);
  cache.redirect(subset);  // tinygltf asks for the cache's keys, with no base dir
  const std::string json = subset.dump();
  tinygltf::TinyGLTF loader;
  loader.SetFsCallbacks(cache.callbacks());
  EncodedImages images{budget, {}};
  loader.SetImageLoader(&keepEncodedImage, &images);
  std::string err, warn;
  bool ok = false;
  if (glb) {
    const std::vector<uint8_t> bytes = makeGlb(json, bin);
    if (bytes.size() > UINT_MAX) return "GLB larger than 4 GiB (not supported)";
    ok = loader.LoadBinaryFromMemory(&model, &err, &warn, bytes.data(), unsigned(bytes.size()), "");
  } else {
    if (json.size() > UINT_MAX) return "JSON larger than 4 GiB (not supported)";
    ok = loader.LoadASCIIFromString(&model, &err, &warn, json.data(), unsigned(json.size()), "");
  }
  if (!images.refusal.empty()) return images.refusal;
  // tinygltf's warnings repeat what ResourceCache::load already reported in our form.
  return ok ? std::string() : "tinygltf: " + firstLine(err);
}

}  // namespace

std::string readGltfDocument(const std::string& path, GltfDocument& out,
                             const LoadOptions& options) {
  std::vector<uint8_t> bytes;
  // tinygltf takes 32-bit lengths; GLB declares a 32-bit length anyway (§4.4.2).
  if (std::string err = readRegularFile(path, bytes, UINT_MAX); !err.empty()) return err;
  return parseGltfDocument(bytes, std::filesystem::path(path).parent_path().string(), out, options);
}

std::string parseGltfDocument(std::span<const uint8_t> bytes, const std::string& baseDir,
                              GltfDocument& out, const LoadOptions& options) {
  out = GltfDocument{};
  out.options = options;
  if (options.maxMemoryBytes != 0)
    out.budget = std::make_shared<MemoryBudget>(options.maxMemoryBytes);
  // tinygltf takes 32-bit lengths; GLB declares a 32-bit length anyway (§4.4.2).
  if (bytes.size() > UINT_MAX) return "file is larger than 4 GiB (not supported)";
  const bool glb = isGlb(bytes);
  GlbChunks chunks;
  std::span<const uint8_t> jsonText = bytes;
  if (glb) {
    if (std::string err = parseGlb(bytes, chunks); !err.empty()) return err;
    jsonText = chunks.json;
    out.warnings.insert(out.warnings.end(), chunks.warnings.begin(), chunks.warnings.end());
  }
  try {
    out.json = Json::parse(jsonText.begin(), jsonText.end());
  } catch (const Json::parse_error& e) {
    return std::string(glb ? "invalid JSON in the GLB JSON chunk: " : "invalid JSON: ") +
           parserMessage(e) + " (byte " + std::to_string(e.byte) + ")";
  } catch (const Json::exception& e) {
    // e.g. out_of_range.406 for a number beyond double range ("1e400").
    return std::string(glb ? "invalid JSON in the GLB JSON chunk: " : "invalid JSON: ") +
           parserMessage(e);
  }
  if (tooDeep(out.json)) {
    return "JSON nested deeper than " + std::to_string(kMaxJsonDepth) + " levels (not supported)";
  }
  // Issue 14 Tolerance: repair what still allows a picture, ignore what nothing uses, then
  // validate (TOLERANCE.md lists each decision).
  tolerateGltfJson(out.json, out.warnings);
  if (std::string err = validateTolerantly(out.json, out.warnings); !err.empty()) return err;

  // Every buffer's bytes, reserved before any is read or decoded (a data URI's decoded size is
  // its byteLength, checked by ResourceCache::load); releaseCopiedResources() gives back those
  // it frees.
  const Json& declared = array(out.json, "buffers");
  for (size_t i = 0; i < declared.size(); ++i) {
    const uint64_t byteLength = uint64_t(integer(declared[i], "byteLength", 0));
    if (std::string err = out.budget->reserve(byteLength, jsonPointer("buffers", i),
                                              "buffer of " + std::to_string(byteLength) + " bytes");
        !err.empty()) {
      return err;
    }
  }
  ResourceCache cache(options.allowOutsideFolder);
  if (std::string err = cache.load(out.json, baseDir, glb, chunks.bin, out.warnings);
      !err.empty()) {
    return err;
  }
  if (std::string err = loadResources(out.json, glb, chunks.bin, cache, *out.budget, out.model);
      !err.empty()) {
    return err;
  }

  // What the rest of the loader relies on, whatever tinygltf did.
  const Json& buffers = array(out.json, "buffers");
  if (out.model.buffers.size() != buffers.size() ||
      out.model.images.size() != array(out.json, "images").size()) {
    return "tinygltf: loaded a different number of buffers or images than the JSON declares";
  }
  for (size_t i = 0; i < buffers.size(); ++i) {
    const uint64_t byteLength = uint64_t(integer(buffers[i], "byteLength", 0));
    if (out.model.buffers[i].data.size() != byteLength) {
      return located(jsonPointer("buffers", i),
                     "tinygltf loaded " + std::to_string(out.model.buffers[i].data.size()) +
                         " bytes, byteLength is " + std::to_string(byteLength));
    }
  }
  return {};
}

}  // namespace vitrine::scene
