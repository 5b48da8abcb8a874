/* every-wait-policy-fork-join-computes-the-right-sum - with each wait policy (spin, mwait,
 * two-phase with a small threshold, suspend) the main thread forks the sum of the upper half of
 * an array onto the sibling, sums the lower half itself, joins and adds: 300 rounds, the array
 * changing every round, so a join that returned early or a stale result shows. Every fork must
 * reach the sibling (the machine has at least 2 contexts) and the job must run there, not on
 * the main thread's context.
 * Expect: status 0 */
#include <kasane/kasane_isa.h>
#include <shadow.h>

#include "check.h"

#define N 64
#define ROUNDS 300

static unsigned long a[N];

struct half {
  int from, to;
  unsigned long sum;
  long ltn; /* where the job ran */
};

static void sum_half(void* p) {
  struct half* h = p;
  unsigned long s = 0;
  for (int i = h->from; i < h->to; i++) s += a[i];
  h->sum = s;
  h->ltn = kasane_tid();
}

static const struct {
  const char* name;
  int policy;
  unsigned long threshold;
} policies[] = {
    {"spin", SHADOW_SPIN, 0},
    {"mwait", SHADOW_MWAIT, 0},
    {"two-phase 20", SHADOW_TWO_PHASE, 20},
    {"suspend", SHADOW_SUSPEND, 0},
};

int main(void) {
  long me = kasane_tid();
  for (unsigned p = 0; p < sizeof policies / sizeof policies[0]; p++) {
    struct shadow s;
    printf("%s\n", policies[p].name);
    CHECK_INT(shadow_create(&s, policies[p].policy, policies[p].threshold), 1);
    int wrong = 0, inline_forks = 0, on_main = 0;
    for (int r = 0; r < ROUNDS; r++) {
      unsigned long want = 0;
      for (int i = 0; i < N; i++) want += a[i] = (unsigned long)(i + 1) * (r + 3) + p;
      struct half hi = {N / 2, N, 0, 0};
      if (shadow_fork(&s, sum_half, &hi) == 0) inline_forks++;
      unsigned long lo = 0;
      for (int i = 0; i < N / 2; i++) lo += a[i];
      shadow_join(&s);
      wrong += lo + hi.sum != want;
      on_main += hi.ltn == me;
    }
    CHECK_INT(wrong, 0);
    CHECK_INT(inline_forks, 0);
    CHECK_INT(on_main, 0);
    shadow_destroy(&s);
  }
  return check_done();
}
