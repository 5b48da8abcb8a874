/* pthread_join - wait for thread t to exit and take its result.
 *
 * If t has exited already (EXITED, seen under the lock, so it is off its stack: pthread_exit.c),
 * take its result and free its ThMB or keep it for the next pthread_create (__thmb_cache.c).
 * Otherwise record ourselves in t->joiner, with where the result goes, and block: t's
 * pthread_exit finishes the join for us (result, id, reuse of its ThMB) and wakes us, and we
 * return without the lock; a joiner woken otherwise (cancellation) finds the join not done
 * (cancel_join still names t) and goes round under the lock again. A thread whose id has ended
 * (joined already, or detached and exited: pthread_impl.h, "Thread ids") gives ESRCH; a detached
 * or already awaited one EINVAL.
 *
 * A cancellation point: pthread_cancel takes the joiner out of t->joiner (cancel_join) and wakes
 * it; t stays joinable. */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>

#include "pthread_impl.h"

/* (locked) t has exited: its result, and its ThMB is ours to reuse. */
static int __attribute__((noinline)) join_exited(struct __pthread* t, void** res) {
  if (res) *res = t->result;
  t->id = 0;
  int kept = __thmb_put(t); /* from here on t may be another thread's */
  __sched_unlock();
  if (!kept && t->mem) __thmb_free(t); /* no mem: the main thread, whose stack is the process's */
  return 0;
}

static int join_again(struct __pthread* self, struct __pthread* t, void** res);

/* (locked) Wait for t, which has not exited. A function of its own with little to keep across
 * its one call, so that the wake-up returns through few saved registers. */
static int __attribute__((noinline)) join_wait(struct __pthread* self, struct __pthread* t,
                                               void** res) {
  if (__cancel_wait_begin(self, 0)) {
    __sched_unlock();
    __testcancel();
  }
  t->joiner = self;
  self->join_res = res;
  self->cancel_join = t;
  __block(self);
  a_barrier(); /* our own fields after the wake-up that tells us about them */
  if (!self->cancel_join) return 0; /* t's exit did the rest */
  return join_again(self, t, res);
}

/* Woken with the join not done (a cancellation, which __cancel_wait_begin acts on): look again
 * under the lock. */
static int __attribute__((noinline)) join_again(struct __pthread* self, struct __pthread* t,
                                                void** res) {
  __sched_lock_take();
  self->cancel_join = 0;
  if (t->state == ST_EXITED) return join_exited(t, res);
  return join_wait(self, t, res);
}

int pthread_join(pthread_t t, void** res) {
  struct __pthread* self = __self();
  __testcancel_self(self);
  if (t == self) return EDEADLK;
  __sched_lock_take();
  if (!__id_valid(t)) {
    __sched_unlock();
    return ESRCH;
  }
  if (t->detached || (t->joiner && t->joiner != self)) {
    __sched_unlock();
    return EINVAL;
  }
  if (t->state == ST_EXITED) return join_exited(t, res);
  return join_wait(self, t, res);
}
