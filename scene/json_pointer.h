// RFC 6901 JSON pointers, split into reference tokens.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace vitrine::scene {

// Splits "/a/b~1c/~0d" into {"a", "b/c", "~d"}. The empty pointer (the whole document)
// gives no tokens. Empty with *error set when the pointer does not start with '/' or
// holds a '~' not followed by '0' or '1'.
[[nodiscard]] std::optional<std::vector<std::string>> splitJsonPointer(std::string_view pointer,
                                                                       std::string* error);

// An array index token: "0" or digits without a leading zero (RFC 6901 §4), below 2^31.
[[nodiscard]] std::optional<uint32_t> parseArrayIndex(std::string_view token);

// The pointer of `tokens`, escaped again (for messages).
std::string joinJsonPointer(const std::vector<std::string>& tokens);

}  // namespace vitrine::scene
