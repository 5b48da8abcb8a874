/* pthread_cancel, __testcancel, __cancel_wait_begin - cancellation, deferred and asynchronous.
 *
 * pthread_cancel marks the thread (t->cancel) and, if it is waiting at a cancellation point of
 * the library, ends that wait: under __sched_lock it takes t off the queue it waits on
 * (t->cancel_q: a condition's or a semaphore's) or out of the joinee's joiner field
 * (t->cancel_join; unless the joinee's exit has taken it already, and finishes the join) and
 * wakes it. The woken thread sees the mark (__testcancel) and exits with
 * PTHREAD_CANCELED through pthread_exit, which runs its cleanup handlers. A thread that runs on
 * another context or waits in the kernel is poked (__poke.c): its context is interrupted, or its
 * parked call ended with EINTR.
 *
 * Where a cancellation is acted on: pthread_testcancel; pthread_join, pthread_cond_wait and
 * _timedwait (with the mutex taken again first), sem_wait and sem_timedwait, before and during
 * the wait; read, write, close and nanosleep (and sleep, usleep through it) before the call and
 * when a wait in the kernel is cut short by the cancellation (__syscall_cp.c); open on entry.
 * Asynchronous cancellation acts at once: on itself, when turned on with a cancellation
 * pending, and on another thread when the poke interrupts it running its own code. */
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
  int state = t->state, ltn = t->ltn;
  /* A joiner waiting on its context directly (pthread_join.c, join_sleep) looks RUNNING, but a
   * poke must not act in its wait: the joinee's exit may be writing its result into it. */
  int direct = t->cancel_join && (t->jwait == JWAIT_SLEEP || t->jwait == JWAIT_POKE);
  int poke = t != self && !t->cancel_disable && !direct;
  if (!t->cancel_disable) {
    if (t->cancel_q && __unqueue(t->cancel_q, t)) {
      __wake(t);
    } else if (t->cancel_join && /* a CAS: the joinee's exit takes it without the lock */
               a_cas((volatile int*)&t->cancel_join->joiner, (int)t, 0) == (int)t) {
      if (direct)
        t->jwait = JWAIT_AGAIN; /* ends its MWAIT */
      else
        __wake(t);
    }
  }
  __sched_unlock();
  if (t == self && self->cancel_async) __testcancel();
  if (poke) __poke(t, state, ltn);
  return 0;
}
