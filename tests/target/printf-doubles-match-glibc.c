/* printf-doubles-match-glibc - %f %e %g %a (and upper case) with precisions, widths and every
 * flag, on zeros, halves (round-half-even of the exact value), powers of ten, the extremes
 * (DBL_MAX, DBL_MIN, subnormals), inf and nan: each snprintf result must equal glibc's string
 * (printf-doubles-cases.inc), and the return value its length.
 * Expect: status 0 */
#include <math.h>
#include <stdio.h>
#include <string.h>

struct case_ {
  const char* fmt;
  double value;
  const char* want;
};

#include "printf-doubles-cases.inc"

int main(void) {
  int failures = 0;
  char got[512];
  for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const struct case_* c = &cases[i];
    int n = snprintf(got, sizeof got, c->fmt, c->value);
    int ok = strcmp(got, c->want) == 0 && n == (int)strlen(c->want);
    printf("%s [%s]%s\n", c->fmt, got, ok ? "" : "  FAIL");
    if (!ok) {
      printf("  expected [%s], returned %d\n", c->want, n);
      failures++;
    }
  }
  /* A short buffer still returns the full length, and truncates with a NUL. */
  char small[8];
  int n = snprintf(small, sizeof small, "%.10f", M_PI);
  printf("truncated: %d [%s]\n", n, small);
  if (n != 12 || strcmp(small, "3.14159")) failures++;
  printf(failures ? "FAIL %d\n" : "PASS\n", failures);
  return failures != 0;
}
