/* mult-madd-msub-hilo - HI/LO as a 64-bit accumulator: mthi/mtlo load it, madd/maddu add a
 * product, msub/msubu subtract one, mfhi/mflo read it back.
 * Expect: status 0 */
#include <stdint.h>

#include "check.h"

#define ACC_OP(name, insn)                                                        \
  static uint64_t name(uint64_t acc, uint32_t a, uint32_t b) {                    \
    uint32_t hi, lo;                                                              \
    __asm__("mthi %2\n\tmtlo %3\n\t" insn " %4, %5\n\tmfhi %0\n\tmflo %1"         \
            : "=&r"(hi), "=&r"(lo)                                                \
            : "r"((uint32_t)(acc >> 32)), "r"((uint32_t)acc), "r"(a), "r"(b)      \
            : "hi", "lo");                                                        \
    return (uint64_t)hi << 32 | lo;                                               \
  }
ACC_OP(madd, "madd")
ACC_OP(maddu, "maddu")
ACC_OP(msub, "msub")
ACC_OP(msubu, "msubu")

static uint64_t hilo_roundtrip(uint32_t hi, uint32_t lo) {
  uint32_t h, l;
  __asm__("mthi %2\n\tmtlo %3\n\tmfhi %0\n\tmflo %1"
          : "=&r"(h), "=&r"(l)
          : "r"(hi), "r"(lo)
          : "hi", "lo");
  return (uint64_t)h << 32 | l;
}

int main(void) {
  CHECK_HEX(hilo_roundtrip(0xdeadbeefu, 0x01234567u), 0xdeadbeef01234567ULL);
  CHECK_HEX(madd(0, 3, 4), 12);
  CHECK_HEX(madd(10, (uint32_t)-3, 4), (uint64_t)-2);
  CHECK_HEX(madd(0xffffffffULL, 1, 1), 0x100000000ULL); /* carry from LO into HI */
  CHECK_HEX(maddu(0, 0xffffffffu, 0xffffffffu), 0xfffffffe00000001ULL);
  CHECK_HEX(madd(0, 0xffffffffu, 0xffffffffu), 1); /* (-1) * (-1) */
  CHECK_HEX(msub(100, 3, 4), 88);
  CHECK_HEX(msub(0, 0x80000000u, 0x80000000u), (uint64_t)-(int64_t)0x4000000000000000LL);
  CHECK_HEX(msubu(0, 0xffffffffu, 2), (uint64_t)-(int64_t)0x1fffffffeLL);
  CHECK_HEX(msub(0x100000000ULL, 1, 1), 0xffffffffULL); /* borrow from HI */
  /* A dot product accumulated without leaving HI/LO. */
  static const int32_t x[] = {100000, -200000, 300000, 400000};
  static const int32_t y[] = {50000, 60000, -70000, 80000};
  uint64_t acc = 0;
  for (int i = 0; i < 4; i++) acc = madd(acc, (uint32_t)x[i], (uint32_t)y[i]);
  CHECK_INT((int64_t)acc,
            100000LL * 50000 - 200000LL * 60000 - 300000LL * 70000 + 400000LL * 80000);
  return check_done();
}
