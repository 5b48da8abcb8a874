/* runtime/src/thread/pthread_impl.h - the inside of Kasane's thread library (MULiTh, seed 002):
 * the thread management block, the scheduling core both backends share, and the few places
 * where the backends differ.
 *
 * The library is built twice from the same sources (runtime/CMakeLists.txt): with
 * KASANE_THREADS_HW for libkasane_pthread_hw.a, with KASANE_THREADS_CONV for
 * libkasane_pthread_conv.a. The two backend files (__backend_hw.c, __backend_conv.c; each
 * library takes one) hold what differs in bulk; elsewhere the macro picks one or two lines: the
 * inline primitives at the end of this file, how the scheduler lock and a timed wait sleep,
 * dispatch(), and pthread_create's tfork.
 *
 * Threads and contexts. A user thread runs on one architecture thread (context, named by its
 * LTN 1..16; the arrays below are indexed by LTN - 1, "idx") at a time. A thread that must wait
 * either keeps its context and sleeps on it (SUSPENDED: tsuspend on hw, a sched_yield loop on the
 * conventional backend) or, when another thread is ready, is switched out in software (WAITING)
 * and the context runs the ready one. Each context also has an idle ThMB with its own small stack:
 * it runs what becomes ready, waits when nothing is, and is where a context goes when the thread
 * on it leaves (exits, blocks in the kernel) and nothing else is ready.
 *
 * The lock. One spin lock, __sched_lock, guards every field marked "sched" below, the ready queue
 * and every wait queue of every mutex, condition, barrier and join. It is held across a software
 * switch the xv6 way: the switching side takes it, the side that resumes releases it, so no other
 * context can pick up a thread that is still leaving its stack. Kernel notifications (hw: the
 * upcall, conventional: SIGIO) may arrive at any instruction, also while this context holds the
 * lock, so the UNBLOCKED path pushes the thread on a lock-free list (__unblocked) that whoever
 * next looks at the ready queue drains; it takes the lock only to preempt the interrupted thread
 * (when no context would take the unblocked one), and only if that thread does not hold it. */
#ifndef KASANE_PTHREAD_IMPL_H
#define KASANE_PTHREAD_IMPL_H

#include <kasane/cycles.h>
#include <kasane/notify.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#include "pthread_arch.h"

#if defined(KASANE_THREADS_HW) == defined(KASANE_THREADS_CONV)
#error "build with exactly one of KASANE_THREADS_HW and KASANE_THREADS_CONV"
#endif

#include <kasane/kasane_isa.h> /* both: MONITOR/MWAIT for long waits (__timer.c) */
#include "../ctx/ctx_sleep.h"            /* hw: lock waits sleep on the lock word */

#include <kasane/platform.h>
#define NCTX KASANE_MAX_CONTEXTS /* contexts a machine has at most (generated: platform.h) */
/* Bytes of stack of an idle ThMB. Conventional: SIGIO frames (about 1 KiB each) land on whatever
 * stack a context is on, mostly an idle thread's, and nest when a delivery comes while a handler
 * runs (the mask is the process's: another context's handler may have unblocked SIGIO). */
#define IDLE_STACK 8192
#define UPCALL_STACK 8192       /* bytes of upcall stack per context (hw) */
#define LOCK_WAIT_CYCLES 2000    /* most cycles a __lock_wait sleeps before looking again */
#define MWAIT_SLICE 100000       /* hw: most cycles a lock wait's or a direct join's MWAIT sleeps */
#define NAP_CAP (1u << 26)       /* most cycles a long wait's MWAIT sleeps with no deadline (see
                                  * __wait_ctx: a safety net, not a poll) */
#define NAP_DEADLINE_CAP (1u << 30) /* ... and with one (MWAIT's timeout is 32 bits) */
#define THMB_PAGE 4096           /* the page size: mprotect's granule for stack guards */
#define THMB_CACHE 64            /* ThMBs (with default stacks) kept for reuse by pthread_create:
                                  * a fresh one costs a malloc and two mprotects (its guard) */
#define CONV_SPIN 200            /* conventional: spin rounds between sched_yields while waiting */
#define CONV_SPIN_SKEW 37        /* ... plus this many per context index */
#define CONV_NAP_AFTER 1000000   /* conventional: cycles a wait polls before it sleeps (__ctx_nap) */

/* Thread states (struct __pthread.state). */
enum {
  ST_RUNNING = 1,   /* on a context: running, or sleeping there after a wake-up it will see */
  ST_READY,         /* in the ready queue; resumed with __switch (its ctx) */
  ST_READY_KERNEL,  /* hw: ready after UNBLOCKED; resumed from its regs (notify_resume) */
  ST_WAITING,       /* waits on a queue, switched out: __wake makes it READY */
  ST_SUSPENDED,     /* waits on a queue, asleep on its context (ltn): __wake tresumes it */
  ST_BLOCKED_KERNEL,/* in a system call the kernel parked (BLOCKED); UNBLOCKED makes it ready */
  ST_EXITED,        /* finished: result is valid; off its stack once the lock is free */
};

/* How a joiner waits (struct __pthread.jwait), written before it names itself in the joinee's
 * joiner field. SLEEP: on its own context, MONITOR/MWAIT on this word (pthread_join.c,
 * join_sleep): the joinee's exit ends the wait with one plain store, DONE, pthread_cancel with
 * AGAIN. NONE: in __block, woken by __wake (the exit stores DONE first). POKE (hw): a SLEEP the
 * runtime ended because a thread became ready and no context was free (__sched.c, poke_joiner):
 * the joiner steps out into __block, where its context takes the ready thread; the exit treats it
 * as SLEEP (its DONE ends the wait as well). */
enum { JWAIT_NONE, JWAIT_SLEEP, JWAIT_DONE, JWAIT_AGAIN, JWAIT_POKE };
/* A joiner field's value once the exit has taken the joiner it named: the join is the exit's to
 * finish, and no other join or detach may start (EINVAL, ESRCH once the id ends). */
#define JOINER_TAKEN ((struct __pthread*)1)

/* The callee-saved registers of a voluntary switch (__switch): what a call preserves. With the
 * hard-float o32 ABI that includes $f20..$f31 (six doubles as FR=0 pairs); FCSR goes along so
 * each thread keeps its own rounding mode across a switch. */
struct __ctx {
  uint32_t s[9]; /* $s0..$s7, $s8 */
  uint32_t sp, ra, gp;
  uint64_t f[6]; /* $f20/$f21 .. $f30/$f31, one sdc1 each (so 8-aligned) */
  uint32_t fcsr;
};

/* The whole FPU state of a thread, all 32 registers (16 sdc1 of the even registers, FR=0 pairs)
 * and FCSR: what the hw backend keeps for a thread the kernel interrupted at any instruction,
 * where even the caller-saved registers are live (hw: __upcall_entry saves it, resume_regs loads
 * it; conventional: the SIGIO handler keeps it on the interrupted thread's stack).
 * The kernel saves only the integer registers into struct kasane_regs. */
struct __fpregs {
  uint64_t f[16];
  uint32_t fcsr, pad;
};
_Static_assert(sizeof(struct __fpregs) == FPREGS_SIZE, "__fpregs layout");

/* The thread management block (ThMB). pthread_t is its address; it starts with the registers
 * the kernel saves into it on a notification. Fields marked (sched) are guarded by __sched_lock.
 *
 * A ThMB is reused without zeroing it (__thmb_cache.c): pthread_create stores what a thread's
 * life can leave nonzero (pthread_create.c, fresh) and what it sets anyway (state, id, start,
 * arg, ...); every other field is 0 whenever a thread has exited or is written before it is
 * read: regs.pc (every save is consumed by the resume that follows it), jwait (by every join),
 * djoin (a hint where read before a direct join sets it, __djoin_end), early, timed, in_wait,
 * cancel_q, cancel_join and cleanup (each undone before the wait or call that set it returns),
 * tsd (cleared at exit, __tsd_run_destructors); mem, stack_size, guard, guard_size and stack_top
 * stay the ThMB's own. A new field either keeps that rule or goes into fresh(). */
struct __pthread {
  struct kasane_regs regs; /* hw: the kernel's save area; conventional: the ucontext, copied */
  struct __ctx ctx;        /* where __switch resumes it */
  uint32_t stack_top;      /* its first $sp: 8-byte aligned, 16 bytes of argument area above */
  volatile int on_stack;   /* exited and cached, but its context may still be on its stack: a
                            * create that pops it waits until __texit_context clears it */
  volatile int state;      /* ST_* (sched; plain reads by the thread itself while it sleeps) */
  int ltn;                 /* CPU number + 1 of the context it runs or sleeps on (sched) */
  void* (*start)(void*);
  void* arg;
  void* result;            /* pthread_exit's argument (sched) */
  int detached;            /* (sched) */
  struct __pthread* volatile joiner; /* the thread waiting in pthread_join for it, or 0; set
                            * under the lock, taken by its exit (JOINER_TAKEN) or by
                            * pthread_cancel with a CAS, which its exit makes without the lock */
  void** join_res;         /* in pthread_join: where the joinee's exit puts its result, or 0 */
  struct __pthread* next;  /* link in a wait queue (sched) */
  struct __pthread* rnext; /* link in the ready queue (sched) */
  struct __pthread* knext; /* link in __unblocked (lock-free) */
  struct __pthread* resume;/* idle ThMB: a READY_KERNEL thread to continue from its regs (sched) */
  int early;               /* UNBLOCKED came before BLOCKED was handled (sched) */
  int timed;               /* in __timed_block: __wake only sets timed_woken (sched) */
  int in_wait;             /* in __block's wait on its context, which it names by number: a
                            * notification must not move it elsewhere (__preempt) */
  volatile int timed_woken;/* set by __wake during a timed wait (sched) */
  long sys_result;         /* conventional: the result UNBLOCKED reported */
  int errno_val;           /* this thread's errno */
  unsigned long cpus;      /* the cores it may run on, bit c = core c (pthread_setaffinity_np);
                            * 0: any. Only a context of one of them takes it from __ready. Kept
                            * after it exits, for pthread_getaffinity_np, until the ThMB is reused */
  void* mem;               /* malloc'd block holding stack and ThMB; 0 for the main thread and a
                            * thread on a stack of its creator's (pthread_attr_setstack) */
  size_t stack_size;       /* bytes of stack below the ThMB in mem */
  char* guard;             /* the PROT_NONE pages just below the stack in mem, or 0 */
  size_t guard_size;       /* their bytes (a multiple of the page size), 0 if none */
  unsigned id;             /* THMB_ID while its pthread_t is valid (see __id_valid) */
  volatile int cancel;     /* pthread_cancel has been called for it */
  int cancel_disable;      /* PTHREAD_CANCEL_DISABLE */
  int cancel_async;        /* PTHREAD_CANCEL_ASYNCHRONOUS */
  struct __pthread_queue* cancel_q; /* the queue of the cancellable wait it is in, or 0 (sched) */
  struct __pthread* cancel_join;    /* the thread it waits for in pthread_join, or 0 (sched) */
  struct __ptcb* cleanup;  /* cleanup handlers, newest first */
  unsigned long sigmask;   /* its blocked signals (bit n - 1: signal n) */
  volatile unsigned long sigpend; /* pthread_kill's signals it has not taken yet */
  struct __fpregs kfp;     /* hw: its FPU as it was when the kernel saved regs */
  int tsd_used;            /* pthread_setspecific has stored a value in tsd */
  struct {
    void* value;
    unsigned seq; /* the key's sequence number when set: stale values read as NULL */
  } tsd[PTHREAD_KEYS_MAX];
  struct __pthread* tnext; /* link in __timers (sched) */
  long long deadline;      /* in a timed wait: its end, ns of CLOCK_REALTIME (sched) */
  int djoin;               /* hw: in a direct join, the __djoiner slot that names it */
  volatile int jwait;      /* in pthread_join: JWAIT_*, how it waits and how the wait ended
                            * (last: its line is one the rest of the library rarely stores to,
                            * and a store to that line ends a direct join's MWAIT early) */
};

_Static_assert(offsetof(struct __pthread, regs.pc) == THMB_REGS_PC, "ThMB layout");
_Static_assert(offsetof(struct __pthread, ctx) == THMB_CTX, "ThMB layout");
_Static_assert(offsetof(struct __pthread, ctx.sp) == THMB_CTX_SP, "ThMB layout");
_Static_assert(offsetof(struct __pthread, ctx.ra) == THMB_CTX_RA, "ThMB layout");
_Static_assert(offsetof(struct __pthread, ctx.gp) == THMB_CTX_GP, "ThMB layout");
_Static_assert(offsetof(struct __pthread, ctx.f) == THMB_CTX_F, "ThMB layout");
_Static_assert(offsetof(struct __pthread, ctx.fcsr) == THMB_CTX_FCSR, "ThMB layout");
_Static_assert(offsetof(struct __pthread, stack_top) == THMB_STACK_TOP, "ThMB layout");
_Static_assert(offsetof(struct __pthread, on_stack) == THMB_ON_STACK, "ThMB layout");
_Static_assert(offsetof(struct __pthread, kfp) == THMB_KFP, "ThMB layout");

/* --- State (__pthread_state.c). */
extern struct __pthread* volatile __thmbs[NCTX];  /* per context: the ThMB running there; the
                                                   * array registered with the kernel */
extern struct __pthread* volatile __running[NCTX];/* per context: our own copy of it (hw: the
                                                   * kernel zeroes __thmbs[idx] in the upcall) */
extern struct __pthread* volatile __prev[NCTX];   /* per context: the thread a switch in progress
                                                   * leaves (__backend_hw.c: interrupted) */
extern struct __pthread* __idle[NCTX];            /* per context: its idle ThMB */
extern struct __pthread __pthread_main;           /* the main thread's ThMB (static) */
extern volatile int __sched_lock;
extern struct __pthread_queue __ready;            /* (sched) linked through rnext */
extern struct __pthread* volatile __unblocked;    /* lock-free LIFO of UNBLOCKED threads */
extern volatile int __suspended;                  /* bit idx: context idx sleeps and may be woken */
extern volatile int __napping;                    /* bit idx: context idx sleeps in MWAIT on
                                                   * __ctx_kick[idx] and may be woken (__timer.c) */
/* Per context, a word alone on its line: a store to it ends the context's long MWAIT. */
extern struct __kick {
  volatile int word;
} __attribute__((aligned(64))) __ctx_kick[NCTX];
extern struct __pthread* __timers;                /* (sched) switched-out timed waiters, tnext */
extern volatile int __live;                       /* threads not yet exited */
extern int __nctx;                                /* contexts of a core (LTNs 1..__nctx) */
extern int __ncpu;                                /* CPU numbers it may run on (idx < __ncpu) */
extern int __multicore;                           /* __ncpu > __nctx: the machine has several cores */
extern volatile int __pinned;                     /* threads with a cpus mask not yet exited: the
                                                   * ready queue then looks at masks (__spread.c) */
extern volatile int __pthread_ready_to_go;        /* __pthread_init has run */
extern struct __pthread* __reap;                  /* exited detached threads to free (sched) */

/* --- Scheduling core (__sched.c, __block.c, __idle.c, __pthread_init.c). Functions marked
 * (locked) need __sched_lock held. */
void __pthread_init(void);                    /* once, before the first thread starts */
void __pthread_init_failed(const char* what) __attribute__((noreturn)); /* message, abort */
void __sched_lock_wait(void);                 /* __sched_lock_take's wait: see __sched.c */
int __sched_trylock(void);                    /* 1 if it took the free lock, else 0 */
#ifdef KASANE_THREADS_CONV
/* Set by an UNBLOCKED handler that found the scheduler lock taken and could not hand the context
 * over; the next __sched_unlock looks again (__conv_retry, __backend_conv.c). */
extern volatile int __conv_missed;
void __conv_retry(void);
#endif
/* Take __sched_lock: one swap when it is free, the fast path inline (a create's, exit's and
 * hand-off's lock costs no call). */
static inline __attribute__((always_inline)) void __sched_lock_take(void) {
  if (__builtin_expect(a_swap(&__sched_lock, 1), 0)) __sched_lock_wait();
  a_barrier(); /* nothing guarded may be read before the lock is ours */
}
static inline __attribute__((always_inline)) void __sched_unlock(void) {
  a_barrier(); /* what we wrote is visible before the lock looks free */
  __sched_lock = 0;
#ifdef KASANE_THREADS_CONV
  if (__conv_missed) __conv_retry();
#endif
}
void __enqueue(struct __pthread_queue* q, struct __pthread* t);   /* (locked) */
struct __pthread* __dequeue(struct __pthread_queue* q);           /* (locked) */
int __unqueue(struct __pthread_queue* q, struct __pthread* t);    /* (locked) 1 if t was in q */
void __push_unblocked(struct __pthread* t);   /* lock-free: for the notification handlers */
void __drain_unblocked(void);                 /* (locked) __unblocked into __ready */
struct __pthread* __next_ready_slow(void);    /* (locked) __next_ready with the queue to drain
                                               * or threads pinned (__pinned) */
/* __next_ready (locked: the next ready thread, or 0) and __ready_nonempty (a hint, without the
 * lock) are inline, at the end of this file. */
int __dispatch(void);                         /* see that some context will run __ready */
/* hw, per context: the direct joiner waiting there (pthread_join.c, join_sleep), or 0; it may
 * still name a thread whose direct join is over (its jwait is not SLEEP then), or its cached
 * ThMB, never a freed one: the slot is written under the lock, and cleared by a poke, by the
 * thread's next direct join, or under the lock that decides to free its ThMB (__djoin_end). Not
 * by the wake-up: the exit's hand-off stays a store and a return. */
extern struct __pthread* volatile __djoiner[NCTX];
/* (locked) Take self out of __djoiner, if its slot still names it (djoin may be stale: a
 * reused ThMB's, checked against NCTX). A stale slot names a thread whose jwait is not SLEEP, or
 * a cached ThMB (the same), and a poke passes it by; this, at the next direct join and before a
 * ThMB is freed, keeps a slot from naming memory that may be anything. No-op (conventional). */
static inline __attribute__((always_inline)) void __djoin_end(struct __pthread* self) {
#ifdef KASANE_THREADS_HW
  unsigned k = (unsigned)self->djoin;
  if (k < NCTX && __djoiner[k] == self) __djoiner[k] = 0;
#else
  (void)self;
#endif
}
void __make_ready(struct __pthread* t);       /* (locked) into __ready, and dispatch */
void __ready_put(struct __pthread* t);        /* (locked) into __ready as READY, no dispatch */
struct __pthread* __preempt(struct __pthread* self, int state); /* (locked) see __sched.c */
void __wake(struct __pthread* t);             /* (locked) end t's __block */

/* (locked) Wait until __wake: self is already where its waker will look. Returns unlocked. */
void __block(struct __pthread* self);
/* (locked) __block until abstime (CLOCK_REALTIME): 0, or ETIMEDOUT (self taken off q). */
int __timed_block(struct __pthread* self, struct __pthread_queue* q,
                  const struct timespec* abstime);
/* (__timer.c) Timed waits and long sleeps. */
void __timer_add(struct __pthread* t);        /* (locked) t waits switched out until t->deadline */
void __timer_del(struct __pthread* t);        /* (locked) t is no longer on __timers */
void __wake_timed(struct __pthread* t);       /* (locked) __wake of a thread in __timed_block */
long long __clock_ns(void);                   /* CLOCK_REALTIME in ns */
/* (locked) Make the timed waiters whose deadline passed ready; ns until the next deadline, or -1
 * if no timer is left. */
long long __timers_expire(void);
int __kick_napper(void);                      /* wake one context in __napping: 1, or 0 */
/* (locked) An idle thread with nothing to run: make due timers ready, else sleep until the
 * context is kicked, a thread is ready or the next timer is due; returns locked (look again). */
void __idle_nap(int idx);
/* (unlocked) Sleep in MWAIT on the context's kick word, as one of __napping, unless done(arg);
 * at most `ns` (-1: NAP_CAP cycles). The MWAIT's result (MWAIT_TIMEOUT: the time ran out). */
int __ctx_nap(int idx, long long ns, int (*done)(const void* arg), const void* arg);
#define MWAIT_TIMEOUT 1 /* MWAIT's result when the time ran out */

/* (locked) Continue next on context idx; returns (locked) when switched back to. */
void __switch_to(struct __pthread* self, struct __pthread* next, int idx);
/* (locked) self has exited: give context idx away (done: reclaim self's ThMB, see __sched.c). */
void __leave(struct __pthread* self, int idx, int done) __attribute__((noreturn));
void __reclaim_dead(void); /* (locked) after a switch lands: what an exited thread left (__leave) */
void __yield(struct __pthread* self);         /* let a ready thread have this context */
void __idle_loop(struct __pthread* self) __attribute__((noreturn));      /* (locked) */
/* __idle_reset(idle): its next __switch starts it afresh (inline, at the end of this file). */
struct __pthread* __idle_alloc(int ltn);
int __idle_here(struct __pthread* self);       /* (locked) idle self's context, made its own */
/* ThMB above `stack` bytes of stack with `guard` bytes (rounded up to pages) of PROT_NONE guard
 * below it, or 0. */
struct __pthread* __thmb_alloc(size_t stack, size_t guard);
void __thmb_free(struct __pthread* t); /* give a ThMB of __thmb_alloc's and its stack back */
/* (__thmb_cache.c) A ThMB with a default stack an earlier thread left, without a lock; or 0.
 * Maybe still marked on_stack: __thmb_settle before the new thread runs. */
struct __pthread* __thmb_pop(void);
/* A ThMB for a new thread: __thmb_pop's if `stack` and `guard` are the defaults and one is
 * cached, else __thmb_alloc's; or 0. Its fields are as its last thread left them (see struct
 * __pthread): the caller sets what a new thread starts with. */
struct __pthread* __thmb_get(size_t stack, size_t guard);
/* (locked) Keep t, off its stack (or marked on_stack), for reuse: 1; or 0: free t->mem yourself.
 * The push of __thmb_cache.c's stack, inline (an exit makes one). */
extern struct __pthread* __thmb_slots[THMB_CACHE];
extern volatile int __thmb_top;
static inline __attribute__((always_inline)) int __thmb_put(struct __pthread* t) {
  if (!t->mem || t->stack_size != PTHREAD_STACK_DEFAULT || t->guard_size != PTHREAD_GUARD_DEFAULT)
    return 0;
  for (;;) {
    int n = __thmb_top;
    if (n == THMB_CACHE) return 0;
    __thmb_slots[n] = t;
    a_barrier(); /* the slot before the top that covers it */
    if (__builtin_expect(a_cas(&__thmb_top, n, n + 1) == n, 1)) return 1;
  }
}

/* Wait until t, from __thmb_pop, is off the stack its last thread exited on (its on_stack mark,
 * __thmb_cache.c): before a new thread may run on that stack, or its ctx is written (the exit
 * may still save its registers there, __switch). Until then the exit writes nothing else of t. */
static inline __attribute__((always_inline)) void __thmb_settle(struct __pthread* t) {
  while (t->on_stack) a_spin();
}

/* --- Thread ids. A pthread_t is valid from pthread_create until the thread is joined (or, if
 * detached, exits): its ThMB's id word holds THMB_ID meanwhile, and pthread_join, _detach,
 * _cancel and _kill give ESRCH for one that does not, as glibc does for a joined thread. The
 * word is cleared under __sched_lock when the id ends, before the ThMB is cached or freed. A
 * freed ThMB stays readable (the heap never shrinks), and malloc writes its own header at the
 * start of the block, below the stack, not in the ThMB at the end of it: the word stays clear
 * unless the memory is handed out again, and then THMB_ID appears in it only by a coincidence
 * of one 32-bit value. The rule for reuse: a later pthread_create may hand out the same ThMB
 * (__thmb_cache.c) or address, and from then on the id names the new thread; glibc reuses its
 * descriptors the same way. No list and no lock: creating a thread costs one store more. */
#define THMB_ID 0x7d1d7eadu
static inline int __id_valid(const struct __pthread* t) { return t->id == THMB_ID; }

/* --- Cancellation (pthread_cancel.c) and signals (pthread_kill.c). */
/* Act on a cancellation of self if one is pending and enabled: never returns then. Also takes
 * the signals pthread_kill left for self. The library calls it at its cancellation points. */
void __testcancel(void);
/* (locked) self enters a cancellable wait on q (0: none; join sets cancel_join itself): 1 if
 * a cancellation is already pending and enabled (do not wait), else 0. */
int __cancel_wait_begin(struct __pthread* self, struct __pthread_queue* q);
/* __testcancel for a caller that knows self: two loads when there is nothing to do. */
static inline void __testcancel_self(struct __pthread* self) {
  if (self->sigpend || self->cancel) __testcancel();
}
void __pthread_take_signals(struct __pthread* self); /* raise what pthread_kill left unmasked */
/* The signal the library aims at one context to make the thread there look at its ThMB
 * (__poke.c): the first real-time signal, which no program names (glibc's SIGCANCEL). */
#define SIGPOKE 32
/* Make t, which the caller saw (under the lock) in state `state` on context `ltn`, take what
 * was left in its ThMB soon: interrupt its context, or end its call parked in the kernel. */
void __poke(struct __pthread* t, int state, int ltn);
/* The cancellable system call (arch/syscall_cp.S, __syscall_cp.c). */
long __syscall_cp_asm(volatile int* cancel, long nr, long a, long b, long c);
extern char __cp_begin[], __cp_end[];
void __cancel(void) __attribute__((noreturn));
extern int __sigmask_used; /* pthread_sigmask has been called: a create copies the mask */
/* An absolute time by `clock` as the same moment by CLOCK_REALTIME, which __timed_block reads. */
void __abs_realtime(clockid_t clock, const struct timespec* abstime, struct timespec* out);

/* --- Synchronisation objects' internals. */
void __mutex_lock_wait(pthread_mutex_t* m, struct __pthread* self);
void __mutex_release_locked(pthread_mutex_t* m); /* (locked) */
int __cond_wait(pthread_cond_t* c, pthread_mutex_t* m, const struct timespec* abstime);
struct __key {
  unsigned seq;                 /* odd while the key exists */
  void (*destructor)(void*);
};
extern struct __key __keys[PTHREAD_KEYS_MAX];
void __tsd_run_destructors(struct __pthread* self);

/* --- Backend (__backend_hw.c or __backend_conv.c). */
void __backend_init(void);                    /* notifications; contexts */
void __notify_shortcut(struct kasane_notify_reg* reg); /* the environment's shortcut choice */
void __idle_wait(int idx);                    /* (locked) the idle thread of idx found nothing */
/* (locked) hw: continue t, which the kernel unblocked, from its regs, on idle's stack. */
void __resume_kernel_saved(struct __pthread* idle, struct __pthread* t, int idx)
    __attribute__((noreturn));

/* --- Assembly (runtime/arch/pthread_switch.S). */
/* Save the callee-saved registers into from->ctx, record `to` as running on this context
 * (__prev, __running, __thmbs in that order, at the CPU number read then: idx may be stale if
 * the kernel moved the process) and continue `to` from to->ctx. Returns when something switches
 * back to `from`. */
void __switch(struct __pthread* from, struct __pthread* to, int idx);
extern char __switch_end[]; /* just past __switch: a signal with its pc in between is mid-switch */
/* __thmbs[idx] = t, then kasane_notify_resume(regs): continue t with every register from regs.
 * The two instructions after the store are __resume_stub_window: an upcall there finds the
 * slot naming t but t's registers still in regs (r[4] of the save). */
void __resume_stub(struct kasane_regs* regs, struct __pthread* volatile* slot, struct __pthread* t)
    __attribute__((noreturn));
extern char __resume_stub_window[];
/* hw: continue t, switched out by __switch, at its ctx without the kernel: load its ctx,
 * *slot = t, and make a system call only if the kernel's pending word says events wait. */
void __resume_ctx_stub(struct __pthread* t, struct __pthread* volatile* slot,
                       const volatile uint32_t* pending) __attribute__((noreturn));
void __ctx_load_fp(struct __pthread* t); /* hw: t's ctx $f20..$f31 and FCSR into the FPU */
void __fpregs_load(const struct __fpregs* fp); /* all of fp into the FPU */
void __fpregs_save(struct __fpregs* fp);       /* the whole FPU into fp */
extern struct __fpregs __upcall_fp[NCTX];      /* hw: per context, the FPU at the last upcall */
void __thread_entry(void);      /* hw: where tfork starts a new thread ($a0 = its ThMB) */
void __runner_entry(void);      /* hw: where tfork starts a context to run the ready queue */
void __thread_trampoline(void); /* a fresh thread's first __switch lands here ($s0 = ThMB) */
void __idle_trampoline(void);   /* a fresh idle ThMB's first __switch lands here */
void __upcall_entry(void);      /* hw: the kernel's upcall entry */
/* __thmbs[idx] = 0, t->on_stack = 0 (t: 0 or the exited thread whose stack this is), release
 * __sched_lock, texit: the end of a context that has nothing to run. */
void __texit_context(int idx, struct __pthread* t) __attribute__((noreturn));

/* --- Entry points in C that the assembly calls. */
void __thread_start(struct __pthread* t) __attribute__((noreturn));
void __thread_resume_start(struct __pthread* t) __attribute__((noreturn));
void __idle_resume_start(struct __pthread* idle) __attribute__((noreturn));
void __runner_start(struct __pthread* idle) __attribute__((noreturn));

#include "pthread_inline.h" /* the inline primitives of the fast paths */

#endif /* KASANE_PTHREAD_IMPL_H */
