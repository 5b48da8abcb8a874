/* pthread_exit - end the calling thread with a result for pthread_join.
 *
 * Fast path: no cleanup handler and no thread-specific value, and a joiner waiting already:
 * the MULiTh hand-off, before any lock. One CAS takes the joiner from this thread's joiner field
 * (pthread_cancel may take it out first, with its own CAS), this thread finishes the join itself
 * (the result into the joiner's variable, the id ended) and its last store, the joiner's jwait
 * word, ends the joiner's MWAIT (pthread_join.c, join_sleep): the joiner returns at once,
 * without the lock and without touching this ThMB again. A joiner that waits in __block instead
 * (another thread was ready) is woken with __wake once the lock is ours. Slow path (unwind):
 * cleanup handlers (pthread_cleanup_push) newest first, then thread-specific data destructors,
 * on the thread's own stack, for up to PTHREAD_DESTRUCTOR_ITERATIONS rounds (a destructor may
 * set values again).
 *
 * Then, under the lock, the thread is EXITED: a joiner that came while it took the lock is
 * handed off there, a detached thread's id ends. The reuse of the ThMB and stack of a joined or
 * detached thread is deferred to the next pthread_create: if the context is freed (texit), this
 * thread puts its own ThMB in the cache (__thmb_cache.c) marked on_stack, which the last store
 * before texit clears and a create that pops it waits for; otherwise the thread its context
 * switches to puts it there (__leave). The lock stays held until the context is off this stack,
 * so whoever sees EXITED under the lock may free or reuse it (a thread exited before anyone
 * joined it is reclaimed by its join, or by a late pthread_detach). The last thread to exit ends
 * the process with exit(0), as POSIX says. */
#include <pthread.h>
#include <stdlib.h>

#include "pthread_impl.h"

/* Take j, which self's joiner field named, as the joiner whose join this exit finishes: 1 if it
 * is ours, 0 if pthread_cancel (or j itself, giving up its direct wait) took it out first. */
static inline __attribute__((always_inline)) int claim(struct __pthread* self,
                                                       struct __pthread* j) {
  return a_cas((volatile int*)&self->joiner, (int)j, (int)JOINER_TAKEN) == (int)j;
}

/* Finish j's pthread_join of self, which j waits in (pthread_join.c): what it would have done
 * after waking, done here so that it has nothing left to do but return; then end its wait.
 * The loads from j need no barrier after the CAS that claimed it: j wrote jwait and join_res
 * before it published itself in our joiner field (join_wait's barrier), and every load here
 * depends on the address that CAS read. Returns 1 if j waits in __block and must still be woken
 * with __wake (which needs the lock), 0 if the store of DONE has ended its MWAIT. */
static inline __attribute__((always_inline)) int hand_off(struct __pthread* self,
                                                          struct __pthread* j, void* result) {
  int blocked = j->jwait == JWAIT_NONE; /* not SLEEP or POKE (a direct joiner) */
  if (j->join_res) *j->join_res = result;
  self->id = 0; /* the id ends with the join (pthread_impl.h, "Thread ids") */
  a_barrier();  /* the result and the id before the joiner can see itself woken */
  j->jwait = JWAIT_DONE;
  return blocked;
}

/* (the lock not yet taken) The rest of the exit: a joiner that came while we took the lock is
 * handed off now, and a joiner in __block (`wake`) woken; then EXITED, and the context given
 * away (__leave). j: the joiner handed off already (`joined`), or 0. A function of its own, so
 * that the fast path before it keeps nothing across a call that returns and saves no register. */
static void __attribute__((noinline, noreturn))
exit_locked(struct __pthread* self, void* result, struct __pthread* j, int joined, int wake) {
  __sched_lock_take();
  if (!joined && (j = self->joiner) && claim(self, j)) {
    joined = 1;
    wake = hand_off(self, j, result);
  }
  if (wake) __wake(j);
  self->result = result;
  self->state = ST_EXITED;
  int done = joined || self->detached; /* (detach refuses a thread being joined: never both) */
  if (self->detached) self->id = 0;
  if (self->cpus) a_add_fetch(&__pinned, -1); /* the mask stays, for pthread_getaffinity_np */
  if (a_add_fetch(&__live, -1) == 0) {
    __sched_unlock();
    exit(0);
  }
  __leave(self, __ctx_idx(), done);
}

/* The fast path's end: the hand-off, if a joiner waits already, then exit_locked. */
static inline __attribute__((always_inline, noreturn)) void exit_now(struct __pthread* self,
                                                                      void* result) {
  struct __pthread* j = self->joiner;
  int joined = 0, wake = 0;
  if (j && claim(self, j)) {
    joined = 1;
    wake = hand_off(self, j, result);
  }
  exit_locked(self, result, j, joined, wake);
}

/* The slow path: cleanup handlers and destructors first (they return, the fast path calls
 * nothing that does, so it saves no register). */
static void __attribute__((noinline, noreturn)) exit_unwinding(struct __pthread* self,
                                                                 void* result) {
  while (self->cleanup) {
    struct __ptcb* cb = self->cleanup;
    self->cleanup = cb->__next;
    cb->__f(cb->__x);
  }
  __tsd_run_destructors(self);
  exit_now(self, result);
}

void pthread_exit(void* result) {
  struct __pthread* self = __self();
  self->cancel_disable = 1; /* a handler's cancellation point must not start this again */
  if (__builtin_expect(self->cleanup || self->tsd_used, 0)) exit_unwinding(self, result);
  exit_now(self, result);
}
