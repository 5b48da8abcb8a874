/* math.h - the runtime's libm (src/math/): the C99 classification macros and the double and float
 * functions below, with fdlibm/musl's algorithms. On o32 long double is double, so there are no
 * separate long double functions. Errors are reported as IEEE exceptions and special values
 * (math_errhandling is MATH_ERREXCEPT), never through errno, like musl. */
#ifndef _MATH_H
#define _MATH_H

typedef float float_t;
typedef double double_t;

#define NAN __builtin_nanf("")
#define INFINITY __builtin_inff()
#define HUGE_VALF INFINITY
#define HUGE_VAL ((double)INFINITY)
#define HUGE_VALL ((long double)INFINITY)

#define MATH_ERRNO 1
#define MATH_ERREXCEPT 2
#define math_errhandling 2

#define FP_NAN 0
#define FP_INFINITE 1
#define FP_ZERO 2
#define FP_SUBNORMAL 3
#define FP_NORMAL 4

int __fpclassify(double);
int __fpclassifyf(float);

static __inline unsigned __FLOAT_BITS(float __f) {
  union {
    float __f;
    unsigned __i;
  } __u;
  __u.__f = __f;
  return __u.__i;
}
static __inline unsigned long long __DOUBLE_BITS(double __f) {
  union {
    double __f;
    unsigned long long __i;
  } __u;
  __u.__f = __f;
  return __u.__i;
}

/* Type-generic by size: float is 4 bytes, double and long double 8. */
#define fpclassify(x) (sizeof(x) == sizeof(float) ? __fpclassifyf(x) : __fpclassify(x))
#define isinf(x)                                                            \
  (sizeof(x) == sizeof(float) ? (__FLOAT_BITS(x) & 0x7fffffff) == 0x7f800000 \
                              : (__DOUBLE_BITS(x) & -1ULL >> 1) == 0x7ffULL << 52)
#define isnan(x)                                                           \
  (sizeof(x) == sizeof(float) ? (__FLOAT_BITS(x) & 0x7fffffff) > 0x7f800000 \
                              : (__DOUBLE_BITS(x) & -1ULL >> 1) > 0x7ffULL << 52)
#define isnormal(x)                                                                     \
  (sizeof(x) == sizeof(float) ? ((__FLOAT_BITS(x) + 0x00800000) & 0x7fffffff) >= 0x01000000 \
                              : ((__DOUBLE_BITS(x) + (1ULL << 52)) & -1ULL >> 1) >= 1ULL << 53)
#define isfinite(x)                                                        \
  (sizeof(x) == sizeof(float) ? (__FLOAT_BITS(x) & 0x7fffffff) < 0x7f800000 \
                              : (__DOUBLE_BITS(x) & -1ULL >> 1) < 0x7ffULL << 52)
#define signbit(x) \
  (sizeof(x) == sizeof(float) ? (int)(__FLOAT_BITS(x) >> 31) : (int)(__DOUBLE_BITS(x) >> 63))

#define isunordered(x, y) (isnan((x)) ? ((void)(y), 1) : isnan((y)))
#define isless(x, y) (!isunordered(x, y) && (x) < (y))
#define islessequal(x, y) (!isunordered(x, y) && (x) <= (y))
#define islessgreater(x, y) (!isunordered(x, y) && (x) != (y))
#define isgreater(x, y) (!isunordered(x, y) && (x) > (y))
#define isgreaterequal(x, y) (!isunordered(x, y) && (x) >= (y))

int __signbit(double);
int __signbitf(float);

/* Both precisions of each function: name(double), namef(float). */
#define __MATH1(n) double n(double); float n##f(float);
#define __MATH2(n) double n(double, double); float n##f(float, float);
__MATH1(sqrt) __MATH1(fabs) __MATH1(floor) __MATH1(ceil) __MATH1(round) __MATH1(trunc)
__MATH2(fmod)
__MATH1(sin) __MATH1(cos) __MATH1(tan) __MATH1(asin) __MATH1(acos) __MATH1(atan) __MATH2(atan2)
__MATH1(sinh) __MATH1(cosh) __MATH1(tanh)
__MATH1(exp) __MATH1(exp2) __MATH1(expm1) __MATH1(log) __MATH1(log2) __MATH1(log10)
__MATH1(log1p) __MATH2(pow) __MATH2(hypot) __MATH1(cbrt)
__MATH2(copysign) __MATH2(fmin) __MATH2(fmax)
#undef __MATH1
#undef __MATH2
double ldexp(double, int);
float ldexpf(float, int);
double scalbn(double, int);
float scalbnf(float, int);
double frexp(double, int*);
float frexpf(float, int*);
double modf(double, double*);
float modff(float, float*);

#define M_E 2.7182818284590452354         /* e */
#define M_LOG2E 1.4426950408889634074     /* log_2 e */
#define M_LOG10E 0.43429448190325182765   /* log_10 e */
#define M_LN2 0.69314718055994530942      /* log_e 2 */
#define M_LN10 2.30258509299404568402     /* log_e 10 */
#define M_PI 3.14159265358979323846       /* pi */
#define M_PI_2 1.57079632679489661923     /* pi/2 */
#define M_PI_4 0.78539816339744830962     /* pi/4 */
#define M_1_PI 0.31830988618379067154     /* 1/pi */
#define M_2_PI 0.63661977236758134308     /* 2/pi */
#define M_2_SQRTPI 1.12837916709551257390 /* 2/sqrt(pi) */
#define M_SQRT2 1.41421356237309504880    /* sqrt(2) */
#define M_SQRT1_2 0.70710678118654752440  /* 1/sqrt(2) */

/* sin(x) and cos(x) at once (GNU; gcc makes a call of it out of sin and cos of one x). */
void sincos(double x, double* s, double* c);
void sincosf(float x, float* s, float* c);

#endif /* _MATH_H */
