/* setjmp-longjmp-keeps-fp-registers - longjmp brings back the callee-saved FP registers
 * $f20..$f31 (six doubles, one per even/odd pair) and FCSR as they were at setjmp, after the
 * function that jumps has overwritten them all and switched the rounding mode to toward-zero.
 * Expect: status 0 */
#include <setjmp.h>
#include <stdint.h>
#include <string.h>

#include "check.h"

/* The registers are named explicitly: which ones gcc would pick for a double is not specified. */
#define SET(r, v) __asm__ volatile("ldc1 $f" #r ", %0" : : "m"(v) : "$f" #r)
#define GET(r, v) __asm__ volatile("sdc1 $f" #r ", %0" : "=m"(v))
#define SET_ALL(a)                                                                     \
  do {                                                                                 \
    SET(20, a[0]); SET(22, a[1]); SET(24, a[2]); SET(26, a[3]); SET(28, a[4]);        \
    SET(30, a[5]);                                                                     \
  } while (0)

static jmp_buf env;
static const double want[6] = {1.5, -2.25, 3.0e100, 0.1, -0.0, 6.02214076e23};

static unsigned fcsr(void) {
  unsigned v;
  __asm__ volatile("cfc1 %0, $31" : "=r"(v));
  return v;
}

static __attribute__((noinline)) void clobber_and_jump(void) {
  static const double junk[6] = {-1, -1, -1, -1, -1, -1};
  SET_ALL(junk);
  __asm__ volatile("ctc1 %0, $31" : : "r"(1)); /* RM = 1: round toward zero */
  longjmp(env, 7);
}

static uint64_t bits(double d) {
  uint64_t b;
  memcpy(&b, &d, 8);
  return b;
}

int main(void) {
  double got[6];
  unsigned before = fcsr();
  SET_ALL(want);
  int r = setjmp(env);
  if (r == 0) clobber_and_jump();
  GET(20, got[0]); GET(22, got[1]); GET(24, got[2]); GET(26, got[3]); GET(28, got[4]);
  GET(30, got[5]);
  CHECK_INT(r, 7);
  for (int i = 0; i < 6; i++) CHECK_HEX(bits(got[i]), bits(want[i]));
  CHECK_HEX(fcsr() & 3, before & 3); /* the rounding mode of the setjmp caller */
  return check_done();
}
