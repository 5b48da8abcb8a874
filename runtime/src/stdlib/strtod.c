/* strtod, strtof, strtold - a string to a floating-point number, correctly rounded (decimal or
 * hex, "inf"/"infinity"/"nan"/"nan(...)" in any case, leading white space skipped). The parsing
 * is __floatscan's; long double is double on o32. */
#include <stdlib.h>

#include "floatscan.h"

static double strtox(const char* s, char** end, int prec) {
  struct __fscan f = {(const unsigned char*)s, (const unsigned char*)s};
  double y = __floatscan(&f, prec, 1);
  if (end) *end = (char*)s + (f.p - f.s);
  return y;
}

/* The float case is rounded to 24 bits inside __floatscan, so the conversion is exact. */
float strtof(const char* __restrict s, char** __restrict end) { return (float)strtox(s, end, 0); }

double strtod(const char* __restrict s, char** __restrict end) { return strtox(s, end, 1); }

long double strtold(const char* __restrict s, char** __restrict end) { return strtox(s, end, 2); }
