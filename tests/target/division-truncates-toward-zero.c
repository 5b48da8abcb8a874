/* division-truncates-toward-zero - signed / and % round toward zero for every sign combination,
 * the remainder takes the dividend's sign, and divu treats operands as unsigned.
 * Expect: status 0 */
#include "check.h"

static volatile int a_vals[] = {7, -7, 7, -7, 1, -1, 0, 100, 2147483647};
static volatile int b_vals[] = {2, 2, -2, -2, 3, 3, 5, -7, 10};
static const int want_q[] = {3, -3, -3, 3, 0, 0, 0, -14, 214748364};
static const int want_r[] = {1, -1, 1, -1, 1, -1, 0, 2, 7};

int main(void) {
  for (int i = 0; i < (int)(sizeof want_q / sizeof want_q[0]); i++) {
    int a = a_vals[i], b = b_vals[i];
    printf("%d / %d = %d, %d %% %d = %d\n", a, b, a / b, a, b, a % b);
    CHECK(a / b == want_q[i]);
    CHECK(a % b == want_r[i]);
    CHECK((a / b) * b + a % b == a);
  }
  volatile unsigned u = 0xfffffff9u, v = 2; /* -7 as unsigned */
  CHECK_HEX(u / v, 0x7ffffffcu);
  CHECK_INT(u % v, 1);
  volatile unsigned big = 0x80000000u, m1 = 0xffffffffu;
  CHECK_INT(big / m1, 0);
  CHECK_HEX(big % m1, 0x80000000u);
  CHECK_INT(m1 / m1, 1);
  return check_done();
}
