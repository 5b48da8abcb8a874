/* pthread_mutex_lock - take m, waiting for it if another thread holds it.
 *
 * The lock word: 0 free, 1 held, 2 held and a thread may be queued (the futex mutex of Drepper's
 * "Futexes are tricky"). Fast path: 0 -> 1 with one ll/sc, and the scheduler is never touched.
 * Slow path, under __sched_lock: swap in 2; if the word was 0 the mutex is ours (marked 2, so
 * our unlock looks at the queue, which may be empty: harmless); else queue and block. A swap that
 * fails and the queueing happen under the lock the unlocker takes to wake, so a wake-up cannot be
 * lost. Woken by pthread_mutex_unlock, swap in 2 again at once, without the scheduler lock: a
 * swap that finds 0 needs no lock (the mutex is ours), and one that does not goes round under
 * the lock (its 2 only makes the owner's unlock look at the queue).
 *
 * The owner is recorded for every type (recursive and error-checking mutexes need it):
 * m->__owner == self holds exactly while we hold m, since only the owner writes self there and
 * unlock clears it first. */
#include <errno.h>
#include <limits.h>
#include <pthread.h>

#include "pthread_impl.h"

void __mutex_lock_wait(pthread_mutex_t* m, struct __pthread* self) {
  for (;;) {
    __sched_lock_take();
    if (a_swap(&m->__lock, 2) == 0) {
      __sched_unlock();
      return;
    }
    __enqueue(&m->__waiters, self);
    __block(self);
    if (a_swap(&m->__lock, 2) == 0) return; /* woken by the unlock: the usual case, no lock */
  }
}

int pthread_mutex_lock(pthread_mutex_t* m) {
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
  __mutex_lock_wait(m, self);
  a_barrier();
  m->__owner = self;
  return 0;
}
