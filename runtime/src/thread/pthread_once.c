/* pthread_once - run fn exactly once per once-control, however many threads call.
 *
 * The control word: 0 not run, 1 running, 2 done. The fast path is one load. The first caller
 * wins the 0 -> 1 swap and runs fn; the others block on a queue shared by every once-control,
 * and are all woken when any fn finishes: each looks at its own word again. The winner sets 2
 * before taking the lock to wake them, and a waiter looks at the word under the lock before it
 * queues, so none can miss the end. */
#include <pthread.h>

#include "pthread_impl.h"

#define ONCE_RUNNING 1
#define ONCE_DONE 2

static struct __pthread_queue waiters; /* (sched) */

int pthread_once(pthread_once_t* once, void (*fn)(void)) {
  if (*once == ONCE_DONE) {
    a_barrier(); /* what fn wrote is visible to us too */
    return 0;
  }
  if (a_cas(once, 0, ONCE_RUNNING) == 0) {
    fn();
    a_barrier();
    *once = ONCE_DONE;
    __sched_lock_take();
    struct __pthread* w;
    while ((w = __dequeue(&waiters))) __wake(w);
    __sched_unlock();
    return 0;
  }
  struct __pthread* self = __self();
  __sched_lock_take();
  while (*once != ONCE_DONE) {
    __enqueue(&waiters, self);
    __block(self);
    __sched_lock_take();
  }
  __sched_unlock();
  a_barrier();
  return 0;
}
