/* pthread_mutex_timedlock - pthread_mutex_lock with a deadline: abstime, absolute, by
 * CLOCK_REALTIME. The slow path is pthread_mutex_lock's (swap in 2, queue, wait; try again when an
 * unlock wakes us) with the wait bounded by __timed_block, which takes us off the queue when the
 * time has passed. As glibc does, a bad abstime is EINVAL only when the mutex is not free. Not a
 * cancellation point. */
#include <errno.h>
#include <limits.h>
#include <pthread.h>

#include "pthread_impl.h"

int pthread_mutex_timedlock(pthread_mutex_t* m, const struct timespec* abstime) {
  struct __pthread* self = __self();
  if (a_cas(&m->__lock, 0, 1) == 0) {
    a_barrier(); /* nothing the mutex guards is read before it is ours */
    m->__owner = self;
    return 0;
  }
  if (m->__type != PTHREAD_MUTEX_NORMAL && m->__owner == self) {
    if (m->__type == PTHREAD_MUTEX_ERRORCHECK) return EDEADLK;
    if (m->__count == INT_MAX) return EAGAIN;
    m->__count++;
    return 0;
  }
  if (abstime->tv_nsec < 0 || abstime->tv_nsec >= 1000000000) return EINVAL;
  for (;;) {
    __sched_lock_take();
    if (a_swap(&m->__lock, 2) == 0) {
      __sched_unlock();
      break;
    }
    __enqueue(&m->__waiters, self);
    if (__timed_block(self, &m->__waiters, abstime) == ETIMEDOUT) return ETIMEDOUT;
  }
  a_barrier();
  m->__owner = self;
  return 0;
}
