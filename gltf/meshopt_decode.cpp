#include "meshopt_decode.h"

#include <meshoptimizer.h>

#include "buffer_views.h"
#include "gltf_document.h"
#include "json_checker.h"
#include "meshopt_v1_decode.h"
#include "parallel.h"

namespace vitrine::scene {
namespace {

using StreamMode = MeshoptStream::Mode;
using StreamFilter = MeshoptStream::Filter;

constexpr uint64_t kParallelDecodeBytes = uint64_t(4) << 20;

std::string extensionPointer(uint64_t view, const MeshoptStream& s) {
  return jsonPointer("bufferViews", view, "extensions", meshoptExtensionName(s));
}

// meshoptimizer's error codes (src/vertexcodec.cpp, src/indexcodec.cpp, v0.18).
std::string failure(const char* call, int code) {
  const char* why = code == -1   ? "unknown stream header or version"
                    : code == -2 ? "data truncated or corrupt"
                    : code == -3 ? "stream size does not match the data"
                                 : "unknown error";
  return std::string(call) + " failed (" + std::to_string(code) + ": " + why + ")";
}

}  // namespace

const Json* meshoptExtension(const Json& view, const char** name) {
  const Json* extensions = member(view, "extensions");
  if (!extensions) return nullptr;
  for (const char* n : {kMeshoptKhrExtension, kMeshoptExtension}) {
    if (const Json* ext = member(*extensions, n)) {
      if (name) *name = n;
      return ext;
    }
  }
  return nullptr;
}

bool isMeshoptFallbackBuffer(const Json& buffer) {
  const Json* extensions = member(buffer, "extensions");
  if (!extensions) return false;
  for (const char* n : {kMeshoptKhrExtension, kMeshoptExtension}) {
    const Json* ext = member(*extensions, n);
    const Json* fallback = ext ? member(*ext, "fallback") : nullptr;
    if (fallback && fallback->is_boolean() && fallback->get<bool>()) return true;
  }
  return false;
}

std::string checkMeshoptLayout(const MeshoptStream& s) {
  // "JSON schema updates": the rules for the extension object to be valid.
  const uint64_t stride = s.byteStride;
  if (s.count == 0) return "count must be at least 1";
  if (s.mode == StreamMode::Attributes && (stride == 0 || stride % 4 != 0 || stride > 256))
    return "byteStride " + std::to_string(stride) +
           " must be a multiple of 4 up to 256 in ATTRIBUTES mode";
  if (s.mode != StreamMode::Attributes && stride != 2 && stride != 4)
    return "byteStride " + std::to_string(stride) + " must be 2 or 4 in TRIANGLES/INDICES mode";
  if (s.mode == StreamMode::Triangles && s.count % 3 != 0)
    return "count " + std::to_string(s.count) + " must be divisible by 3 in TRIANGLES mode";
  if (s.mode != StreamMode::Attributes && s.filter != StreamFilter::None)
    return "filter must be NONE in TRIANGLES/INDICES mode";
  if (s.filter == StreamFilter::Octahedral && stride != 4 && stride != 8)
    return "byteStride " + std::to_string(stride) + " must be 4 or 8 with the OCTAHEDRAL filter";
  if (s.filter == StreamFilter::Quaternion && stride != 8)
    return "byteStride " + std::to_string(stride) + " must be 8 with the QUATERNION filter";
  // EXPONENTIAL: a multiple of 4, which ATTRIBUTES mode already asks for.
  if (s.filter == StreamFilter::Color && !s.khr)
    return "the COLOR filter is KHR_meshopt_compression's, not EXT_meshopt_compression's";
  if (s.filter == StreamFilter::Color && stride != 4 && stride != 8)
    return "byteStride " + std::to_string(stride) + " must be 4 or 8 with the COLOR filter";
  return {};
}

std::string parseMeshoptStream(const Json& root, uint64_t index, MeshoptStream& out) {
  const Json& view = array(root, "bufferViews")[index];
  const char* name = kMeshoptExtension;
  const Json* ext = meshoptExtension(view, &name);
  out.khr = name == kMeshoptKhrExtension;
  const std::string at = extensionPointer(index, out);
  // "Exclusions": "This extension must not be used on a buffer view that also uses
  // EXT_meshopt_compression."
  if (const Json* extensions = member(view, "extensions");
      out.khr && member(*extensions, kMeshoptExtension))
    return located(jsonPointer("bufferViews", index, "extensions"),
                   "KHR_meshopt_compression and EXT_meshopt_compression must not both be used on "
                   "one bufferView");
  try {
    const JsonChecker c(root);
    if (!ext) JsonChecker::fail(at, "missing");
    c.requireObject(*ext, at);
    out.buffer = *c.index(*ext, at, "buffer", "buffers", "buffer", true);
    out.byteOffset = c.integer(*ext, at, "byteOffset", false).value_or(0);
    out.byteLength = *c.integer(*ext, at, "byteLength", true, 1);
    // ATTRIBUTES streams may be up to 256 bytes a vertex; the rest is checkMeshoptLayout's.
    out.byteStride = *c.integer(*ext, at, "byteStride", true, 1, 256);
    out.count = *c.integer(*ext, at, "count", true, 1);
    const std::string mode =
        *c.enumString(*ext, at, "mode", {"ATTRIBUTES", "TRIANGLES", "INDICES"}, true);
    out.mode = mode == "ATTRIBUTES"  ? StreamMode::Attributes
               : mode == "TRIANGLES" ? StreamMode::Triangles
                                     : StreamMode::Indices;
    // COLOR is KHR_meshopt_compression's ("Appendix C").
    const std::string filter =
        (out.khr ? c.enumString(*ext, at, "filter",
                                {"NONE", "OCTAHEDRAL", "QUATERNION", "EXPONENTIAL", "COLOR"}, false)
                 : c.enumString(*ext, at, "filter",
                                {"NONE", "OCTAHEDRAL", "QUATERNION", "EXPONENTIAL"}, false))
            .value_or("NONE");
    out.filter = filter == "OCTAHEDRAL"    ? StreamFilter::Octahedral
                 : filter == "QUATERNION"  ? StreamFilter::Quaternion
                 : filter == "EXPONENTIAL" ? StreamFilter::Exponential
                 : filter == "COLOR"       ? StreamFilter::Color
                                           : StreamFilter::None;
  } catch (const JsonCheckFailure& e) {
    return e.message;
  }
  if (std::string err = checkMeshoptLayout(out); !err.empty()) return located(at, err);
  // "When parent bufferView has byteStride defined, it matches byteStride in the extension".
  if (const Json* s = member(view, "byteStride"); s && uint64_t(s->get<double>()) != out.byteStride)
    return located(at, "byteStride " + std::to_string(out.byteStride) +
                           " differs from the bufferView's " + s->dump());
  // "The parent bufferView.byteLength is equal to byteStride times count" (both < 2^53 and
  // stride <= 256: no overflow).
  const uint64_t viewLength = uint64_t(integer(view, "byteLength", 0));
  if (out.byteStride * out.count != viewLength)
    return located(
        at, "byteStride " + std::to_string(out.byteStride) + " x count " +
                std::to_string(out.count) + " = " + std::to_string(out.byteStride * out.count) +
                " differs from the bufferView's byteLength " + std::to_string(viewLength));
  const uint64_t bufferLength =
      uint64_t(integer(array(root, "buffers")[out.buffer], "byteLength", 0));
  if (out.byteOffset + out.byteLength > bufferLength)
    return located(at, "byteOffset " + std::to_string(out.byteOffset) + " + byteLength " +
                           std::to_string(out.byteLength) + " exceeds buffer " +
                           std::to_string(out.buffer) + " byteLength " +
                           std::to_string(bufferLength));
  return {};
}

std::string decodeMeshoptStream(const MeshoptStream& s, std::span<const uint8_t> encoded,
                                std::span<uint8_t> out) {
  // The library asserts on these; a caller with a made-up stream gets a message instead.
  if (std::string err = checkMeshoptLayout(s); !err.empty()) return err;
  if (out.size() != s.count * s.byteStride)
    return "output holds " + std::to_string(out.size()) + " bytes, not count x byteStride";
  const size_t count = size_t(s.count), stride = size_t(s.byteStride);
  // Appendix A: each mode has its own bitstream and decoder.
  switch (s.mode) {
    case StreamMode::Attributes:
      // KHR's version 1 streams are ours; version 0 is EXT's bitstream, the library's.
      if (s.khr && !encoded.empty() && encoded[0] == codecs::kMeshoptVertexHeaderV1) {
        if (std::string err = codecs::decodeMeshoptVertexV1(encoded, s.count, s.byteStride, out);
            !err.empty())
          return err;
        break;
      }
      if (int r =
              meshopt_decodeVertexBuffer(out.data(), count, stride, encoded.data(), encoded.size());
          r != 0)
        return failure("meshopt_decodeVertexBuffer", r);
      break;
    case StreamMode::Triangles:
      if (int r =
              meshopt_decodeIndexBuffer(out.data(), count, stride, encoded.data(), encoded.size());
          r != 0)
        return failure("meshopt_decodeIndexBuffer", r);
      break;
    case StreamMode::Indices:
      if (int r = meshopt_decodeIndexSequence(out.data(), count, stride, encoded.data(),
                                              encoded.size());
          r != 0)
        return failure("meshopt_decodeIndexSequence", r);
      break;
  }
  // Appendix B: the filters run in place on the decoded view.
  switch (s.filter) {
    case StreamFilter::None:
      break;
    case StreamFilter::Octahedral:
      meshopt_decodeFilterOct(out.data(), count, stride);
      break;
    case StreamFilter::Quaternion:
      meshopt_decodeFilterQuat(out.data(), count, stride);
      break;
    case StreamFilter::Exponential:
      meshopt_decodeFilterExp(out.data(), count, stride);
      break;
    case StreamFilter::Color:
      codecs::decodeMeshoptColorFilter(out, count, stride);
      break;
  }
  return {};
}

std::string decodeMeshoptViews(GltfDocument& doc, const std::vector<std::string>& readers) {
  const Json& views = array(doc.json, "bufferViews");
  struct Job {
    uint64_t view;
    MeshoptStream stream;
  };
  std::vector<Job> jobs;
  for (uint64_t v = 0; v < views.size() && v < readers.size(); ++v) {
    if (readers[v].empty() || !meshoptExtension(views[v])) continue;
    Job job{v, {}};
    if (std::string err = parseMeshoptStream(doc.json, v, job.stream); !err.empty()) return err;
    jobs.push_back(job);
  }
  if (jobs.empty()) return {};
  doc.decodedViews.resize(views.size());
  // Sizes are the file's say-so: reserved before anything is allocated.
  uint64_t total = 0;
  for (const Job& job : jobs) {
    const uint64_t bytes = job.stream.count * job.stream.byteStride;
    total += bytes;
    if (std::string err = doc.budget->reserve(bytes, extensionPointer(job.view, job.stream),
                                              "the decoded bufferView");
        !err.empty())
      return err;
    doc.decodedViews[job.view].resize(size_t(bytes));
  }
  std::vector<std::string> errors(jobs.size());
  auto decode = [&](size_t i) {
    const Job& job = jobs[i];
    const auto& buffer = doc.model.buffers[size_t(job.stream.buffer)].data;
    const auto encoded = std::span<const uint8_t>(buffer).subspan(size_t(job.stream.byteOffset),
                                                                  size_t(job.stream.byteLength));
    errors[i] = decodeMeshoptStream(job.stream, encoded, doc.decodedViews[job.view]);
  };
  // The library decodes ~2 GB/s a core: below a few MiB, starting threads costs more than it
  // saves (bench/meshopt_bench.cpp, bench/RESULTS.md).
  if (total < kParallelDecodeBytes) {
    for (size_t i = 0; i < jobs.size(); ++i) decode(i);
  } else {
    parallelFor(jobs.size(), decode);
  }
  for (size_t i = 0; i < jobs.size(); ++i)
    if (!errors[i].empty())
      return located(extensionPointer(jobs[i].view, jobs[i].stream), errors[i]);
  return {};
}

}  // namespace vitrine::scene
