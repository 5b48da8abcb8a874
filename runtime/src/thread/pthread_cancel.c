/* pthread_cancel, __testcancel, __cancel_wait_begin - cancellation, deferred and asynchronous.
 *
 * pthread_cancel marks the thread (t->cancel) and, if it is waiting at a cancellation point of
 * the library, ends that wait: under __sched_lock it takes t off the queue it waits on
 * (t->cancel_q: a condition's or a semaphore's) or out of the joinee's joiner field
 * (t->cancel_join) and wakes it. The woken thread sees the mark (__testcancel) and exits with
 * PTHREAD_CANCELED through pthread_exit, which runs its cleanup handlers.
 *
 * Where a cancellation is acted on: pthread_testcancel; pthread_join, pthread_cond_wait and
 * _timedwait (with the mutex taken again first), sem_wait and sem_timedwait, before and during
 * the wait; sleep, usleep, nanosleep-through-sleep and open on entry and on return (a thread in
 * a kernel sleep is not woken: the library cannot end a wait in the kernel). Asynchronous
 * cancellation acts at once when the thread cancels itself or turns it on with a cancellation
 * pending, and otherwise at the thread's next entry to one of those points: the library has no
 * way to interrupt a thread running its own code on another context (no signal reaches one
 * context of a process: the kernel delivers to whichever returns to user mode first). */
#include <errno.h>
#include <pthread.h>

#include "pthread_impl.h"

void __testcancel(void) {
  struct __pthread* self = __self();
  if (self->sigpend) __pthread_take_signals(self);
  if (self->cancel && !self->cancel_disable) pthread_exit(PTHREAD_CANCELED);
}

int __cancel_wait_begin(struct __pthread* self, struct __pthread_queue* q) {
  if (self->cancel && !self->cancel_disable) return 1;
  self->cancel_q = q;
  return 0;
}

int pthread_cancel(pthread_t t) {
  struct __pthread* self = __self();
  __sched_lock_take();
  if (!__id_valid(t)) {
    __sched_unlock();
    return ESRCH;
  }
  t->cancel = 1;
  if (!t->cancel_disable) {
    if (t->cancel_q && __unqueue(t->cancel_q, t)) {
      __wake(t);
    } else if (t->cancel_join && t->cancel_join->joiner == t) {
      t->cancel_join->joiner = 0;
      __wake(t);
    }
  }
  __sched_unlock();
  if (t == self && self->cancel_async) __testcancel();
  return 0;
}
