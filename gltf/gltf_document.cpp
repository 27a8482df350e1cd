#include "gltf_document.h"

#include <climits>
#include <filesystem>

#include "buffer_views.h"
#include "glb.h"
#include "gltf_resources.h"
#include "gltf_tolerance.h"
#include "meshopt_decode.h"
#include "stopwatch.h"

namespace vitrine::scene {
namespace {

// What the image callback reserves from: the budget, and the first refusal.
struct EncodedImages {
  MemoryBudget& budget;
  const std::vector<size_t>& index;  // tinygltf's image k is our image index[k]
  std::string refusal;
};

// tinygltf image callback: keep the encoded bytes, reserved from the budget (a refusal is
// kept for parseGltfDocument to return: tinygltf would reword it). Decoding is ours
// (load_images.cpp), so an undecodable image is a warning instead of a failed load.
bool keepEncodedImage(tinygltf::Image* image, const int index, std::string*, std::string*, int, int,
                      const unsigned char* bytes, int size, void* user) {
  auto& images = *static_cast<EncodedImages*>(user);
  if (!images.refusal.empty()) return true;
  const size_t ours =
      size_t(index) < images.index.size() ? images.index[size_t(index)] : size_t(index);
  images.refusal = images.budget.reserve(uint64_t(size), jsonPointer("images", ours),
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

// What tinygltf is given: the buffers to load and the images with a uri, nothing else. Its
// parsing of the rest differs from the spec in places (it rejects index accessors without a
// bufferView, drops animation channels without target.node as KHR_animation_pointer writes
// them), and the loader reads the structure from our validated JSON anyway. Buffers not to
// load (no uri, unread fallbacks) would be errors to it; images in bufferViews are read after
// EXT_/KHR_meshopt_compression decoding (bufferViewBytes). `bufferIndex`/`imageIndex` map its
// buffers and images back to ours.
Json resourceSubset(const Json& root, const std::vector<bool>& skipBuffers,
                    std::vector<size_t>& bufferIndex, std::vector<size_t>& imageIndex) {
  Json subset = Json::object();
  if (const Json* v = member(root, "asset")) subset["asset"] = *v;
  const Json& buffers = array(root, "buffers");
  for (size_t i = 0; i < buffers.size(); ++i) {
    if (skipBuffers[i]) continue;
    subset["buffers"].push_back(buffers[i]);
    bufferIndex.push_back(i);
  }
  const Json& images = array(root, "images");
  for (size_t i = 0; i < images.size(); ++i) {
    if (!member(images[i], "uri")) continue;
    subset["images"].push_back(images[i]);
    imageIndex.push_back(i);
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
                          ResourceCache& cache, const std::vector<bool>& skipBuffers,
                          MemoryBudget& budget, tinygltf::Model& model) {
  // tinygltf asks for the cache's keys, with no base dir; the keys follow our indices, so the
  // URIs are rewritten before the subset drops buffers and images.
  Json resources = Json::object();
  for (const char* key : {"asset", "buffers", "images"})
    if (const Json* v = member(root, key)) resources[key] = *v;
  cache.redirect(resources);
  std::vector<size_t> bufferIndex, imageIndex;
  const std::string json = resourceSubset(resources, skipBuffers, bufferIndex, imageIndex).dump();
  tinygltf::TinyGLTF loader;
  loader.SetFsCallbacks(cache.callbacks());
  EncodedImages encoded{budget, imageIndex, {}};
  loader.SetImageLoader(&keepEncodedImage, &encoded);
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
  if (!encoded.refusal.empty()) return encoded.refusal;
  // tinygltf's warnings repeat what ResourceCache::load already reported in our form.
  if (!ok) return "tinygltf: " + firstLine(err);
  if (model.buffers.size() != bufferIndex.size() || model.images.size() != imageIndex.size())
    return "tinygltf: loaded a different number of buffers or images than the JSON declares";
  std::vector<tinygltf::Buffer> buffers(array(root, "buffers").size());
  for (size_t k = 0; k < bufferIndex.size(); ++k)
    buffers[bufferIndex[k]] = std::move(model.buffers[k]);
  std::vector<tinygltf::Image> images(array(root, "images").size());
  for (size_t k = 0; k < imageIndex.size(); ++k) images[imageIndex[k]] = std::move(model.images[k]);
  model.buffers = std::move(buffers);
  model.images = std::move(images);
  return {};
}

// The encoded bytes of images stored in bufferViews (§3.8.2: bufferView and mimeType), read
// once compressed views are decoded. stb_image takes int lengths (load_images.cpp).
// Their bytes are reserved from the budget (a refusal is returned).
std::string readBufferViewImages(GltfDocument& doc) {
  const Json& images = array(doc.json, "images");
  for (size_t i = 0; i < images.size(); ++i) {
    const int64_t view = integer(images[i], "bufferView", -1);
    if (view < 0) continue;
    const std::span<const uint8_t> bytes = bufferViewBytes(doc, uint64_t(view));
    if (bytes.size() > size_t(INT_MAX)) {
      doc.warnings.push_back(located(jsonPointer("images", i), "image larger than 2 GiB"));
      continue;
    }
    if (std::string err =
            doc.budget->reserve(bytes.size(), jsonPointer("images", i),
                                "encoded image of " + std::to_string(bytes.size()) + " bytes");
        !err.empty()) {
      return err;
    }
    doc.model.images[i].image.assign(bytes.begin(), bytes.end());
  }
  return {};
}

}  // namespace

std::string readGltfDocument(const std::string& path, GltfDocument& out,
                             const LoadOptions& options) {
  std::vector<uint8_t> bytes;
  const Stopwatch read;
  // tinygltf takes 32-bit lengths; GLB declares a 32-bit length anyway (§4.4.2).
  std::string err = readRegularFile(path, bytes, UINT_MAX);
  const double readSeconds = read.seconds();
  // parseGltfDocument starts `out` afresh: the file's read time is added after it.
  if (err.empty())
    err =
        parseGltfDocument(bytes, std::filesystem::path(path).parent_path().string(), out, options);
  out.timings.fileRead += readSeconds;
  return err;
}

std::string parseGltfDocument(std::span<const uint8_t> bytes, const std::string& baseDir,
                              GltfDocument& out, const LoadOptions& options) {
  out = GltfDocument{};
  out.options = options;
  PhaseClock clock(out.timings.jsonParse);
  if (options.maxMemoryBytes != 0)
    out.budget = std::make_shared<MemoryBudget>(options.maxMemoryBytes);
  // tinygltf takes 32-bit lengths; GLB declares a 32-bit length anyway (§4.4.2).
  if (bytes.size() > UINT_MAX) return "file is larger than 4 GiB (not supported)";
  const bool glb = codecs::isGlb(bytes);
  codecs::GlbChunks chunks;
  std::span<const uint8_t> jsonText = bytes;
  if (glb) {
    if (std::string err = codecs::parseGlb(bytes, chunks); !err.empty()) return err;
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

  // Every buffer's bytes that will be read, reserved before any is read or decoded (a data
  // URI's decoded size is its byteLength, checked by ResourceCache::load);
  // releaseCopiedResources() gives back those it frees. What reads which bufferView decides
  // which buffers must have bytes (buffer_views.h).
  std::vector<std::string> readers = bufferViewReaders(out.json);
  const std::vector<bool> used = usedAccessors(out.json);
  const std::vector<std::string> usedReaders = bufferViewReaders(out.json, &used);
  std::vector<bool> skipBuffers;
  if (std::string err =
          neededBuffers(out.json, glb, readers, usedReaders, skipBuffers, out.warnings);
      !err.empty())
    return err;
  const Json& declared = array(out.json, "buffers");
  for (size_t i = 0; i < declared.size(); ++i) {
    if (skipBuffers[i]) continue;
    const uint64_t byteLength = uint64_t(integer(declared[i], "byteLength", 0));
    if (std::string err = out.budget->reserve(byteLength, jsonPointer("buffers", i),
                                              "buffer of " + std::to_string(byteLength) + " bytes");
        !err.empty()) {
      return err;
    }
  }
  clock.enter(out.timings.fileRead);  // the external buffers and images
  ResourceCache cache(options.allowOutsideFolder);
  if (std::string err = cache.load(out.json, baseDir, glb, chunks.bin, out.warnings, skipBuffers);
      !err.empty()) {
    return err;
  }
  clock.enter(out.timings.bufferDecode);
  if (std::string err =
          loadResources(out.json, glb, chunks.bin, cache, skipBuffers, *out.budget, out.model);
      !err.empty()) {
    return err;
  }

  // What the rest of the loader relies on, whatever tinygltf did.
  const Json& buffers = array(out.json, "buffers");
  for (size_t i = 0; i < buffers.size(); ++i) {
    const uint64_t byteLength = skipBuffers[i] ? 0 : uint64_t(integer(buffers[i], "byteLength", 0));
    if (out.model.buffers[i].data.size() != byteLength) {
      return located(jsonPointer("buffers", i),
                     "tinygltf loaded " + std::to_string(out.model.buffers[i].data.size()) +
                         " bytes, byteLength is " + std::to_string(byteLength));
    }
  }
  if (std::string err = decodeMeshoptViews(out, readers); !err.empty()) return err;
  return readBufferViewImages(out);
}

}  // namespace vitrine::scene
