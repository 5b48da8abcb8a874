/* pthread_detach - t's resources go when it exits, without a join: pthread_exit puts it on
 * __reap. If it has exited already, free it now. */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>

#include "pthread_impl.h"

int pthread_detach(pthread_t t) {
  __sched_lock_take();
  if (t->detached || t->joiner) {
    __sched_unlock();
    return EINVAL;
  }
  if (t->state == ST_EXITED) {
    int kept = __thmb_put(t);
    __sched_unlock();
    if (!kept) free(t->mem);
    return 0;
  }
  t->detached = 1;
  __sched_unlock();
  return 0;
}
