/* __backend_hw - what only the hw (MULiTh) backend does: kernel notifications by upcall, resuming
 * a thread from the registers the kernel saved, and the idle thread's wait.
 *
 * The upcall (include/kasane/notify.h). The kernel zeroes the slot __thmbs[idx] of a context and
 * enters __upcall_entry on the context's upcall stack. BLOCKED(t): t waits in a system call (its
 * registers stay with the call); run something else here. UNBLOCKED(t): t's call is over, its
 * registers, the result in $v0/$a3, are in its regs; the kernel has saved the registers of the
 * thread running here into the ThMB the slot named: make t ready, and continue that thread, unless
 * no context will take t (preempt()). A thread the
 * kernel saved is continued by kasane_notify_resume, a system call, whose way back to user mode
 * delivers any event that queued while the slot was 0; a thread switched out by __switch by user
 * code alone, which makes that system call only if the kernel's pending word says one waits.
 *
 * Whose registers did the kernel save? The slot was zeroed, so we keep our own record,
 * __running[idx] (at __run_idx(idx), as __prev). It can disagree with the slot for one
 * instruction: __switch stores __prev, __running, then the slot. A thread that is not running has
 * regs.pc == 0 unless its regs hold a save nobody has consumed (an unblocked thread's, which its
 * state tells apart: saved()); every resume from regs consumes (zeroes) it. So if
 * __running[idx] has no save, the save went to __prev[idx], caught in the middle of the switch;
 * it goes on with __running[idx] unchanged, and finishes the switch. And a save whose pc is in
 * __resume_stub_window was taken just after the stub stored the slot: the thread's real registers
 * are in the copy the stub was resuming, at the save's $a0. */
#include <kasane/syscalls.h>
#include <stdlib.h>
#include <string.h>

#include "pthread_impl.h"

/* Per context: the upcall stacks the kernel switches to, and the register copies resumes are
 * made from (one for the upcall, one for the idle thread: an upcall may interrupt the idle
 * thread's resume and must not overwrite what that resume is using). */
static uint32_t upcall_stacks[NCTX];
static struct kasane_regs upcall_copy[NCTX], idle_copy[NCTX];
struct __fpregs __upcall_fp[NCTX]; /* written by __upcall_entry (but for BLOCKED) */
_Static_assert(KASANE_EV_BLOCKED == 1, "__upcall_entry tests for 1");
/* The kernel's word: nonzero while notification events wait to be delivered (notify.h). */
static volatile uint32_t pending;

void __upcall(long ev, struct __pthread* t, long arg, long cpu1) __attribute__((noreturn));

/* Whether t's regs hold the save the kernel just made: a save that is not that of a call ended by
 * UNBLOCKED, which stays in the ThMB of a thread no context runs until it is resumed, and may be
 * named by a stale record (__prev, or a record left at another CPU number by a move); taking it
 * for this context's would resume that thread twice. */
static int saved(const struct __pthread* t) {
  return t->regs.pc && t->state != ST_BLOCKED_KERNEL && t->state != ST_READY_KERNEL;
}

/* The record of CPU number k, of the same LTN as idx, moves to idx: the kernel moved this
 * context's gang from another core, LTN for LTN, since the last switch here, and the record was
 * left at the old number. The old number gets its idle thread's (which has no save), so that it is
 * not taken twice. */
static struct __pthread* move_record(int idx, int k) {
  struct __pthread* r = __running[k];
  __running[idx] = r;
  __prev[idx] = __prev[k];
  __running[k] = __prev[k] = __idle[k];
  return r;
}

/* No save in the record of context idx: on several cores the record may be at the old CPU
 * number, naming that CPU (ltn) and a thread with the save (move_record). Anything else: the
 * record is broken. */
static struct __pthread* moved(int idx, struct __pthread** record) {
  for (int k = 0; __multicore && k < __ncpu; k++) {
    if (k == idx || __cpu_ltn(k) != __cpu_ltn(idx)) continue;
    struct __pthread* r = __running[k];
    struct __pthread* i = saved(r) ? r : __prev[k];
    if (!saved(i) || r->ltn != k + 1) continue;
    *record = move_record(idx, k);
    return i;
  }
  __builtin_trap(); /* no save to continue from */
}

/* The thread whose registers the kernel saved on context idx (see the top of this file), with
 * its saved registers made whole; *record is what __running[idx] says, which must stay so when
 * that thread goes on. */
static struct __pthread* interrupted(int idx, struct __pthread** record) {
  struct __pthread* r = __running[__run_idx(idx)];
  struct __pthread* i = saved(r) ? r : __prev[__run_idx(idx)];
  if (!saved(i)) i = moved(idx, &r);
  uint32_t pc = i->regs.pc;
  if (pc == (uint32_t)__resume_stub_window || pc == (uint32_t)__resume_stub_window + 4)
    i->regs = *(const struct kasane_regs*)i->regs.r[4];
  *record = r;
  return i;
}

/* Continue t on context idx with every register from its regs, through a copy; __running[idx]
 * becomes `record` (t itself, except when t was caught in the middle of a switch: then the
 * thread it is switching to, which its own store to the slot is about to publish). */
static void __attribute__((noreturn))
resume_regs(int idx, struct __pthread* t, struct kasane_regs* copy, struct __pthread* record) {
  *copy = t->regs;
  t->regs.pc = 0; /* consumed */
  __fpregs_load(&t->kfp); /* the kernel restores only the integer registers */
  a_barrier(); /* the copy and the mark before t is published */
  __running[__run_idx(idx)] = record;
  __thread_tag(record);
  __resume_stub(copy, &__thmbs[idx], t);
}

/* Continue t, switched out voluntarily, at its ctx: the lock goes with it, as with __switch.
 * What __switch saved is all t needs, so user code loads it (__resume_ctx_stub) and no system
 * call is made, unless events wait for delivery (pending). */
static void __attribute__((noreturn)) resume_ctx(int idx, struct __pthread* t) {
  __running[__run_idx(idx)] = t;
  __thread_tag(t);
  __resume_ctx_stub(t, &__thmbs[idx], &pending);
}

/* (locked) Continue next (taken from the ready queue, or the idle thread) on context idx. */
static void __attribute__((noreturn)) run(int idx, struct __pthread* next) {
  next->ltn = idx + 1;
  if (next->state == ST_READY_KERNEL) {
    next->state = ST_RUNNING;
    __sched_unlock();
    resume_regs(idx, next, &upcall_copy[idx], next);
  }
  next->state = ST_RUNNING;
  resume_ctx(idx, next);
}

/* UNBLOCKED made a thread ready and no context was free or asleep to take it: with one context
 * busy with a thread that never waits (one that spins until the unblocked thread does
 * something, say), it would never run. So i, the thread interrupted here, gives way: its
 * registers are saved already, exactly as an unblocked thread's, and it goes to the back of the
 * ready queue. Not when i is the idle thread (it looks at the queue itself), waits (its state
 * is not RUNNING: __wake must find it where it sleeps), was caught in a switch, or the lock is
 * taken (i may hold it); then the thread waits until a context next looks at the queue. */
static void preempt(int idx, struct __pthread* i) {
  if (i == __idle[idx] || i->state != ST_RUNNING || !__sched_trylock()) return;
  struct __pthread* next = __preempt(i, ST_READY_KERNEL);
  if (next) run(idx, next);
  __sched_unlock();
}

/* BLOCKED: t waits in the kernel, its registers kept with the call until it ends (UNBLOCKED
 * brings them); __upcall_entry put its FPU in t->kfp. t made the call, so it is what this
 * context's record names (every switch and resume stores the record before the slot), unless on
 * several cores the kernel moved the gang since: then the record is at the old CPU number. */
static void __attribute__((noreturn)) blocked(int idx, struct __pthread* t) {
  int ri = __run_idx(idx);
  for (int k = 0; __running[ri] != t && __multicore && k < __ncpu; k++)
    if (k != idx && __cpu_ltn(k) == __cpu_ltn(idx) && __running[k] == t) move_record(idx, k);
  if (__running[ri] != t) __builtin_trap(); /* the record is broken */
  __sched_lock_take();
  if (__unblocked) __drain_unblocked(); /* (marks t early if its UNBLOCKED is there already) */
  if (t->early) { /* its call is over already: carry on with it */
    t->early = 0;
    __sched_unlock();
    resume_regs(idx, t, &upcall_copy[idx], t);
  }
  t->state = ST_BLOCKED_KERNEL;
  struct __pthread* next = __next_ready();
  run(idx, next ? next : __idle[idx]);
}

void __upcall(long ev, struct __pthread* t, long arg, long cpu1) {
  int idx = (int)cpu1 - 1; /* the CPU number */
  (void)arg;
  __thread_tag((void*)KASANE_SIMCTL_THREAD_UPCALL);
  if (ev == KASANE_EV_BLOCKED) blocked(idx, t);
  struct __pthread* record;
  struct __pthread* i = interrupted(idx, &record);
  i->kfp = __upcall_fp[idx]; /* the FPU goes with the registers the kernel saved into i */
  if (ev == KASANE_EV_UNBLOCKED) {
    __push_unblocked(t);
    if (!__dispatch() && i == record) preempt(idx, i);
  }
  resume_regs(idx, i, &upcall_copy[idx], record); /* PREEMPTED (not asked for): carry on */
}

/* The idle thread continues t, which the kernel unblocked. Called with the lock held, which it
 * drops first: t is not in any queue, and this stack and copy are the context's own. */
void __resume_kernel_saved(struct __pthread* idle, struct __pthread* t, int idx) {
  t->state = ST_RUNNING;
  t->ltn = idx + 1;
  __sched_unlock();
  __prev[__run_idx(idx)] = idle;
  resume_regs(idx, t, &idle_copy[idx], t);
}

/* Nothing to run. A context sleeps while some timed waiter needs a context to watch its
 * deadline (__idle_nap), and context 0 (the process's anchor and, with one context, the only one)
 * sleeps anyway; any other context is freed for dispatch() to tfork again. */
void __idle_wait(int idx) {
  while (!__ready_nonempty()) {
    if (__cpu_ltn(idx) != 1 && !__timers) {
      __idle_reset(__idle[idx]);
      __texit_context(idx, 0);
    }
    __idle_nap(idx);
  }
}

/* An idle ThMB and an upcall stack per CPU number the process may run on (those of every core:
 * the kernel may move it), and the registration. */
void __backend_init(void) {
  for (int idx = 0; idx < __ncpu; idx++) {
    if (!__idle[idx]) __idle[idx] = __idle_alloc(idx + 1);
    if (__multicore && !__running[idx]) __running[idx] = __prev[idx] = __idle[idx]; /* moved() */
    char* stack = malloc(UPCALL_STACK);
    if (!stack) __pthread_init_failed("upcall stacks");
    upcall_stacks[idx] = ((uint32_t)stack + UPCALL_STACK - 16) & ~7u;
  }
  struct kasane_notify_reg reg = {(uint32_t)__upcall_entry, (uint32_t)upcall_stacks,
                                  (uint32_t)__thmbs, 0, 0, (uint32_t)&pending};
  __notify_shortcut(&reg);
  if (kasane_notify_register(&reg) < 0) __pthread_init_failed("kernel notifications");
}
