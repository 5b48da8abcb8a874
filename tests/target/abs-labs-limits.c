/* abs-labs-limits - abs, labs and llabs for positive, negative, zero and the extreme values that
 * have a representable absolute value.
 * Expect: status 0 */
#include <limits.h>
#include <stdlib.h>

#include "check.h"

int main(void) {
  volatile int i = -5;
  volatile long l = -(LONG_MAX);
  volatile long long ll = -9000000000LL;
  CHECK_INT(abs(i), 5);
  CHECK_INT(abs(0), 0);
  CHECK_INT(abs(7), 7);
  CHECK_INT(abs(-INT_MAX), INT_MAX);
  CHECK_INT(labs(l), LONG_MAX);
  CHECK_INT(labs(-1L), 1);
  CHECK_INT(llabs(ll), 9000000000LL);
  CHECK_INT(llabs(-LLONG_MAX), LLONG_MAX);
  CHECK_INT(llabs(LLONG_MAX), LLONG_MAX);
  return check_done();
}
