// The FPU's machinery shared by its semantics files (exec_fpu_*.cc): the FCSR fields, reading
// and writing single, double and word operands in the register file (Status.FR = 0), and running
// one IEEE operation on the host with the FCSR rounding mode, then applying MIPS's rules to it:
// the legacy NaN encoding (a quiet NaN has the quiet bit CLEAR; every NaN result is the default
// NaN, as qemu's MIPS model computes it), FCSR.FS flushing of results, and Cause/Flags/Enables
// with the Floating-Point exception.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "core/exec_util.h"

namespace kasane::fpu {

// C++17 has no std::bit_cast.
template <typename To, typename From>
To bit_cast(From v) {
  static_assert(sizeof(To) == sizeof(From));
  To out;
  std::memcpy(&out, &v, sizeof out);
  return out;
}

// FCSR (control register 31). Cause, Flags and Enables share one bit order, kInexact first.
constexpr uint32_t kInexact = 1, kUnderflow = 2, kOverflow = 4, kDivZero = 8, kInvalid = 16;
constexpr uint32_t kUnimplemented = 32;  // Cause only: there is no Flag or Enable bit for it
constexpr uint32_t kRmMask = 3;           // rounding mode: 0 nearest, 1 zero, 2 +inf, 3 -inf
constexpr unsigned kFlagShift = 2;        // Flags: bits 6:2
constexpr unsigned kEnableShift = 7;      // Enables: bits 11:7
constexpr unsigned kCauseShift = 12;      // Cause: bits 17:12
constexpr uint32_t kFS = 1u << 24;        // flush denormalised results (and operands) to zero
constexpr uint32_t kFcsrWritable = 0xff83ffffu;  // bits 22:18 are zero (no NAN2008, no Impl)
// FIR (control register 0): the formats W, D, S and L (L only with FR = 1, so its operations
// raise Reserved Instruction here, as on qemu's 24Kf with FR = 0), F64 = 0 since Status.FR
// stays 0, and the 24Kf's implementation number 0x93.
constexpr uint32_t kFir = (1u << 21) | (1u << 20) | (1u << 17) | (1u << 16) | (0x93u << 8);

// The default NaNs of the legacy (pre-2008) encoding.
constexpr uint32_t kDefaultNanS = 0x7fbfffffu;
constexpr uint64_t kDefaultNanD = 0x7ff7ffffffffffffull;

// Condition code n: FCSR bit 23 for n = 0, bit 24 + n for the others.
inline uint32_t fcc_mask(unsigned n) { return 1u << (n == 0 ? 23 : 24 + n); }
inline bool fcc(const Context& c, unsigned n) { return c.fcsr & fcc_mask(n); }
inline void set_fcc(Context& c, unsigned n, bool v) {
  c.fcsr = v ? (c.fcsr | fcc_mask(n)) : (c.fcsr & ~fcc_mask(n));
}

// Operands by type: float is format S, double format D (the pair r, r + 1), int32_t format W.
template <typename T>
T get(const Context& c, unsigned r);
template <>
inline float get<float>(const Context& c, unsigned r) { return bit_cast<float>(c.fpr[r]); }
template <>
inline int32_t get<int32_t>(const Context& c, unsigned r) {
  return static_cast<int32_t>(c.fpr[r]);
}
template <>
inline double get<double>(const Context& c, unsigned r) {
  return bit_cast<double>(c.fpr[r & ~1u] | static_cast<uint64_t>(c.fpr[r | 1u]) << 32);
}
inline void set(Context& c, unsigned r, float v) { c.fpr[r] = bit_cast<uint32_t>(v); }
inline void set(Context& c, unsigned r, int32_t v) { c.fpr[r] = static_cast<uint32_t>(v); }
inline void set(Context& c, unsigned r, double v) {
  const uint64_t b = bit_cast<uint64_t>(v);
  c.fpr[r & ~1u] = static_cast<uint32_t>(b);
  c.fpr[r | 1u] = static_cast<uint32_t>(b >> 32);
}

// With FR = 0 a double operand names an even register; qemu raises Reserved Instruction for an
// odd one (the architecture leaves it unpredictable). False: the exception was taken.
template <typename T>
bool regs_ok(Context& c, uint32_t ored_regs) {
  if (sizeof(T) == 8 && (ored_regs & 1)) {
    c.core->raise(c, cp0::kRI);
    return false;
  }
  return true;
}

template <typename T>
T default_nan() {
  if constexpr (sizeof(T) == 4) return bit_cast<T>(kDefaultNanS);
  else return bit_cast<T>(kDefaultNanD);
}
// Legacy encoding: the most significant fraction bit set means signalling.
inline bool is_snan(float x) {
  return std::isnan(x) && (bit_cast<uint32_t>(x) & 0x00400000u);
}
inline bool is_snan(double x) {
  return std::isnan(x) && (bit_cast<uint64_t>(x) & 0x0008000000000000ull);
}
inline bool is_snan(int32_t) { return false; }
inline bool is_nan(float x) { return std::isnan(x); }
inline bool is_nan(double x) { return std::isnan(x); }
inline bool is_nan(int32_t) { return false; }

// Run host floating-point code with the FCSR rounding mode and collect the IEEE exceptions it
// raised, as MIPS cause bits.
class HostRounding {
 public:
  explicit HostRounding(const Context& c);
  ~HostRounding();
  uint32_t cause() const;

 private:
  int saved_;
};

// Keep the compiler from moving an operation across the rounding-mode change (with
// -frounding-math on the FPU files, this also stops constant folding).
template <typename T>
T launder(T x) {
  volatile T v = x;
  return v;
}

// One IEEE operation `f` on `args`, as MIPS computes it: an sNaN operand is Invalid, any NaN
// result is the default NaN, and with FCSR.FS a result too small to be normal is a zero of its
// sign, with neither Underflow nor Inexact (qemu flushes before rounding; operands are not
// flushed). ORs what it raised into `cause`.
template <typename T, typename F, typename... A>
T compute(const Context& c, uint32_t& cause, F f, A... args) {
  if ((is_snan(args) || ...)) cause |= kInvalid;
  if ((is_nan(args) || ...)) return default_nan<T>();
  T r;
  uint32_t raised;
  {
    HostRounding h(c);
    r = launder(f(launder(args)...));
    raised = h.cause();
  }
  if (std::isnan(r)) {
    cause |= raised;
    return default_nan<T>();
  }
  const bool tiny = std::fpclassify(r) == FP_SUBNORMAL || (r == 0 && (raised & kUnderflow));
  if ((c.fcsr & kFS) && tiny) {
    cause |= raised & ~(kUnderflow | kInexact);
    return std::copysign(T(0), r);
  }
  cause |= raised;
  return r;
}

// The end of an arithmetic operation: Cause is this operation's exceptions; an enabled one (or
// Unimplemented) raises the Floating-Point exception and the result must not be written,
// otherwise they accumulate in Flags. True: write the result.
bool commit(Context& c, uint32_t cause);

// CFC1 and CTC1: FIR, FCCR (25), FEXR (26), FENR (28) and FCSR (31).
uint32_t read_control(const Context& c, unsigned reg);
void write_control(Context& c, unsigned reg, uint32_t v);

}  // namespace kasane::fpu
