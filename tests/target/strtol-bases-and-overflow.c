/* strtol-bases-and-overflow - strtol in bases 0, 2, 8, 10, 16 and 36: prefixes, signs, leading
 * space, where parsing stops, overflow to LONG_MAX/LONG_MIN with ERANGE, and EINVAL for a bad
 * base.
 * Expect: status 0 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>

#include "check.h"

static long parse(const char* s, int base, int* consumed, int* err) {
  char* end;
  errno = 0;
  long v = strtol(s, &end, base);
  *consumed = (int)(end - s);
  *err = errno;
  printf("strtol(\"%s\", %d) = %ld, consumed %d, errno %d\n", s, base, v, *consumed, *err);
  return v;
}

#define P(s, base, want, want_used, want_err)                        \
  do {                                                               \
    int used_, err_;                                                 \
    long v_ = parse(s, base, &used_, &err_);                         \
    CHECK(v_ == (want) && used_ == (want_used) && err_ == (want_err)); \
  } while (0)

int main(void) {
  P("12345", 10, 12345L, 5, 0);
  P("  -42xyz", 10, -42L, 5, 0);
  P("+7", 10, 7L, 2, 0);
  P("0x1F", 16, 31L, 4, 0);
  P("1F", 16, 31L, 2, 0);
  P("0X7fffffff", 0, LONG_MAX, 10, 0);
  P("0777", 0, 511L, 4, 0);
  P("0777", 8, 511L, 4, 0);
  P("0789", 0, 7L, 2, 0);        /* octal stops at 8 */
  P("0x", 16, 0L, 1, 0);         /* "0" parsed, the x is not a prefix without a digit */
  P("0xg", 0, 0L, 1, 0);
  P("101101", 2, 45L, 6, 0);
  P("zz", 36, 1295L, 2, 0);
  P("Zz", 36, 1295L, 2, 0);
  P("", 10, 0L, 0, 0);
  P("   ", 10, 0L, 0, 0);          /* no digits: end = s */
  P("-", 10, 0L, 0, 0);
  P("2147483647", 10, LONG_MAX, 10, 0);
  P("2147483648", 10, LONG_MAX, 10, ERANGE);
  P("-2147483648", 10, LONG_MIN, 11, 0);
  P("-2147483649", 10, LONG_MIN, 11, ERANGE);
  P("99999999999999999999999", 10, LONG_MAX, 23, ERANGE);
  P("-0x80000000", 16, LONG_MIN, 11, 0);
  P("123", 1, 0L, 0, EINVAL);
  P("123", 37, 0L, 0, EINVAL);
  CHECK_INT(strtol("456", NULL, 10), 456);
  CHECK_INT(atoi("  -17abc"), -17);
  CHECK_INT(atol("2000000000"), 2000000000);
  CHECK_INT(atoll("-9000000000000"), -9000000000000LL);
  return check_done();
}
