/* pthread_setspecific - set the calling thread's value for key k. */
#include <errno.h>
#include <pthread.h>

#include "pthread_impl.h"

int pthread_setspecific(pthread_key_t k, const void* v) {
  if (k >= PTHREAD_KEYS_MAX || !(__keys[k].seq & 1)) return EINVAL;
  struct __pthread* self = __self();
  self->tsd[k].value = (void*)v;
  self->tsd[k].seq = __keys[k].seq;
  self->tsd_used = 1;
  return 0;
}
