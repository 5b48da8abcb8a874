/* multu-vs-mult-high-word - mult and multu give the same low word but different high words for
 * negative operands; the three-operand mul keeps only the low word.
 * Expect: status 0 */
#include <stdint.h>

#include "check.h"

static uint64_t mult(uint32_t a, uint32_t b) {
  uint32_t hi, lo;
  __asm__("mult %2, %3\n\tmfhi %0\n\tmflo %1" : "=r"(hi), "=r"(lo) : "r"(a), "r"(b) : "hi", "lo");
  return (uint64_t)hi << 32 | lo;
}

static uint64_t multu(uint32_t a, uint32_t b) {
  uint32_t hi, lo;
  __asm__("multu %2, %3\n\tmfhi %0\n\tmflo %1" : "=r"(hi), "=r"(lo) : "r"(a), "r"(b) : "hi", "lo");
  return (uint64_t)hi << 32 | lo;
}

static uint32_t mul(uint32_t a, uint32_t b) {
  uint32_t r;
  __asm__("mul %0, %1, %2" : "=r"(r) : "r"(a), "r"(b) : "hi", "lo");
  return r;
}

int main(void) {
  CHECK_HEX(mult(0xffffffffu, 2), 0xfffffffffffffffeULL);
  CHECK_HEX(multu(0xffffffffu, 2), 0x1fffffffeULL);
  CHECK_HEX(mult(0x80000000u, 0x80000000u), 0x4000000000000000ULL);
  CHECK_HEX(multu(0x80000000u, 0x80000000u), 0x4000000000000000ULL);
  CHECK_HEX(mult(0x80000000u, 0x7fffffffu), 0xc000000080000000ULL);
  CHECK_HEX(multu(0x12345678u, 0x9abcdef0u), 0x0b00ea4e242d2080ULL);
  CHECK_HEX(mult(0x12345678u, 0x9abcdef0u), 0xf8cc93d6242d2080ULL);
  CHECK_HEX(mul(0x12345678u, 0x9abcdef0u), 0x242d2080u);
  CHECK_HEX(mul(0xffffffffu, 0xffffffffu), 1);
  volatile int a = -46340, b = 46340;
  CHECK_INT(a * b, -2147395600); /* C multiplication of ints: the mul instruction */
  return check_done();
}
