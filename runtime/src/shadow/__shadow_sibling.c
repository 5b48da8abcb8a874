/* __shadow_sibling_main - what a sibling context runs between its TFORK and its TEXIT: wait for
 * work, run it, say it is done, again, until the forker posts quit.
 *
 * The policy and threshold of each wait come with the previous job (set at create for the
 * first wait), so shadow_set_policy reaches a sibling with the next fork. They are read after
 * done is posted, when the forker may already be writing the next job: the wait then uses the
 * old or the new setting (or one of each), every one of which waits correctly. */
#include "shadow_impl.h"

void __shadow_sibling_main(struct shadow_sibling* sib) {
  unsigned long seen = 0; /* work.seq of the last job taken; the region starts zeroed */
  for (;;) {
    seen = __shadow_wait(&sib->work, seen, sib->job.policy, sib->job.threshold);
    if (sib->job.quit) return; /* to __shadow_entry, which reports and leaves */
    sib->job.fn(sib->job.arg);
    __ctx_post(&sib->done, seen);
  }
}
