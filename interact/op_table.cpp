#include "op_table.h"

#include <array>
#include <string>
#include <unordered_map>

namespace vitrine::interact {
namespace {

struct Row {
  Op op;
  const char* name;
  TypeClass cls;
  const char* inputs;
  const char* outputs;
  const char* flowsIn;
  const char* flowsOut;
};

constexpr TypeClass None = TypeClass::None, FN = TypeClass::FN, FNN = TypeClass::FNN,
                    FA = TypeClass::FA, Any = TypeClass::Any;

constexpr Row kRows[] = {
#define X(e, name, cls, ins, outs, fin, fout) {Op::e, name, cls, ins, outs, fin, fout},
#include "op_list.inc"
#undef X
};

std::vector<std::string_view> words(const char* text) {
  std::vector<std::string_view> out;
  std::string_view s(text);
  while (!s.empty()) {
    const size_t start = s.find_first_not_of(' ');
    if (start == std::string_view::npos) break;
    s.remove_prefix(start);
    const size_t end = s.find(' ');
    out.push_back(s.substr(0, end));
    if (end == std::string_view::npos) break;
    s.remove_prefix(end);
  }
  return out;
}

Type typeFromName(std::string_view name) {
  for (uint8_t t = 0; t < uint8_t(Type::Count); ++t) {
    if (name == typeName(Type(t))) return Type(t);
  }
  return Type::Custom;
}

std::vector<SocketSpec> sockets(const char* text) {
  std::vector<SocketSpec> out;
  for (std::string_view w : words(text)) {
    const size_t colon = w.find(':');
    SocketSpec s;
    s.id = w.substr(0, colon);
    const std::string_view type = w.substr(colon + 1);
    s.generic = type == "T";
    if (!s.generic) s.type = typeFromName(type);
    out.push_back(s);
  }
  return out;
}

struct Table {
  std::array<OpInfo, size_t(Op::Count)> info;
  std::unordered_map<std::string_view, std::vector<Op>> byName;
  Table() {
    for (const Row& r : kRows) {
      OpInfo& i = info[size_t(r.op)];
      i.op = r.op;
      i.name = r.name;
      i.cls = r.cls;
      i.inputs = sockets(r.inputs);
      i.outputs = sockets(r.outputs);
      i.flowsIn = words(r.flowsIn);
      i.flowsOut = words(r.flowsOut);
      byName[i.name].push_back(r.op);
    }
    info[size_t(Op::Noop)].name = "(unsupported)";
  }
};

const Table& table() {
  static const Table t;
  return t;
}

}  // namespace

bool typeInClass(Type type, TypeClass cls) {
  switch (cls) {
    case TypeClass::None:
      return false;
    case TypeClass::FN:
      return isVectorType(type);
    case TypeClass::FNN:
      return isMatrixType(type);
    case TypeClass::FA:
      return isFloatType(type);
    case TypeClass::Any:
      return type != Type::Count;
  }
  return false;
}

const OpInfo& opInfo(Op op) {
  return table().info[size_t(op)];
}

std::span<const Op> overloadsOf(std::string_view name) {
  const auto& m = table().byName;
  const auto it = m.find(name);
  if (it == m.end()) return {};
  return it->second;
}

int findSocket(const std::vector<SocketSpec>& list, std::string_view id) {
  for (size_t k = 0; k < list.size(); ++k) {
    if (list[k].id == id) return int(k);
  }
  return -1;
}

}  // namespace vitrine::interact
