/* several-siblings-run-their-jobs-at-once - shadow_create_n starts one sibling per free context
 * (the process's TFORK mask: 1 on a 2-context core, 3 on a 4-context one) and forks go to
 * different siblings: n jobs forked in a row each wait at a barrier until all n have arrived,
 * which only works if they run at the same time, each on its own context, none on the main
 * thread's. One join waits for all of them. With every policy.
 * Expect: status 0 */
#include <kasane/kasane_isa.h>
#include <kasane/syscalls.h>
#include <shadow.h>

#include "check.h"

static volatile int arrived;
static long ran_on[SHADOW_MAX_SIBLINGS];

static void meet(void* p) {
  long i = (long)p;
  __atomic_fetch_add(&arrived, 1, __ATOMIC_SEQ_CST);
  while (arrived < i >> 8) {
  }
  ran_on[i & 0xff] = kasane_tid();
}

int main(void) {
  int contexts = __builtin_popcount(kasane_contexts());
  static const int policies[] = {SHADOW_SPIN, SHADOW_MWAIT, SHADOW_TWO_PHASE, SHADOW_SUSPEND};
  for (unsigned p = 0; p < 4; p++) {
    struct shadow s;
    int n = shadow_create_n(&s, SHADOW_MAX_SIBLINGS, policies[p], 5);
    CHECK_INT(n, contexts);
    arrived = 0;
    int inline_forks = 0;
    for (long i = 0; i < n; i++) {
      ran_on[i] = 0;
      inline_forks += shadow_fork(&s, meet, (void*)((long)n << 8 | i)) == 0;
    }
    shadow_join(&s);
    CHECK_INT(inline_forks, 0);
    CHECK_INT(arrived, n);
    int distinct = 1;
    for (int i = 0; i < n; i++)
      for (int k = 0; k < i; k++) distinct &= ran_on[i] != ran_on[k];
    for (int i = 0; i < n; i++) distinct &= ran_on[i] != 0 && ran_on[i] != kasane_tid();
    CHECK(distinct);
    shadow_destroy(&s);
  }
  return check_done();
}
