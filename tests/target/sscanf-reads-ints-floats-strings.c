/* sscanf-reads-ints-floats-strings - sscanf, vsscanf and fscanf on integers in every base and
 * size, floats (decimal, exponent, hex, inf, nan), strings, characters, scan sets, widths,
 * assignment suppression, %n and literal matching; the count they return, 0 on a matching
 * failure and EOF on empty input; fscanf leaves the character after an item in the stream. The
 * glibc build must print the same.
 * Expect: status 0
 * Files: basic
 * Glibc: yes */
#include <stdarg.h>
#include <stdio.h>

#include "check.h"

static int vs(const char* s, const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int r = vsscanf(s, fmt, ap);
  va_end(ap);
  return r;
}

int main(void) {
  int a = 0, b = 0, n = 0;
  unsigned u = 0;
  long l = 0;
  long long ll = 0;
  short h = 0;
  signed char hh = 0;
  CHECK_INT(sscanf("  42 -17", "%d %d", &a, &b), 2);
  CHECK_INT(a, 42);
  CHECK_INT(b, -17);
  CHECK_INT(sscanf("0x1f 017 10", "%i %i %i", &a, &b, &n), 3);
  printf("%d %d %d\n", a, b, n);
  CHECK_INT(sscanf("ff 777 -1", "%x %o %u", &a, &b, &u), 3);
  printf("%d %d %u\n", a, b, u);
  CHECK_INT(sscanf("-9000000000123 2147483647 -300 300", "%lld %ld %hd %hhd", &ll, &l, &h, &hh), 4);
  printf("%lld %ld %d %d\n", ll, l, h, hh);
  CHECK_INT(sscanf("12345", "%2d%3d", &a, &b), 2);
  printf("%d %d\n", a, b);

  float f = 0;
  double d = 0, e = 0, g = 0, x = 0;
  CHECK_INT(sscanf("3.25 -1e-3 0x1.8p1 1.7976931348623157e308", "%f %lf %lg %le", &f, &d, &e,
                   &g), 4);
  printf("%.9g %.17g %.17g %.17g\n", f, d, e, g);
  CHECK_INT(sscanf("inf -INFINITY nan", "%lf %lf %lf", &d, &e, &g), 3);
  printf("%f %f %f\n", d, e, g == g ? 0.0 : 1.0);
  CHECK_INT(sscanf("1.5e3xyz", "%lf%n", &x, &n), 1);
  printf("%g %d\n", x, n);
  CHECK_INT(sscanf(".5 5.", "%lf %lf", &d, &e), 2);
  printf("%g %g\n", d, e);

  char s1[32], s2[32], c3[4] = {0};
  CHECK_INT(sscanf("hello world", "%s %s", s1, s2), 2);
  CHECK_STR(s1, "hello");
  CHECK_STR(s2, "world");
  CHECK_INT(sscanf("abcdef", "%3s%2c", s1, c3), 2);
  CHECK_STR(s1, "abc");
  CHECK_STR(c3, "de");
  CHECK_INT(sscanf("key=value; rest", "%[a-z]=%[^;]", s1, s2), 2);
  CHECK_STR(s1, "key");
  CHECK_STR(s2, "value");
  CHECK_INT(sscanf("]]x", "%[]]", s1), 1);
  CHECK_STR(s1, "]]");
  CHECK_INT(sscanf("10:20:30", "%d:%*d:%d%n", &a, &b, &n), 2);
  printf("%d %d %d\n", a, b, n);
  CHECK_INT(sscanf("100%", "%d%%", &a), 1);
  CHECK_INT(sscanf("x 5", " %c %d", s1, &a), 2);

  CHECK_INT(sscanf("abc", "%d", &a), 0);
  CHECK_INT(sscanf("", "%d", &a), EOF);
  CHECK_INT(sscanf("   ", "%s", s1), EOF);
  CHECK_INT(sscanf("7 x", "%d %d", &a, &b), 1);
  CHECK_INT(sscanf("7,", "%d,%d", &a, &b), 1);
  CHECK_INT(sscanf("1-2", "%d-%d", &a, &b), 2);
  CHECK_INT(vs("8 9.5", "%d %lf", &a, &d), 2);
  printf("%d %g\n", a, d);

  FILE* in = fopen("hello.txt", "r");
  CHECK(in != NULL);
  if (in) {
    int k = fscanf(in, "%31s", s1);
    int next = fgetc(in);
    printf("fscanf %d \"%s\", then %d\n", k, s1, next);
    while (fscanf(in, "%31s", s1) == 1) printf("word \"%s\"\n", s1);
    CHECK_INT(fscanf(in, "%d", &a), EOF);
    fclose(in);
  }
  return check_done();
}
