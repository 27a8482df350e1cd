// libFuzzer target: a value typed into the window's custom-event form (interact::readTypedText,
// json_values.h): the first byte picks the socket type, the rest is the text, read as JSON, as
// JSON without its brackets, or as a bare pointer for a ref, then by the inline-value rules on
// the behaviour-graph targets' host. A success must give a value of the type asked for.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "interact_fuzz_host.h"
#include "json_values.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace vitrine::interact;
  if (size == 0) return 0;
  static fuzz::FuzzHost host;
  // The socket types a custom event's value may have (not custom).
  static constexpr Type kTypes[] = {Type::Bool,     Type::Int,    Type::Float,    Type::Float2,
                                    Type::Float3,   Type::Float4, Type::Float2x2, Type::Float3x3,
                                    Type::Float4x4, Type::Ref};
  const Type type = kTypes[data[0] % (sizeof kTypes / sizeof kTypes[0])];
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  Value v;
  const std::string why = readTypedText(text, type, &host, &v);
  if (why.empty() && v.type != type) std::abort();
  return 0;
}
