#include "json_pointer.h"

namespace vitrine::scene {

std::optional<std::vector<std::string>> splitJsonPointer(std::string_view pointer,
                                                         std::string* error) {
  std::vector<std::string> tokens;
  if (pointer.empty()) return tokens;
  if (pointer[0] != '/') {
    *error = "a JSON pointer starts with '/'";
    return std::nullopt;
  }
  std::string token;
  for (size_t i = 1; i <= pointer.size(); ++i) {
    if (i == pointer.size() || pointer[i] == '/') {
      tokens.push_back(std::move(token));
      token.clear();
    } else if (pointer[i] == '~') {
      // RFC 6901 §3: '~' escapes only "~0" ('~') and "~1" ('/').
      const char next = i + 1 < pointer.size() ? pointer[i + 1] : '\0';
      if (next != '0' && next != '1') {
        *error = "'~' at offset " + std::to_string(i) + " must be followed by 0 or 1";
        return std::nullopt;
      }
      token.push_back(next == '0' ? '~' : '/');
      ++i;
    } else {
      token.push_back(pointer[i]);
    }
  }
  return tokens;
}

std::optional<uint32_t> parseArrayIndex(std::string_view token) {
  if (token.empty() || token.size() > 10 || (token.size() > 1 && token[0] == '0'))
    return std::nullopt;
  uint64_t value = 0;
  for (char c : token) {
    if (c < '0' || c > '9') return std::nullopt;
    value = value * 10 + uint64_t(c - '0');
  }
  if (value > 0x7fffffffu) return std::nullopt;
  return uint32_t(value);
}

std::string joinJsonPointer(const std::vector<std::string>& tokens) {
  std::string out;
  for (const std::string& t : tokens) {
    out.push_back('/');
    for (char c : t) {
      if (c == '~')
        out += "~0";
      else if (c == '/')
        out += "~1";
      else
        out.push_back(c);
    }
  }
  return out;
}

}  // namespace vitrine::scene
