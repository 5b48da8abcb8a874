/* printf-conversions - every supported conversion, flag, width and precision (including *)
 * produces exactly what glibc does; each case prints [result] and is checked.
 * Expect: status 0 */
#include <limits.h>
#include <stddef.h>
#include <stdint.h>

#include "check.h"

/* Some cases deliberately combine flags that C says are ignored ("%+ d", "%-08d", "%08.3d") or
 * pass NULL to %s; gcc's format checker would warn about exactly what is being tested. */
#pragma GCC diagnostic ignored "-Wformat"
#pragma GCC diagnostic ignored "-Wformat-overflow"

static char buf[256];

#define T(want, ...)                                       \
  do {                                                     \
    int n_ = snprintf(buf, sizeof buf, __VA_ARGS__);       \
    printf("%-24s [%s]\n", #__VA_ARGS__, buf);             \
    if (strcmp(buf, want) || n_ != (int)strlen(want)) {    \
      printf("  expected [%s]  FAIL (line %d)\n", want, __LINE__); \
      check_failures++;                                    \
    }                                                      \
  } while (0)

int main(void) {
  /* integers */
  T("42", "%d", 42);
  T("-42", "%i", -42);
  T("-2147483648", "%d", INT_MIN);
  T("4294967295", "%u", UINT_MAX);
  T("ff FF 377", "%x %X %o", 255, 255, 255);
  T("0", "%x", 0);
  T("0xff 0XFF 0377", "%#x %#X %#o", 255, 255, 255);
  T("0 0", "%#x %#o", 0, 0);
  T("44 4464", "%hhd %hd", 300, 70000);
  T("255 65535", "%hhu %hu", -1, -1);
  T("-9223372036854775808", "%lld", LLONG_MIN);
  T("18446744073709551615", "%llu", ULLONG_MAX);
  T("123456789abcdef0", "%llx", 0x123456789abcdef0ULL);
  T("-2147483648 deadbeef", "%ld %lx", LONG_MIN, 0xdeadbeefUL);
  T("123 -5", "%zu %zd", (size_t)123, (ptrdiff_t)-5);
  T("7 -7", "%jd %jd", (intmax_t)7, (intmax_t)-7);
  /* flags and width */
  T("   42|42   |", "%5d|%-5d|", 42, 42);
  T("00042 -0042", "%05d %05d", 42, -42);
  T("+42 -42  42", "%+d %+d % d", 42, -42, 42);
  T("+42", "%+ d", 42);
  T("0x00ff", "%#06x", 255);
  T("    0xff", "%#8x", 255);
  T("42      |", "%-08d|", 42);
  /* precision */
  T("007 -007", "%.3d %.3d", 7, -7);
  T("|", "%.0d|", 0);
  T("     |", "%5.0d|", 0);
  T("     042", "%08.3d", 42);
  T("000ff", "%.5x", 255);
  T("010 0", "%#.3o %#.0o", 8, 0);
  T("00000000000000000042", "%.20lld", 42LL);
  /* * width and precision */
  T("   42", "%*d", 5, 42);
  T("42   |", "%*d|", -5, 42);
  T("0042", "%.*d", 4, 42);
  T("42", "%.*d", -1, 42);
  T("  007", "%*.*d", 5, 3, 7);
  /* strings and characters */
  T("abc", "%s", "abc");
  T("       abc|abc       |", "%10s|%-10s|", "abc", "abc");
  T("ab", "%.2s", "abc");
  T("a", "%.*s", 1, "abc");
  T("(null)", "%s", (char*)NULL);
  T("xx  |  x", "%c%-3c|%3c", 'x', 'x', 'x');
  T("%", "%%");
  T("100% done", "%d%% done", 100);
  /* pointers */
  T("0x1234", "%p", (void*)0x1234);
  T("(nil)", "%p", (void*)0);
  T("  0xabc", "%7p", (void*)0xabc);
  /* mixtures */
  T("x=-1 y=ffffffffffffffff z=hi", "x=%d y=%llx z=%s", -1, -1LL, "hi");
  T("[  -12345678901234]", "[%17lld]", -12345678901234LL);
  int n = 0;
  T("abc", "abc%n", &n);
  CHECK_INT(n, 3);
  /* printf itself returns the count and writes the same text */
  int r = printf("printf returns %d chars\n", 12345);
  CHECK_INT(r, 27);
  return check_done();
}
