/* sem_wait, sem_trywait, sem_timedwait - take one from the value, waiting while it is 0.
 *
 * Fast path: a compare-and-swap of value to value - 1 when it is positive, no scheduler lock.
 * Slow path, under __sched_lock, which sem_post takes too: look at the value again, and if it is
 * still 0 queue and wait; sem_post adds to the value and wakes the first waiter, who tries again
 * (a third thread may have taken the unit meanwhile: then it queues again, at the back).
 * sem_wait and sem_timedwait are cancellation points (pthread_cancel.c). */
#include <errno.h>
#include <semaphore.h>

#include "pthread_impl.h"

static int take(sem_t* s) {
  for (int v = s->__value; v > 0; v = s->__value)
    if (a_cas(&s->__value, v, v - 1) == v) return 1;
  return 0;
}

int sem_trywait(sem_t* s) {
  if (take(s)) return 0;
  errno = EAGAIN;
  return -1;
}

/* abstime 0: no deadline. */
static int wait(sem_t* s, const struct timespec* abstime) {
  struct __pthread* self = __self();
  __testcancel_self(self);
  if (abstime && (abstime->tv_nsec < 0 || abstime->tv_nsec >= 1000000000)) {
    errno = EINVAL; /* glibc checks before it looks at the value; so do we */
    return -1;
  }
  while (!take(s)) {
    __sched_lock_take();
    if (s->__value > 0) {
      __sched_unlock();
      continue;
    }
    if (__cancel_wait_begin(self, &s->__waiters)) {
      __sched_unlock();
      __testcancel();
    }
    __enqueue(&s->__waiters, self);
    if (abstime) {
      if (__timed_block(self, &s->__waiters, abstime) == ETIMEDOUT) {
        errno = ETIMEDOUT;
        return -1;
      }
    } else {
      __block(self);
    }
    __testcancel_self(self);
  }
  return 0;
}

int sem_wait(sem_t* s) { return wait(s, 0); }

int sem_timedwait(sem_t* s, const struct timespec* abstime) { return wait(s, abstime); }
