/* pthread_cond_broadcast - wake every thread waiting on c. */
#include <pthread.h>

#include "pthread_impl.h"

int pthread_cond_broadcast(pthread_cond_t* c) {
  if (!c->__waiters.__head) return 0;
  __sched_lock_take();
  struct __pthread* w;
  while ((w = __dequeue(&c->__waiters))) __wake(w);
  __sched_unlock();
  return 0;
}
