/* two-phase-threshold-0-is-mwait-and-forever-is-spin - two-phase waiting with threshold 0
 * sleeps at once (MONITOR/MWAIT) and with SHADOW_FOREVER never stops spinning: both compute
 * right, and on a null fork-join the spinning ones are faster in cycles than the sleeping ones
 * (spin < mwait, two-phase forever < two-phase 0), because a sleeper pays the wake-up latency
 * of MWAIT (thread.mwait_light_wake) on each of the two handshakes.
 * Expect: status 0 */
#include <shadow.h>

#include "check.h"

#define ROUNDS 200

static volatile unsigned long value;
static void square(void* p) { value = (unsigned long)p * (unsigned long)p; }
static void null_job(void* p) { (void)p; }

/* Mean cycles of a null fork-join with this policy; *wrong counts wrong squares on the way. */
static unsigned long fork_join_cycles(int policy, unsigned long threshold, int* wrong) {
  struct shadow s;
  if (shadow_create(&s, policy, threshold) != 1) return 0;
  for (unsigned long i = 1; i <= ROUNDS; i++) {
    shadow_fork(&s, square, (void*)i);
    shadow_join(&s);
    *wrong += value != i * i;
  }
  unsigned long t0 = shadow_cycles();
  for (int i = 0; i < ROUNDS; i++) {
    shadow_fork(&s, null_job, 0);
    shadow_join(&s);
  }
  unsigned long t = (shadow_cycles() - t0) / ROUNDS;
  shadow_destroy(&s);
  return t;
}

int main(void) {
  int wrong = 0;
  unsigned long spin = fork_join_cycles(SHADOW_SPIN, 0, &wrong);
  unsigned long mwait = fork_join_cycles(SHADOW_MWAIT, 0, &wrong);
  unsigned long tp0 = fork_join_cycles(SHADOW_TWO_PHASE, 0, &wrong);
  unsigned long tpinf = fork_join_cycles(SHADOW_TWO_PHASE, SHADOW_FOREVER, &wrong);
  CHECK_INT(wrong, 0);
  /* Not printed by CHECK: cycle counts differ between the models. */
  printf("cycles per null fork-join: spin %lu, mwait %lu, two-phase 0 %lu, two-phase forever %lu\n",
         spin, mwait, tp0, tpinf);
  CHECK(spin > 0 && mwait > 0 && tp0 > 0 && tpinf > 0);
  CHECK(spin < mwait);
  CHECK(tpinf < tp0);
  return check_done();
}
