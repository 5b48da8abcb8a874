/* Thread-specific data for the kernel backend: pthread_key_create/delete, pthread_get/
 * setspecific, and the destructors a thread runs at pthread_exit. A key is a slot of one table
 * with a sequence number, odd while the key exists; a thread's value carries the number it was
 * set under, so a value of a deleted key reads as NULL without touching any other thread. */
#include <errno.h>
#include <pthread.h>

#include "kpthread.h"

static struct {
  volatile unsigned seq;
  void (*destructor)(void*);
} keys[PTHREAD_KEYS_MAX];
static volatile int keys_lock;

int pthread_key_create(pthread_key_t* k, void (*destructor)(void*)) {
  __klock(&keys_lock);
  for (unsigned i = 0; i < PTHREAD_KEYS_MAX; i++) {
    if (keys[i].seq & 1) continue;
    keys[i].destructor = destructor;
    keys[i].seq++;
    __kunlock(&keys_lock);
    *k = i;
    return 0;
  }
  __kunlock(&keys_lock);
  return EAGAIN;
}

int pthread_key_delete(pthread_key_t k) {
  if (k >= PTHREAD_KEYS_MAX) return EINVAL;
  __klock(&keys_lock);
  int ok = keys[k].seq & 1;
  if (ok) keys[k].seq++;
  __kunlock(&keys_lock);
  return ok ? 0 : EINVAL;
}

void* pthread_getspecific(pthread_key_t k) {
  struct __pthread* self = __kself();
  if (k >= PTHREAD_KEYS_MAX || self->tsd[k].seq != keys[k].seq) return 0;
  return self->tsd[k].value;
}

int pthread_setspecific(pthread_key_t k, const void* v) {
  if (k >= PTHREAD_KEYS_MAX || !(keys[k].seq & 1)) return EINVAL;
  struct __pthread* self = __kself();
  self->tsd[k].value = (void*)v;
  self->tsd[k].seq = keys[k].seq;
  self->tsd_used = 1;
  return 0;
}

/* Up to PTHREAD_DESTRUCTOR_ITERATIONS rounds, while a destructor leaves non-null values. */
void __ktsd_run_destructors(struct __pthread* self) {
  for (int round = 0; round < PTHREAD_DESTRUCTOR_ITERATIONS && self->tsd_used; round++) {
    self->tsd_used = 0;
    for (unsigned i = 0; i < PTHREAD_KEYS_MAX; i++) {
      void* v = self->tsd[i].value;
      unsigned seq = self->tsd[i].seq;
      if (!v || seq != keys[i].seq || !(seq & 1)) continue;
      self->tsd[i].value = 0;
      if (keys[i].destructor) keys[i].destructor(v);
    }
  }
}
