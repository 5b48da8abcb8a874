/* Condition variables for the kernel backend: wait, timedwait, signal, broadcast
 * (pthread_cond_init.c, shared, makes and destroys them). The queue words of pthread_cond_t
 * hold two counters here: __waiters.__head the threads waiting (so destroy's EBUSY and a
 * signal with nobody waiting, one load, work as in the other backends), __waiters.__tail a
 * sequence number that is the futex: a waiter reads it before it lets the mutex go and sleeps
 * while it is unchanged, so a signal between the two is not lost (the wait returns at once). A
 * wake-up may be spurious, as POSIX allows: callers wait in a loop on their predicate. */
#include <errno.h>
#include <limits.h>
#include <pthread.h>

#include "kpthread.h"

#define NWAIT(c) KWORD((c)->__waiters.__head)
#define SEQ(c) KWORD((c)->__waiters.__tail)

static int wait(pthread_cond_t* c, pthread_mutex_t* m, const struct timespec* abstime) {
  __testcancel();
  if (abstime && (abstime->tv_nsec < 0 || abstime->tv_nsec >= 1000000000)) return EINVAL;
  a_add_fetch(&NWAIT(c), 1);
  int seq = SEQ(c);
  int r = pthread_mutex_unlock(m);
  if (r) {
    a_add_fetch(&NWAIT(c), -1);
    return r;
  }
  r = __ktimedwait(&SEQ(c), seq, c->__clock, abstime, 1);
  a_add_fetch(&NWAIT(c), -1);
  pthread_mutex_lock(m); /* also before a cancellation acts, as POSIX wants */
  if (r == ECANCELED) __cancel();
  return r == ETIMEDOUT ? ETIMEDOUT : 0;
}

int pthread_cond_wait(pthread_cond_t* c, pthread_mutex_t* m) { return wait(c, m, 0); }

int pthread_cond_timedwait(pthread_cond_t* c, pthread_mutex_t* m,
                           const struct timespec* abstime) {
  return wait(c, m, abstime);
}

int pthread_cond_signal(pthread_cond_t* c) {
  if (!NWAIT(c)) return 0;
  a_add_fetch(&SEQ(c), 1);
  __kfutex_wake(&SEQ(c), 1);
  return 0;
}

int pthread_cond_broadcast(pthread_cond_t* c) {
  if (!NWAIT(c)) return 0;
  a_add_fetch(&SEQ(c), 1);
  __kfutex_wake(&SEQ(c), INT_MAX);
  return 0;
}
