/* pthread_exit - end the calling thread with a result for pthread_join.
 *
 * Fast path: no cleanup handler and no thread-specific value, so straight to the lock. Slow path
 * (unwind): cleanup handlers (pthread_cleanup_push) newest first, then thread-specific data
 * destructors, on the thread's own stack, for up to PTHREAD_DESTRUCTOR_ITERATIONS rounds (a
 * destructor may set values again).
 *
 * Then, under the lock, the MULiTh hand-off: the thread is EXITED, and if a thread waits in
 * pthread_join for it, this thread finishes that join itself (the result into the joiner's
 * variable, the id ended) and wakes the joiner first thing, which returns at once, without the
 * lock and without touching this ThMB again. A detached thread's id ends too. The reuse of the
 * ThMB and stack of a joined or detached thread is deferred to the next pthread_create: if the
 * context is freed (texit), this thread puts its own ThMB in the cache (__thmb_cache.c) marked
 * on_stack, which the last store before texit clears and a create that pops it waits for;
 * otherwise the thread its context switches to puts it there (__leave). The lock stays held until the context is
 * off this stack, so whoever sees EXITED under the lock may free or reuse it (a thread exited
 * before anyone joined it is reclaimed by its join, or by a late pthread_detach). The last
 * thread to exit ends the process with exit(0), as POSIX says. */
#include <pthread.h>
#include <stdlib.h>

#include "pthread_impl.h"

/* (locked) Finish j's pthread_join of self, which j waits in (pthread_join.c): what it would
 * have done after waking, done here so that it has nothing left to do but return; then wake it. */
static inline __attribute__((always_inline)) void finish_join(struct __pthread* self, struct __pthread* j, void* result) {
  if (j->join_res) *j->join_res = result;
  self->id = 0;       /* the id ends with the join (pthread_impl.h, "Thread ids") */
  j->cancel_join = 0; /* the join is done: the joiner's sign, and no longer cancellable */
  a_barrier();        /* all of it before the joiner can see itself woken */
  int n = __wake_begin(j);
  if (n) __wake_ctx(n);
}

/* Under the lock, from self's EXITED to its context's leaving (__leave): the joiner is woken
 * first thing, and what is left overlaps its return. */
static inline __attribute__((always_inline, noreturn)) void
exit_locked(struct __pthread* self, void* result) {
  self->result = result;
  self->state = ST_EXITED;
  struct __pthread* j = self->joiner;
  int done = j || self->detached; /* (detach refuses a thread being joined: never both) */
  if (j) finish_join(self, j, result);
  if (self->detached) self->id = 0;
  if (self->cpus) a_add_fetch(&__pinned, -1); /* the mask stays, for pthread_getaffinity_np */
  if (a_add_fetch(&__live, -1) == 0) {
    __sched_unlock();
    exit(0);
  }
  __leave(self, __ctx_idx(), done);
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
  __sched_lock_take();
  exit_locked(self, result);
}

void pthread_exit(void* result) {
  struct __pthread* self = __self();
  self->cancel_disable = 1; /* a handler's cancellation point must not start this again */
  if (__builtin_expect(self->cleanup || self->tsd_used, 0)) exit_unwinding(self, result);
  __sched_lock_take();
  exit_locked(self, result);
}
