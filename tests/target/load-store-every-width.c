/* load-store-every-width - lb/lbu/lh/lhu/lw and sb/sh/sw: byte order is little-endian, signed
 * loads sign-extend, unsigned loads zero-extend, and narrow stores touch only their bytes.
 * Expect: status 0 */
#include <stdint.h>

#include "check.h"

static union {
  uint32_t w[2];
  uint16_t h[4];
  uint8_t b[8];
} m;

int main(void) {
  volatile uint32_t* w = m.w;
  w[0] = 0x8281fe7fu;
  w[1] = 0x11223344u;
  CHECK_HEX(m.b[0], 0x7f); /* least significant byte at the lowest address */
  CHECK_HEX(m.b[3], 0x82);
  CHECK_HEX(m.h[0], 0xfe7f);
  CHECK_HEX(m.h[1], 0x8281);

  int32_t sb0, sb1, sh0, sh1;
  uint32_t ub1, uh1;
  __asm__("lb %0, 0(%6)\n\tlb %1, 1(%6)\n\tlbu %2, 1(%6)\n\t"
          "lh %3, 0(%6)\n\tlh %4, 2(%6)\n\tlhu %5, 2(%6)"
          : "=&r"(sb0), "=&r"(sb1), "=&r"(ub1), "=&r"(sh0), "=&r"(sh1), "=&r"(uh1)
          : "r"(m.b)
          : "memory");
  CHECK_INT(sb0, 0x7f);
  CHECK_INT(sb1, -2);
  CHECK_HEX(ub1, 0xfe);
  CHECK_INT(sh0, -385); /* 0xfe7f */
  CHECK_INT(sh1, -32127); /* 0x8281 */
  CHECK_HEX(uh1, 0x8281);

  __asm__ volatile("sb %0, 5(%1)" : : "r"(0xabcdefaau), "r"(m.b) : "memory");
  CHECK_HEX(w[1], 0x1122aa44u);
  __asm__ volatile("sh %0, 2(%1)" : : "r"(0x12345678u), "r"(m.b) : "memory");
  CHECK_HEX(w[0], 0x5678fe7fu);
  __asm__ volatile("sw %0, 4(%1)" : : "r"(0xcafef00du), "r"(m.b) : "memory");
  CHECK_HEX(w[1], 0xcafef00du);
  CHECK_HEX(w[0], 0x5678fe7fu);

  volatile int8_t c = (int8_t)0x80;
  volatile uint8_t uc = 0x80;
  volatile int16_t s = (int16_t)0x8000;
  volatile uint16_t us = 0x8000;
  CHECK_INT(c, -128);
  CHECK_INT(uc, 128);
  CHECK_INT(s, -32768);
  CHECK_INT(us, 32768);
  volatile uint64_t d = 0x0123456789abcdefULL; /* two lw/sw */
  CHECK_HEX(d, 0x0123456789abcdefULL);
  return check_done();
}
