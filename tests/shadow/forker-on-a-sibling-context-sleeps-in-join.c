/* forker-on-a-sibling-context-sleeps-in-join - a shadow can be driven from any thread, and a
 * forker that runs on a context user code may TRESUME (not context 0, where main runs) really
 * TSUSPENDs in join: main forks a job onto its sibling X; the job creates its own shadow (its
 * sibling Y on a third context) with the suspend policy and forks onto Y jobs whose end is
 * delayed by 0 to 191 loop steps, so their done post moves across the entry of X's wait in
 * join. Y's post must TRESUME X every time, and the sums are right. On a 2-context core there
 * is no third context: the inner shadow has no sibling and its forks run inline, still right.
 * Expect: status 0 */
#include <kasane/kasane_isa.h>
#include <kasane/syscalls.h>
#include <shadow.h>

#include "check.h"

static volatile int inner_delay;
static volatile unsigned long inner_out;

static void inner_job(void* p) {
  for (volatile int d = 0; d < inner_delay; d++) {
  }
  inner_out = (unsigned long)p * 3;
}

struct outer {
  int siblings; /* what the inner shadow got */
  long ltn;     /* the context the outer job ran on */
  int wrong;
};

static void outer_job(void* p) {
  struct outer* o = p;
  struct shadow inner;
  o->ltn = kasane_tid();
  o->siblings = shadow_create(&inner, SHADOW_SUSPEND, 0);
  for (int d = 0; d < 192; d++) {
    inner_delay = d;
    shadow_fork(&inner, inner_job, (void*)(unsigned long)d);
    shadow_join(&inner);
    o->wrong += inner_out != (unsigned long)d * 3;
  }
  shadow_destroy(&inner);
}

int main(void) {
  int contexts = __builtin_popcount(kasane_contexts());
  struct shadow outer;
  CHECK_INT(shadow_create(&outer, SHADOW_MWAIT, 0), 1);
  struct outer o = {-1, 0, 0};
  shadow_fork(&outer, outer_job, &o);
  shadow_join(&outer);
  CHECK(o.ltn != kasane_tid());
  CHECK_INT(o.siblings, contexts >= 2 ? 1 : 0);
  CHECK_INT(o.wrong, 0);
  shadow_destroy(&outer);
  return check_done();
}
