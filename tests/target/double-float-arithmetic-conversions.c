/* double-float-arithmetic-conversions - what the compiler emits for double and float: add, sub,
 * mul, div (exact and rounded cases), sqrt (sqrt.d/sqrt.s), compares including NaN and -0,
 * int <-> double, unsigned <-> double, long long <-> double (libgcc's __floatdidf, __fixdfdi),
 * float <-> double and truncation toward zero. Operands are volatile so nothing folds at compile
 * time; results are checked bit for bit against IEEE 754 (values worked out by hand or glibc).
 * Expect: status 0 */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "check.h"

static uint64_t bits(double d) {
  uint64_t b;
  memcpy(&b, &d, 8);
  return b;
}

static uint32_t fbits(float f) {
  uint32_t b;
  memcpy(&b, &f, 4);
  return b;
}

static volatile double one = 1.0, three = 3.0, tenth = 0.1, two = 2.0, big = 9007199254740993.0;
static volatile double negzero = -0.0, huge = 1e308;
static volatile float fone = 1.0f, fthree = 3.0f, ftenth = 0.1f;
static volatile int i7 = -7, imax = 2147483647;
static volatile unsigned umax = 4294967295u;
static volatile long long llbig = 9007199254740993LL, llneg = -123456789012345LL;

int main(void) {
  volatile double nan_ = NAN;
  CHECK_HEX(bits(one / three), 0x3fd5555555555555ULL);
  CHECK_HEX(bits(tenth + tenth + tenth), 0x3fd3333333333334ULL); /* not 0.3 */
  CHECK_HEX(bits(tenth * three), 0x3fd3333333333334ULL);
  CHECK_HEX(bits(one - tenth), 0x3feccccccccccccdULL);
  CHECK_HEX(bits(sqrt(two)), 0x3ff6a09e667f3bcdULL);
  CHECK_HEX(bits(__builtin_sqrt(three)), 0x3ffbb67ae8584caaULL);
  CHECK_HEX(fbits(sqrtf(2.0f * fone)), 0x3fb504f3U);
  CHECK_HEX(fbits(fone / fthree), 0x3eaaaaabU);
  CHECK_HEX(fbits(ftenth * fthree), 0x3e99999aU);
  CHECK_HEX(bits(huge * 10.0), 0x7ff0000000000000ULL); /* overflow to inf */
  CHECK_HEX(bits(one / negzero), 0xfff0000000000000ULL);
  CHECK_HEX(bits(negzero + negzero), 0x8000000000000000ULL);
  CHECK_HEX(bits(negzero - negzero), 0x0000000000000000ULL);
  CHECK_HEX(bits(-one * 0.0), 0x8000000000000000ULL);
  CHECK_HEX(bits(5e-324 / two), 0); /* subnormal halves to 0 (ties to even) */
  CHECK_HEX(bits(3 * 5e-324 / two), 2);

  CHECK(nan_ != nan_);
  CHECK(!(nan_ < one) && !(nan_ >= one) && !(nan_ == nan_));
  CHECK(negzero == 0.0);
  CHECK(tenth < 0.10000000000000002 && tenth > 0.09999999999999999);
  CHECK(fone < 1.0000001f && ftenth != tenth);

  CHECK_INT((int)(-7.9 * one), -7);
  CHECK_INT((int)(7.9 * one), 7);
  CHECK_HEX(bits((double)i7), 0xc01c000000000000ULL);
  CHECK_HEX(bits((double)imax), 0x41dfffffffc00000ULL);
  CHECK_HEX(bits((double)umax), 0x41efffffffe00000ULL);
  CHECK_INT((long long)(unsigned)(4294967295.0 * one), 4294967295LL);
  CHECK_HEX(bits((double)llbig), 0x4340000000000000ULL); /* 2^53 + 1 rounds to even */
  CHECK_HEX(bits((double)llneg), 0xc2dc12218377de40ULL);
  CHECK_INT((long long)(big * one), 9007199254740992LL);
  CHECK_INT((long long)(-1e18 * one), -1000000000000000000LL);
  CHECK((unsigned long long)(1.8e19 * one) == 18000000000000000000ULL);
  CHECK_HEX(fbits((float)tenth), 0x3dcccccdU);
  CHECK_HEX(bits((double)ftenth), 0x3fb99999a0000000ULL);
  CHECK_HEX(fbits((float)(huge)), 0x7f800000U);
  CHECK_HEX(fbits((float)(1e-46 * one)), 0U);
  CHECK_INT((int)(fthree * 1.5f), 4);
  return check_done();
}
