/* pthread_detach - t's resources go when it exits, without a join: pthread_exit puts it on
 * __reap. If it has exited already, free it now. ESRCH for a thread whose id has ended (joined,
 * or detached and exited: pthread_impl.h, "Thread ids", has the rule for reused ids), EINVAL for
 * one detached or being joined. */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>

#include "pthread_impl.h"

int pthread_detach(pthread_t t) {
  __sched_lock_take();
  if (!__id_valid(t)) {
    __sched_unlock();
    return ESRCH;
  }
  if (t->detached || t->joiner) {
    __sched_unlock();
    return EINVAL;
  }
  if (t->state == ST_EXITED) {
    t->id = 0;
    int kept = __thmb_put(t);
    if (!kept) __djoin_end(t);
    __sched_unlock();
    if (!kept) __thmb_free(t);
    return 0;
  }
  t->detached = 1;
  __sched_unlock();
  return 0;
}
