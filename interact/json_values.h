// Reading KHR_interactivity's JSON values exactly ("JSON Syntax", "Inline Value Object
// Validation"): a JSON index, an int32 that must be exact (2.0 is the int 2, 2147483648 is no
// int), inline values of every type (keeping -0.0), and static references.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "value.h"

namespace vitrine::interact {

using Json = nlohmann::json;

// A non-negative number below 2^31 exactly representable as an integer ("JSON index").
std::optional<uint32_t> jsonIndex(const Json& v);
// A JSON number exactly representable as an int32 (2.0 and 0.2e1 are 2; 2147483648 is not).
std::optional<int32_t> jsonInt32(const Json& v);
// RFC 6901 syntax: empty, or '/'-separated tokens whose '~' is always followed by 0 or 1.
bool isJsonPointer(std::string_view text);

class ObjectModelHost;

// Reads an inline value array for `type`; "" on success, else the rule broken, e.g.
// "a float3 value has 3 elements, not 2", "an int value must be a number exactly representable
// as a 32-bit signed integer". A ref resolves through `host` (null when it names nothing).
std::string readInlineValue(const Json& array, Type type, ObjectModelHost* host, Value* out);

// A value of `type` as a user types it in a form (the window's custom-event form): JSON
// ("[1, 2, 3]", "true", "\"/nodes/0\""), or the same without the brackets ("1, 2, 3") or, for
// a ref, without the quotes ("/nodes/0"), then read by readInlineValue. "" on success, else
// why not. The text is at most kMaxTypedText bytes.
inline constexpr size_t kMaxTypedText = 4096;
std::string readTypedText(std::string_view text, Type type, ObjectModelHost* host, Value* out);

// The reference a static pointer names ("Variables": "/animations/1" -> animation 1), null when
// it names no object of the asset's top-level arrays (or KHR_lights_punctual's lights).
Ref staticRef(std::string_view pointer, ObjectModelHost* host);
// The kind of object an index into the array named `arrayName` denotes ("nodes" -> Node,
// "children" -> Node, "lights" -> Light, ...), RefKind::Asset when unknown.
RefKind kindOfArray(std::string_view arrayName);

}  // namespace vitrine::interact
