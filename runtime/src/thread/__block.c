/* __block, __timed_block - wait until __wake: the one way every synchronisation object waits.
 *
 * The caller holds __sched_lock and has put itself where its waker will find it (a mutex's,
 * condition's or barrier's queue, a joinee's joiner field); the lock makes that and the decision
 * to sleep one step, so a wake-up cannot fall between them. */
#include <errno.h>
#include <time.h>

#include "pthread_impl.h"
#include "syscall.h"

/* What a sleeper in __block waits for (conventional: looked at while it spins): a __wake, or a
 * ready thread it should switch out for. */
static int woken_or_ready(const void* arg) {
  const struct __pthread* self = arg;
  return self->state == ST_RUNNING || __ready_nonempty();
}

static void block_again(struct __pthread* self, int idx);
static void block_nap_over(struct __pthread* self, int idx);

/* Sleep on context idx (self is SUSPENDED, the lock free) until __wake makes self RUNNING, and
 * return; a ready thread, or a whole NAP_CAP of sleep, goes on elsewhere (block_again,
 * block_nap_over). On hw a leaf but for those tail calls: nothing is kept across a call, so the
 * common wake-up (E1's exit and mutex hand-off) returns through no saved register. */
static void __attribute__((noinline)) block_sleep(struct __pthread* self, int idx) {
  int bit = 1 << idx;
  unsigned long since = kasane_cycles();
  for (;;) {
    int seen = __wait_prepare(idx);
    a_fetch_or(&__suspended, bit); /* again each time: a dispatch that woke us claimed it */
    a_barrier();                   /* the bit before our look at the queue */
    if (self->state == ST_RUNNING) break;
    if (__ready_nonempty()) {
      block_again(self, idx);
      return;
    }
    if (__wait_ctx(idx, seen, since, woken_or_ready, self)) {
      block_nap_over(self, idx);
      return;
    }
    if (self->state == ST_RUNNING) break; /* the common wake-up: no new round first */
  }
  a_fetch_and(&__suspended, ~bit);
  self->in_wait = 0;
}

/* A thread is ready, or we were woken: look under the lock. */
static void __attribute__((noinline)) block_again(struct __pthread* self, int idx) {
  __sched_lock_take();
  self->in_wait = 0;
  a_fetch_and(&__suspended, ~(1 << idx));
  if (self->state == ST_RUNNING) {
    __sched_unlock();
    return;
  }
  __block(self);
}

static void __attribute__((noinline)) block_nap_over(struct __pthread* self, int idx) {
  __kernel_check();
  block_sleep(self, idx);
}

/* (locked) A thread to switch to instead of sleeping: self is WAITING, switched out, until __wake
 * makes it ready and some context switches back to it, handing over the lock. */
static void __attribute__((noinline))
block_switch(struct __pthread* self, struct __pthread* next, int idx) {
  self->state = ST_WAITING;
  __switch_to(self, next, idx);
  __sched_unlock();
}

/* If a thread is ready, switch to it (block_switch). Otherwise sleep on this context
 * (SUSPENDED), where __wake reaches it with a tresume. A sleeper whose context is woken because a
 * thread became ready (dispatch; its bit in __suspended says it may be) switches out after all,
 * so ready threads never starve behind contexts that sleep. Returns without the lock once woken.
 * Every step is a tail call, so that a wake-up returns straight to the caller. */
void __block(struct __pthread* self) {
  int idx = __ctx_idx();
  if (__unblocked || __pinned || __ready.__head || __timers) {
    struct __pthread* next = __next_ready();
    if (!next && __timers) next = __idle[idx]; /* it sleeps until the next deadline for them */
    if (next) {
      block_switch(self, next, idx);
      return;
    }
  }
  self->state = ST_SUSPENDED;
  self->in_wait = 1; /* idx and its bit stay ours until the lock is again (pthread_impl.h) */
  __sched_unlock();
  block_sleep(self, idx);
}

/* __block with a deadline: 0 when woken, ETIMEDOUT when abstime (CLOCK_REALTIME) passed first
 * (then self is taken off q). Self stays on q, marked `timed`, and also goes on __timers; it gives
 * its context to the next ready thread or, with none, to the context's idle thread, which sleeps
 * until the earliest deadline (__timer.c). __wake, or that deadline, makes it ready; it looks at
 * which one it was when it runs again. Not asleep on its context as __block's sleepers are: with
 * fewer contexts than timed waiters they would take turns polling the clock. */
int __timed_block(struct __pthread* self, struct __pthread_queue* q,
                  const struct timespec* abstime) {
  int idx = __ctx_idx();
  self->timed = 1;
  self->timed_woken = 0;
  self->deadline = (long long)abstime->tv_sec * 1000000000 + abstime->tv_nsec;
  int r = 0;
  if (!__pthread_ready_to_go) { /* no other thread yet (and no idle one): nobody can wake us */
    __sched_unlock();
    long long left;
    while ((left = self->deadline - __clock_ns()) > 0) {
      struct timespec nap = {(time_t)(left / 1000000000), (long)(left % 1000000000)};
      __syscall2(SYS_nanosleep, (long)&nap, 0); /* the library's own: not a cancellation point */
    }
    __sched_lock_take();
  }
  for (;;) {
    if (self->timed_woken) break;
    if (__clock_ns() >= self->deadline) {
      __unqueue(q, self);
      self->cancel_q = 0; /* off q: pthread_cancel must not look there again */
      r = ETIMEDOUT;
      break;
    }
    self->state = ST_WAITING;
    __timer_add(self);
    struct __pthread* next = __next_ready();
    __switch_to(self, next ? next : __idle[idx], idx); /* back, locked, once ready */
    __timer_del(self); /* (whoever made it ready took it off already) */
    idx = __ctx_idx(); /* switched back to on any context */
  }
  self->timed = 0; /* off every queue by now: nobody will __wake us for this wait any more */
  __sched_unlock();
  return r;
}
