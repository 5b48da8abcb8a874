/* pthread_barrier_wait - wait until count threads have arrived. The last to arrive starts the
 * next round, wakes the others and gets PTHREAD_BARRIER_SERIAL_THREAD; the others get 0. A woken
 * thread checks that its round is over (the round counter), so the barrier can be reused at
 * once. */
#include <pthread.h>

#include "pthread_impl.h"

int pthread_barrier_wait(pthread_barrier_t* b) {
  struct __pthread* self = __self();
  __sched_lock_take();
  unsigned round = b->__round;
  if (++b->__arrived == b->__count) {
    b->__arrived = 0;
    b->__round++;
    struct __pthread* w;
    while ((w = __dequeue(&b->__waiters))) __wake(w);
    __sched_unlock();
    return PTHREAD_BARRIER_SERIAL_THREAD;
  }
  while (b->__round == round) {
    __enqueue(&b->__waiters, self);
    __block(self);
    __sched_lock_take();
  }
  __sched_unlock();
  return 0;
}
