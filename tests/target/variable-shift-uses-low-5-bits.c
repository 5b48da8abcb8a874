/* variable-shift-uses-low-5-bits - sllv/srlv/srav use only bits 4..0 of the shift amount, so
 * shifting by 32 is shifting by 0 and by 33 is by 1 (in C that is undefined, hence the asm).
 * Expect: status 0 */
#include "check.h"

static unsigned sllv(unsigned x, unsigned n) {
  unsigned r;
  __asm__("sllv %0, %1, %2" : "=r"(r) : "r"(x), "r"(n));
  return r;
}
static unsigned srlv(unsigned x, unsigned n) {
  unsigned r;
  __asm__("srlv %0, %1, %2" : "=r"(r) : "r"(x), "r"(n));
  return r;
}
static unsigned srav(unsigned x, unsigned n) {
  unsigned r;
  __asm__("srav %0, %1, %2" : "=r"(r) : "r"(x), "r"(n));
  return r;
}

int main(void) {
  static const unsigned amounts[] = {0, 1, 31, 32, 33, 63, 0xffffffe1u};
  const unsigned x = 0x87654321u;
  for (unsigned i = 0; i < sizeof amounts / sizeof amounts[0]; i++) {
    unsigned n = amounts[i], k = n & 31;
    printf("n=%u: sllv=%08x srlv=%08x srav=%08x\n", n, sllv(x, n), srlv(x, n), srav(x, n));
    CHECK(sllv(x, n) == x << k);
    CHECK(srlv(x, n) == x >> k);
    CHECK(srav(x, n) == (unsigned)((int)x >> k));
  }
  return check_done();
}
