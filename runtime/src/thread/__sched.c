/* __sched - the scheduling core both backends share: the scheduler lock, queues, the ready
 * queue and the lock-free list of threads the kernel unblocked, waking a waiting thread, and
 * handing a context from one thread to the next (pthread_impl.h has the overview).
 *
 * Every thread that is ready but not running is in __ready (or on its way there through
 * __unblocked); dispatch() makes sure some context will look at it. */
#include <sched.h>

#include "pthread_impl.h"

/* The slow half of __sched_lock_take (pthread_impl.h): the lock was taken. Test-and-test-and-set:
 * wait until it looks free without stealing issue slots, then try again. On hw, MWAIT on its
 * line (it is alone there: __pthread_state.c), which the releasing store ends; on the
 * conventional backend, spin looking at it, with a sched_yield now and then (__conv_pause). The
 * holder never waits for anything itself: it is running, or is a switch on its way to the thread
 * that will release it. */
void __sched_lock_wait(void) {
  do {
    while (__sched_lock) {
#ifdef KASANE_THREADS_HW
      kasane_monitor((unsigned long)&__sched_lock);
      if (__sched_lock) kasane_mwait(MWAIT_SLICE, 0); /* (pthread_impl.h: why a timeout) */
#else
      __conv_pause(__conv_word_clear, (const void*)&__sched_lock);
#endif
    }
  } while (a_swap(&__sched_lock, 1));
}

/* The lock if it is free, without waiting: 1, or 0. For a notification handler, which may have
 * interrupted the holder on its own context. */
int __sched_trylock(void) {
  if (__sched_lock || a_swap(&__sched_lock, 1)) return 0;
  a_barrier();
  return 1;
}

void __enqueue(struct __pthread_queue* q, struct __pthread* t) {
  t->next = 0;
  if (q->__tail)
    q->__tail->next = t;
  else
    q->__head = t;
  q->__tail = t;
}

/* The ready queue has its own link, rnext: a thread in a timed wait stays on its wait queue
 * when its deadline makes it ready (__timed_block), so it can be on both at once. */
static void ready_append(struct __pthread* t) {
  t->rnext = 0;
  if (__ready.__tail)
    __ready.__tail->rnext = t;
  else
    __ready.__head = t;
  __ready.__tail = t;
}

static struct __pthread* ready_take(void) {
  struct __pthread* t = __ready.__head;
  if (t) {
    __ready.__head = t->rnext;
    if (!__ready.__head) __ready.__tail = 0;
  }
  return t;
}

/* With threads pinned to cores (__pinned), the first ready thread whose mask allows the core of
 * CPU number idx. */
static struct __pthread* ready_take_allowed(int idx) {
  struct __pthread *p = 0, *t = __ready.__head;
  while (t && !__cpu_allowed(t, idx)) {
    p = t;
    t = t->rnext;
  }
  if (!t) return 0;
  if (p)
    p->rnext = t->rnext;
  else
    __ready.__head = t->rnext;
  if (__ready.__tail == t) __ready.__tail = p;
  return t;
}

void __ready_put(struct __pthread* t) {
  t->state = ST_READY;
  ready_append(t);
}

struct __pthread* __dequeue(struct __pthread_queue* q) {
  struct __pthread* t = q->__head;
  if (t) {
    q->__head = t->next;
    if (!q->__head) q->__tail = 0;
  }
  return t;
}

int __unqueue(struct __pthread_queue* q, struct __pthread* t) {
  struct __pthread *p = 0, *c = q->__head;
  while (c && c != t) {
    p = c;
    c = c->next;
  }
  if (!c) return 0;
  if (p)
    p->next = t->next;
  else
    q->__head = t->next;
  if (q->__tail == t) q->__tail = p;
  return 1;
}

/* Called by the notification handler, which may have interrupted this very context inside the
 * scheduler: no lock, just a compare-and-swap push. Whoever next takes the lock and looks for a
 * ready thread moves it to __ready (__drain_unblocked). */
void __push_unblocked(struct __pthread* t) {
  for (;;) {
    struct __pthread* old = __unblocked;
    t->knext = old;
    if ((struct __pthread*)a_cas((volatile int*)&__unblocked, (int)old, (int)t) == old) break;
  }
  a_barrier();
}

/* Move what the kernel unblocked to the front of __ready, oldest first: the notification exists
 * to run them now, and a thread already ready may be one that spins until they have run (with no
 * timer preemption, and the UNBLOCKED handler unable to preempt while the scheduler lock was
 * held, queued behind it they would never run). A thread whose BLOCKED has not been
 * handled yet (its handler has not reached the lock: the call ended that fast) is not switched
 * out yet; it is only marked, and its BLOCKED handler, seeing the mark under the lock, simply
 * continues it. */
void __drain_unblocked(void) {
  struct __pthread* list = (struct __pthread*)a_swap((volatile int*)&__unblocked, 0);
  struct __pthread* fifo = 0;
  while (list) {
    struct __pthread* n = list->knext;
    list->knext = fifo;
    fifo = list;
    list = n;
  }
  struct __pthread *first = 0, *last = 0;
  while (fifo) {
    struct __pthread* t = fifo;
    fifo = t->knext;
    if (t->state != ST_BLOCKED_KERNEL) {
      t->early = 1;
      continue;
    }
#ifdef KASANE_THREADS_HW
    t->state = ST_READY_KERNEL; /* its registers are in its regs, with the call's result */
#else
    t->state = ST_READY; /* it waits in its SIGIO handler, switched out like any other */
#endif
    t->rnext = 0;
    if (last)
      last->rnext = t;
    else
      first = t;
    last = t;
  }
  if (!first) return;
  last->rnext = __ready.__head;
  if (!__ready.__head) __ready.__tail = last;
  __ready.__head = first;
}

struct __pthread* __next_ready_slow(void) {
  if (__unblocked) __drain_unblocked();
  if (__pinned) return ready_take_allowed(__ctx_idx());
  return ready_take();
}



/* Make sure some context will run what is in the ready queue. hw: start a runner on a free
 * context (tfork; it becomes that context's idle thread and takes from the queue), or else wake
 * one context that sleeps where it may take work (__suspended; the bit is claimed, so each
 * dispatch wakes a different one). The barrier puts the queue entry before our look at
 * __suspended; a context going to sleep sets its bit before its last look at the queue: one of
 * the two sees the other. Else (and on the conventional backend, whose waiting contexts poll the
 * queue for a while first) kick a context that sleeps in a long MWAIT (__napping, __timer.c).
 * Returns 0 (hw) when no context was free or asleep: the thread waits until a context looks. */
int __dispatch(void) {
#ifdef KASANE_THREADS_HW
  a_barrier();
  if (kasane_tfork((unsigned long)__runner_entry, 0)) return 1;
  for (;;) {
    int m = __suspended;
    if (!m) break;
    int bit = m & -m;
    if (a_cas(&__suspended, m, m & ~bit) == m) {
      __wake_ctx(__builtin_ctz(bit) + 1);
      return 1;
    }
  }
  if (__kick_napper()) return 1;
  return __multicore && __spread_runner(); /* a context on another core (__spread.c) */
#else
  __kick_napper();
  return 1;
#endif
}

/* (locked) A kernel notification made a thread ready and no context will take it: the thread that
 * was interrupted on this context, whose registers are saved (hw: in its regs; conventional: in
 * its signal frame), gives way and goes to the back of the ready queue as `state` (READY_KERNEL,
 * READY). The next ready thread, which the caller continues here; 0 if none (self goes on). Not
 * while self is in __block's wait: woken, it is RUNNING, but still uses its context's number. */
struct __pthread* __preempt(struct __pthread* self, int state) {
  if (self->in_wait) return 0;
  __drain_unblocked();
  struct __pthread* next = __pinned ? ready_take_allowed(__ctx_idx()) : ready_take();
  if (next) {
    self->state = state;
    ready_append(self);
  }
  return next;
}

#ifdef KASANE_THREADS_HW
/* (locked) No context was free for a thread just made ready: end a direct joiner's wait (POKE),
 * so that it steps out into __block and its context takes the thread, as it would have had the
 * joiner waited there (MULiTh). Race-free with the joiner: it registers in __djoiner, and looks
 * at the ready queue, under the lock, so a thread made ready later (under the lock) finds it
 * here; the CAS loses to its exit's DONE, which ends the wait anyway, and passes by a slot whose
 * join is over (__djoiner). The slot is cleared, so the next ready thread pokes another joiner.
 * Off the exit's path: the exit neither reads nor writes the slots. */
static void poke_joiner(void) {
  for (int k = 0; k < NCTX; k++) {
    struct __pthread* j = __djoiner[k];
    if (j && a_cas(&j->jwait, JWAIT_SLEEP, JWAIT_POKE) == JWAIT_SLEEP) {
      __djoiner[k] = 0;
      return;
    }
  }
}
#endif

void __make_ready(struct __pthread* t) {
  t->state = ST_READY;
  ready_append(t);
#ifdef KASANE_THREADS_HW
  if (!__dispatch()) poke_joiner();
#else
  __dispatch();
#endif
}

/* __wake_begin's other cases (pthread_impl.h): a timed waiter, a switched-out thread made ready
 * (0), or a thread that is not waiting. */
int __wake_slow(struct __pthread* t) {
  t->cancel_q = 0; /* off its queue: pthread_cancel must not look there again */
  if (t->timed)
    __wake_timed(t);
  else if (t->state == ST_WAITING)
    __make_ready(t);
  return 0;
}

void __wake(struct __pthread* t) {
  int n = __wake_begin(t);
  if (n) __wake_ctx(n);
}

/* The thread that exited and switched this context away (__leave), for the thread the switch
 * lands in, which holds the lock and is off the exited thread's stack (sched). */
static struct __pthread* dead;

/* (locked) Self has exited and nobody needs its ThMB any more (it was joined, or is detached):
 * into the cache, where the next pthread_create may take it once its on_stack mark is gone
 * (__leave says who clears it), or, if the cache will not keep it, on __reap for the next create
 * to free outside the lock (free may wait), which is after this context has left the stack. */
static inline __attribute__((always_inline)) void reclaim_exited(struct __pthread* self) {
  self->on_stack = 1;
  if (!__thmb_put(self)) {
    self->next = __reap;
    __reap = self;
  }
}

void __reclaim_dead(void) {
  if (dead) {
    dead->on_stack = 0; /* the switch away from its stack has landed */
    dead = 0;
  }
}

/* Continue `next` on context idx in place of self. A thread the kernel unblocked needs all its
 * registers back, which only the kernel can do, from a stack that is nobody's: the context's idle
 * thread does it (__idle_loop). Returns, with the lock held, when something switches back to
 * self. */
void __switch_to(struct __pthread* self, struct __pthread* next, int idx) {
  if (next->state == ST_READY_KERNEL) {
    __idle[idx]->resume = next;
    next = __idle[idx];
  }
  next->state = ST_RUNNING;
  next->ltn = idx + 1;
  __switch(self, next, idx);
  __reclaim_dead();
}

/* Give context idx away for good: self has exited, and if `done` (joined, or detached) nobody
 * needs its ThMB and stack once the context is off them: it goes into the cache first thing,
 * marked on_stack (reclaim_exited), so that a create its joiner makes at once finds it there and
 * waits only for the few instructions to texit. The context goes to the next ready thread, whose
 * side of the switch clears the mark (__reclaim_dead); else, on hw, it is freed (texit, whose
 * last store clears it) unless it is context 0, which the kernel keeps for the process and which
 * is the only one when there is one; else to the context's idle thread, which waits for work. */
void __leave(struct __pthread* self, int idx, int done) {
  if (done) reclaim_exited(self);
  struct __pthread* next = __next_ready();
#ifdef KASANE_THREADS_HW
  if (!next && __cpu_ltn(idx) != 1) {
    __idle_reset(__idle[idx]);
    __texit_context(idx, self);
  }
#endif
  if (done) dead = self;
  __switch_to(self, next ? next : __idle[idx], idx);
  __builtin_trap(); /* nobody switches back to an exited thread */
}

/* Let a ready thread have this context; self goes to the back of the queue. */
void __yield(struct __pthread* self) {
  __sched_lock_take();
  struct __pthread* next = __next_ready();
  if (next) {
    self->state = ST_READY;
    ready_append(self);
    __dispatch();
    __switch_to(self, next, __ctx_idx());
  }
  __sched_unlock();
}
