/* clz-clo-count-leading - clz counts leading zeros (32 for 0), clo leading ones (32 for ~0);
 * __builtin_ctz/popcount built on top of them must agree with a bit loop.
 * Expect: status 0 */
#include "check.h"

static unsigned clz(unsigned x) {
  unsigned r;
  __asm__("clz %0, %1" : "=r"(r) : "r"(x));
  return r;
}

static unsigned clo(unsigned x) {
  unsigned r;
  __asm__("clo %0, %1" : "=r"(r) : "r"(x));
  return r;
}

static unsigned slow_clz(unsigned x) {
  unsigned n = 0;
  for (unsigned m = 0x80000000u; m && !(x & m); m >>= 1) n++;
  return n;
}

int main(void) {
  CHECK_INT(clz(0), 32);
  CHECK_INT(clz(1), 31);
  CHECK_INT(clz(0x80000000u), 0);
  CHECK_INT(clz(0x00010000u), 15);
  CHECK_INT(clz(0xffffffffu), 0);
  CHECK_INT(clo(0xffffffffu), 32);
  CHECK_INT(clo(0), 0);
  CHECK_INT(clo(0x80000000u), 1);
  CHECK_INT(clo(0xfffe0000u), 15);
  CHECK_INT(clo(0x7fffffffu), 0);
  int bad = 0;
  for (unsigned i = 0, x = 1; i < 32; i++, x <<= 1) {
    unsigned y = x | (x >> 3);
    if (clz(y) != slow_clz(y) || clo(~y) != slow_clz(y)) bad++;
    if ((unsigned)__builtin_ctz(x) != i || __builtin_popcount(y) != (i >= 3 ? 2 : 1)) bad++;
  }
  CHECK_INT(bad, 0);
  volatile unsigned v = 0x00f0f000u;
  CHECK_INT(__builtin_clz(v), 8);
  CHECK_INT(__builtin_ctz(v), 12);
  CHECK_INT(__builtin_popcount(v), 8);
  return check_done();
}
