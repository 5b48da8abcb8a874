/* pthread_mutex_trylock - take m if it is free (or, recursive, ours already); else EBUSY. */
#include <errno.h>
#include <limits.h>
#include <pthread.h>

#include "pthread_impl.h"

int pthread_mutex_trylock(pthread_mutex_t* m) {
  struct __pthread* self = __self();
  if (a_cas(&m->__lock, 0, 1) == 0) {
    a_barrier();
    m->__owner = self;
    return 0;
  }
  if (m->__type == PTHREAD_MUTEX_RECURSIVE && m->__owner == self) {
    if (m->__count == INT_MAX) return EAGAIN;
    m->__count++;
    return 0;
  }
  return EBUSY;
}
