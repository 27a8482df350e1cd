#include "templates.h"

#include "json_values.h"

namespace vitrine::interact {
namespace {

std::string unescape(std::string_view s) {
  std::string out;
  for (size_t k = 0; k < s.size(); ++k) {
    if (s[k] == '~' && k + 1 < s.size() && (s[k + 1] == '0' || s[k + 1] == '1')) {
      out += s[k + 1] == '1' ? '/' : '~';
      ++k;
    } else {
      out += s[k];
    }
  }
  return out;
}

// A literal segment must not hold an odd run of the same bracket (step 4, literal segments).
bool literalRunsEven(std::string_view s) {
  for (size_t k = 0; k < s.size();) {
    const char c = s[k];
    if (c != '[' && c != ']' && c != '{' && c != '}') {
      ++k;
      continue;
    }
    size_t run = 0;
    while (k < s.size() && s[k] == c) ++run, ++k;
    if (run % 2 != 0) return false;
  }
  return true;
}

bool hasBracketInside(std::string_view inner) {
  return inner.find_first_of("[]{}") != std::string_view::npos;
}

}  // namespace

std::optional<std::vector<TemplateParam>> parsePointerTemplate(std::string_view pointer) {
  // "JSON Pointer Template Parsing", steps 1-5.
  if (!isJsonPointer(pointer)) return std::nullopt;
  std::vector<TemplateParam> params;
  size_t pos = 0;
  while (pos < pointer.size()) {
    const size_t begin = pos + 1;  // after '/'
    size_t end = pointer.find('/', begin);
    if (end == std::string_view::npos) end = pointer.size();
    const std::string_view seg = pointer.substr(begin, end - begin);
    pos = end;
    if (seg == "[" || seg == "{") return std::nullopt;
    const bool intParam = seg.size() >= 1 && seg[0] == '[' && (seg.size() < 2 || seg[1] != '[');
    const bool refParam = seg.size() >= 1 && seg[0] == '{' && (seg.size() < 2 || seg[1] != '{');
    if (intParam || refParam) {
      const char close = intParam ? ']' : '}';
      if (seg.size() < 3 || seg.back() != close) return std::nullopt;
      const std::string_view inner = seg.substr(1, seg.size() - 2);
      if (hasBracketInside(inner)) return std::nullopt;
      TemplateParam p;
      p.id = unescape(inner);
      p.isRef = refParam;
      p.begin = begin;
      p.end = end;
      for (const TemplateParam& q : params) {
        if (q.id == p.id) return std::nullopt;
      }
      params.push_back(std::move(p));
    } else if (!literalRunsEven(seg)) {
      return std::nullopt;
    }
  }
  return params;
}

std::string effectivePointer(std::string_view pointer, const std::vector<TemplateParam>& params,
                             const std::vector<std::string>& values) {
  // "Effective JSON Pointer Generation": parameters replaced, then literal brackets undoubled.
  // Substituted values are decimal digits, so undoubling the literal parts alone is the same.
  std::string result;
  size_t pos = 0;
  for (size_t k = 0; k < params.size(); ++k) {
    result += undoubleBraces(pointer.substr(pos, params[k].begin - pos));
    result += values[k];
    pos = params[k].end;
  }
  result += undoubleBraces(pointer.substr(pos));
  return result;
}

std::string undoubleBraces(std::string_view text) {
  std::string out;
  for (size_t k = 0; k < text.size(); ++k) {
    const char c = text[k];
    out += c;
    if ((c == '[' || c == ']' || c == '{' || c == '}') && k + 1 < text.size() && text[k + 1] == c) {
      ++k;
    }
  }
  return out;
}

std::string undoubleCurly(std::string_view text) {
  std::string out;
  for (size_t k = 0; k < text.size(); ++k) {
    out += text[k];
    if ((text[k] == '{' || text[k] == '}') && k + 1 < text.size() && text[k + 1] == text[k]) ++k;
  }
  return out;
}

std::optional<std::vector<MessageParam>> parseLogMessage(std::string_view m) {
  // "Log": the four-state machine over the message.
  std::vector<MessageParam> params;
  int state = 0;
  size_t paramStart = 0;
  for (size_t i = 0; i < m.size(); ++i) {
    if (m[i] == '{') {
      if (state == 0) {
        state = 1;
      } else if (state == 1) {
        state = 0;
      } else {
        return std::nullopt;
      }
    } else if (m[i] == '}') {
      if (state == 0) {
        state = 3;
      } else if (state == 3) {
        state = 0;
      } else if (state == 2) {
        params.push_back(
            {paramStart, i + 1, std::string(m.substr(paramStart + 1, i - paramStart - 1))});
        state = 0;
      } else {
        return std::nullopt;
      }
    } else if (state == 1) {
      paramStart = i - 1;
      state = 2;
    } else if (state == 3) {
      return std::nullopt;
    }
  }
  if (state != 0) return std::nullopt;
  return params;
}

}  // namespace vitrine::interact
