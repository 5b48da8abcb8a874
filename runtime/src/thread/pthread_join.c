/* pthread_join - wait for thread t to exit and take its result.
 *
 * If t has exited already (EXITED, seen under the lock, so it is off its stack: pthread_exit.c),
 * take its result and free its ThMB or keep it for the next pthread_create (__thmb_cache.c).
 * Otherwise record ourselves in t->joiner, with where the result goes, and wait: t's pthread_exit
 * finishes the join for us (result, id, reuse of its ThMB) and ends the wait, and we return
 * without the lock. With nothing else to run, we wait on this context directly, on our own jwait
 * word (join_sleep), which t's exit stores last; else in __block. A joiner woken otherwise
 * (cancellation) finds the join not done (jwait is not DONE) and goes round under the lock
 * again. A thread whose id has ended (joined already, or detached and exited: pthread_impl.h,
 * "Thread ids") gives ESRCH; a detached or already awaited one EINVAL.
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
  if (!kept) __djoin_end(t);
  __sched_unlock();
  if (!kept && t->mem) __thmb_free(t); /* no mem: the main thread, whose stack is the process's */
  return 0;
}

static int join_sleep(struct __pthread* self, struct __pthread* t, void** res);
static int join_wait(struct __pthread* self, struct __pthread* t, void** res, int direct);

/* (locked) Wait for t, or take its result if it has exited meanwhile. */
static inline __attribute__((always_inline)) int join_locked(struct __pthread* self,
                                                             struct __pthread* t, void** res,
                                                             int direct) {
  self->cancel_join = 0;
  if (t->state == ST_EXITED) return join_exited(t, res);
  return join_wait(self, t, res, direct);
}

/* (locked) A cancellation is pending and enabled as we are about to wait: act on it; if a signal
 * handler __testcancel ran turned it off, wait after all. */
static int __attribute__((noinline)) join_cancel_point(struct __pthread* self,
                                                       struct __pthread* t, void** res) {
  __sched_unlock();
  __testcancel();
  __sched_lock_take();
  return join_locked(self, t, res, 1);
}

/* Poked (JWAIT_POKE, __sched.c): a thread became ready and no context was free. Out of t->joiner
 * and into __block, where this context takes it; unless t's exit has taken us, whose DONE comes
 * in a moment (the CAS keeps it if it came already). */
#ifdef KASANE_THREADS_HW
static int __attribute__((noinline)) join_poked(struct __pthread* self, struct __pthread* t,
                                                void** res) {
  __sched_lock_take();
  if (a_cas((volatile int*)&t->joiner, (int)self, 0) == (int)self)
    return join_locked(self, t, res, 0);
  a_cas(&self->jwait, JWAIT_POKE, JWAIT_SLEEP);
  __sched_unlock();
  return join_sleep(self, t, res);
}
#endif

/* The wait is over, but maybe not by t's exit (a cancellation, which join_wait acts on): look
 * again under the lock. */
static int __attribute__((noinline)) join_woken(struct __pthread* self, struct __pthread* t,
                                                void** res) {
  a_barrier(); /* our own fields after the wake-up that tells us about them */
  int w = self->jwait;
  if (w == JWAIT_DONE) { /* t's exit did the rest */
    self->cancel_join = 0;
    return 0;
  }
#ifdef KASANE_THREADS_HW
  if (w == JWAIT_POKE) return join_poked(self, t, res);
#endif
  __sched_lock_take();
  return join_locked(self, t, res, 1);
}

static int __attribute__((noinline)) join_blocked(struct __pthread* self, struct __pthread* t,
                                                  void** res) {
  __block(self);
  return join_woken(self, t, res);
}

/* (locked) Wait for t, which has not exited: directly on this context when nothing else is ready
 * to run here (and `direct`), else in __block. Every way on is a tail call, so that the common
 * wake-up (join_sleep's) returns to pthread_join's caller through no saved register. The
 * cancellation test is __cancel_wait_begin's for no queue, inline for the same reason. */
static int __attribute__((noinline)) join_wait(struct __pthread* self, struct __pthread* t,
                                               void** res, int direct) {
  if (__builtin_expect(self->cancel && !self->cancel_disable, 0))
    return join_cancel_point(self, t, res);
  direct = direct && !__unblocked && !__pinned && !__ready.__head && !__timers;
  self->join_res = res;
  self->cancel_join = t;
  self->jwait = direct ? JWAIT_SLEEP : JWAIT_NONE;
  a_barrier(); /* all of it before t's exit, which claims us without the lock, can see us */
  t->joiner = self;
  if (!direct) return join_blocked(self, t, res);
#ifdef KASANE_THREADS_HW
  __djoin_end(self); /* a slot of an earlier direct join (we may be on another context now) */
  self->djoin = __ctx_idx(); /* a thread made ready from now on finds us (__sched.c) */
  __djoiner[self->djoin] = self;
#endif
  __sched_unlock();
  return join_sleep(self, t, res);
}

/* Out of join_sleep for a while. If a thread has become ready, which dispatch() cannot hand to
 * this context while we wait outside __block (hw), or the wait has lasted (`give_up`,
 * conventional: __block naps), take ourselves out of t->joiner, unless t's exit has taken us
 * (then its store comes in a moment), and wait in __block instead; else go on waiting, entering
 * the kernel once about every NAP_CAP cycles, as __block's long sleeps do (__kernel_check): when
 * a slice ends in the first two slices' worth of cycles after a multiple of NAP_CAP (no state to
 * keep, and a slice lasts at most MWAIT_SLICE, so at least one does). */
static int __attribute__((noinline)) join_slice_over(struct __pthread* self, struct __pthread* t,
                                                     void** res, int give_up) {
  if (give_up || __ready_nonempty()) {
    __sched_lock_take();
    if (a_cas((volatile int*)&t->joiner, (int)self, 0) == (int)self)
      return join_locked(self, t, res, 0);
    __sched_unlock();
  } else if ((kasane_cycles() & (NAP_CAP - 1)) < 2 * MWAIT_SLICE) {
    __kernel_check();
  }
  return join_sleep(self, t, res);
}

/* Nothing else to run here: wait for t's exit on this context, on our own jwait word, which t's
 * exit stores last (DONE: the join is done) or pthread_cancel (AGAIN). No scheduler state and no
 * context mask, so the wake-up is that one plain store and we return at once. hw: MONITOR/MWAIT
 * on the word, a slice of MWAIT_SLICE cycles at a time; conventional: spin and sched_yield
 * (__conv_pause) for CONV_NAP_AFTER cycles, then wait in __block, which naps. A leaf but for
 * tail calls: the common wake-up returns through no saved register. */
#ifdef KASANE_THREADS_CONV
static int join_sleep_over(const void* arg) {
  return ((const struct __pthread*)arg)->jwait != JWAIT_SLEEP || __ready_nonempty();
}
#endif

static int __attribute__((noinline)) join_sleep(struct __pthread* self, struct __pthread* t,
                                                void** res) {
  int w;
#ifdef KASANE_THREADS_HW
  for (;;) {
    kasane_monitor((unsigned long)&self->jwait);
    if ((w = self->jwait) != JWAIT_SLEEP) break;
    int r = (int)kasane_mwait(MWAIT_SLICE, 0);
    if ((w = self->jwait) != JWAIT_SLEEP) break; /* the common wake-up: no new round first */
    if (r == MWAIT_TIMEOUT) return join_slice_over(self, t, res, 0);
  }
#else
  unsigned long since = kasane_cycles();
  while ((w = self->jwait) == JWAIT_SLEEP) {
    if (__ready_nonempty() || kasane_cycles() - since >= CONV_NAP_AFTER)
      return join_slice_over(self, t, res, 1);
    __conv_pause(join_sleep_over, self);
  }
#endif
  if (w != JWAIT_DONE) return join_woken(self, t, res);
  a_barrier(); /* the result t's exit stored before DONE (hand_off), before our caller reads it */
  self->cancel_join = 0;
  return 0;
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
  return join_locked(self, t, res, 1);
}
