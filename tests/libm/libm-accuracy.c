/* libm-accuracy - evaluate every libm function on a few thousand arguments across its range and
 * print "name argument-bits result-bits" per line. Built twice, against the Kasane runtime and
 * against glibc (mipsel-linux-gnu-gcc -static -lm); compare_libm.py runs both under qemu-mipsel
 * and reports the largest difference in ulps per function. Only standard C, so both build it.
 *
 * Arguments: half evenly spaced over the function's main interval, half with a pseudo-random
 * exponent and mantissa over its whole domain (a fixed xorshift stream, so both builds see the
 * same ones), since errors hide both in the middle of the range and at extreme magnitudes. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define N 3000

struct fn {
  const char* name;
  double (*d1)(double);
  double (*d2)(double, double);
  float (*f1)(float);
  float (*f2)(float, float);
  double lo, hi;     /* evenly spaced part */
  int emin, emax;    /* random part: |x| = m * 2^e, e in [emin, emax] */
  int neg;           /* the random part may be negative */
};

/* Second arguments of the two-argument functions: y from the same kind of spread. */
#define D1(n, lo, hi, e0, e1, ng) {#n, n, 0, 0, 0, lo, hi, e0, e1, ng}
#define D2(n, lo, hi, e0, e1, ng) {#n, 0, n, 0, 0, lo, hi, e0, e1, ng}
#define F1(n, lo, hi, e0, e1, ng) {#n, 0, 0, n, 0, lo, hi, e0, e1, ng}
#define F2(n, lo, hi, e0, e1, ng) {#n, 0, 0, 0, n, lo, hi, e0, e1, ng}
static const struct fn fns[] = {
    D1(sqrt, 0, 100, -1074, 1023, 0), D1(cbrt, -100, 100, -1074, 1023, 1),
    D1(sin, -10, 10, -30, 60, 1), D1(cos, -10, 10, -30, 60, 1), D1(tan, -10, 10, -30, 60, 1),
    D1(asin, -1, 1, -30, -1, 1), D1(acos, -1, 1, -30, -1, 1), D1(atan, -10, 10, -30, 60, 1),
    D1(sinh, -20, 20, -30, 9, 1), D1(cosh, -20, 20, -30, 9, 1), D1(tanh, -20, 20, -30, 5, 1),
    D1(exp, -700, 700, -30, 9, 1), D1(exp2, -1000, 1000, -30, 9, 1),
    D1(expm1, -40, 40, -30, 9, 1),
    D1(log, 0, 100, -1074, 1023, 0), D1(log2, 0, 100, -1074, 1023, 0),
    D1(log10, 0, 100, -1074, 1023, 0), D1(log1p, -0.99, 100, -30, 1023, 0),
    D2(atan2, -10, 10, -30, 60, 1), D2(pow, 0, 10, -8, 6, 0), D2(hypot, -100, 100, -500, 500, 1),
    D2(fmod, -100, 100, -60, 60, 1),
    F1(sqrtf, 0, 100, -149, 127, 0), F1(cbrtf, -100, 100, -149, 127, 1),
    F1(sinf, -10, 10, -20, 40, 1), F1(cosf, -10, 10, -20, 40, 1), F1(tanf, -10, 10, -20, 40, 1),
    F1(asinf, -1, 1, -20, -1, 1), F1(acosf, -1, 1, -20, -1, 1), F1(atanf, -10, 10, -20, 40, 1),
    F1(sinhf, -10, 10, -20, 6, 1), F1(coshf, -10, 10, -20, 6, 1), F1(tanhf, -10, 10, -20, 4, 1),
    F1(expf, -80, 80, -20, 6, 1), F1(exp2f, -120, 120, -20, 6, 1),
    F1(logf, 0, 100, -149, 127, 0), F1(log2f, 0, 100, -149, 127, 0),
    F1(log10f, 0, 100, -149, 127, 0),
    F2(atan2f, -10, 10, -20, 40, 1), F2(powf, 0, 10, -6, 4, 0), F2(hypotf, -100, 100, -60, 60, 1),
};

static uint64_t state = 0x2545f4914f6cdd1dULL;
static uint64_t next(void) {
  state ^= state << 13;
  state ^= state >> 7;
  state ^= state << 17;
  return state;
}

/* The i-th argument of f: evenly spaced for the first N/2, random over the domain after. */
static double arg(const struct fn* f, int i) {
  if (i < N / 2) return f->lo + (f->hi - f->lo) * i / (N / 2 - 1);
  uint64_t r = next();
  int e = f->emin + (int)(r % (unsigned)(f->emax - f->emin + 1));
  double m = 1.0 + (double)(r >> 12) / 4503599627370496.0; /* [1, 2): 52 random bits */
  double x = ldexp(m, e);
  if (f->neg && (r >> 11 & 1)) x = -x;
  return x;
}

static uint64_t dbits(double d) {
  uint64_t b;
  memcpy(&b, &d, 8);
  return b;
}

static uint32_t fbits(float d) {
  uint32_t b;
  memcpy(&b, &d, 4);
  return b;
}

int main(void) {
  for (unsigned k = 0; k < sizeof fns / sizeof fns[0]; k++) {
    const struct fn* f = &fns[k];
    for (int i = 0; i < N; i++) {
      double x = arg(f, i), y = arg(f, N - 1 - i) * 0.5 + 0.25;
      if (f->d1) printf("%s %016llx %016llx\n", f->name, (unsigned long long)dbits(x),
                        (unsigned long long)dbits(f->d1(x)));
      if (f->d2) printf("%s %016llx %016llx\n", f->name, (unsigned long long)dbits(x),
                        (unsigned long long)dbits(f->d2(x, y)));
      if (f->f1) printf("%s %08x %08x\n", f->name, (unsigned)fbits((float)x),
                        (unsigned)fbits(f->f1((float)x)));
      if (f->f2) printf("%s %08x %08x\n", f->name, (unsigned)fbits((float)x),
                        (unsigned)fbits(f->f2((float)x, (float)y)));
    }
  }
  return 0;
}
