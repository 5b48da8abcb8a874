/* policy-change-while-the-sibling-waits-still-wakes-it - shadow_set_policy between forks: a
 * sibling already waiting the old way (spinning, in MWAIT, or in TSUSPEND) is woken by a fork
 * made under the new policy, for every ordered pair of policies, and the job's result is right.
 * An unknown policy is refused with EINVAL by shadow_set_policy and shadow_create.
 * Expect: status 0 */
#include <errno.h>
#include <shadow.h>

#include "check.h"

static volatile unsigned long out;
static void inc(void* p) { out = (unsigned long)p + 1; }

int main(void) {
  static const int policies[] = {SHADOW_SPIN, SHADOW_MWAIT, SHADOW_TWO_PHASE, SHADOW_SUSPEND};
  struct shadow s;
  CHECK_INT(shadow_create(&s, SHADOW_SPIN, 0), 1);
  int wrong = 0;
  unsigned long k = 0;
  for (int from = 0; from < 4; from++) {
    for (int to = 0; to < 4; to++) {
      /* The sibling takes `from` with this job and then waits that way. */
      shadow_set_policy(&s, policies[from], 3);
      shadow_fork(&s, inc, (void*)k);
      shadow_join(&s);
      wrong += out != k + 1;
      k++;
      /* Give it time to settle into its wait, then wake it under `to`. */
      for (volatile int d = 0; d < 200; d++) {
      }
      shadow_set_policy(&s, policies[to], 3);
      shadow_fork(&s, inc, (void*)k);
      shadow_join(&s);
      wrong += out != k + 1;
      k++;
    }
  }
  CHECK_INT(wrong, 0);
  errno = 0;
  CHECK_INT(shadow_set_policy(&s, 99, 0), -1);
  CHECK_INT(errno, EINVAL);
  shadow_destroy(&s);
  struct shadow bad;
  errno = 0;
  CHECK_INT(shadow_create(&bad, -1, 0), -1);
  CHECK_INT(errno, EINVAL);
  CHECK_INT(bad.count, 0);
  return check_done();
}
