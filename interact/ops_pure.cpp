#include "ops_pure.h"

namespace vitrine::interact {

PureFn pureFunction(Op op) {
  const auto in = [op](Op first, Op last) { return op >= first && op <= last; };
  if (in(Op::MathE, Op::MathIsInf) || in(Op::MathRad, Op::MathPow)) return evalFloatOp;
  if (in(Op::MathLength, Op::MathExtract4x4) || in(Op::MathRgbToOkLCh, Op::MathRgbFromOkLCh)) {
    return evalVectorOp;
  }
  if (in(Op::IntAbs, Op::BoolXor) || in(Op::RefEq, Op::FloatToInt)) return evalIntOp;
  return nullptr;
}

}  // namespace vitrine::interact
