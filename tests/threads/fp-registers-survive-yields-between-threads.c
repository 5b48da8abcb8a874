/* fp-registers-survive-yields-between-threads - two threads each keep their own six doubles in
 * the callee-saved FP registers $f20..$f31 and their own rounding mode (FCSR) across 200
 * pthread_yields. With one context (iss-1) every yield is the library's software switch
 * (__switch, or resume_ctx on the hw backend) between the two on the same register file, so a
 * switch that did not save and restore the FP half would hand one thread the other's values.
 * Expect: status 0 */
#include <pthread.h>
#include <stdint.h>
#include <string.h>

#include "check.h"

#define YIELDS 200

/* Named registers: which ones gcc would pick for a double is not specified. */
#define SET(r, v) __asm__ volatile("ldc1 $f" #r ", %0" : : "m"(v) : "$f" #r)
#define GET(r, v) __asm__ volatile("sdc1 $f" #r ", %0" : "=m"(v))

struct job {
  double v[6];   /* what the thread keeps in $f20, $f22, .. $f30 */
  unsigned rm;   /* its FCSR rounding mode */
  int bad;       /* yields after which a register or the mode had changed */
};

static unsigned get_fcsr(void) {
  unsigned v;
  __asm__ volatile("cfc1 %0, $31" : "=r"(v));
  return v;
}

static void* keep(void* arg) {
  struct job* j = arg;
  double got[6];
  __asm__ volatile("ctc1 %0, $31" : : "r"(j->rm));
  SET(20, j->v[0]); SET(22, j->v[1]); SET(24, j->v[2]); SET(26, j->v[3]); SET(28, j->v[4]);
  SET(30, j->v[5]);
  for (int i = 0; i < YIELDS; i++) {
    pthread_yield();
    GET(20, got[0]); GET(22, got[1]); GET(24, got[2]); GET(26, got[3]); GET(28, got[4]);
    GET(30, got[5]);
    if (memcmp(got, j->v, sizeof got) || (get_fcsr() & 3) != j->rm) j->bad++;
  }
  return 0;
}

int main(void) {
  static struct job a = {{1.5, -2.25, 3e100, 0.1, -0.0, 6.02214076e23}, 0, 0};
  static struct job b = {{-7.0, 1e-300, 2.5, 1.0 / 3, 12345.678, -1e22}, 1, 0};
  pthread_t ta, tb;
  CHECK_INT(pthread_create(&ta, 0, keep, &a), 0);
  CHECK_INT(pthread_create(&tb, 0, keep, &b), 0);
  CHECK_INT(pthread_join(ta, 0), 0);
  CHECK_INT(pthread_join(tb, 0), 0);
  CHECK_INT(a.bad, 0);
  CHECK_INT(b.bad, 0);
  return check_done();
}
