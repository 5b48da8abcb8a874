/* pthread_setcancelstate, pthread_setcanceltype, pthread_testcancel. Turning cancellation on (or
 * asynchronous) with one pending acts on it at once when the type is asynchronous
 * (pthread_cancel.c says where else it is acted on). */
#include <errno.h>
#include <pthread.h>

#include "pthread_impl.h"

int pthread_setcancelstate(int state, int* old) {
  if (state != PTHREAD_CANCEL_ENABLE && state != PTHREAD_CANCEL_DISABLE) return EINVAL;
  struct __pthread* self = __self();
  if (old) *old = self->cancel_disable;
  self->cancel_disable = state;
  if (self->cancel_async) __testcancel();
  return 0;
}

int pthread_setcanceltype(int type, int* old) {
  if (type != PTHREAD_CANCEL_DEFERRED && type != PTHREAD_CANCEL_ASYNCHRONOUS) return EINVAL;
  struct __pthread* self = __self();
  if (old) *old = self->cancel_async;
  self->cancel_async = type;
  if (type == PTHREAD_CANCEL_ASYNCHRONOUS) __testcancel();
  return 0;
}

void pthread_testcancel(void) { __testcancel(); }
