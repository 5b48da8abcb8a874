/* __ktimedwait - a futex wait until an absolute time, for the kernel backend's timed waits
 * (pthread_cond_timedwait, pthread_mutex_timedlock, the rwlocks' and sem_timedwait). The kernel's
 * FUTEX_WAIT takes a relative timeout, so the deadline is turned into one against the clock it
 * is by, read just before; a wait that ends early (a wake-up, a signal) is looked at again by
 * the caller, which reads the clock anew. */
#include <errno.h>
#include <time.h>

#include "kpthread.h"

int __ktimedwait(volatile void* a, int val, clockid_t clock, const struct timespec* abstime,
                 int cancellable) {
  struct timespec rel, *tp = 0;
  if (abstime) {
    if (abstime->tv_nsec < 0 || abstime->tv_nsec >= 1000000000) return EINVAL;
    struct timespec now;
    clock_gettime(clock, &now);
    rel.tv_sec = abstime->tv_sec - now.tv_sec;
    rel.tv_nsec = abstime->tv_nsec - now.tv_nsec;
    if (rel.tv_nsec < 0) {
      rel.tv_nsec += 1000000000;
      rel.tv_sec--;
    }
    if (rel.tv_sec < 0) return ETIMEDOUT;
    tp = &rel;
  }
  long r = cancellable ? __kcp(SYS_futex, (long)a, FUTEX_WAIT_PRIVATE, val, (long)tp)
                       : __syscall4(SYS_futex, (long)a, FUTEX_WAIT_PRIVATE, val, (long)tp);
  if (r == -ETIMEDOUT || r == -ECANCELED) return -r;
  return 0;
}
