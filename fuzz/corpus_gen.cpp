// Writes the generated part of the seed corpora (fuzz/make_corpus.sh adds the sample models):
//   corpus_gen OUT_DIR            small cases for each target under OUT_DIR/<target>/
//   corpus_gen --embed IN OUT     IN (.gltf) with its relative buffer and image URIs replaced by
//                                 base64 data: URIs, since the fuzz targets read no files
// Seeds are small on purpose: libFuzzer mutates them and runs faster on short inputs.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <stb_image_write.h>

#include "fuzz_util.h"

namespace {

using nlohmann::json;
namespace fs = std::filesystem;

std::vector<uint8_t> readAll(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(f), {}};
}

void writeAll(const fs::path& p, const void* data, size_t size) {
  std::ofstream f(p, std::ios::binary | std::ios::trunc);
  f.write(static_cast<const char*>(data), std::streamsize(size));
}

std::string base64(const std::vector<uint8_t>& in) {
  static const char* k = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  for (size_t i = 0; i < in.size(); i += 3) {
    const uint32_t n = uint32_t(in[i]) << 16 | (i + 1 < in.size() ? in[i + 1] << 8 : 0) |
                       (i + 2 < in.size() ? in[i + 2] : 0);
    out += k[(n >> 18) & 63];
    out += k[(n >> 12) & 63];
    out += i + 1 < in.size() ? k[(n >> 6) & 63] : '=';
    out += i + 2 < in.size() ? k[n & 63] : '=';
  }
  return out;
}

// Relative URIs of buffers and images become data URIs (files that do not exist stay as they
// are: the loader's warning path is worth fuzzing too).
int embed(const fs::path& in, const fs::path& out) {
  const std::vector<uint8_t> text = readAll(in);
  json doc = json::parse(text.begin(), text.end(), nullptr, false);
  if (!doc.is_object()) return 1;
  for (const char* key : {"buffers", "images"}) {
    if (!doc.contains(key) || !doc[key].is_array()) continue;
    for (json& item : doc[key]) {
      if (!item.is_object() || !item.contains("uri") || !item["uri"].is_string()) continue;
      const std::string uri = item["uri"];
      if (uri.rfind("data:", 0) == 0) continue;
      const fs::path file = in.parent_path() / uri;
      if (!fs::is_regular_file(file)) continue;
      const std::string ext = file.extension().string();
      const std::string mime = ext == ".png"                     ? "image/png"
                               : ext == ".jpg" || ext == ".jpeg" ? "image/jpeg"
                                                                 : "application/octet-stream";
      item["uri"] = "data:" + mime + ";base64," + base64(readAll(file));
    }
  }
  const std::string s = doc.dump();
  writeAll(out, s.data(), s.size());
  return 0;
}

template <class T>
std::vector<uint8_t> bytesOf(std::initializer_list<T> values) {
  std::vector<uint8_t> out(values.size() * sizeof(T));
  std::memcpy(out.data(), std::data(values), out.size());
  return out;
}

void append(std::vector<uint8_t>& a, const std::vector<uint8_t>& b) {
  a.insert(a.end(), b.begin(), b.end());
  while (a.size() % 4 != 0) a.push_back(0);
}

// A fragment seed: JSON text, NUL, bytes (fuzz_util.h).
void writeFragment(const fs::path& p, const json& fragment, const std::vector<uint8_t>& bin) {
  std::string s = fragment.dump();
  s.push_back('\0');
  s.append(bin.begin(), bin.end());
  writeAll(p, s.data(), s.size());
}

void writeToMem(void* context, void* data, int size) {
  auto* out = static_cast<std::vector<uint8_t>*>(context);
  out->insert(out->end(), static_cast<uint8_t*>(data), static_cast<uint8_t*>(data) + size);
}

std::vector<uint8_t> png(int w, int h, int channels) {
  std::vector<uint8_t> px(size_t(w) * h * channels);
  for (size_t i = 0; i < px.size(); ++i) px[i] = uint8_t(i * 37);
  std::vector<uint8_t> out;
  stbi_write_png_to_func(writeToMem, &out, w, h, channels, px.data(), w * channels);
  return out;
}

std::vector<uint8_t> jpeg(int w, int h, int channels) {
  std::vector<uint8_t> px(size_t(w) * h * channels);
  for (size_t i = 0; i < px.size(); ++i) px[i] = uint8_t(i * 13);
  std::vector<uint8_t> out;
  stbi_write_jpg_to_func(writeToMem, &out, w, h, channels, px.data(), 80);
  return out;
}

void images(const fs::path& dir) {
  int n = 0;
  for (int c = 1; c <= 4; ++c) {
    const std::vector<uint8_t> p = png(3, 2, c), j = jpeg(9, 7, c == 2 ? 1 : c);
    writeAll(dir / ("png" + std::to_string(n) + ".png"), p.data(), p.size());
    writeAll(dir / ("jpg" + std::to_string(n++) + ".jpg"), j.data(), j.size());
  }
}

void accessors(const fs::path& dir) {
  const auto view = [](uint64_t offset, uint64_t length, int stride = 0) {
    json v = {{"buffer", 0}, {"byteOffset", offset}, {"byteLength", length}};
    if (stride) v["byteStride"] = stride;
    return v;
  };
  std::vector<uint8_t> bin = bytesOf<float>({0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11});  // 0..48
  append(bin, bytesOf<uint16_t>({0, 2, 1, 3}));                                       // 48..56
  append(bin, bytesOf<int8_t>({-128, -1, 0, 1, 127, 64, 0, 0}));                      // 56..64
  append(bin, bytesOf<uint32_t>({1, 3}));                                             // 64..72
  append(bin, bytesOf<float>({-5, -6, -7, 8, 9, 10}));                                // 72..96
  const json views = {view(0, 48), view(48, 8),  view(56, 8),
                      view(64, 8), view(72, 24), view(0, 48, 16)};
  const json cases[] = {
      {{"bufferView", 0}, {"componentType", 5126}, {"type", "VEC3"}, {"count", 4}},
      {{"bufferView", 5}, {"componentType", 5126}, {"type", "VEC2"}, {"count", 3}},
      {{"bufferView", 1}, {"componentType", 5123}, {"type", "SCALAR"}, {"count", 4}},
      {{"bufferView", 2},
       {"componentType", 5120},
       {"type", "VEC4"},
       {"count", 2},
       {"normalized", true}},
      {{"bufferView", 2}, {"componentType", 5121}, {"type", "MAT2"}, {"count", 2}},
      {{"bufferView", 0}, {"componentType", 5126}, {"type", "MAT3"}, {"count", 1}},
      {{"componentType", 5126},
       {"type", "VEC3"},
       {"count", 5},
       {"sparse",
        {{"count", 2},
         {"indices", {{"bufferView", 3}, {"componentType", 5125}}},
         {"values", {{"bufferView", 4}}}}}},
      {{"bufferView", 0},
       {"componentType", 5126},
       {"type", "SCALAR"},
       {"count", 12},
       {"sparse",
        {{"count", 4},
         {"indices", {{"bufferView", 1}, {"componentType", 5123}}},
         {"values", {{"bufferView", 0}, {"byteOffset", 4}}}}}},
  };
  int n = 0;
  for (const json& a : cases) {
    writeFragment(dir / ("accessor" + std::to_string(n++)),
                  {{"accessors", {a}}, {"bufferViews", views}}, bin);
  }
}

void animations(const fs::path& dir) {
  // Times 0, 0.5, 1 at 0; translations (VEC3) at 12; rotations (VEC4) at 48; scalars at 96;
  // colours (VEC4) at 108; cubic-spline VEC3 triples at 156.
  std::vector<uint8_t> bin = bytesOf<float>({0, 0.5f, 1});
  append(bin, bytesOf<float>({0, 0, 0, 1, 2, 3, -1, 0, 4}));
  append(bin, bytesOf<float>({0, 0, 0, 1, 0, 0.7071f, 0, 0.7071f, 0, 1, 0, 0}));
  append(bin, bytesOf<float>({0.5f, 1.2f, 0.1f}));
  append(bin, bytesOf<float>({1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 0.5f}));
  std::vector<float> cubic(27);
  for (size_t i = 0; i < cubic.size(); ++i) cubic[i] = float(i % 5) - 2;
  const size_t cubicAt = bin.size();
  bin.insert(bin.end(), reinterpret_cast<uint8_t*>(cubic.data()),
             reinterpret_cast<uint8_t*>(cubic.data() + cubic.size()));
  const auto acc = [](uint64_t offset, const char* type, int count) {
    return json{{"bufferView", 0},
                {"byteOffset", offset},
                {"componentType", 5126},
                {"type", type},
                {"count", count}};
  };
  json accessors = {acc(0, "SCALAR", 3),  acc(12, "VEC3", 3),  acc(48, "VEC4", 3),
                    acc(96, "SCALAR", 3), acc(108, "VEC4", 3), acc(cubicAt, "VEC3", 9)};
  accessors[0]["min"] = {0};
  accessors[0]["max"] = {1};
  const json views = {{{"buffer", 0}, {"byteLength", bin.size()}}};
  const auto sampler = [](int output, const char* interpolation) {
    return json{{"input", 0}, {"output", output}, {"interpolation", interpolation}};
  };
  const auto node = [](int n, const char* path) { return json{{"node", n}, {"path", path}}; };
  const auto pointer = [](const char* p) {
    return json{{"path", "pointer"}, {"extensions", {{"KHR_animation_pointer", {{"pointer", p}}}}}};
  };
  const json clips[] = {
      {{"samplers", {sampler(1, "LINEAR"), sampler(2, "LINEAR"), sampler(1, "STEP")}},
       {"channels",
        {{{"sampler", 0}, {"target", node(0, "translation")}},
         {{"sampler", 1}, {"target", node(1, "rotation")}},
         {{"sampler", 2}, {"target", node(2, "scale")}}}}},
      {{"samplers", {sampler(5, "CUBICSPLINE"), sampler(2, "STEP")}},
       {"channels",
        {{{"sampler", 0}, {"target", node(2, "translation")}},
         {{"sampler", 1}, {"target", node(0, "rotation")}}}}},
      {{"samplers", {sampler(4, "LINEAR"), sampler(3, "LINEAR"), sampler(3, "STEP")}},
       {"channels",
        {{{"sampler", 0}, {"target", pointer("/materials/0/pbrMetallicRoughness/baseColorFactor")}},
         {{"sampler", 1}, {"target", pointer("/cameras/0/perspective/yfov")}},
         {{"sampler", 2},
          {"target", pointer("/extensions/KHR_lights_punctual/lights/0/intensity")}}}}},
  };
  int n = 0;
  for (const json& clip : clips) {
    writeFragment(dir / ("animation" + std::to_string(n++)),
                  {{"animations", {clip}}, {"accessors", accessors}, {"bufferViews", views}}, bin);
  }
  writeFragment(dir / "animation_all",
                {{"animations", clips}, {"accessors", accessors}, {"bufferViews", views}}, bin);
}

// Whole assets for the loader: a triangle (GLB), the same with a PNG texture, a sparse morph
// target and a skin, as .gltf with data URIs.
void assets(const fs::path& dir) {
  std::vector<uint8_t> bin = bytesOf<float>({0, 0, 0, 1, 0, 0, 0, 1, 0});  // positions, 0..36
  append(bin, bytesOf<uint16_t>({0, 1, 2}));                               // indices, 36..42 -> 44
  append(bin, bytesOf<float>({0, 0, 1, 0, 0.5f, 1}));                      // texcoords, 44..68
  append(bin, bytesOf<float>({1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}));  // 68..132
  const size_t imageAt = bin.size();
  const std::vector<uint8_t> image = png(2, 2, 4);
  append(bin, image);
  json doc = json::parse(R"({
    "asset": {"version": "2.0"}, "scene": 0, "scenes": [{"nodes": [0, 1]}],
    "nodes": [{"mesh": 0, "skin": 0}, {"children": [2]}, {"translation": [1, 0, 0]}],
    "skins": [{"joints": [1], "inverseBindMatrices": 4}],
    "meshes": [{"primitives": [{"attributes": {"POSITION": 0, "TEXCOORD_0": 2},
                                "indices": 1, "material": 0,
                                "targets": [{"POSITION": 3}]}],
                "weights": [0.5]}],
    "materials": [{"pbrMetallicRoughness": {"baseColorTexture": {"index": 0}}}],
    "textures": [{"source": 0, "sampler": 0}], "samplers": [{"magFilter": 9728}],
    "images": [{"bufferView": 3, "mimeType": "image/png"}],
    "accessors": [
      {"bufferView": 0, "componentType": 5126, "type": "VEC3", "count": 3,
       "min": [0, 0, 0], "max": [1, 1, 0]},
      {"bufferView": 1, "componentType": 5123, "type": "SCALAR", "count": 3},
      {"bufferView": 2, "componentType": 5126, "type": "VEC2", "count": 3},
      {"componentType": 5126, "type": "VEC3", "count": 3,
       "sparse": {"count": 1, "indices": {"bufferView": 1, "componentType": 5123},
                  "values": {"bufferView": 0}}},
      {"bufferView": 4, "componentType": 5126, "type": "MAT4", "count": 1}
    ]
  })");
  doc["bufferViews"] = {{{"buffer", 0}, {"byteOffset", 0}, {"byteLength", 36}},
                        {{"buffer", 0}, {"byteOffset", 36}, {"byteLength", 6}},
                        {{"buffer", 0}, {"byteOffset", 44}, {"byteLength", 24}},
                        {{"buffer", 0}, {"byteOffset", imageAt}, {"byteLength", image.size()}},
                        {{"buffer", 0}, {"byteOffset", 68}, {"byteLength", 64}}};
  doc["buffers"] = {{{"byteLength", bin.size()}}};
  const std::vector<uint8_t> glb = vitrine::fuzz::packGlb(doc.dump(), bin);
  writeAll(dir / "skinned_textured.glb", glb.data(), glb.size());
  doc["buffers"][0]["uri"] = "data:application/octet-stream;base64," + base64(bin);
  const std::string text = doc.dump();
  writeAll(dir / "skinned_textured.gltf", text.data(), text.size());
  const std::string minimal = R"({"asset":{"version":"2.0"}})";
  writeAll(dir / "minimal.gltf", minimal.data(), minimal.size());
  // KHR_xmp_json_ld (xmp_metadata.h): packets of every value form, referenced by the asset
  // and a node, one reference out of range.
  const std::string xmp = R"({"asset": {"version": "2.0", "generator": "g", "copyright": "c",
    "extensions": {"KHR_xmp_json_ld": {"packet": 0}}},
    "nodes": [{"extensions": {"KHR_xmp_json_ld": {"packet": 1}}},
              {"extensions": {"KHR_xmp_json_ld": {"packet": 9}}}],
    "extensionsUsed": ["KHR_xmp_json_ld"],
    "extensions": {"KHR_xmp_json_ld": {"packets": [
      {"@context": {"dc": "http://purl.org/dc/elements/1.1/",
                    "rdf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#"},
       "@id": "",
       "dc:title": {"@type": "rdf:Alt", "rdf:_1": {"@language": "en-us", "@value": "T"},
                    "rdf:_2": {"@language": "x-default", "@value": "D"}},
       "dc:creator": {"@list": ["A", "B"]}, "dc:subject": {"@set": ["s"]},
       "dc:seq": {"@type": "rdf:Seq", "rdf:_1": 1, "rdf:_2": true},
       "dc:struct": {"dc:a": {"dc:b": [1, 2]}}, "dc:value": {"@value": "v"}},
      {"dc:title": "no context"}, 7]}}})";
  writeAll(dir / "xmp_metadata.gltf", xmp.data(), xmp.size());
}

// KHR_interactivity (interact_graph_fuzz): extension objects as JSON text, each graph valid:
// a log on start, a loop of pointer/set over nodes, a variable counter, an interpolation with
// a delay after it, custom events and selection through a switch and a sequence, the flow
// operations with state on ticks, and a default graph after a refused one.
void interactGraphs(const fs::path& dir) {
  const char* graphs[] = {
      R"({"graphs": [{"types": [{"signature": "int"}, {"signature": "float"}],
        "declarations": [{"op": "event/onStart"}, {"op": "debug/log"}],
        "nodes": [{"declaration": 0, "flows": {"out": {"node": 1, "socket": "in"}}},
                  {"declaration": 1, "configuration": {"message": {"value": ["hello {x}"]},
                                                       "severity": {"value": [1]}},
                   "values": {"x": {"type": 1, "value": [2.5]}}}]}]})",
      R"({"graphs": [{"types": [{"signature": "int"}, {"signature": "float"},
                                {"signature": "float3"}],
        "declarations": [{"op": "event/onTick"}, {"op": "flow/for"}, {"op": "type/intToFloat"},
                         {"op": "math/combine3"}, {"op": "pointer/set"}],
        "nodes": [{"declaration": 0, "flows": {"out": {"node": 1}}},
                  {"declaration": 1, "values": {"startIndex": {"type": 0, "value": [0]},
                                                "endIndex": {"type": 0, "value": [2]}},
                   "flows": {"loopBody": {"node": 4}}},
                  {"declaration": 2, "values": {"a": {"node": 1, "socket": "index"}}},
                  {"declaration": 3, "values": {"a": {"node": 2}, "b": {"type": 1, "value": [0]},
                                                "c": {"type": 1, "value": [1]}}},
                  {"declaration": 4,
                   "configuration": {"pointer": {"value": ["/nodes/[i]/translation"]},
                                     "type": {"value": [2]}},
                   "values": {"i": {"node": 1, "socket": "index"}, "value": {"node": 3}}}]}]})",
      R"({"graphs": [{"types": [{"signature": "int"}], "variables": [{"type": 0, "value": [0]}],
        "declarations": [{"op": "event/onStart"}, {"op": "flow/for"}, {"op": "variable/get"},
                         {"op": "math/add"}, {"op": "variable/set"}],
        "nodes": [{"declaration": 0, "flows": {"out": {"node": 1}}},
                  {"declaration": 1, "values": {"startIndex": {"type": 0, "value": [0]},
                                                "endIndex": {"type": 0, "value": [10]}},
                   "flows": {"loopBody": {"node": 4}}},
                  {"declaration": 2, "configuration": {"variable": {"value": [0]}}},
                  {"declaration": 3, "values": {"a": {"node": 2}, "b": {"type": 0, "value": [1]}}},
                  {"declaration": 4, "configuration": {"variables": {"value": [0]}},
                   "values": {"0": {"node": 3}}}]}]})",
      R"({"graphs": [{"types": [{"signature": "float"}, {"signature": "float2"},
                                {"signature": "float4"}],
        "declarations": [{"op": "event/onStart"}, {"op": "pointer/interpolate"},
                         {"op": "flow/setDelay"}, {"op": "debug/log"}],
        "nodes": [{"declaration": 0, "flows": {"out": {"node": 1}}},
                  {"declaration": 1,
                   "configuration": {
                     "pointer": {"value": ["/materials/0/pbrMetallicRoughness/baseColorFactor"]},
                     "type": {"value": [2]}},
                   "values": {"value": {"type": 2, "value": [1, 0, 0, 1]},
                              "duration": {"type": 0, "value": [1]},
                              "p1": {"type": 1, "value": [0.42, 0]},
                              "p2": {"type": 1, "value": [0.58, 1]}},
                   "flows": {"done": {"node": 2}}},
                  {"declaration": 2, "values": {"duration": {"type": 0, "value": [0.5]}},
                   "flows": {"done": {"node": 3}}},
                  {"declaration": 3, "configuration": {"message": {"value": ["done"]}}}]}]})",
      R"({"graphs": [{"types": [{"signature": "int"}, {"signature": "float"},
                                {"signature": "bool"}, {"signature": "ref"},
                                {"signature": "float3"}],
        "events": [{"id": "ping", "values": {"n": {"type": 0, "value": [3]}}}],
        "declarations": [{"op": "event/onSelect", "extension": "KHR_node_selectability",
                          "outputValueSockets": {"selectedNode": {"type": 3},
                                                 "controllerIndex": {"type": 0},
                                                 "selectionPoint": {"type": 4},
                                                 "selectionRayOrigin": {"type": 4},
                                                 "event": {"type": 3}}},
                         {"op": "event/send"}, {"op": "event/receive"}, {"op": "flow/switch"},
                         {"op": "flow/sequence"}, {"op": "debug/log"}],
        "nodes": [{"declaration": 0, "configuration": {"nodeIndex": {"value": [0]}},
                   "flows": {"out": {"node": 1}}},
                  {"declaration": 1, "configuration": {"event": {"value": [0]}},
                   "values": {"n": {"node": 0, "socket": "controllerIndex"}}},
                  {"declaration": 2, "configuration": {"event": {"value": [0]}},
                   "flows": {"out": {"node": 3}}},
                  {"declaration": 3, "configuration": {"cases": {"value": [0, 3]}},
                   "values": {"selection": {"node": 2, "socket": "n"}},
                   "flows": {"3": {"node": 4}, "default": {"node": 5}}},
                  {"declaration": 4, "flows": {"a": {"node": 5}, "b": {"node": 5}}},
                  {"declaration": 5, "configuration": {"message": {"value": ["n={n}"]}},
                   "values": {"n": {"node": 2, "socket": "n"}}}]}]})",
      R"({"graphs": [{"types": [{"signature": "int"}, {"signature": "float"},
                                {"signature": "bool"}, {"signature": "ref"}],
        "declarations": [{"op": "event/onTick"}, {"op": "flow/doN"}, {"op": "flow/multiGate"},
                         {"op": "flow/waitAll"}, {"op": "math/switch"}, {"op": "math/lt"},
                         {"op": "flow/branch"}, {"op": "animation/start"},
                         {"op": "flow/throttle"}, {"op": "debug/log"}],
        "nodes": [{"declaration": 0, "flows": {"out": {"node": 1}}},
                  {"declaration": 1, "values": {"n": {"type": 0, "value": [5]}},
                   "flows": {"out": {"node": 2}}},
                  {"declaration": 2, "configuration": {"isRandom": {"value": [false]},
                                                       "isLoop": {"value": [true]}},
                   "flows": {"a": {"node": 3, "socket": "0"}, "b": {"node": 3, "socket": "1"}}},
                  {"declaration": 3, "configuration": {"inputFlows": {"value": [2]}},
                   "flows": {"completed": {"node": 6}}},
                  {"declaration": 4, "configuration": {"cases": {"value": [0, 1]}},
                   "values": {"selection": {"node": 2, "socket": "lastIndex"},
                              "default": {"type": 1, "value": [0]},
                              "0": {"type": 1, "value": [1]}, "1": {"type": 1, "value": [2]}}},
                  {"declaration": 5, "values": {"a": {"node": 4},
                                                "b": {"type": 1, "value": [1.5]}}},
                  {"declaration": 6, "values": {"condition": {"node": 5}},
                   "flows": {"true": {"node": 7}, "false": {"node": 8}}},
                  {"declaration": 7, "values": {"animation": {"type": 3, "value": ["/animations/0"]},
                                                "startTime": {"type": 1, "value": [0]},
                                                "endTime": {"type": 1, "value": [2]},
                                                "speed": {"type": 1, "value": [1]}},
                   "flows": {"done": {"node": 9}}},
                  {"declaration": 8, "values": {"duration": {"type": 1, "value": [0.5]}},
                   "flows": {"out": {"node": 9}}},
                  {"declaration": 9, "configuration": {"message": {"value": ["{x}"]}},
                   "values": {"x": {"node": 0, "socket": "timeSinceStart"}}}]}]})",
      R"({"graph": 1, "graphs": [{"nodes": []},
        {"declarations": [{"op": "math/Pi"}], "nodes": [{"declaration": 0}]}]})",
  };
  int n = 0;
  for (const char* g : graphs) {
    const std::string text = json::parse(g).dump();  // checked JSON, one line
    writeAll(dir / ("graph" + std::to_string(n++) + ".json"), text.data(), text.size());
  }
}

// interact_run_fuzz: any bytes make a valid graph, so the seeds are fixed pseudo-random byte
// strings of a few lengths (short ones give small graphs, long ones up to 64 nodes).
void interactRuns(const fs::path& dir) {
  uint32_t state = 12345;
  for (const size_t size : {16, 64, 256, 1024, 4096}) {
    std::vector<uint8_t> bytes(size);
    for (uint8_t& b : bytes) {
      state = state * 1664525u + 1013904223u;
      b = uint8_t(state >> 24);
    }
    writeAll(dir / ("run" + std::to_string(size)), bytes.data(), bytes.size());
  }
}
// interact_value_text_fuzz: the type byte (index into the target's kTypes) and a typed value.
void interactValueTexts(const fs::path& dir) {
  const std::pair<uint8_t, const char*> seeds[] = {
      {0, "true"},       {1, "-7"},
      {2, "2.5"},        {3, "[1, 2]"},
      {4, "1, 2.5, -3"}, {5, "[0,0,0,1]"},
      {6, "1,0,0,1"},    {8, "1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1"},
      {9, "/nodes/1"},   {9, "\"/materials/0\""},
      {2, "\"NaN\""},    {1, "2147483648"}};
  int n = 0;
  for (const auto& [type, text] : seeds) {
    std::string bytes(1, char(type));
    bytes += text;
    writeAll(dir / ("value" + std::to_string(n++)), bytes.data(), bytes.size());
  }
}

// ply_fuzz: 3DGS .ply files (splat/ply_reader.h) of two splats, in the INRIA property order
// unless shuffled: each degree, both binary byte orders, ascii, extra properties and elements.
std::vector<uint8_t> plySeed(const std::string& format, uint32_t restCount, bool shuffled,
                             bool extras) {
  std::vector<std::string> names = {"x", "y", "z", "nx", "ny", "nz", "f_dc_0", "f_dc_1", "f_dc_2"};
  for (uint32_t k = 0; k < restCount; ++k) names.push_back("f_rest_" + std::to_string(k));
  for (const char* n :
       {"opacity", "scale_0", "scale_1", "scale_2", "rot_0", "rot_1", "rot_2", "rot_3"})
    names.push_back(n);
  if (shuffled) std::reverse(names.begin(), names.end());
  if (extras) names.push_back("red");  // an extra uchar
  std::string text = "ply\nformat " + format + " 1.0\ncomment corpus_gen\nelement vertex 2\n";
  for (const std::string& n : names)
    text += "property " + (n == "red" ? "uchar " + n : "float " + n) + "\n";
  if (extras) text += "element face 1\nproperty list uchar int vertex_indices\n";
  text += "end_header\n";
  std::vector<uint8_t> out(text.begin(), text.end());
  for (int i = 0; i < 2; ++i) {
    for (size_t p = 0; p < names.size(); ++p) {
      const std::string& n = names[p];
      const float v = n == "rot_0" ? 1.0f : n.rfind("scale_", 0) == 0 ? -3.0f : 0.1f * float(p + i);
      if (format == "ascii") {
        const std::string t =
            std::to_string(n == "red" ? 200.0f : v) + (p + 1 < names.size() ? " " : "\n");
        out.insert(out.end(), t.begin(), t.end());
      } else if (n == "red") {
        out.push_back(200);
      } else {
        uint8_t b[4];
        std::memcpy(b, &v, 4);
        for (int k = 0; k < 4; ++k) out.push_back(b[format == "binary_big_endian" ? 3 - k : k]);
      }
    }
  }
  if (extras) {
    const std::string face =
        format == "ascii" ? "3 0 1 0\n" : std::string("\x03\0\0\0\0\1\0\0\0\0\0\0\0", 13);
    out.insert(out.end(), face.begin(), face.end());
  }
  return out;
}

void plySeeds(const fs::path& dir) {
  int n = 0;
  auto write = [&](const std::vector<uint8_t>& bytes) {
    writeAll(dir / ("splats" + std::to_string(n++) + ".ply"), bytes.data(), bytes.size());
  };
  for (const uint32_t rest : {0u, 9u, 24u, 45u})
    write(plySeed("binary_little_endian", rest, false, false));
  write(plySeed("binary_big_endian", 9, false, false));
  write(plySeed("ascii", 0, false, true));
  write(plySeed("ascii", 9, true, false));
  write(plySeed("binary_little_endian", 24, true, true));
}

// splat_attributes_fuzz: the bytes choose the document (the target's FuzzedDataProvider takes
// integers from the end, the buffer from the front), so the seeds are byte strings: fixed
// pseudo-random ones of a few lengths, and ones whose choice bytes keep every attribute in its
// usual format (a valid splat primitive) over a buffer of small floats.
void splatAttributes(const fs::path& dir) {
  uint32_t state = 2024;
  for (const size_t size : {32, 128, 512, 2048}) {
    std::vector<uint8_t> bytes(size);
    for (uint8_t& b : bytes) {
      state = state * 1664525u + 1013904223u;
      b = uint8_t(state >> 24);
    }
    writeAll(dir / ("random" + std::to_string(size)), bytes.data(), bytes.size());
  }
  for (const uint8_t choice : {0x05, 0x07, 0x0E, 0x0F}) {
    std::vector<uint8_t> bytes = bytesOf<float>({0.5f, -0.25f, 1.0f, 0.0f, 0.75f, 0.125f});
    bytes.insert(bytes.end(), 64, choice);
    writeAll(dir / ("usual" + std::to_string(choice)), bytes.data(), bytes.size());
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 4 && std::string(argv[1]) == "--embed") return embed(argv[2], argv[3]);
  if (argc != 2) {
    std::fprintf(stderr, "usage: corpus_gen OUT_DIR | corpus_gen --embed IN.gltf OUT\n");
    return 2;
  }
  const fs::path out = argv[1];
  for (const char* t : {"loader", "accessor", "animation", "image", "interact_graph",
                        "interact_run", "interact_value_text"})
    fs::create_directories(out / t);
  assets(out / "loader");
  accessors(out / "accessor");
  animations(out / "animation");
  images(out / "image");
  interactGraphs(out / "interact_graph");
  interactRuns(out / "interact_run");
  interactValueTexts(out / "interact_value_text");
  fs::create_directories(out / "ply");
  plySeeds(out / "ply");
  fs::create_directories(out / "splat_attributes");
  splatAttributes(out / "splat_attributes");
  return 0;
}
