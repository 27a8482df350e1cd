// The pure operations (no flow, no state): math/*, type/* and ref/eq, each family one function
// that switches over its rows of op_table.h. The compiler resolves every input to a Value (a
// constant or an earlier node's output) and types every output before the first call.
//
// Contract of every family function: in[k] points to the value of the k-th input socket of
// opInfo(op).inputs; out[k] is the k-th output socket of opInfo(op).outputs, its `type` already
// set (for T: the type of the node's first T input); the function writes the outputs' values
// and nothing else. `param` is the row's configuration where it has one (math/quatFromAngles:
// the rotation order, kOrderXYZ...). No allocation, no exception, no global state.
#pragma once

#include <cstdint>

#include "op_table.h"
#include "value.h"

namespace vitrine::interact {

// math/quatFromAngles `order`, in the order the specification lists them.
enum : int32_t { kOrderXYZ, kOrderXZY, kOrderYXZ, kOrderYZX, kOrderZXY, kOrderZYX };

// Constants, component-wise arithmetic (abs..smoothStep), float comparisons, isNaN/isInf,
// trigonometry, hyperbolic, exponential and pow, on floatN / floatNxN (ops_float.cpp).
void evalFloatOp(Op op, const Value* const* in, Value* out, int32_t param);
// Vector (length..slerp), matrix (transpose..matDecompose), quaternion, combine/extract and
// the OkLCh colour conversions (ops_vector.cpp).
void evalVectorOp(Op op, const Value* const* in, Value* out, int32_t param);
// int arithmetic, comparison and bitwise operations, bool operations, type/* conversions and
// ref/eq (ops_int.cpp).
void evalIntOp(Op op, const Value* const* in, Value* out, int32_t param);

// Which family function runs `op`; null for an operation that is not pure (flow, state,
// events, math/random, math/select, math/switch).
using PureFn = void (*)(Op, const Value* const*, Value*, int32_t);
PureFn pureFunction(Op op);

}  // namespace vitrine::interact
