/* shadow_fork - hand fn(arg) to a waiting sibling, or run it here if none is waiting.
 *
 * Fast path: the first idle sibling gets the job and its next wait policy on its job line, and
 * its work flag moves. The job line is ours to write while the sibling is idle (done.seq ==
 * posted): it reads the line only after it sees the work flag move. Slow path: every sibling
 * is busy, or there is none, and the caller runs fn(arg) itself. */
#include "shadow_impl.h"

int shadow_fork(struct shadow* s, void (*fn)(void*), void* arg) {
  for (int i = 0; i < s->count; i++) {
    struct shadow_sibling* sib = s->sibling[i];
    if (!__shadow_idle(sib)) continue;
    sib->job.fn = fn;
    sib->job.arg = arg;
    sib->job.policy = s->policy;
    sib->job.threshold = s->threshold;
    __ctx_post(&sib->work, ++sib->job.posted); /* orders the job before the flag */
    return (int)sib->job.ltn;
  }
  fn(arg);
  return 0;
}
