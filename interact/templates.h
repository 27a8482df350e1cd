// The two template languages of KHR_interactivity: JSON pointer templates ("JSON Pointer
// Template Parsing", "Effective JSON Pointer Generation") and debug/log messages ("Log").
// Parsed at load; the effective pointers are generated at load for every parameter value.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace vitrine::interact {

struct TemplateParam {
  std::string id;             // the input value socket id (brackets stripped, ~1 -> /, ~0 -> ~)
  bool isRef = false;         // {id}; [id] is an int
  size_t begin = 0, end = 0;  // the segment's [begin, end) in the template
};

// The parameters of a pointer template in order of appearance, or nullopt when the template
// is syntactically invalid (RFC 6901, empty or repeated parameters, stray or odd brackets).
std::optional<std::vector<TemplateParam>> parsePointerTemplate(std::string_view pointer);

// The effective pointer: each parameter replaced by its text (values[k] for params[k]), then
// the doubled brackets of literal segments undoubled.
std::string effectivePointer(std::string_view pointer, const std::vector<TemplateParam>& params,
                             const std::vector<std::string>& values);

struct MessageParam {
  size_t begin = 0, end = 0;  // the inclusive range "{id}" as [begin, end)
  std::string id;
};
// The parameters of a debug/log message, or nullopt when the message is invalid (the state
// machine of "Log"). Positions are in bytes of the UTF-8 text; braces are ASCII, so the
// machine runs the same on bytes as on code points.
std::optional<std::vector<MessageParam>> parseLogMessage(std::string_view message);
// Replaces "[[", "]]", "{{" and "}}" with one bracket (pointer templates' literal segments).
std::string undoubleBraces(std::string_view text);
// Replaces "{{" with "{" and "}}" with "}" only ("Log": square brackets are not doubled there).
std::string undoubleCurly(std::string_view text);

}  // namespace vitrine::interact
