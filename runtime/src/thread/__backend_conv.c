/* __backend_conv - what only the conventional backend does: the baseline of seed 002's table, a
 * user-level thread library on an ordinary kernel. No thread-control instruction (tfork,
 * tsuspend, tresume): the process's architecture threads come from kasane_ctx_spawn (as from
 * clone; on a machine of several cores, one per other core from kasane_ctx_start, which spawns
 * the rest of its core: __spread.c), each running an idle thread that polls the ready queue with sched_yield and, after a
 * while, sleeps in MWAIT (as x86's user-mode UMWAIT: __timer.c); kernel notifications arrive as
 * SIGIO.
 *
 * SIGIO (KASANE_NOTIFY_SIGNAL; os/notify.c; the frame is <kasane/sigframe.h>): si_code is the
 * event, si_addr the ThMB, si_value the argument (siginfo_t names them so too). The kernel builds
 * the frame on the stack of the thread running on the context and saves that thread's registers
 * in it, not in the ThMB.
 *   BLOCKED(t) arrives on t itself, at its system call. The handler copies the ucontext's
 *     registers into t's ThMB, unblocks SIGIO (the delivery blocked it for the whole process, and
 *     the kernel holds events back while it is) and switches to another thread; t stays
 *     switched out inside the handler. When t runs again, the handler puts the call's result
 *     into the registers, copies them back into the ucontext and returns: rt_sigreturn restores
 *     them all.
 *   UNBLOCKED(t) arrives on any thread, at any instruction (also inside the scheduler with the
 *     lock held): the argument is the result (-errno on failure); record it and push t on the
 *     lock-free list. The pollers pick it up; if none polls, the interrupted thread gives way
 *     (preempt). */
#include <kasane/sigframe.h>
#include <kasane/syscalls.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>

#include "pthread_impl.h"
#include "syscall.h"

#define SIGIO_BIT (1u << (SIGIO - 1))

static void from_ucontext(struct kasane_regs* r, const struct kasane_sigcontext* sc) {
  for (int k = 0; k < 32; k++) r->r[k] = (uint32_t)sc->sc_regs[k];
  r->hi = (uint32_t)sc->sc_mdhi;
  r->lo = (uint32_t)sc->sc_mdlo;
  r->pc = (uint32_t)sc->sc_pc;
}

static void to_ucontext(struct kasane_sigcontext* sc, const struct kasane_regs* r) {
  for (int k = 1; k < 32; k++) sc->sc_regs[k] = (int32_t)r->r[k];
  sc->sc_mdhi = (int32_t)r->hi;
  sc->sc_mdlo = (int32_t)r->lo;
  sc->sc_pc = (int32_t)r->pc;
}

/* The delivery blocked SIGIO for the whole process: unblock it before the handler switches away
 * from this thread, or no notification would come until it runs again. */
static void unblock_sigio(void) {
  sigset_t io;
  sigemptyset(&io);
  sigaddset(&io, SIGIO);
  sigprocmask(SIG_UNBLOCK, &io, 0);
}

static void blocked(struct __pthread* t, struct kasane_ucontext* uc) {
  from_ucontext(&t->regs, &uc->uc_mcontext);
  unblock_sigio();
  __sched_lock_take();
  int idx = __ctx_idx(); /* under the lock: a notification no longer moves t (preempt) */
  __drain_unblocked();
  if (!t->early) {
    t->state = ST_BLOCKED_KERNEL;
    struct __pthread* next = __next_ready();
    __switch_to(t, next ? next : __idle[idx], idx); /* back once UNBLOCKED made t ready */
  }
  t->early = 0;
  __sched_unlock();
  /* The result as the o32 convention returns it: $v0, and $a3 = 1 with $v0 = errno on failure. */
  uint32_t r = (uint32_t)t->sys_result;
  int failed = r > (uint32_t)-4096;
  t->regs.r[2] = failed ? -r : r;
  t->regs.r[7] = failed;
  to_ucontext(&uc->uc_mcontext, &t->regs);
  t->regs.pc = 0;
}

/* Whether a context polls the queue and will find what UNBLOCKED made ready: one runs its idle
 * thread, or a thread sleeps there in __block (one asleep in MWAIT has been kicked: sigio). */
static int someone_polls(void) {
  if (__suspended) return 1;
  for (int k = 0; k < __ncpu; k++)
    if (__idle[k] && __running[k] == __idle[k]) return 1;
  return 0;
}

/* UNBLOCKED made a thread ready and no context polls: the thread interrupted here gives way to
 * it, or with every context busy with threads that never wait (one that spins until the
 * unblocked thread does something, say) it would never run. It goes to the back of the ready
 * queue, switched out inside this handler like a BLOCKED one, and returns from it when it runs
 * again. Not when it is the idle thread, waits (__wake must find it where it sleeps), is caught
 * in a switch or starting (__running and the slot disagree, or the pc is in __switch), or the
 * lock is taken (it may hold it). */
static void preempt(const struct kasane_ucontext* uc, const struct __pthread* unblocked) {
  uint32_t pc = (uint32_t)uc->uc_mcontext.sc_pc;
  if (someone_polls()) return;
  /* Interrupted in a switch or with the lock taken (here, or on another context), it cannot hand
   * the context over now, and if nothing else ever came to (a BLOCKED handler that had drained
   * the unblocked list and was switching to a thread that spins, say) the unblocked thread would
   * wait for ever: the next unlock looks again. */
  if ((pc >= (uint32_t)__switch && pc < (uint32_t)__switch_end) || !__sched_trylock()) {
    __conv_missed = 1;
    return;
  }
  /* The context's number and its thread only under the lock. Read before it, they may be stale:
   * SIGIO is the process's, so another context's handler may have unblocked it, and a nested
   * delivery here, before the trylock, may preempt this very thread, which then comes back to
   * this frame on another context. Switching it out with the old idx would publish `next` in the
   * old context's __running/__thmbs (a context where some other thread runs) and leave this
   * context's slot naming self: the kernel then raises BLOCKED for the wrong ThMB, and self ends
   * up switched to after it exited (__leave's trap), or a thread is lost (every context idle).
   * Nothing moves a thread between contexts without the lock. */
  int idx = __ctx_idx();
  struct __pthread* self = __running[idx];
  /* Nor when the thread UNBLOCKED names is the interrupted one: the notification came inside
   * its own BLOCKED handler, before that switched it out, and the handler will find it on the
   * unblocked list and go on. Preempting it would queue it behind a thread that may spin until
   * it runs, with no notification left to come (threadctl's bystander, one context). */
  if (!self || self == unblocked || self != __thmbs[idx] || self == __idle[idx] ||
      self->state != ST_RUNNING) {
    __sched_unlock();
    return;
  }
  struct __pthread* next = __preempt(self, ST_READY);
  if (next) {
    unblock_sigio();
    __switch_to(self, next, idx); /* back when a context takes self from the queue */
  }
  __sched_unlock();
}

volatile int __conv_missed;

/* An unlock after a missed hand-over (preempt): the thread that unlocks gives way, as preempt
 * would have made the interrupted one do, if a thread is ready and no context polls for it. Not
 * the idle thread, nor a thread that is not plainly running (on its way to a wait, or out). */
void __conv_retry(void) {
  __conv_missed = 0;
  if (someone_polls() || !__sched_trylock()) return;
  int idx = __ctx_idx();
  struct __pthread* self = __running[idx];
  struct __pthread* next = 0;
  if (self && self == __thmbs[idx] && self != __idle[idx] && self->state == ST_RUNNING)
    next = __preempt(self, ST_READY);
  if (next) {
    unblock_sigio(); /* it may be inside a SIGIO handler, which blocked SIGIO */
    __switch_to(self, next, idx);
  }
  __sched_unlock();
}

/* The signal mask is the process's, not a thread's: the frame of a BLOCKED that came while
 * another context was in its handler saved it with SIGIO blocked, and restoring that when t
 * goes on, long after, would block notifications for good. The library owns SIGIO: every
 * return from its handler leaves it unblocked. */
static void unblock_on_return(struct kasane_ucontext* uc) { uc->uc_sigmask[0] &= ~SIGIO_BIT; }

/* The handler may switch the interrupted thread out (preempt, blocked) and other threads then
 * use the FPU on this context before it comes back; the thread was stopped at an arbitrary
 * instruction, so all of its FP registers and FCSR may be live. They are kept here, on its own
 * stack, from before any C that could touch them until the handler returns to it. (A kernel
 * whose signal frame carries the FPU restores the same values again at sigreturn.) */
static void sigio(int sig, siginfo_t* si, void* uc) {
  (void)sig;
  struct __fpregs fp;
  __fpregs_save(&fp);
  __thread_tag((void*)KASANE_SIMCTL_THREAD_UPCALL);
  struct __pthread* t = (struct __pthread*)si->si_addr;
  if (si->si_code == KASANE_EV_UNBLOCKED) {
    t->sys_result = (long)si->si_value.sival_int;
    __push_unblocked(t);
    __dispatch(); /* a context asleep in MWAIT looks no more: kick one */
    preempt(uc, t);
  } else if (si->si_code == KASANE_EV_BLOCKED) {
    blocked(t, uc);
  }
  unblock_on_return(uc);
  __fpregs_load(&fp);
  __thread_tag(__running[__ctx_idx()]); /* back to the thread the signal interrupted */
}

/* A context started by kasane_ctx_spawn, on its idle ThMB's stack: it is that context's idle
 * thread. */
static void __attribute__((noreturn)) ctx_start(struct __pthread* idle) {
  int idx = __ctx_idx();
  idle->ltn = idx + 1;
  __idle[idx] = idle; /* before any thread can reach this context: they come through idle */
  __running[idx] = idle;
  __thread_tag(idle);
  __thmbs[idx] = idle;
  __sched_lock_take();
  __idle_loop(idle);
}

/* A worker on every free context of the caller's core (kasane_ctx_spawn is core-local). The raw
 * call: on another core this runs before the context has a slot, where errno is the main
 * thread's (__self), which a refusal must not change. */
static void spawn_here(void) {
  unsigned long mask = kasane_contexts();
  for (int n = __builtin_popcount(mask); n > 0; n--) {
    struct __pthread* idle = __idle_alloc(0);
    if (__syscall3(SYS_kasane_ctx_spawn, (long)ctx_start, (long)idle, (long)idle->stack_top) < 0) {
      __thmb_free(idle);
      break;
    }
  }
}

/* The first worker of another core (__spread_workers started it there with kasane_ctx_start):
 * it spawns the others of its core, then is a worker like them. */
static void __attribute__((noreturn)) core_start(struct __pthread* idle) {
  spawn_here();
  ctx_start(idle);
}

static int ready(const void* arg) {
  (void)arg;
  return __ready_nonempty();
}

/* Poll the queue for CONV_NAP_AFTER cycles (a thread handed over soon is taken at once), then
 * sleep until a thread is ready or a timed waiter's deadline comes (__idle_nap). With timed
 * waiters switched out, at once: polling would not see their deadlines. */
void __idle_wait(int idx) {
  __sched_unlock();
  unsigned long since = kasane_cycles();
  int long_wait = 0;
  while (!__ready_nonempty()) {
    if (__timers || kasane_cycles() - since >= CONV_NAP_AFTER) {
      long_wait = 1;
      break;
    }
    __conv_pause(ready, 0);
  }
  __sched_lock_take();
  /* Only after a long wait: a thread another context took first is no reason to sleep. */
  if (long_wait)
    while (!__ready_nonempty()) __idle_nap(idx);
}

/* SIGIO handler, registration, then the other contexts. */
void __backend_init(void) {
  struct sigaction sa = {0};
  sa.sa_flags = SA_SIGINFO;
  sa.sa_sigaction = sigio;
  struct kasane_notify_reg reg = {0, 0, (uint32_t)__thmbs, KASANE_NOTIFY_SIGNAL, 0, 0};
  __notify_shortcut(&reg);
  if (sigaction(SIGIO, &sa, 0) < 0 || kasane_notify_register(&reg) < 0)
    __pthread_init_failed("kernel notifications (SIGIO)");
  /* The contexts of this core get theirs as they start (ctx_start); those of the other cores,
   * where the kernel may move the process (LTN for LTN, each thread going on where it was), have
   * one ready for whichever thread first needs it there. */
  spawn_here();
  if (__multicore) __spread_workers(core_start);
  int here = __ctx_idx() / __nctx * __nctx;
  for (int idx = 0; idx < __ncpu; idx++)
    if ((idx < here || idx >= here + __nctx) && !__idle[idx]) __idle[idx] = __idle_alloc(idx + 1);
}

/* Never called: nothing is resumed from saved registers here (the SIGIO frame does that). */
void __resume_kernel_saved(struct __pthread* idle, struct __pthread* t, int idx) {
  (void)idle, (void)t, (void)idx;
  __builtin_trap();
}
