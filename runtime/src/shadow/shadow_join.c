/* shadow_join - wait until every job forked on the shadow has returned.
 *
 * A busy sibling's done.seq is one behind the last job posted to it (jobs are posted one at a
 * time, to idle siblings only), so the wait is for done.seq to move off posted - 1. The wait
 * ends with an acquire, so what the job wrote is visible here. */
#include "shadow_impl.h"

void shadow_join(struct shadow* s) {
  int policy = -1;
  for (int i = 0; i < s->count; i++) {
    struct shadow_sibling* sib = s->sibling[i];
    if (__shadow_idle(sib)) continue;
    if (policy < 0) policy = __shadow_forker_policy(s);
    __shadow_wait(&sib->done, sib->job.posted - 1, policy, s->threshold);
  }
  /* Even with nothing to wait for, the jobs' writes (seen idle above by a plain load) must be
   * visible to what follows: acquire. */
  __sync_synchronize();
}
