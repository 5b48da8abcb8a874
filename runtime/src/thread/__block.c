/* __block, __timed_block - wait until __wake: the one way every synchronisation object waits.
 *
 * The caller holds __sched_lock and has put itself where its waker will find it (a mutex's,
 * condition's or barrier's queue, a joinee's joiner field); the lock makes that and the decision
 * to sleep one step, so a wake-up cannot fall between them. */
#include <errno.h>
#include <sched.h>
#include <time.h>

#include "pthread_impl.h"

/* What a sleeper in __block waits for (conventional: looked at while it spins): a __wake, or a
 * ready thread it should switch out for. */
static int woken_or_ready(const void* arg) {
  const struct __pthread* self = arg;
  return self->state == ST_RUNNING || __ready_nonempty();
}

#ifdef KASANE_THREADS_CONV
/* What a timed waiter waits for: its __wake, or a ready thread to yield to. */
static int timed_woken_or_ready(const void* arg) {
  const struct __pthread* self = arg;
  return self->timed_woken || __ready_nonempty();
}
#endif

/* If a thread is ready, switch to it: self is WAITING, switched out, and __wake will make it
 * ready. Otherwise sleep on this context (SUSPENDED), where __wake reaches it with a tresume. A
 * sleeper whose context is woken because a thread became ready (dispatch; its bit in
 * __suspended says it may be) switches out after all, so ready threads never starve behind
 * contexts that sleep. Returns without the lock once woken. */
void __block(struct __pthread* self) {
  int idx = __ctx_idx();
  int bit = 1 << idx;
  for (;;) {
    struct __pthread* next = __next_ready();
    if (next) {
      self->state = ST_WAITING;
      __switch_to(self, next, idx);
      __sched_unlock(); /* made ready by __wake, switched back to by someone: it gave us the lock */
      return;
    }
    self->state = ST_SUSPENDED;
    self->in_wait = 1; /* idx and bit stay ours until the lock is again (pthread_impl.h) */
    __sched_unlock();
    unsigned long since = kasane_cycles();
    for (;;) {
      int seen = __wait_prepare(idx);
      a_fetch_or(&__suspended, bit); /* again each time: a dispatch that woke us claimed it */
      a_barrier();                   /* the bit before our look at the queue */
      if (self->state == ST_RUNNING) {
        a_fetch_and(&__suspended, ~bit);
        self->in_wait = 0;
        return;
      }
      if (__ready_nonempty()) break;
      __wait_ctx(idx, seen, since, woken_or_ready, self);
    }
    __sched_lock_take();
    self->in_wait = 0;
    a_fetch_and(&__suspended, ~bit);
    if (self->state == ST_RUNNING) {
      __sched_unlock();
      return;
    }
  }
}

/* Whether abstime has passed by CLOCK_REALTIME; else the nanoseconds left in *left. */
static int passed(const struct timespec* abstime, long long* left) {
  struct timespec now;
  clock_gettime(CLOCK_REALTIME, &now);
  *left = (long long)(abstime->tv_sec - now.tv_sec) * 1000000000 + (abstime->tv_nsec - now.tv_nsec);
  return *left <= 0;
}

/* __block with a deadline: 0 when woken, ETIMEDOUT when abstime passed first (then self is taken
 * off q). Nothing else looks at the clock for a thread, so a timed waiter keeps looking itself:
 * it stays on its queue, marked `timed`, and __wake just sets its timed_woken. Between looks it
 * lets ready threads run (it yields, as a ready thread itself, and looks again when it is
 * switched back to); with none ready it sleeps on its context, hw: MWAIT on timed_woken, which
 * __wake's store ends, for at most the time left (one cycle per nanosecond, the default 1 GHz
 * clock; a faster clock only makes it look more often) or TIMED_WAIT_SLICE, so that threads that
 * become ready meanwhile do not wait long; conventional: sched_yield. */
int __timed_block(struct __pthread* self, struct __pthread_queue* q,
                  const struct timespec* abstime) {
  self->timed = 1;
  self->timed_woken = 0;
  __sched_unlock();
  int r = 0;
  for (;;) {
    long long left;
    if (self->timed_woken) break;
    if (passed(abstime, &left)) {
      __sched_lock_take();
      if (!self->timed_woken) {
        __unqueue(q, self);
        self->cancel_q = 0; /* off q: pthread_cancel must not look there again */
        r = ETIMEDOUT;
      }
      __sched_unlock();
      break;
    }
    if (__ready_nonempty()) {
      __yield(self);
      continue;
    }
#ifdef KASANE_THREADS_HW
    kasane_monitor((unsigned long)&self->timed_woken);
    if (!self->timed_woken)
      kasane_mwait(left < TIMED_WAIT_SLICE ? (unsigned long)left : TIMED_WAIT_SLICE, 0);
#else
    __conv_pause(timed_woken_or_ready, self);
#endif
  }
  self->timed = 0; /* off every queue by now: nobody will __wake us for this wait any more */
  return r;
}
