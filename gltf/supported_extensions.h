// The glTF extensions Vitrine renders or honours: ONE table, read by validation (an entry of
// extensionsRequired outside it refuses the asset), by the loader (an entry of extensionsUsed
// outside it gets one warning: what it adds is not drawn) and by the window (its "Not drawn"
// note). An extension goes in only when the picture (or the animation) honours it.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace vitrine::scene {

struct GltfDocument;

struct SupportedExtension {
  const char* name;  // "KHR_lights_punctual"
  const char* what;  // what Vitrine does with it, for readers of the table
};

// Every extension Vitrine renders or honours, by name.
std::span<const SupportedExtension> supportedExtensions();

// Whether `name` is in supportedExtensions(). glTF 2.0 §3.12: a client MUST NOT load an asset
// whose extensionsRequired names an extension it lacks.
bool isSupportedExtension(std::string_view name);

// The entries of the document's extensionsUsed outside supportedExtensions(), each once, in
// the array's order, with their index in it. extensionsUsed was checked by validateGltfJson()
// (an array of strings, when present).
struct UnsupportedExtension {
  std::string name;
  size_t index = 0;  // in extensionsUsed: the warning's pointer is /extensionsUsed/<index>
};
std::vector<UnsupportedExtension> unsupportedExtensions(const GltfDocument& doc);

// The warning the loader gives for one of them: "extension EXT_foo is not supported: what it
// adds is not drawn" (without the pointer).
std::string unsupportedExtensionMessage(std::string_view name);

}  // namespace vitrine::scene
