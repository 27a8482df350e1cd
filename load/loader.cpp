#include "loader.h"

#include <cctype>
#include <climits>
#include <exception>
#include <new>
#include <optional>

#include "draco_decode.h"
#include "gltf_document.h"
#include "image_decoder.h"
#include "load_ply.h"
#include "load_steps.h"
#include "regular_file.h"
#include "stopwatch.h"
#include "supported_extensions.h"

namespace vitrine::scene {
namespace {

// Marks the buffer behind accessor `key` of `object` (its bufferView and its sparse
// bufferViews). Indices were range-checked by validateGltfJson(); they may be written as
// integral floats ("3.0"), which integer() reads too.
void keepAccessorBuffers(const Json& root, const Json& object, const char* key,
                         std::vector<bool>& keep, std::vector<bool>& keepViews) {
  const int64_t index = integer(object, key, -1);
  const Json& accessors = array(root, "accessors");
  if (index < 0 || size_t(index) >= accessors.size()) return;
  const Json& a = accessors[size_t(index)];
  const Json& views = array(root, "bufferViews");
  auto keepView = [&](const Json& o) {
    const int64_t view = integer(o, "bufferView", -1);
    if (view < 0 || size_t(view) >= views.size()) return;
    keepViews[size_t(view)] = true;
    const int64_t buffer = integer(views[size_t(view)], "buffer", -1);
    if (buffer >= 0 && size_t(buffer) < keep.size()) keep[size_t(buffer)] = true;
  };
  keepView(a);
  if (const Json* sparse = member(a, "sparse")) {
    if (const Json* indices = member(*sparse, "indices")) keepView(*indices);
    if (const Json* values = member(*sparse, "values")) keepView(*values);
  }
}

// Frees tinygltf's copies of the encoded images, once loadImages has read them.
void releaseEncodedImages(GltfDocument& doc) {
  for (tinygltf::Image& image : doc.model.images) {
    doc.budget->release(image.image.size());
    std::vector<unsigned char>().swap(image.image);
  }
}

// Frees the resource bytes the scene has copied (vertex data, decoded images), keeping the
// buffers that animation samplers still read after loading (skins are copied into the Scene).
void releaseCopiedResources(GltfDocument& doc) {
  std::vector<bool> keep(doc.model.buffers.size(), false);
  std::vector<bool> keepViews(array(doc.json, "bufferViews").size(), false);
  for (const Json& animation : array(doc.json, "animations")) {
    for (const Json& sampler : array(animation, "samplers")) {
      keepAccessorBuffers(doc.json, sampler, "input", keep, keepViews);
      keepAccessorBuffers(doc.json, sampler, "output", keep, keepViews);
    }
  }
  // The budget gets back what is freed here (memory_budget.h): decoded EXT_/KHR_meshopt_compression
  // views, buffers, encoded images and decoded Draco accessors.
  for (size_t v = 0; v < doc.decodedViews.size(); ++v) {
    if (keepViews[v] || doc.decodedViews[v].empty()) continue;
    doc.budget->release(doc.decodedViews[v].size());
    DecodedBytes().swap(doc.decodedViews[v]);
  }
  for (size_t i = 0; i < doc.model.buffers.size(); ++i) {
    if (keep[i]) continue;
    doc.budget->release(doc.model.buffers[i].data.size());
    std::vector<unsigned char>().swap(doc.model.buffers[i].data);
  }
  releaseEncodedImages(doc);
  for (const auto& [accessor, bytes] : doc.decodedAccessors) doc.budget->release(bytes.size());
  doc.decodedAccessors.clear();
}

// Reads the document (from a file or from memory): "" or the error without the file name.
using ReadDocument = std::function<std::string(GltfDocument&)>;

std::string loadInto(const ReadDocument& read, Scene& scene, GltfDocument& doc,
                     std::vector<std::string>& warnings, const LoadProgress& progress) {
  auto stage = [&](float fraction, const char* name) {
    if (progress) progress(fraction, name);
  };
  // Shares measured roughly on the sample models: reading and validating (buffers included)
  // and building the geometry dominate, then decoding images.
  stage(0.0f, "Reading file");
  if (std::string err = read(doc); !err.empty()) return err;
  stage(0.4f, "Building geometry");
  warnings = std::move(doc.warnings);
  doc.warnings.clear();
  // Honest about what is not drawn: one warning per extension used but not rendered.
  for (const UnsupportedExtension& e : unsupportedExtensions(doc))
    warnings.push_back(
        located(jsonPointer("extensionsUsed", e.index), unsupportedExtensionMessage(e.name)));
  const LoadContext ctx{doc, scene, warnings};
  // A full load reads the image headers first and decodes the images while the buffers
  // decode; their warnings follow the buffers' (as when images came after), an image error
  // comes after any buffer error.
  PhaseClock clock(doc.timings.imageDecode);
  const bool overlap = !doc.options.deferImageDecode;
  std::vector<std::string> imageWarnings;
  std::string imageError;
  // Decoding on the loader's threads (image_decoder.h), stopped and joined when dropped, as
  // on an error of the buffer steps.
  std::optional<ImageDecoder> decodes;
  if (overlap) {
    imageError = loadImages(ctx, /*defer=*/true, imageWarnings);
    // Each image kept its own copy to decode: tinygltf's is not read again.
    releaseEncodedImages(doc);
    if (imageError.empty()) decodes.emplace(doc, scene);
  }
  clock.enter(doc.timings.bufferDecode);
  if (std::string err = decodeDracoPrimitives(doc); !err.empty()) return err;
  if (std::string err = loadNodes(ctx); !err.empty()) return err;
  if (std::string err = loadCameras(ctx); !err.empty()) return err;
  if (std::string err = loadSkins(ctx); !err.empty()) return err;
  if (std::string err = loadMeshes(ctx); !err.empty()) return err;
  if (std::string err = loadMorphWeights(ctx); !err.empty()) return err;
  if (std::string err = loadLights(ctx); !err.empty()) return err;
  if (std::string err = loadVisibility(ctx); !err.empty()) return err;
  if (std::string err = loadInstancing(ctx); !err.empty()) return err;
  stage(0.7f, "Decoding images");
  clock.enter(doc.timings.imageDecode);
  if (!overlap) {
    if (std::string err = loadImages(ctx); !err.empty()) return err;
  } else {
    if (!imageError.empty()) return imageError;
    // Each image's warning at its index, in loadImages' order.
    while (decodes->taken() < decodes->total()) {
      decodes->waitReady();
      decodes->adopt(doc, scene, UINT64_MAX, [&](size_t image, std::string warning) {
        imageWarnings[image] = std::move(warning);
      });
    }
    for (std::string& w : imageWarnings)
      if (!w.empty()) warnings.push_back(std::move(w));
  }
  clock.stop();
  stage(0.9f, "Materials");
  if (std::string err = loadMaterials(ctx); !err.empty()) return err;
  warnMissingTexcoords(ctx);
  if (std::string err = loadVariants(ctx); !err.empty()) return err;
  loadXmpMetadata(ctx);
  updateWorldTransforms(scene);
  releaseCopiedResources(doc);
  return {};
}

LoadResult load(const std::string& path, const ReadDocument& read, const LoadProgress& progress) {
  LoadResult result;
  const Stopwatch total;
  auto scene = std::make_unique<Scene>();
  scene->path = path;
  std::string error;
  // The steps return errors; what can still throw is the allocator (or a bug): never let it
  // escape to the caller.
  try {
    auto doc = std::make_shared<GltfDocument>();
    error = loadInto(read, *scene, *doc, result.warnings, progress);
    result.timings = doc->timings;
    if (error.empty()) result.document = std::move(doc);
  } catch (const std::bad_alloc&) {
    error = "out of memory";
  } catch (const std::exception& e) {
    error = std::string("internal error: ") + e.what();
  }
  for (std::string& w : result.warnings) w = path + ": " + w;
  result.timings.total = total.seconds();
  if (!error.empty()) {
    result.error = path + ": " + error;
    result.document.reset();
    return result;
  }
  result.scene = std::move(scene);
  return result;
}

// A 3DGS .ply (told apart by its name: a PLY file has no glTF magic to try first).
bool isPly(const std::string& name) {
  if (name.size() < 4) return false;
  std::string ext = name.substr(name.size() - 4);
  for (char& c : ext) c = char(std::tolower(static_cast<unsigned char>(c)));
  return ext == ".ply";
}

// The glTF JSON a .ply's scene stands for: its node, mesh and scene, so that JSON pointers
// (pointer_resolve.h: the inspector, KHR_animation_pointer) find in the JSON what the scene has.
Json plyJson(const Scene& scene) {
  Json nodes = Json::array(), meshes = Json::array();
  for (const Node& n : scene.nodes) nodes.push_back({{"name", n.name}, {"mesh", n.mesh}});
  for (const Mesh& m : scene.meshes) {
    Json primitive = {{"attributes", Json::object()}, {"mode", 0}};
    meshes.push_back({{"name", m.name}, {"primitives", Json::array({primitive})}});
  }
  Json roots = {{"nodes", Json::array({0})}};
  return {{"asset", {{"version", "2.0"}}},
          {"scene", 0},
          {"scenes", Json::array({roots})},
          {"nodes", nodes},
          {"meshes", meshes}};
}

// Reads the .ply's bytes: "" or the error without the file name.
using ReadBytes =
    std::function<std::string(std::vector<uint8_t>& storage, std::span<const uint8_t>& bytes)>;

// A .ply as a scene (load_ply.h). Its document is a glTF one of the scene's node and mesh
// (plyJson), no buffers, no images, so that what follows a load (animations, graphs, external
// files, deferred images, JSON pointers) finds nothing to do rather than a null pointer; it
// owns the budget that keeps the splats reserved.
LoadResult loadPly(const std::string& path, const ReadBytes& read, const LoadProgress& progress,
                   const LoadOptions& options) {
  LoadResult result;
  const Stopwatch total;
  std::string error;
  try {
    auto doc = std::make_shared<GltfDocument>();
    doc->options = options;
    if (options.maxMemoryBytes != 0)
      doc->budget = std::make_shared<MemoryBudget>(options.maxMemoryBytes);
    if (progress) progress(0.0f, "Reading file");
    std::vector<uint8_t> storage;
    std::span<const uint8_t> bytes;
    PhaseClock clock(doc->timings.fileRead);
    error = read(storage, bytes);
    if (!error.empty()) {
      error = path + ": " + error;
    } else {
      if (progress) progress(0.4f, "Reading splats");
      clock.enter(doc->timings.bufferDecode);
      auto scene = std::make_unique<Scene>();
      error = loadPlyScene(bytes, path, *doc->budget, *scene, &result.warnings);
      if (error.empty()) {
        doc->json = plyJson(*scene);
        result.scene = std::move(scene);
      }
    }
    clock.stop();
    result.timings = doc->timings;
    if (error.empty()) result.document = std::move(doc);
  } catch (const std::bad_alloc&) {
    error = path + ": out of memory";
  } catch (const std::exception& e) {
    error = path + ": internal error: " + e.what();
  }
  result.timings.total = total.seconds();
  if (!error.empty()) {
    result.error = std::move(error);
    result.scene.reset();
    result.document.reset();
  }
  return result;
}

}  // namespace

LoadResult loadScene(const std::string& path, const LoadProgress& progress,
                     const LoadOptions& options) {
  if (isPly(path)) {
    auto read = [&](std::vector<uint8_t>& storage, std::span<const uint8_t>& bytes) {
      // The limit a .glb has (gltf_document.cpp).
      std::string err = readRegularFile(path, storage, UINT_MAX);
      bytes = storage;
      return err;
    };
    return loadPly(path, read, progress, options);
  }
  return load(
      path, [&](GltfDocument& doc) { return readGltfDocument(path, doc, options); }, progress);
}

LoadResult loadSceneFromMemory(std::span<const uint8_t> bytes, const std::string& baseDir,
                               const std::string& name, const LoadOptions& options) {
  if (isPly(name)) {
    auto read = [&](std::vector<uint8_t>&, std::span<const uint8_t>& out) {
      out = bytes;
      return std::string();
    };
    return loadPly(name, read, {}, options);
  }
  return load(
      name, [&](GltfDocument& doc) { return parseGltfDocument(bytes, baseDir, doc, options); }, {});
}

}  // namespace vitrine::scene
