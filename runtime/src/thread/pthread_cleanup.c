/* _pthread_cleanup_push, _pthread_cleanup_pop - what the pthread_cleanup_push/pop macros of
 * <pthread.h> call: link the block's record into the thread's list of handlers, and unlink it
 * (running the handler if asked). pthread_exit runs what is still linked. */
#include <pthread.h>

#include "pthread_impl.h"

void _pthread_cleanup_push(struct __ptcb* cb, void (*f)(void*), void* x) {
  struct __pthread* self = __self();
  cb->__f = f;
  cb->__x = x;
  cb->__next = self->cleanup;
  self->cleanup = cb;
}

void _pthread_cleanup_pop(struct __ptcb* cb, int run) {
  __self()->cleanup = cb->__next;
  if (run) cb->__f(cb->__x);
}
