// Semantics of the FPU's arithmetic: ADD SUB MUL DIV SQRT RECIP RSQRT, the unfused multiply-adds
// of COP1X (MADD MSUB NMADD NMSUB: MIPS32 rounds the product, then the sum, as qemu does), and
// the sign and copy operations ABS NEG MOV, which touch no FCSR bit. Each in format S (float) and
// D (double); the rules for NaNs, flushing and exceptions are in fpu.h.
#include "core/fpu.h"

namespace kasane {

using namespace fpu;

namespace {

// fd = f(fs, ft): the three-register operations.
template <typename T, typename F>
void binary(Context& c, Insn i, F f) {
  if (!regs_ok<T>(c, i.fd() | i.fs() | i.ft())) return;
  uint32_t cause = 0;
  T r = compute<T>(c, cause, f, get<T>(c, i.fs()), get<T>(c, i.ft()));
  if (commit(c, cause)) set(c, i.fd(), r);
}

// fd = f(fs).
template <typename T, typename F>
void unary(Context& c, Insn i, F f) {
  if (!regs_ok<T>(c, i.fd() | i.fs())) return;
  uint32_t cause = 0;
  T r = compute<T>(c, cause, f, get<T>(c, i.fs()));
  if (commit(c, cause)) set(c, i.fd(), r);
}

// fd = ±(fs * ft ± fr), each step rounded; NMADD/NMSUB negate even a NaN result.
template <typename T>
void multiply_add(Context& c, Insn i, bool subtract, bool negate) {
  if (!regs_ok<T>(c, i.fd() | i.fr() | i.fs() | i.ft())) return;
  uint32_t cause = 0;
  T p = compute<T>(c, cause, [](T a, T b) { return a * b; }, get<T>(c, i.fs()), get<T>(c, i.ft()));
  T r = subtract ? compute<T>(c, cause, [](T a, T b) { return a - b; }, p, get<T>(c, i.fr()))
                 : compute<T>(c, cause, [](T a, T b) { return a + b; }, p, get<T>(c, i.fr()));
  if (negate) r = -r;
  if (commit(c, cause)) set(c, i.fd(), r);
}

// ABS, NEG and MOV only move bits: no NaN rule, no flush, no exception (qemu: no FCSR update).
// The sign is bit 31 of the operand's last word (the odd register of a double).
template <typename T>
void sign_op(Context& c, Insn i, uint32_t keep, uint32_t flip) {
  if (!regs_ok<T>(c, i.fd() | i.fs())) return;
  constexpr unsigned kWords = sizeof(T) / 4;
  uint32_t w[kWords];
  for (unsigned k = 0; k < kWords; ++k) w[k] = c.fpr[i.fs() + k];
  w[kWords - 1] = (w[kWords - 1] & keep) ^ flip;
  for (unsigned k = 0; k < kWords; ++k) c.fpr[i.fd() + k] = w[k];
}
constexpr uint32_t kSign = 0x80000000u;

template <typename T> T add(T a, T b) { return a + b; }
template <typename T> T sub(T a, T b) { return a - b; }
template <typename T> T mul(T a, T b) { return a * b; }
template <typename T> T div(T a, T b) { return a / b; }
template <typename T> T sqrt(T a) { return std::sqrt(a); }
template <typename T> T recip(T a) { return T(1) / a; }
// qemu computes RSQRT as 1 / sqrt(x) with two roundings; so does this.
template <typename T> T rsqrt(T a) { return T(1) / launder(std::sqrt(a)); }

}  // namespace

void exec_add_s(Context& c, Insn i) { binary<float>(c, i, add<float>); }
void exec_add_d(Context& c, Insn i) { binary<double>(c, i, add<double>); }
void exec_sub_s(Context& c, Insn i) { binary<float>(c, i, sub<float>); }
void exec_sub_d(Context& c, Insn i) { binary<double>(c, i, sub<double>); }
void exec_mul_s(Context& c, Insn i) { binary<float>(c, i, mul<float>); }
void exec_mul_d(Context& c, Insn i) { binary<double>(c, i, mul<double>); }
void exec_div_s(Context& c, Insn i) { binary<float>(c, i, div<float>); }
void exec_div_d(Context& c, Insn i) { binary<double>(c, i, div<double>); }
void exec_sqrt_s(Context& c, Insn i) { unary<float>(c, i, sqrt<float>); }
void exec_sqrt_d(Context& c, Insn i) { unary<double>(c, i, sqrt<double>); }
void exec_recip_s(Context& c, Insn i) { unary<float>(c, i, recip<float>); }
void exec_recip_d(Context& c, Insn i) { unary<double>(c, i, recip<double>); }
void exec_rsqrt_s(Context& c, Insn i) { unary<float>(c, i, rsqrt<float>); }
void exec_rsqrt_d(Context& c, Insn i) { unary<double>(c, i, rsqrt<double>); }

void exec_madd_s(Context& c, Insn i) { multiply_add<float>(c, i, false, false); }
void exec_madd_d(Context& c, Insn i) { multiply_add<double>(c, i, false, false); }
void exec_msub_s(Context& c, Insn i) { multiply_add<float>(c, i, true, false); }
void exec_msub_d(Context& c, Insn i) { multiply_add<double>(c, i, true, false); }
void exec_nmadd_s(Context& c, Insn i) { multiply_add<float>(c, i, false, true); }
void exec_nmadd_d(Context& c, Insn i) { multiply_add<double>(c, i, false, true); }
void exec_nmsub_s(Context& c, Insn i) { multiply_add<float>(c, i, true, true); }
void exec_nmsub_d(Context& c, Insn i) { multiply_add<double>(c, i, true, true); }

void exec_abs_s(Context& c, Insn i) { sign_op<float>(c, i, ~kSign, 0); }
void exec_abs_d(Context& c, Insn i) { sign_op<double>(c, i, ~kSign, 0); }
void exec_neg_s(Context& c, Insn i) { sign_op<float>(c, i, ~0u, kSign); }
void exec_neg_d(Context& c, Insn i) { sign_op<double>(c, i, ~0u, kSign); }
void exec_mov_s(Context& c, Insn i) { sign_op<float>(c, i, ~0u, 0); }
void exec_mov_d(Context& c, Insn i) { sign_op<double>(c, i, ~0u, 0); }

}  // namespace kasane
