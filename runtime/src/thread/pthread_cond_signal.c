/* pthread_cond_signal - wake the longest-waiting thread on c, if any. The look at the queue
 * without the lock is enough: a waiter that matters queued before it released the mutex that
 * the signaller took since (__cond_wait.c). */
#include <pthread.h>

#include "pthread_impl.h"

int pthread_cond_signal(pthread_cond_t* c) {
  if (!c->__waiters.__head) return 0;
  __sched_lock_take();
  struct __pthread* w = __dequeue(&c->__waiters);
  if (w) __wake(w);
  __sched_unlock();
  return 0;
}
