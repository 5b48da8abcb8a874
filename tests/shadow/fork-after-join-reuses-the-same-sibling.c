/* fork-after-join-reuses-the-same-sibling - a shadow's sibling serves fork after fork: with
 * every policy, 100 fork-join rounds all run on the one context the first fork got (not the
 * main thread's), and the shadow takes no further context: a second shadow created meanwhile
 * still gets one of the remaining contexts when there is one, and none when there is not.
 * Expect: status 0 */
#include <kasane/kasane_isa.h>
#include <kasane/syscalls.h>
#include <shadow.h>

#include "check.h"

static volatile long ran_on;

static void where(void* p) {
  (void)p;
  ran_on = kasane_tid();
}

int main(void) {
  int contexts = __builtin_popcount(kasane_contexts()); /* the ones user TFORK may take */
  CHECK(contexts >= 1);
  static const int policies[] = {SHADOW_SPIN, SHADOW_MWAIT, SHADOW_TWO_PHASE, SHADOW_SUSPEND};
  for (unsigned p = 0; p < 4; p++) {
    struct shadow s, t;
    CHECK_INT(shadow_create(&s, policies[p], 10), 1);
    long first = shadow_fork(&s, where, 0);
    shadow_join(&s);
    CHECK(first != 0 && first != kasane_tid());
    CHECK_INT(ran_on, first);
    int moved = 0;
    for (int r = 0; r < 100; r++) {
      ran_on = 0;
      moved += shadow_fork(&s, where, 0) != first;
      shadow_join(&s);
      moved += ran_on != first;
    }
    CHECK_INT(moved, 0);
    /* The shadow holds exactly one context: a second one finds the rest. */
    CHECK_INT(shadow_create(&t, policies[p], 10), contexts >= 2 ? 1 : 0);
    shadow_destroy(&t);
    shadow_destroy(&s);
  }
  return check_done();
}
