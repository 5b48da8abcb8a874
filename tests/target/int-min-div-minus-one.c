/* int-min-div-minus-one - `div` of INT_MIN by -1 does not trap: LO = INT_MIN, HI = 0.
 * In C this is undefined behaviour, so the division is done with the instruction itself.
 * Expect: status 0 */
#include <limits.h>

#include "check.h"

static void div_asm(int a, int b, int* q, int* r) {
  int lo, hi;
  /* "div $zero, ..." is the bare instruction; gas's 3-operand div would add zero checks. */
  __asm__("div $zero, %2, %3\n\tmflo %0\n\tmfhi %1"
          : "=r"(lo), "=r"(hi)
          : "r"(a), "r"(b)
          : "hi", "lo");
  *q = lo;
  *r = hi;
}

int main(void) {
  int q, r;
  div_asm(INT_MIN, -1, &q, &r);
  CHECK_HEX((unsigned)q, 0x80000000u);
  CHECK_INT(r, 0);
  div_asm(INT_MIN, 1, &q, &r);
  CHECK_HEX((unsigned)q, 0x80000000u);
  CHECK_INT(r, 0);
  div_asm(INT_MAX, -1, &q, &r);
  CHECK_INT(q, -INT_MAX);
  CHECK_INT(r, 0);
  div_asm(INT_MIN, 2, &q, &r);
  CHECK_INT(q, INT_MIN / 2);
  CHECK_INT(r, 0);
  div_asm(INT_MIN + 1, -1, &q, &r);
  CHECK_INT(q, INT_MAX);
  return check_done();
}
