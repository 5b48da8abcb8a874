/* __cond_wait - pthread_cond_wait and pthread_cond_timedwait.
 *
 * No lost wake-up: queueing on c, releasing m and going to sleep are one step under
 * __sched_lock, which pthread_cond_signal takes to dequeue. A signaller that changed the
 * predicate under m, even if it signals after unlocking m, finds us queued: we queued before we
 * released m. A recursive mutex is released completely and taken back with its count.
 *
 * A cancellation point: pending before the wait, it is acted on with m still held; during it,
 * pthread_cancel takes us off c's queue and wakes us, and we act on it once m is ours again, as
 * POSIX wants (the cleanup handlers run with m held). abstime is by c's clock
 * (pthread_condattr_setclock), turned into CLOCK_REALTIME for __timed_block. */
#include <errno.h>
#include <pthread.h>
#include <time.h>

#include "pthread_impl.h"

int __cond_wait(pthread_cond_t* c, pthread_mutex_t* m, const struct timespec* abstime) {
  struct __pthread* self = __self();
  if (m->__type != PTHREAD_MUTEX_NORMAL && m->__owner != self) return EPERM;
  if (abstime && (abstime->tv_nsec < 0 || abstime->tv_nsec >= 1000000000)) return EINVAL;
  struct timespec rt;
  if (abstime && c->__clock != CLOCK_REALTIME) {
    __abs_realtime(c->__clock, abstime, &rt);
    abstime = &rt;
  }
  int count = m->__count;
  __sched_lock_take();
  if (__cancel_wait_begin(self, &c->__waiters)) {
    __sched_unlock();
    __testcancel();
  }
  __enqueue(&c->__waiters, self);
  __mutex_release_locked(m);
  int r = 0;
  if (abstime)
    r = __timed_block(self, &c->__waiters, abstime);
  else
    __block(self);
  pthread_mutex_lock(m);
  m->__count = count;
  __testcancel_self(self);
  return r;
}
