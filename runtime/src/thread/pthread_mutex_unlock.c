/* pthread_mutex_unlock - release m (pthread_mutex_lock.c describes the lock word).
 *
 * Fast path: swap in 0; if the word was 1 nobody waits and we are done. If it was 2, wake the
 * first queued thread, under __sched_lock; it swaps in 2 again, so the next unlock looks at the
 * queue too. Recursive and error-checking mutexes must be held by the caller (EPERM). */
#include <errno.h>
#include <pthread.h>

#include "pthread_impl.h"

/* With __sched_lock held (pthread_cond_wait): release m, waking a waiter if there is one. */
void __mutex_release_locked(pthread_mutex_t* m) {
  m->__owner = 0;
  m->__count = 0;
  a_barrier(); /* what the mutex guarded is written before it looks free */
  if (a_swap(&m->__lock, 0) == 2) {
    struct __pthread* w = __dequeue(&m->__waiters);
    if (w) __wake(w);
  }
}

int pthread_mutex_unlock(pthread_mutex_t* m) {
  if (m->__type != PTHREAD_MUTEX_NORMAL) {
    if (m->__owner != __self()) return EPERM;
    if (m->__count) {
      m->__count--;
      return 0;
    }
  }
  m->__owner = 0;
  a_barrier();
  if (a_swap(&m->__lock, 0) == 2) {
    __sched_lock_take();
    struct __pthread* w = __dequeue(&m->__waiters);
    int n = w ? __wake_begin(w) : 0;
    __sched_unlock();
    if (n) __wake_ctx(n); /* after the lock goes: the waiter may want it */
  }
  return 0;
}
