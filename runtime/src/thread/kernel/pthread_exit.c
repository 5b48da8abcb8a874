/* pthread_exit, pthread_join, pthread_detach and the cleanup handlers for the kernel backend
 * (musl's design): a thread ends with the kernel's exit of one thread, which zeroes its tid word
 * and wakes a futex waiter on it; a joiner waits on that word. detach_state settles the race
 * between a thread's exit and its detach with one compare-and-swap on each side. */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>

#include "kpthread.h"

void __kdead(struct __pthread* self);

void _pthread_cleanup_push(struct __ptcb* cb, void (*f)(void*), void* x) {
  struct __pthread* self = __kself();
  cb->__f = f;
  cb->__x = x;
  cb->__next = self->cleanup;
  self->cleanup = cb;
}

void _pthread_cleanup_pop(struct __ptcb* cb, int run) {
  __kself()->cleanup = cb->__next;
  if (run) cb->__f(cb->__x);
}

void pthread_exit(void* result) {
  struct __pthread* self = __kself();
  self->cancel_disable = 1; /* a cancellation can no longer act: we are on our way out */
  self->cancel_async = 0;
  self->result = result;
  while (self->cleanup) {
    struct __ptcb* cb = self->cleanup;
    self->cleanup = cb->__next;
    cb->__f(cb->__x);
  }
  __ktsd_run_destructors(self);
  /* The last thread ends the process, with status 0 and stdio flushed, as glibc and musl do. */
  if (a_add_fetch(&__klive, -1) == 0) exit(0);
  if (a_cas(&self->detach_state, DT_JOINABLE, DT_EXITING) == DT_DETACHED) {
    self->id = 0;
    __kdead(self); /* the next pthread_create frees the stack once the kernel zeroes tid */
  }
  for (;;) __syscall1(SYS_exit, 0);
}

int pthread_join(pthread_t t, void** result) {
  struct __pthread* self = __kself();
  if (t->id != KTHREAD_ID) return ESRCH;
  if (t == self) return EDEADLK;
  if (t->detach_state == DT_DETACHED) return EINVAL;
  __testcancel();
  for (int tid; (tid = t->tid) != 0;) {
    if (__kcp(SYS_futex, (long)&t->tid, FUTEX_WAIT_PRIVATE, tid, 0) == -ECANCELED) __cancel();
  }
  if (result) *result = t->result;
  t->id = 0;
  __kfree(t);
  return 0;
}

int pthread_detach(pthread_t t) {
  if (t->id != KTHREAD_ID) return ESRCH;
  int old = a_cas(&t->detach_state, DT_JOINABLE, DT_DETACHED);
  if (old == DT_DETACHED) return EINVAL;
  if (old == DT_EXITING) return pthread_join(t, 0); /* it has gone already: free it now */
  return 0;
}
