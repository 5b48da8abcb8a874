/* shadow_set_policy - change how the forker and (from their next job) the siblings wait. */
#include <errno.h>

#include "shadow_impl.h"

int shadow_set_policy(struct shadow* s, int policy, unsigned long threshold) {
  if (!__shadow_policy_valid(policy)) {
    errno = EINVAL;
    return -1;
  }
  s->policy = policy;
  s->threshold = threshold;
  return 0;
}
