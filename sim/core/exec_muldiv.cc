// Semantics of multiply and divide: HI/LO results, MUL's GPR result and the multiply-accumulate
// family.
#include "core/exec_util.h"

namespace kasane {

namespace {
void set_hilo(Context& c, uint64_t v) {
  c.lo = static_cast<uint32_t>(v);
  c.hi = static_cast<uint32_t>(v >> 32);
}
uint64_t hilo(const Context& c) { return (static_cast<uint64_t>(c.hi) << 32) | c.lo; }
int64_t smul(const Context& c, Insn i) { return static_cast<int64_t>(srs(c, i)) * srt(c, i); }
uint64_t umul(const Context& c, Insn i) { return static_cast<uint64_t>(rs(c, i)) * rt(c, i); }
}  // namespace

void exec_mult(Context& c, Insn i) { set_hilo(c, static_cast<uint64_t>(smul(c, i))); }
void exec_multu(Context& c, Insn i) { set_hilo(c, umul(c, i)); }
void exec_madd(Context& c, Insn i) { set_hilo(c, hilo(c) + static_cast<uint64_t>(smul(c, i))); }
void exec_maddu(Context& c, Insn i) { set_hilo(c, hilo(c) + umul(c, i)); }
void exec_msub(Context& c, Insn i) { set_hilo(c, hilo(c) - static_cast<uint64_t>(smul(c, i))); }
void exec_msubu(Context& c, Insn i) { set_hilo(c, hilo(c) - umul(c, i)); }
void exec_mul(Context& c, Insn i) { c.gpr[i.rd()] = static_cast<uint32_t>(smul(c, i)); }

// Division by zero is UNPREDICTABLE in MIPS32 and INT_MIN / -1 overflows. Kasane gives what
// qemu-mipsel gives, so the two agree: the divisor is taken as 1 in both cases
// (LO = dividend, HI = 0). gcc guards real divisions by zero with `teq rt, $0, 7`.
void exec_div(Context& c, Insn i) {
  int32_t a = srs(c, i), b = srt(c, i);
  if (b == 0 || (a == INT32_MIN && b == -1)) b = 1;
  c.lo = static_cast<uint32_t>(a / b);
  c.hi = static_cast<uint32_t>(a % b);
}
void exec_divu(Context& c, Insn i) {
  uint32_t a = rs(c, i), b = rt(c, i);
  if (b == 0) b = 1;
  c.lo = a / b;
  c.hi = a % b;
}

}  // namespace kasane
