/* The runtime's inline primitives, which the fast paths of create, exit, join, the locks and the
 * wake-ups are made of: the context's index, where a thread may run, the running thread, the
 * ready queue's head, the wake-up's first step, an idle thread's reset. Part of pthread_impl.h
 * (included at its end, after the declarations these use); not to be included alone. */
#ifndef KASANE_PTHREAD_INLINE_H
#define KASANE_PTHREAD_INLINE_H

/* --- Backend primitives, inline. */

/* The index of the context running this code: its CPU number (core * contexts + LTN - 1, rdhwr
 * $0), the name the kernel gives it in the slot arrays and upcalls (os/notify.c). It changes when
 * the kernel moves the process to another core, LTN for LTN, with every thread stopped; the
 * kernel moves the slots then, and the idle threads follow (__idle_here). hw on a machine of one
 * core reads it as LTN - 1 with tid, which is the same number: on the paper's pipeline rdhwr
 * costs a mutex hand-off some 65 cycles more (E1). */
static inline __attribute__((always_inline)) int __ctx_idx(void) {
#ifdef KASANE_THREADS_HW
  if (!__multicore) return (int)kasane_tid() - 1;
#endif
  return (int)a_cpunum();
}

/* Where __running and __prev of the context of CPU number idx are. hw on one core: at its
 * LTN - 1, the same number read more cheaply. On several cores, at idx: the library starts
 * contexts on other cores (__spread.c), so one LTN names a context on each. The upcall reads them
 * to know whose registers the kernel saved; when the kernel moves a gang to another core, the
 * record stays at the old number until the next switch there, and interrupted() (__backend_hw.c)
 * looks for it on the other cores. Conventional: at idx, since nothing there depends on them being
 * right after a move (preempt() checks them against the slot). */
static inline __attribute__((always_inline)) int __run_idx(int idx) {
#ifdef KASANE_THREADS_HW
  if (!__multicore) return (int)kasane_tid() - 1;
#endif
  return idx;
}

/* The LTN of CPU number idx: what tresume takes. The same on every core the process may move
 * to, which moves it LTN for LTN. A table (__pthread_init), not idx % __nctx: a divide costs
 * 32 cycles on the paper's machine, and a mutex hand-off takes several of these. */
extern unsigned char __ltn_of[NCTX];
static inline int __cpu_ltn(int idx) { return __ltn_of[idx]; }
/* The core of CPU number idx (a table for the same reason). */
extern unsigned char __core_of[NCTX];

/* --- Several cores (__spread.c): where a thread may run, and starting contexts on other cores.
 * Whether t may run on the core of CPU number idx (its cpus mask). */
static inline int __cpu_allowed(const struct __pthread* t, int idx) {
  return !t->cpus || ((t->cpus >> __core_of[idx]) & 1);
}
/* hw: start t (complete, RUNNING) on a free context of another core its mask allows, with
 * kasane_ctx_start: 1, or 0 if none would take it now. */
int __spread_thread(struct __pthread* t);
/* hw: start a runner (a context that runs the ready queue) on another core: 1, or 0. */
int __spread_runner(void);
/* Conventional: start workers on every core but the caller's that the process may use. */
void __spread_workers(void (*entry)(struct __pthread*));
/* The mask of cores the process may run on (sched_getaffinity), cores of the machine only. */
unsigned long __allowed_cores(void);
/* Set t's cpus mask (bit c = core c; 0: any), counting it in __pinned unless t has exited. */
void __pin(struct __pthread* t, unsigned long cpus);
/* Move self to a core its cpus mask allows, if this one is not. */
void __migrate_self(struct __pthread* self);

/* The running thread. Before __pthread_init, and on a context the library does not run (its slot
 * is empty), the main thread. A kernel notification may move a running thread to another context
 * (__preempt) between reading the context's number and its slot: read the number again. */
static inline __attribute__((always_inline)) struct __pthread* __self(void) {
  int idx;
  struct __pthread* t;
#ifdef KASANE_THREADS_HW
  if (__builtin_expect(!__multicore, 1)) { /* __ctx_idx's test once, not on every reading */
    do {
      idx = (int)kasane_tid() - 1;
      t = __thmbs[idx];
    } while (__builtin_expect(idx != (int)kasane_tid() - 1, 0));
    return __builtin_expect(t != 0, 1) ? t : &__pthread_main;
  }
#endif
  do {
    idx = (int)a_cpunum();
    t = __thmbs[idx];
  } while (idx != (int)a_cpunum());
  return t ? t : &__pthread_main;
}

#include "pthread_wait.h" /* sleeping on a context, and waking it */

/* (locked) The next ready thread, or 0: the common case (nothing to drain, nothing pinned, an
 * empty queue) inline. */
static inline __attribute__((always_inline)) struct __pthread* __next_ready(void) {
  if (__unblocked || __pinned || __ready.__head) return __next_ready_slow();
  return 0;
}
/* A ready thread this context could take: a hint, without the lock (a ThMB in the queue stays
 * readable: the heap never shrinks). With threads pinned to cores (__pinned), a look along a list
 * others may change for one this context's core may run, cut short after some threads. Inline,
 * with no call: a sleeper's loop looks at it (__block.c). */
static inline __attribute__((always_inline)) int __ready_nonempty(void) {
  struct __pthread* t = *(struct __pthread* volatile*)&__ready.__head;
  if (__unblocked) return 1;
  if (!__pinned) return t != 0;
  int core = __core_of[__ctx_idx()], n = 64;
  for (; t && n > 0; t = t->rnext, n--)
    if (!t->cpus || ((t->cpus >> core) & 1)) return 1;
  return 0;
}

/* (locked) End t's wait (t has been taken off whatever queue it waited on), all but the last
 * step. A thread asleep on its context is told so, and the number of its context returned: the
 * caller wakes it there with __wake_ctx, at once or after what it has left to do under the lock
 * (no queue, no switch); a late wake-up is only early for the waiter, which looks at its state.
 * A timed or switched-out waiter is made ready (__wake_slow): 0. __wake does both steps. */
int __wake_slow(struct __pthread* t);
static inline __attribute__((always_inline)) int __wake_begin(struct __pthread* t) {
  if (__builtin_expect(t->timed || t->state != ST_SUSPENDED, 0)) return __wake_slow(t);
  t->cancel_q = 0; /* off its queue: pthread_cancel must not look there again */
  t->state = ST_RUNNING;
  a_barrier(); /* the state before the wake-up: it looks at it when it wakes */
  return t->ltn;
}

/* Its next __switch starts idle afresh, at __idle_trampoline on its own stack. */
static inline __attribute__((always_inline)) void __idle_reset(struct __pthread* idle) {
  idle->ctx.sp = idle->stack_top;
  idle->ctx.ra = (uint32_t)__idle_trampoline;
  idle->ctx.s[0] = (uint32_t)idle;
  idle->resume = 0;
}

#endif /* KASANE_PTHREAD_INLINE_H */
