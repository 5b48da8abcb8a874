/* pthread_getspecific - the calling thread's value for key k, NULL if it set none since k was
 * created (pthread_key_create.c). */
#include <pthread.h>

#include "pthread_impl.h"

void* pthread_getspecific(pthread_key_t k) {
  struct __pthread* self = __self();
  if (k >= PTHREAD_KEYS_MAX || self->tsd[k].seq != __keys[k].seq) return 0;
  return self->tsd[k].value;
}
