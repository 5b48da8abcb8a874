/* strtoul-strtoll-edge-cases - strtoul negates "-1" to ULONG_MAX without an error but reports
 * ERANGE beyond ULONG_MAX; strtoll and strtoull cover the full 64-bit ranges and saturate.
 * Expect: status 0 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>

#include "check.h"

int main(void) {
  char* end;
  errno = 0;
  CHECK_HEX(strtoul("4294967295", &end, 10), 4294967295UL);
  CHECK_INT(errno, 0);
  CHECK_HEX(strtoul("4294967296", &end, 10), ULONG_MAX);
  CHECK_INT(errno, ERANGE);
  errno = 0;
  CHECK_HEX(strtoul("-1", &end, 10), ULONG_MAX);
  CHECK_INT(errno, 0);
  CHECK_HEX(strtoul("-4294967295", &end, 10), 1);
  CHECK_INT(errno, 0);
  CHECK_HEX(strtoul("-4294967296", &end, 10), ULONG_MAX);
  CHECK_INT(errno, ERANGE);
  errno = 0;
  CHECK_HEX(strtoul("0xFFFFFFFF", &end, 0), 0xffffffffUL);
  CHECK_INT(*end, 0);
  CHECK_INT(strtoll("9223372036854775807", &end, 10), LLONG_MAX);
  CHECK_INT(errno, 0);
  CHECK_INT(strtoll("9223372036854775808", &end, 10), LLONG_MAX);
  CHECK_INT(errno, ERANGE);
  errno = 0;
  CHECK_INT(strtoll("-9223372036854775808", &end, 10), LLONG_MIN);
  CHECK_INT(errno, 0);
  CHECK_INT(strtoll("-9223372036854775809", &end, 10), LLONG_MIN);
  CHECK_INT(errno, ERANGE);
  errno = 0;
  CHECK_HEX(strtoull("18446744073709551615", &end, 10), ULLONG_MAX);
  CHECK_INT(errno, 0);
  CHECK_HEX(strtoull("18446744073709551616", &end, 10), ULLONG_MAX);
  CHECK_INT(errno, ERANGE);
  errno = 0;
  CHECK_HEX(strtoull("0x123456789abcdef0", &end, 16), 0x123456789abcdef0ULL);
  CHECK_HEX(strtoull("-1", &end, 10), ULLONG_MAX);
  CHECK_INT(strtoll("  +0777777777777777", &end, 0), 0777777777777777LL);
  CHECK_INT(end[0], 0);
  CHECK_INT(errno, 0);
  return check_done();
}
