/* shadow_set_policy - change how the forker and (from their next job) the siblings wait. A
 * shadow on another core takes SHADOW_SUSPEND as SHADOW_MWAIT (shadow_impl.h says why). */
#include <errno.h>

#include "shadow_impl.h"

int shadow_set_policy(struct shadow* s, int policy, unsigned long threshold) {
  if (!__shadow_policy_valid(policy)) {
    errno = EINVAL;
    return -1;
  }
  s->policy = __shadow_placed_policy(s, policy);
  s->threshold = threshold;
  return 0;
}
