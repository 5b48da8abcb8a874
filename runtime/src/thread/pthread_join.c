/* pthread_join - wait for thread t to exit, take its result and free it (or keep it for the next
 * pthread_create: __thmb_cache.c).
 *
 * The joiner records itself in t->joiner and blocks; t's pthread_exit wakes it. EXITED is set
 * under the lock, and t's context holds the lock until it is off t's stack, so once we see
 * EXITED under the lock the stack can go. A thread whose id has ended (joined already, or
 * detached and exited: pthread_impl.h, "Thread ids") gives ESRCH; a detached or already
 * awaited one EINVAL.
 *
 * A cancellation point: pthread_cancel takes the joiner out of t->joiner (cancel_join) and wakes
 * it; t stays joinable. */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>

#include "pthread_impl.h"

int pthread_join(pthread_t t, void** res) {
  struct __pthread* self = __self();
  __testcancel_self(self);
  if (t == self) return EDEADLK;
  __sched_lock_take();
  if (!__id_valid(t)) {
    __sched_unlock();
    return ESRCH;
  }
  if (t->detached || (t->joiner && t->joiner != self)) {
    __sched_unlock();
    return EINVAL;
  }
  while (t->state != ST_EXITED) {
    if (__cancel_wait_begin(self, 0)) {
      __sched_unlock();
      __testcancel();
    }
    t->joiner = self;
    self->cancel_join = t;
    __block(self);
    __sched_lock_take();
    self->cancel_join = 0;
  }
  if (res) *res = t->result;
  t->id = 0;
  int kept = __thmb_put(t); /* from here on t may be another thread's */
  __sched_unlock();
  if (!kept && t->mem) __thmb_free(t); /* no mem: the main thread, whose stack is the process's */
  return 0;
}
