/* strtol, strtoul, strtoll, strtoull - parse an integer in base 2..36, or 0 for "as in C".
 *
 * One scanner serves all four; they differ only in the largest magnitude they accept and in
 * what they return on overflow (errno ERANGE plus LONG_MAX/LONG_MIN for the signed ones, the
 * type's maximum for the unsigned ones, which like C negate "-5" into a huge positive value). */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>

static int digit_value(int c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'z') return c - 'a' + 10;
  if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
  return 99;
}

/* max is the largest positive result; signed types accept max + 1 after a minus sign. The
 * value returned is already negated (in unsigned arithmetic) for the caller to cast. */
static unsigned long long scan(const char* s, char** end, int base, unsigned long long max,
                               int is_signed) {
  const char* p = s;
  int neg = 0;

  if (base < 0 || base == 1 || base > 36) {
    errno = EINVAL;
    if (end) *end = (char*)s;
    return 0;
  }
  while (isspace((unsigned char)*p)) p++;
  if (*p == '+' || *p == '-') neg = *p++ == '-';
  /* "0x" is a prefix only if a hex digit follows; otherwise the 0 alone is the number. */
  if ((base == 0 || base == 16) && p[0] == '0' && (p[1] | 32) == 'x' && digit_value(p[2]) < 16) {
    p += 2;
    base = 16;
  } else if (base == 0) {
    base = p[0] == '0' ? 8 : 10;
  }

  unsigned long long lim = max + (is_signed && neg);
  /* One 64-bit division per call instead of one per digit: the classic cutoff test. */
  unsigned long long cutoff = lim / (unsigned)base;
  unsigned cutlim = (unsigned)(lim % (unsigned)base);
  unsigned long long x = 0;
  int any = 0, overflow = 0;
  for (int d; (d = digit_value(*p)) < base; p++) {
    any = 1;
    if (overflow || x > cutoff || (x == cutoff && (unsigned)d > cutlim))
      overflow = 1;
    else
      x = x * (unsigned)base + (unsigned)d;
  }
  if (end) *end = (char*)(any ? p : s); /* no digits: nothing was parsed, not even the sign */
  if (overflow) {
    errno = ERANGE;
    return is_signed && neg ? -lim : is_signed ? lim : max;
  }
  return neg ? -x : x;
}

long strtol(const char* __restrict s, char** __restrict end, int base) {
  return (long)scan(s, end, base, LONG_MAX, 1);
}

unsigned long strtoul(const char* __restrict s, char** __restrict end, int base) {
  return (unsigned long)scan(s, end, base, ULONG_MAX, 0);
}

long long strtoll(const char* __restrict s, char** __restrict end, int base) {
  return (long long)scan(s, end, base, LLONG_MAX, 1);
}

unsigned long long strtoull(const char* __restrict s, char** __restrict end, int base) {
  return scan(s, end, base, ULLONG_MAX, 0);
}
