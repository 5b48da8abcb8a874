/* __tsd_run_destructors - at thread exit, call each key's destructor on the thread's non-NULL
 * value (set to NULL first), in rounds, until no value is left or PTHREAD_DESTRUCTOR_ITERATIONS
 * rounds have run: a destructor may set values again. A thread that never set a value has
 * nothing to destroy. */
#include <pthread.h>

#include "pthread_impl.h"

void __tsd_run_destructors(struct __pthread* self) {
  if (!self->tsd_used) return; /* most threads: no look at 128 keys on the way out */
  for (int round = 0; round < PTHREAD_DESTRUCTOR_ITERATIONS; round++) {
    int called = 0;
    for (unsigned k = 0; k < PTHREAD_KEYS_MAX; k++) {
      unsigned seq = __keys[k].seq;
      void (*destructor)(void*) = __keys[k].destructor;
      void* v = self->tsd[k].value;
      if (!(seq & 1) || self->tsd[k].seq != seq || !v || !destructor) continue;
      self->tsd[k].value = 0;
      destructor(v);
      called = 1;
    }
    if (!called) return;
  }
}
