/* varargs-mixed-widths - va_arg reads ints, long longs (8-byte aligned in the o32 argument area),
 * pointers and promoted chars in any order, and a va_list can be handed on to vsnprintf.
 * Expect: status 0 */
#include <stdarg.h>
#include <stdint.h>

#include "check.h"

/* Types: 'i' int, 'L' long long, 's' string, 'c' char. */
static long long sum(const char* types, ...) {
  va_list ap;
  long long s = 0;
  va_start(ap, types);
  for (const char* t = types; *t; t++) {
    switch (*t) {
      case 'i': s += va_arg(ap, int); break;
      case 'L': s += va_arg(ap, long long); break;
      case 's': s += (long long)strlen(va_arg(ap, const char*)); break;
      case 'c': s += (char)va_arg(ap, int); break;
    }
  }
  va_end(ap);
  return s;
}

static int fmt(char* buf, size_t n, const char* f, ...) {
  va_list ap;
  va_start(ap, f);
  int r = vsnprintf(buf, n, f, ap);
  va_end(ap);
  return r;
}

static int count_copy(int n, ...) {
  va_list ap, ap2;
  va_start(ap, n);
  va_copy(ap2, ap);
  int a = 0, b = 0;
  for (int i = 0; i < n; i++) a += va_arg(ap, int);
  for (int i = 0; i < n; i++) b += va_arg(ap2, int) * 2;
  va_end(ap2);
  va_end(ap);
  return a * 1000 + b;
}

int main(void) {
  CHECK_INT(sum("i", 5), 5);
  CHECK_INT(sum("iL", 1, 0x100000000LL), 0x100000001LL);
  CHECK_INT(sum("LiL", -1LL, 7, 0x200000000LL), 0x200000006LL);
  CHECK_INT(sum("iiiiiiLsc", 1, 2, 3, 4, 5, 6, 1000000000000LL, "hello", 'x'),
            1000000000021LL + 5 + 'x');
  CHECK_INT(sum("ciLc", 'a', -2, -3LL, 'b'), 'a' - 2 - 3 + 'b');
  char buf[64];
  CHECK_INT(fmt(buf, sizeof buf, "%d-%lld-%s-%c", 42, -9000000000LL, "abc", 'z'), 20);
  CHECK_STR(buf, "42--9000000000-abc-z");
  CHECK_INT(count_copy(4, 1, 2, 3, 4), 10020);
  return check_done();
}
