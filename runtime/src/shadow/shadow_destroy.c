/* shadow_destroy - end the siblings and free their stacks.
 *
 * After a join every sibling is idle; each gets `quit` instead of a job, returns to
 * __shadow_entry, stores `exited` and leaves with TEXIT. We wait for `exited` with
 * MONITOR/MWAIT whatever the policy (the entry stub posts no TRESUME, and this is not a path
 * worth spinning on), then unmap: from `exited` on, the sibling touches no memory. */
#include <sys/mman.h>

#include "../ctx/ctx_sleep.h"
#include "shadow_impl.h"

void shadow_destroy(struct shadow* s) {
  shadow_join(s);
  for (int i = 0; i < s->count; i++) {
    struct shadow_sibling* sib = s->sibling[i];
    sib->job.quit = 1;
    __ctx_post(&sib->work, ++sib->job.posted); /* orders quit before the flag */
  }
  for (int i = 0; i < s->count; i++) {
    struct shadow_sibling* sib = s->sibling[i];
    __ctx_sleep_until_set(&sib->job.exited);
  }
  /* Acquire, so nothing we do with the memory next is ordered before `exited` was seen. */
  __sync_synchronize();
  if (s->region) munmap(s->region, s->region_size);
  s->region = 0;
  s->region_size = 0;
  s->count = 0;
}
