// Semantics of the FPU's conversions and comparisons: CVT between S, D and W; ROUND, TRUNC, CEIL
// and FLOOR to W; and C.cond.fmt, which sets a condition code. A conversion to an integer of a
// NaN or of a value out of range gives 0x7fffffff and Invalid (the legacy MIPS rule, whatever
// the sign). The 64-bit L format needs Status.FR = 1, so its rows do not exist here (Reserved
// Instruction, as on qemu with FR = 0; gcc calls __fixdfdi/__floatdidf for it).
#include "core/fpu.h"

namespace kasane {

using namespace fpu;

namespace {

// The integer nearest to d in rounding mode rm (0 nearest-even, 1 zero, 2 up, 3 down). Exact:
// d - floor(d) is always representable.
double round_integral(double d, unsigned rm) {
  switch (rm) {
    case 1: return std::trunc(d);
    case 2: return std::ceil(d);
    case 3: return std::floor(d);
  }
  const double f = std::floor(d), frac = d - f;
  if (frac > 0.5) return f + 1;
  if (frac < 0.5) return f;
  return std::fmod(f, 2.0) == 0 ? f : f + 1;  // a tie goes to the even neighbour
}

constexpr unsigned kCurrentMode = 4;  // CVT.W: the FCSR rounding mode

template <typename T>
void to_word(Context& c, Insn i, unsigned rm) {
  if (!regs_ok<T>(c, i.fs())) return;
  const T x = get<T>(c, i.fs());
  uint32_t cause = kInvalid;
  int32_t r = 0x7fffffff;
  if (!std::isnan(x)) {
    const double d = x;  // exact for both formats
    const double n = round_integral(d, rm == kCurrentMode ? (c.fcsr & kRmMask) : rm);
    if (n >= -2147483648.0 && n <= 2147483647.0) {
      r = static_cast<int32_t>(n);
      cause = n != d ? kInexact : 0;
    }
  }
  if (commit(c, cause)) set(c, i.fd(), r);
}

// fd (format To) = fs (format From), rounded in the FCSR mode.
template <typename To, typename From>
void convert(Context& c, Insn i) {
  if (!regs_ok<To>(c, i.fd()) || !regs_ok<From>(c, i.fs())) return;
  uint32_t cause = 0;
  To r = compute<To>(c, cause, [](From x) { return static_cast<To>(x); }, get<From>(c, i.fs()));
  if (commit(c, cause)) set(c, i.fd(), r);
}

// C.cond.fmt: the condition's bits are funct 3:0: 0 true if unordered, 1 if equal, 2 if less,
// 3 signal Invalid on an unordered (quiet NaN) comparison too.
template <typename T>
void compare(Context& c, Insn i) {
  if (!regs_ok<T>(c, i.fs() | i.ft())) return;
  const T a = get<T>(c, i.fs()), b = get<T>(c, i.ft());
  const unsigned cond = i.funct() & 15;
  const bool unordered = std::isnan(a) || std::isnan(b);
  const bool signal = is_snan(a) || is_snan(b) || (unordered && (cond & 8));
  const bool r = unordered ? (cond & 1) : (((cond & 2) && a == b) || ((cond & 4) && a < b));
  if (commit(c, signal ? kInvalid : 0)) set_fcc(c, i.cc_fd(), r);
}

}  // namespace

void exec_cvt_s_d(Context& c, Insn i) { convert<float, double>(c, i); }
void exec_cvt_s_w(Context& c, Insn i) { convert<float, int32_t>(c, i); }
void exec_cvt_d_s(Context& c, Insn i) { convert<double, float>(c, i); }
void exec_cvt_d_w(Context& c, Insn i) { convert<double, int32_t>(c, i); }
void exec_cvt_w_s(Context& c, Insn i) { to_word<float>(c, i, kCurrentMode); }
void exec_cvt_w_d(Context& c, Insn i) { to_word<double>(c, i, kCurrentMode); }
void exec_round_w_s(Context& c, Insn i) { to_word<float>(c, i, 0); }
void exec_round_w_d(Context& c, Insn i) { to_word<double>(c, i, 0); }
void exec_trunc_w_s(Context& c, Insn i) { to_word<float>(c, i, 1); }
void exec_trunc_w_d(Context& c, Insn i) { to_word<double>(c, i, 1); }
void exec_ceil_w_s(Context& c, Insn i) { to_word<float>(c, i, 2); }
void exec_ceil_w_d(Context& c, Insn i) { to_word<double>(c, i, 2); }
void exec_floor_w_s(Context& c, Insn i) { to_word<float>(c, i, 3); }
void exec_floor_w_d(Context& c, Insn i) { to_word<double>(c, i, 3); }

void exec_c_cond_s(Context& c, Insn i) { compare<float>(c, i); }
void exec_c_cond_d(Context& c, Insn i) { compare<double>(c, i); }

}  // namespace kasane
