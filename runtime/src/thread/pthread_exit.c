/* pthread_exit - end the calling thread with a result for pthread_join.
 *
 * Cleanup handlers (pthread_cleanup_push) run first, newest first, then thread-specific data
 * destructors, on the thread's own stack, for up to PTHREAD_DESTRUCTOR_ITERATIONS rounds (a
 * destructor may set values again). Then, under the lock: the thread is EXITED, its joiner (if
 * any) is woken, a detached thread's id ends and it goes on __reap for the next pthread_create
 * to free, and the context goes to the next ready thread (__leave). The lock stays held until
 * the context is off this stack, which is what makes freeing it safe. The last thread to exit
 * ends the process with exit(0), as POSIX says. */
#include <pthread.h>
#include <stdlib.h>

#include "pthread_impl.h"

void pthread_exit(void* result) {
  struct __pthread* self = __self();
  self->cancel_disable = 1; /* a handler's cancellation point must not start this again */
  while (self->cleanup) {
    struct __ptcb* cb = self->cleanup;
    self->cleanup = cb->__next;
    cb->__f(cb->__x);
  }
  __tsd_run_destructors(self);
  __sched_lock_take();
  self->result = result;
  self->state = ST_EXITED;
  if (self->cpus) a_add_fetch(&__pinned, -1); /* the mask stays, for pthread_getaffinity_np */
  if (self->detached) {
    self->id = 0;
    self->next = __reap;
    __reap = self;
  } else if (self->joiner) {
    __wake(self->joiner);
  }
  if (a_add_fetch(&__live, -1) == 0) {
    __sched_unlock();
    exit(0);
  }
  __leave(self, __ctx_idx());
}
