// Shared helpers of the FPU tests: encoders for the COP1/COP1X instructions (enc::fp) and
// FpuMachine, a Machine with Status.CU1 set and accessors for FP registers as bit patterns.
// Expected bit patterns that are not obvious come from qemu-mipsel (o32 static binaries built
// with mipsel-linux-gnu-gcc -march=mips32r2 -mfp32, inline asm, FCSR read with cfc1); the tests
// say so where they use one.
#pragma once

#include <cstring>

#include "test_machine.h"

namespace kasane::test {

namespace enc::fp {

constexpr unsigned S = 16, D = 17, W = 20;  // fmt field values

constexpr uint32_t cop1(unsigned fmt, unsigned ft, unsigned fs, unsigned fd, unsigned funct) {
  return rtype(17, fmt, ft, fs, fd, funct);
}
// Arithmetic: fd = fs OP ft.
constexpr uint32_t add(unsigned f, unsigned fd, unsigned fs, unsigned ft) { return cop1(f, ft, fs, fd, 0x00); }
constexpr uint32_t sub(unsigned f, unsigned fd, unsigned fs, unsigned ft) { return cop1(f, ft, fs, fd, 0x01); }
constexpr uint32_t mul(unsigned f, unsigned fd, unsigned fs, unsigned ft) { return cop1(f, ft, fs, fd, 0x02); }
constexpr uint32_t div(unsigned f, unsigned fd, unsigned fs, unsigned ft) { return cop1(f, ft, fs, fd, 0x03); }
constexpr uint32_t sqrt(unsigned f, unsigned fd, unsigned fs) { return cop1(f, 0, fs, fd, 0x04); }
constexpr uint32_t abs(unsigned f, unsigned fd, unsigned fs) { return cop1(f, 0, fs, fd, 0x05); }
constexpr uint32_t mov(unsigned f, unsigned fd, unsigned fs) { return cop1(f, 0, fs, fd, 0x06); }
constexpr uint32_t neg(unsigned f, unsigned fd, unsigned fs) { return cop1(f, 0, fs, fd, 0x07); }
constexpr uint32_t recip(unsigned f, unsigned fd, unsigned fs) { return cop1(f, 0, fs, fd, 0x15); }
constexpr uint32_t rsqrt(unsigned f, unsigned fd, unsigned fs) { return cop1(f, 0, fs, fd, 0x16); }
// Conversions: `from` is the source format.
constexpr uint32_t cvt_s(unsigned from, unsigned fd, unsigned fs) { return cop1(from, 0, fs, fd, 0x20); }
constexpr uint32_t cvt_d(unsigned from, unsigned fd, unsigned fs) { return cop1(from, 0, fs, fd, 0x21); }
constexpr uint32_t cvt_w(unsigned from, unsigned fd, unsigned fs) { return cop1(from, 0, fs, fd, 0x24); }
constexpr uint32_t round_w(unsigned f, unsigned fd, unsigned fs) { return cop1(f, 0, fs, fd, 0x0c); }
constexpr uint32_t trunc_w(unsigned f, unsigned fd, unsigned fs) { return cop1(f, 0, fs, fd, 0x0d); }
constexpr uint32_t ceil_w(unsigned f, unsigned fd, unsigned fs) { return cop1(f, 0, fs, fd, 0x0e); }
constexpr uint32_t floor_w(unsigned f, unsigned fd, unsigned fs) { return cop1(f, 0, fs, fd, 0x0f); }
// C.cond.fmt: cond 0..15 (f un eq ueq olt ult ole ule sf ngle seq ngl lt nge le ngt).
constexpr uint32_t c(unsigned f, unsigned cond, unsigned cc, unsigned fs, unsigned ft) {
  return cop1(f, ft, fs, 0, 0x30 | cond) | (cc & 7u) << 8;
}
// BC1F/BC1T (tf) and their likely forms; offset in instructions from the delay slot.
constexpr uint32_t bc1(bool tf, bool likely, unsigned cc, int32_t off) {
  return itype(17, 8, (cc & 7u) << 2 | (likely ? 2u : 0u) | (tf ? 1u : 0u), off);
}
// MOVF/MOVT to an FPR (fmt) or to a GPR, MOVZ/MOVN.fmt.
constexpr uint32_t movcf(unsigned f, bool tf, unsigned cc, unsigned fd, unsigned fs) {
  return cop1(f, (cc & 7u) << 2 | (tf ? 1u : 0u), fs, fd, 0x11);
}
constexpr uint32_t movcf_gpr(bool tf, unsigned cc, unsigned rd, unsigned rs) {
  return special(rs, (cc & 7u) << 2 | (tf ? 1u : 0u), rd, 0, 0x01);
}
constexpr uint32_t movz(unsigned f, unsigned fd, unsigned fs, unsigned rt) { return cop1(f, rt, fs, fd, 0x12); }
constexpr uint32_t movn(unsigned f, unsigned fd, unsigned fs, unsigned rt) { return cop1(f, rt, fs, fd, 0x13); }
// Moves between the register files.
constexpr uint32_t mfc1(unsigned rt, unsigned fs) { return cop1(0, rt, fs, 0, 0); }
constexpr uint32_t cfc1(unsigned rt, unsigned fs) { return cop1(2, rt, fs, 0, 0); }
constexpr uint32_t mfhc1(unsigned rt, unsigned fs) { return cop1(3, rt, fs, 0, 0); }
constexpr uint32_t mtc1(unsigned rt, unsigned fs) { return cop1(4, rt, fs, 0, 0); }
constexpr uint32_t ctc1(unsigned rt, unsigned fs) { return cop1(6, rt, fs, 0, 0); }
constexpr uint32_t mthc1(unsigned rt, unsigned fs) { return cop1(7, rt, fs, 0, 0); }
// Memory.
constexpr uint32_t lwc1(unsigned ft, int32_t off, unsigned base) { return itype(49, base, ft, off); }
constexpr uint32_t ldc1(unsigned ft, int32_t off, unsigned base) { return itype(53, base, ft, off); }
constexpr uint32_t swc1(unsigned ft, int32_t off, unsigned base) { return itype(57, base, ft, off); }
constexpr uint32_t sdc1(unsigned ft, int32_t off, unsigned base) { return itype(61, base, ft, off); }
constexpr uint32_t lwxc1(unsigned fd, unsigned index, unsigned base) { return rtype(19, base, index, 0, fd, 0x00); }
constexpr uint32_t ldxc1(unsigned fd, unsigned index, unsigned base) { return rtype(19, base, index, 0, fd, 0x01); }
constexpr uint32_t swxc1(unsigned fs, unsigned index, unsigned base) { return rtype(19, base, index, fs, 0, 0x08); }
constexpr uint32_t sdxc1(unsigned fs, unsigned index, unsigned base) { return rtype(19, base, index, fs, 0, 0x09); }
// COP1X multiply-add: fd = fs * ft + fr (kind 4 madd, 5 msub, 6 nmadd, 7 nmsub; f is S or D).
constexpr uint32_t madd_kind(unsigned kind, unsigned f, unsigned fd, unsigned fr, unsigned fs,
                             unsigned ft) {
  return rtype(19, fr, ft, fs, fd, kind << 3 | (f == D ? 1u : 0u));
}

}  // namespace enc::fp

// FCSR bits as the tests spell them.
namespace fcsr {
constexpr uint32_t I = 1, U = 2, O = 4, Z = 8, V = 16, E = 32;  // one bit per exception
constexpr uint32_t flags(uint32_t e) { return e << 2; }
constexpr uint32_t enables(uint32_t e) { return e << 7; }
constexpr uint32_t cause(uint32_t e) { return e << 12; }
// What an operation that raised `e` with nothing enabled leaves in an FCSR that was 0.
constexpr uint32_t after(uint32_t e) { return cause(e) | flags(e); }
constexpr uint32_t kFS = 1u << 24;
}  // namespace fcsr

// Where condition code n lives in FCSR: bit 23 for cc 0, bit 24 + n for the others.
constexpr uint32_t fcsr_cc_bit(unsigned n) { return 1u << (n == 0 ? 23 : 24 + n); }

inline uint32_t bits(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}
inline uint64_t bits(double d) {
  uint64_t b;
  std::memcpy(&b, &d, 8);
  return b;
}

class FpuMachine : public Machine {
 public:
  FpuMachine() { ctx().cp0.status |= cp0::kStatusCU1; }
  uint32_t& f(unsigned r) { return ctx().fpr[r]; }
  void set_d(unsigned r, uint64_t v) {
    ctx().fpr[r] = static_cast<uint32_t>(v);
    ctx().fpr[r + 1] = static_cast<uint32_t>(v >> 32);
  }
  uint64_t d(unsigned r) { return ctx().fpr[r] | static_cast<uint64_t>(ctx().fpr[r + 1]) << 32; }
  uint32_t& fcsr() { return ctx().fcsr; }

  // One single-format operation fd = $f0 on fs = $f2 (and ft = $f4), from FCSR `csr`.
  uint32_t op_s(uint32_t word, uint32_t a, uint32_t b = 0, uint32_t csr = 0) {
    f(2) = a;
    f(4) = b;
    fcsr() = csr;
    exec({word});
    return f(0);
  }
  uint64_t op_d(uint32_t word, uint64_t a, uint64_t b = 0, uint32_t csr = 0) {
    set_d(2, a);
    set_d(4, b);
    fcsr() = csr;
    exec({word});
    return d(0);
  }
};

}  // namespace kasane::test
