/* Floating point through glibc on the FPU: a matrix product and an LU solve in double, a
 * float dot product, libm's sqrt, exp, log, sin, cos, atan2, pow and fma, printf's %.17g and
 * %a, strtod round trips, and fesetround's four rounding modes on one division. Every digit
 * must equal qemu-mipsel's.
 * Expect: status 0 */
#include <fenv.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define N 12

int main(void) {
  static double a[N][N], b[N][N], c[N][N], x[N], y[N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      a[i][j] = 1.0 / (i + j + 1) + (i == j ? N : 0); /* Hilbert plus a diagonal */
      b[i][j] = sin(i * 0.7 + j * 0.3);
    }
  double trace = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      double s = 0;
      for (int k = 0; k < N; k++) s += a[i][k] * b[k][j];
      c[i][j] = s;
    }
  for (int i = 0; i < N; i++) trace += c[i][i];
  printf("trace %.17g\n", trace);

  /* Solve a x = y with y = a * (1, 2, ..., N) by Gaussian elimination. */
  for (int i = 0; i < N; i++) {
    y[i] = 0;
    for (int j = 0; j < N; j++) y[i] += a[i][j] * (j + 1);
  }
  for (int k = 0; k < N; k++)
    for (int i = k + 1; i < N; i++) {
      double f = a[i][k] / a[k][k];
      for (int j = k; j < N; j++) a[i][j] -= f * a[k][j];
      y[i] -= f * y[k];
    }
  double err = 0;
  for (int i = N - 1; i >= 0; i--) {
    double s = y[i];
    for (int j = i + 1; j < N; j++) s -= a[i][j] * x[j];
    x[i] = s / a[i][i];
    err = fmax(err, fabs(x[i] - (i + 1)));
  }
  printf("x[0] %.17g x[%d] %.17g max error %.3e\n", x[0], N - 1, x[N - 1], err);

  float fs = 0;
  for (int i = 1; i <= 1000; i++) fs += 1.0f / ((float)i * (float)i);
  printf("sum 1/i^2 (float) %.9g, pi^2/6 %.17g\n", fs, M_PI * M_PI / 6);

  const double v[] = {0.5, 1.0, 2.0, 10.0, 1e-3, 123.456};
  for (unsigned i = 0; i < sizeof v / sizeof v[0]; i++)
    printf("%g: sqrt %.17g exp %.17g log %.17g sin %.17g cos %.17g atan2 %.17g pow %.17g\n", v[i],
           sqrt(v[i]), exp(v[i]), log(v[i]), sin(v[i]), cos(v[i]), atan2(v[i], 3.0),
           pow(v[i], 1.5));
  printf("fma %.17g, %a, %a\n", fma(0.1, 10.0, -1.0), 0.1, -2.5e-310);

  const char* texts[] = {"0.1", "1e308", "2.2250738585072014e-308", "4.9e-324", "-0.0", "3.14159"};
  for (unsigned i = 0; i < sizeof texts / sizeof texts[0]; i++) {
    double d = strtod(texts[i], NULL);
    char buf[40];
    snprintf(buf, sizeof buf, "%.17g", d);
    printf("%s -> %s -> %s\n", texts[i], buf, strtod(buf, NULL) == d ? "same" : "DIFFERENT");
  }

  const int modes[] = {FE_TONEAREST, FE_TOWARDZERO, FE_UPWARD, FE_DOWNWARD};
  volatile double one = 1.0, three = 3.0;
  for (int i = 0; i < 4; i++) {
    fesetround(modes[i]);
    printf("mode %d: 1/3 = %a, -1/3 = %a\n", i, one / three, -one / three);
  }
  fesetround(FE_TONEAREST);
  return 0;
}
