// The operations of KHR_interactivity and its node extensions as a table: one row per overload
// (op_list.inc), with its value sockets, type class and flow sockets, read once from the rows'
// text into a static table. The compiler picks the row matching a node's input types; the
// executor dispatches on the row's enum. Nothing here runs per tick.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "value.h"

namespace vitrine::interact {

enum class Op : uint16_t {
#define X(e, name, cls, ins, outs, fin, fout) e,
#include "op_list.inc"
#undef X
  Noop,  // an operation of an unsupported extension ("Unsupported Operations")
  Count
};

// The types a row's T stands for (the specification's placeholders, "Math Operations"):
// FN floatN (float..float4), FNN floatNxN, FA either, Any every type.
enum class TypeClass : uint8_t { None, FN, FNN, FA, Any };
bool typeInClass(Type type, TypeClass cls);

struct SocketSpec {
  std::string_view id;
  Type type = Type::Float;  // when !generic
  bool generic = false;     // T
};

struct OpInfo {
  Op op = Op::Noop;
  std::string_view name;  // "math/add"
  TypeClass cls = TypeClass::None;
  std::vector<SocketSpec> inputs;   // value sockets, in the row's order
  std::vector<SocketSpec> outputs;  // value sockets, in the row's order
  std::vector<std::string_view> flowsIn;
  std::vector<std::string_view> flowsOut;
};

const OpInfo& opInfo(Op op);
// The rows of the operation `name` (one per overload), empty when the specification and its
// node extensions define no such operation.
std::span<const Op> overloadsOf(std::string_view name);
// The index of `id` among `sockets`, or -1.
int findSocket(const std::vector<SocketSpec>& sockets, std::string_view id);

}  // namespace vitrine::interact
