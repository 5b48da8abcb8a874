/* long-long-mul-div-mod - 64-bit multiply (inline multu/mul sequences) and divide/modulo (libgcc
 * __divdi3, __moddi3, __udivdi3, __umoddi3) for every sign combination and large values.
 * Expect: status 0 */
#include <stdint.h>

#include "check.h"

static volatile int64_t sa[] = {1000000000000LL, -1000000000000LL, 1000000000000LL,
                                -1000000000000LL, INT64_MAX, INT64_MIN, 7, -7};
static volatile int64_t sb[] = {7, 7, -7, -7, 3, 3, 1000000000000LL, 2};

int main(void) {
  for (unsigned i = 0; i < sizeof sa / sizeof sa[0]; i++) {
    int64_t a = sa[i], b = sb[i];
    printf("%lld / %lld = %lld rem %lld\n", a, b, a / b, a % b);
    CHECK(a / b * b + a % b == a);
    CHECK((a % b == 0) || ((a % b < 0) == (a < 0)));
  }
  volatile uint64_t u = 0xfedcba9876543210ULL, v = 0x123456789ULL;
  CHECK_HEX(u / v, 0xe0000000ULL);
  CHECK_HEX(u % v, 0x96543210ULL);
  CHECK_INT(u / 10, 1836475854449306472LL);
  CHECK_INT(u % 10, 0);
  volatile uint64_t m1 = 0xffffffffULL, m2 = 0x100000001ULL;
  CHECK_HEX(m1 * m1, 0xfffffffe00000001ULL);
  CHECK_HEX(m1 * m2, 0xffffffffffffffffULL);
  volatile int64_t n1 = -3000000000LL, n2 = 3000000000LL;
  CHECK_INT(n1 * n2, -9000000000000000000LL);
  CHECK_INT(n1 / -1, 3000000000LL);
  CHECK_INT(INT64_MIN / sb[6], INT64_MIN / 1000000000000LL);
  return check_done();
}
