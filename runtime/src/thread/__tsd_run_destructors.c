/* __tsd_run_destructors - at thread exit, call each key's destructor on the thread's non-NULL
 * value (set to NULL first), in rounds, until no value is left or PTHREAD_DESTRUCTOR_ITERATIONS
 * rounds have run: a destructor may set values again. A thread that never set a value has
 * nothing to destroy. Then every value goes (a destructor may have set one in the last round,
 * and keys without a destructor keep theirs): the ThMB may serve the next pthread_create
 * (__thmb_cache.c), whose thread must find all its values NULL, and clearing 1 KiB here, where
 * the thread used TSD, spares every create a look at it. */
#include <pthread.h>
#include <string.h>

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
    if (!called) break;
  }
  memset(self->tsd, 0, sizeof self->tsd);
  self->tsd_used = 0;
}
