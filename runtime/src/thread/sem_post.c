/* sem_post - add one to the value and wake the first waiter. Under __sched_lock, which a waiter
 * holds from its last look at the value until it is queued: a post cannot fall in between. */
#include <errno.h>
#include <semaphore.h>

#include "pthread_impl.h"

int sem_post(sem_t* s) {
  __sched_lock_take();
  if (s->__value == SEM_VALUE_MAX) {
    __sched_unlock();
    errno = EOVERFLOW;
    return -1;
  }
  a_add_fetch(&s->__value, 1);
  struct __pthread* w = __dequeue(&s->__waiters);
  if (w) __wake(w);
  __sched_unlock();
  return 0;
}
