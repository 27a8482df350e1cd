#include "ops_pure.h"

namespace vitrine::interact {

// Placeholder: the family is being written.
void evalVectorOp(Op, const Value* const*, Value*, int32_t) {}

}  // namespace vitrine::interact
