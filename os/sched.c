/* Scheduling the contexts of each core.
 *
 * Every hardware context is a CPU in the xv6 sense, with a scheduler loop on its own stack. Each
 * core is gang-scheduled: one process (its struct core's proc, smp.c) owns all its contexts at a
 * time; a process may be on several cores at once (proc.cores), with a gang of kernel threads on
 * each (gang.c). The processes wait in one shared table (proc[]); each core's context 0 picks the
 * next process ready for that core (nextproc.c), under the big lock. A core's context 0 is its
 * anchor: it takes the device and timer interrupts, so it never becomes free (TControl.XT
 * makes a user TEXIT there trap), and it alone switches processes. The other contexts belong to
 * the process's user threads: user TFORK takes them (TMask), user TEXIT frees them, the kernel
 * never needs to hear of either. A context whose kernel thread sleeps keeps its context (in MWAIT),
 * so TFORK cannot hand it to a user thread meanwhile.
 *
 * Switching processes (parkall, switchto): context 0 sends TINTR to every other live context; each
 * traps, leaves its registers in its kernel thread's trapframe and frees its context. Context 0
 * then changes address space and starts the new process's saved contexts again with a kernel
 * TFORK onto each one's own LTN, so user code that names LTNs keeps working. p->kt[] is indexed
 * by CPU number: here(p, i) is the bound kernel thread of context i of this core.
 *
 * Clone threads are not bound (uthread.c): a context whose bound thread has nothing to do runs
 * the first queued clone thread of the core's process, and cpus[cpu].user names it while it has
 * the context. */
#include <kasane/bootinfo.h>
#include <kasane/kasane_isa.h>

#include "defs.h"
#include "mips.h"
#include "param.h"
#include "proc.h"
#include "usage.h"

struct cpu cpus[NCTX];
uint32_t cpu_kstack[NCTX];         /* trap_entry: where context i saves a user trapframe */
char cpustack[NCTX][CPUSTACKSIZE] __attribute__((aligned(PGSIZE))); /* scheduler stacks */
uint32_t usermask;                 /* contexts user TFORK may take: every one but 0 (TMask also
                                    * has bit 0, so that user code may TRESUME context 0) */
struct kthread parked[NPARKED];    /* system calls detached by kernel notifications */

static void scheduler(void) __attribute__((noreturn));

/* p's kernel thread for context i of this core. */
static struct kthread* here(struct proc* p, int i) { return &p->kt[cpuid() - ctxid() + i]; }

/* The kernel thread running on this context, or 0 in the scheduler. */
struct kthread* mykt(void) { return cpus[cpuid()].kt; }

/* The process of the running kernel thread. */
struct proc* myproc(void) {
  struct kthread* kt = mykt();
  return kt ? kt->proc : 0;
}

/* Context i's wake-up word (cpus[i].kick): the kernel's waits (waitkick) MONITOR it, and a
 * store wakes them (kick, smp.c). */

/* Wait on this context for a kick, an interrupt (context 0 has them enabled here) or `cycles`
 * (0: no limit), with the lock released. Monitor/MWAIT, not a spin: the sibling contexts keep
 * every issue slot. */
void waitkick(uint32_t cycles) {
  struct cpu* c = &cpus[cpuid()];
  uint32_t seen = c->kick;
  release();
  c->monitor_lost = 1; /* disarmed on the way to user mode (trap.c: monitor_clear) */
  kasane_monitor((uint32_t)&c->kick);
  int anchor = ctxid() == 0;
  if (anchor)
    c0_write(CP0_STATUS, (c0_read(CP0_STATUS) & ~ST_IM) | ST_IE | IM_IPI | IM_XCORE | IM_DISK |
                             (mycore()->timer_on ? IM_TIMER : 0));
  if (c->kick == seen) kasane_mwait(cycles, cycles == 0);
  if (anchor) c0_write(CP0_STATUS, c0_read(CP0_STATUS) & ~ST_IE);
  acquire();
}

/* Whether context i is live: running, asleep or halted (TState). */
static int live(int i) { return (kasane_tstate() >> i) & 1; }

static int finished(struct proc* p);

/* Context 0's wait while p has no main thread (it left with TEXIT, or p is ending): p ends when
 * its other contexts do, and they free themselves with a user TEXIT that the kernel does not see.
 * With p 0 (context mode's gang claim, ctxsched.c), until every other context of the core is free.
 * TControl.XW makes any TEXIT on the core trigger this context's monitor, so the wait ends then,
 * or at a kick, with no polling: a guest whose every context waits for ever with nothing
 * pending is a deadlock the simulator reports. The monitor is armed before the last look at p,
 * so a context that ends after the look wakes the MWAIT, and one that ended before it is seen. */
void waitctxs(struct proc* p) {
  struct cpu* c = &cpus[cpuid()];
  c0_write(CP0_TCONTROL, c0_read(CP0_TCONTROL) | TCONTROL_XW);
  c->monitor_lost = 1; /* as in waitkick */
  kasane_monitor((uint32_t)&c->kick);
  int done = p ? finished(p) : !(kasane_tstate() & ~1u);
  release();
  c0_write(CP0_STATUS, (c0_read(CP0_STATUS) & ~ST_IM) | ST_IE | IM_IPI | IM_XCORE | IM_DISK |
                           (mycore()->timer_on ? IM_TIMER : 0));
  if (!done) kasane_mwait(0, 1);
  c0_write(CP0_STATUS, c0_read(CP0_STATUS) & ~ST_IE);
  c0_write(CP0_TCONTROL, c0_read(CP0_TCONTROL) & ~TCONTROL_XW);
  acquire();
}

/* Give up the context: save this kernel thread's place and run the scheduler, which starts
 * afresh on the context's own stack every time (it keeps nothing across switches). */
void sched(void) {
  int i = cpuid();
  struct kthread* kt = cpus[i].kt;
  /* Not from user mode: a broken kernel invariant (callers inside the kernel). */
  if (!holding()) panic("sched: kernel lock not held");
  if (kt == 0 || kt->state == KT_RUNNING) panic("sched: nothing to leave, or still running");
  fpu_release(kt); /* whoever runs here next must not see its FP registers */
  usage_charge(kt, 0); /* its CPU time stops while it has no context (usage.c) */
  cpus[i].kt = 0;
  if (kt->unbound) {
    /* The context's traps are its bound thread's again (a user TFORK may take it), and a TEXIT
     * there no longer needs to trap. A thread that ended is freed once off its stack. */
    uthread_stopped(kt);
    procstat_run(0); /* the simulator: the context is its core's process's again, or idle */
    cpus[i].user = 0;
    cpu_kstack[i] = (uint32_t)kt->proc->kt[i].tf;
    if (ctxid() != 0) c0_write(CP0_TCONTROL, c0_read(CP0_TCONTROL) & ~TCONTROL_XT);
    if (kt->state == KT_NONE) cpus[i].dead = kt;
  }
  struct kcontext fresh = {.sp = (uint32_t)cpustack[i + 1] - 16, .ra = (uint32_t)scheduler};
  swtch(&kt->ctx, &fresh);
}

/* Run kt on this context: it continues where it called sched(). */
static void run(struct kthread* kt) __attribute__((noreturn));
static void run(struct kthread* kt) {
  int i = cpuid();
  cpus[i].kt = kt;
  cpus[i].monitor_lost = 1; /* another process, or this one's other thread, may have armed it */
  kt->state = KT_RUNNING;
  kt->atuser = 0;
  usage_start(kt);
  if (kt->unbound) {
    uthread_running(kt);
    /* A user TEXIT would free the context behind the kernel's back, with the thread on it:
     * make it trap (trap.c), as on context 0. */
    if (ctxid() != 0) c0_write(CP0_TCONTROL, c0_read(CP0_TCONTROL) | TCONTROL_XT);
  }
  if (kt->ltn) {
    cpu_kstack[i] = (uint32_t)kt->tf;
    c0_write(CP0_USERLOCAL, kt->userlocal);
  }
  swtch(0, &kt->ctx);
  /* Not from user mode: control never comes back here. */
  panic("run: swtch returned");
}

/* A detached kernel thread that may run, or 0. */
static struct kthread* runnable_parked(void) {
  for (struct kthread* kt = parked; kt < &parked[nparked_used]; kt++)
    if (kt->state == KT_RUNNABLE) return kt;
  return 0;
}

/* Whether kernel work waits for context 0 (it runs detached system calls first). */
int parked_ready(void) { return runnable_parked() != 0; }

/* For context mode's scheduler (ctxsched.c): run kt here, or run the first detached system call
 * that may run (returns only if there is none). */
void sched_run(struct kthread* kt) { run(kt); }
void sched_run_parked(void) {
  struct kthread* kt = runnable_parked();
  if (kt) run(kt);
}

/* Start the free context i in the kernel (cpu_start, then cpu_main, which waits for the lock the
 * caller holds): a TFORK aimed at exactly that context by narrowing this context's TMask for the
 * moment. 0 if the context was no longer free: user code of the process on another context of
 * the core TFORKs without the lock, so a context seen free a moment ago may be taken. */
int trystartctx(int i) {
  extern char cpu_start[];
  uint32_t old = c0_read(CP0_TMASK);
  c0_write(CP0_TMASK, 1u << i);
  uint32_t ltn = kasane_tfork((uint32_t)cpu_start, cpunum(coreid(), i)); /* its stack's CPU */
  c0_write(CP0_TMASK, old);
  if (ltn != 0 && ltn != (uint32_t)i + 1) panic("startctx: tfork gave LTN %u, not %d", ltn, i + 1);
  return ltn != 0;
}

/* trystartctx where no user code can take the context: the process's other contexts of the core
 * are stopped or halted (startctxs runs the threads a process brings to a core). A system call
 * that starts a context for a new thread uses trystartctx before it touches the thread, since
 * there user code runs beside it. */
void startctx(int i) {
  if (!trystartctx(i)) panic("startctx: context %d was taken", i + 1);
}

/* A context started by startctx: take the lock, make the CP0 state a user thread of the core's
 * process needs, and schedule. */
void cpu_main(void) {
  acquire();
  if (ctxmode && ctxid() == 0) { /* a CPU of its own (again): ctxsched.c */
    ctx_cpu_start();
    scheduler();
  }
  cpus[cpuid()].leaving = 0;
  c0_write(CP0_TMASK, usermask | 1);
  kasane_tresume(ctxid() + 1); /* a wake token: see switchto() */
  c0_write(CP0_TCONTROL, TCONTROL_TU | TCONTROL_MU);
  scheduler();
}

/* Contexts of the current process whose kernel threads have kernel state (they want to run, or
 * sleep) and whose context is free: start them. A sleeping thread must hold its context too, or
 * a user TFORK could take it and trap onto the sleeper's trapframe. */
static void startctxs(struct proc* p) {
  for (int i = 1; i < ncontexts; i++) {
    enum ktstate s = here(p, i)->state;
    if ((s == KT_RUNNABLE || s == KT_SLEEPING) && !live(i)) startctx(i);
  }
  if (nuthreads) uthread_fill(p); /* and contexts for its queued clone threads */
}

/* Stop every context of p but this one (context 0): each saves its user registers in its
 * trapframe (or keeps sleeping in its kernel thread) and frees its context.
 *
 * Interrupting the contexts live at one moment is not enough: user code may TFORK a successor
 * and TEXIT faster than the interrupts go out, and context 0 would wait for ever. So each round
 * first THALTs every context 1.. (a free one too: halted, it is not free, so no TFORK can take
 * it), then sends every one TINTR while none can move, then lets them go on: a running context
 * takes the interrupt before its next instruction, and a free one is free again with nothing
 * pending that matters (a TFORK clears its Cause). The rounds repeat until no context but 0 is
 * live, so no user behaviour can keep a process on the core. */
static void parkall(struct proc* p) {
  p->parking |= 1u << coreid();
  while (kasane_tstate() & ~1u) {
    for (int i = 1; i < ncontexts; i++) kasane_thalt(i + 1);
    for (int i = 1; i < ncontexts; i++) kasane_tintr(i + 1);
    for (int i = 1; i < ncontexts; i++) {
      kick(i); /* one asleep in the kernel looks at parking_here(p) */
      kasane_tstart(i + 1);
    }
    release();
    for (volatile int n = 0; n < 20; n++) {
    }
    acquire();
  }
  p->parking &= ~(1u << coreid());
}

/* Make p own the core: its address space on this context (the others copy it when started),
 * its kernel stacks for traps, a fresh time slice. The core's TLB may hold p's entries from now
 * on (vm.cores: shoot-downs). */
static void switchto(struct proc* p) {
  struct core* c = mycore();
  int me = coreid();
  if (c->proc) c->proc->cores &= ~(1u << me);
  int from = gang_from(p); /* its threads wait on another core: bring them here */
  if (from >= 0) gang_move(p, from);
  if (p->nthreads) uthread_gather(p);
  c->proc = p;
  p->home = me;
  p->cores |= 1u << me;
  p->vm->cores |= 1u << me;
  switchuvm(p->vm->pgdir);
  c0_write(CP0_ENTRYHI, p->vm->asid);
  for (int i = 0; i < ncontexts; i++) cpu_kstack[cpunum(me, i)] = (uint32_t)here(p, i)->tf;
  /* A TRESUME that came while a context was parked found it free (or another process's), and a
   * token it had is gone: give every context of p a token instead, so that its next TSUSPEND
   * returns at once. A spurious wake-up is allowed (isa.md); a lost one would hang the runtime.
   * The contexts that startctx() restarts take theirs in cpu_main(). */
  kasane_tresume(1);
  procstat_core(p); /* the simulator: every context of the core is p's now */
  timer_newslice();
}

/* Whether p is using the core: a context runs its user code, or a kernel thread of it wants to
 * run. Any context's counts, not only context 0's: a process whose main thread left with TEXIT
 * has its work on the others, which startctxs() starts only once schedule0() keeps the process;
 * counting it idle would switch straight to the next one, and two such processes would take
 * turns for ever without a context ever running. */
static int busy(struct proc* p) {
  if (kasane_tstate() & ~1u) return 1;
  return gang_has(p, coreid(), KT_RUNNABLE) ||
         (p->nthreads && !ctxmode && uthread_queued(p, coreid()));
}

/* Whether nothing of p is left on this core: every context free, no kernel thread of it here
 * (its main thread left with TEXIT, and so did the others) and no clone thread queued here. */
static int finished(struct proc* p) {
  return !(kasane_tstate() & ~1u) && !gang_has(p, coreid(), KT_NONE) &&
         !(p->nthreads && !ctxmode && uthread_queued(p, coreid()));
}

/* Whether nothing of p is left anywhere, p being on this core alone and finished() here: no
 * kernel thread on another core, none parked, no clone thread (one asleep keeps p alive). */
static int finished_all(struct proc* p) {
  if (p->cores != 1u << coreid() || p->nthreads) return 0;
  for (int c = 0; c < ncores; c++)
    if (gang_has(p, c, KT_NONE)) return 0;
  for (struct kthread* kt = parked; kt < &parked[NPARKED]; kt++)
    if (kt->state != KT_NONE && kt->proc == p) return 0;
  return 1;
}

/* Stop p's contexts on this core (parkall) before the core goes to another process or p leaves
 * it, and end p if that leaves nothing of it anywhere: 1 if so (p is killed now, and the core's
 * next pass reaps it), 0 if p goes on and will be ready again by a thread it still has.
 *
 * A process whose main thread has left (texit0, or exit with threads running) ends when its last
 * context frees itself with a user TEXIT, which the kernel does not see; only context 0 notices,
 * by looking at p (finished) while p has the core. That TEXIT can come between finished()'s look
 * and busy()'s, or during parkall: p would then leave the core with no kernel thread to make it
 * ready again, never end, and its parent would wait for it for ever (the fuzzer's finding
 * tests/sysfuzz/findings/fixed/iss-thread-outlives-main-texit.prog). So p is looked at again
 * here, with its contexts stopped. As on Linux, where the last thread of a group whose leader has
 * exited ends the process, p's end comes with its last thread's, however the kernel hears of it. */
static int park(struct proc* p) {
  parkall(p);
  if (!finished(p) || !finished_all(p)) return 0;
  proc_exit(p, p->xstatus); /* 0, or its main thread's exit status (thread.c) */
  return 1;
}

/* This core gives p up (its contexts are stopped): another core of p, or any that p's threads
 * may move to, is told. */
static void leavecore(struct proc* p) {
  procstat_core(0);
  mycore()->proc = 0;
  p->cores &= ~(1u << coreid());
  switchkvm();
  kick_proc(p);
}

/* The next process after p that is ready (next_proc) and can do something now: not killed, or
 * killed with a thread to run on this core; a killed one whose threads all sleep is ready but
 * would only hand the core on again (two such would pass it back and forth, and context 0 never
 * waited for the interrupt that wakes them). 0 if there is none. */
static struct proc* nextworking(struct proc* p) {
  struct proc* q = next_proc(p);
  for (int n = 0; q && n < NPROC; n++, q = nextready(q))
    if (!q->killed || gang_has(q, coreid(), KT_RUNNABLE) ||
        (q->nthreads && uthread_queued(q, coreid())))
      return q;
  return 0;
}

/* Context 0's part of the loop: end, keep or switch the current process. Returns 1 if it did
 * something (look again), 0 if there is nothing to do but wait. */
static int schedule0(void) {
  struct core* c = mycore();
  struct proc* p = c->proc;
  if (p && p->killed) {
    parkall(p); /* contexts still in user code stop; kernel threads run out on their own */
    if (p->cores != 1u << coreid() && finished(p)) { /* its other cores end it */
      leavecore(p);
      return 1;
    }
    if (p->cores == 1u << coreid() && proc_reap_threads(p)) {
      procstat_core(0);
      c->proc = 0;
      p->cores = 0;
      switchkvm();
      return 1;
    }
    /* Its threads all sleep, maybe on what another process holds (an inode, the namespace lock:
     * that process's thread must run to let go of it), so the core goes to the next ready one
     * that can run now, as for a process that is not killed; p is ready again while it has
     * threads to run out. */
    struct proc* q = busy(p) ? 0 : nextworking(p);
    if (q) {
      switchto(q);
      return 1;
    }
    startctxs(p);
    return 0;
  }
  if (p && finished(p)) {
    if (finished_all(p)) {
      proc_exit(p, p->xstatus); /* 0, or its main thread's exit status (thread.c) */
      return 1;
    }
    if (p->cores != 1u << coreid()) { /* it goes on on another core */
      leavecore(p);
      return 1;
    }
  }
  if (p && (c->want_switch || !busy(p))) {
    c->want_switch = 0;
    struct proc* q = next_proc(p);
    if (q) {
      if (!park(p)) switchto(q);
      return 1;
    }
    if (!affinity_allows(p, coreid())) { /* no longer its core: leave it for an allowed one */
      if (!park(p)) leavecore(p);
      return 1;
    }
  }
  if (!p) {
    struct proc* q = next_proc(0);
    if (!q && nuthreads && balance_idle()) q = next_proc(0); /* threads queued elsewhere */
    if (q) {
      switchto(q);
      return 1;
    }
  }
  return 0;
}

/* Context mode: one pass of context 0's loop on a core that gang process p holds (ctxsched.c
 * took the core for it), schedule0's and the scheduler's for p alone: kernel work first, then
 * p's threads here, or a wait. Returns 1 to look again, or 0 when p's turn on the core is over
 * (its slice ended with others waiting, it has nothing to run here, or it ended): its contexts
 * here are stopped and free, and the caller gives the core back to its CPUs. */
int gang_step(struct proc* p) {
  struct core* c = mycore();
  if (p->killed) {
    parkall(p); /* contexts still in user code stop; kernel threads run out on their own */
    /* Its threads all sleep, maybe on what another process holds (an inode, the namespace lock),
     * whose thread waits in the queue of a CPU this gang holds: the core goes back to its CPUs,
     * as schedule0() hands it on in core mode, and a thread that wakes wants it again. */
    if (finished(p) || !busy(p)) return 0;
  } else if (finished(p)) {
    if (!finished_all(p)) return 0; /* it goes on elsewhere: a thread, or another core */
    proc_exit(p, p->xstatus);       /* nothing of it is left anywhere: it ends (thread.c) */
    return 1;
  } else if (c->want_switch || !busy(p)) {
    c->want_switch = 0;
    return park(p); /* ended: the next pass reaps it; else its turn here is over */
  }
  startctxs(p);
  struct kthread* kt = runnable_parked(); /* kernel work before user work */
  if (kt) run(kt);
  if (here(p, 0)->state == KT_RUNNABLE) run(here(p, 0));
  if (here(p, 0)->state == KT_NONE)
    waitctxs(p);
  else
    waitkick(0);
  return 1;
}

/* The scheduler of this context, entered with the lock held on the context's own stack each time
 * a kernel thread gives the context up. Runs what may run; otherwise context 0 waits for an
 * interrupt or a kick and the others wait for their sleeping thread or free themselves. */
static void scheduler(void) {
  int i = ctxid();
  struct cpu* me = &cpus[cpuid()];
  if (me->dead) { /* an unbound thread ended here: its stack is free now */
    struct proc* p = me->dead->proc;
    uthread_free(me->dead);
    me->dead = 0;
    if (ctxmode) ctx_reap(p); /* its last thread: context mode frees it here */
  }
  if (ctxmode && i == 0) ctx_scheduler(); /* a CPU of its own: ctxsched.c */
  for (;;) {
    struct proc* p = mycore()->proc;
    if (i == 0) {
      if (schedule0()) continue;
      p = mycore()->proc;
      if (p) startctxs(p);
      struct kthread* kt = runnable_parked(); /* kernel work before user work */
      if (kt) run(kt);
      if (p && here(p, 0)->state == KT_RUNNABLE) run(here(p, 0));
      if (p && p->nthreads && ((kt = uthread_take(p)) != 0 ||
                               (balance_pull(p) && (kt = uthread_take(p)) != 0))) {
        /* the main thread sleeps or has left: a thread of p queued here, or on a busier core */
        if (!mycore()->timer_on && uthread_waiting()) timer_rearm();
        run(kt);
      }
      if (p && here(p, 0)->state == KT_NONE)
        waitctxs(p);
      else
        waitkick(0);
      continue;
    }
    /* A killed process's thread runs too: it leaves at once (kt_exit), but if it was woken in
     * the middle of a system call it first undoes what that holds (a timed sleep linked from its
     * stack, a busy buffer or inode); proc_reap_threads() waits for it. */
    if (p && !parking_here(p) && here(p, i)->state == KT_RUNNABLE) run(here(p, i));
    if (p && !parking_here(p) && !p->killed && here(p, i)->state == KT_SLEEPING) {
      waitkick(0); /* keep the context: its thread will need it */
      continue;
    }
    /* Let a killed process's thread run out where it sleeps, but not while context 0 parks the
     * process: the thread may wait for one of context 0's (an inode it holds, sleeping on the
     * disk), which can run only once parkall is done. The context frees itself as for any
     * sleeper, and startctxs() starts it again. */
    if (p && p->killed && !parking_here(p) && here(p, i)->state == KT_SLEEPING) {
      waitkick(0);
      continue;
    }
    if (p && p->nthreads && !ctxmode && !parking_here(p) && here(p, i)->state == KT_NONE) {
      struct kthread* kt = uthread_take(p);
      if (!kt && !p->killed && balance_pull(p)) kt = uthread_take(p); /* from a busier core */
      if (kt) run(kt);
    }
    me->kt = 0;
    me->leaving = 1; /* uthread_fill may wait for the TEXIT to start it again */
    release();
    kasane_texit();
    /* Not from user mode: control never comes back here. */
    panic("scheduler: texit returned");
  }
}

/* Wait for wakeup(chan) in the running kernel thread, with the lock released meanwhile. May
 * return spuriously: callers loop on their condition. A system call of a process registered for
 * kernel notifications does not hold its context: notify_block() detaches it and the context
 * goes back to the runtime with BLOCKED. */
void sleep(void* chan) {
  struct kthread* kt = mykt();
  /* Not from user mode: a broken kernel invariant (callers inside the kernel). */
  if (kt == 0) panic("sleep: no kernel thread");
  struct kthread* self = notify_block(kt, chan);
  if (self == 0) return; /* it finished within the shortcut window */
  self->chan = chan;
  self->state = KT_SLEEPING;
  if (self != kt)
    notify_switch(self, kt); /* detached: the context goes straight to kt's upcall */
  else
    sched();
  self->chan = 0;
}

/* Make kt runnable and tell the context that will run it: on this core, its own context if
 * that is live (asleep in the kernel), else the anchor; on another core its process is on, both
 * (this core cannot see that one's TState); on a core its process is not on, that core's anchor
 * and the idle ones (its gang may move); a detached thread, the anchors of its process's cores. */
void ready_kt(struct kthread* kt) {
  if (kt->unbound) {
    uthread_ready(kt);
    return;
  }
  kt->state = KT_RUNNABLE;
  kt->chan = 0;
  struct proc* p = kt->proc;
  if (ctxmode) { /* a gang's thread, or a parked call (ctxsched.c) */
    ctx_ready_bound(kt);
    return;
  }
  if (p == 0 || kt->ltn == 0) {
    if (p == 0 || p->cores == 1u << coreid())
      kick(0);
    else
      kick_proc(p);
    return;
  }
  int c = cpu_core[kt->cpu];
  if (c == coreid() && p == mycore()->proc) {
    if (kt->ltn > 1 && live(kt->ltn - 1))
      kick(kt->ltn - 1);
    else
      kick(0);
  } else if ((p->cores >> c) & 1) {
    if (kt->ltn > 1) kick_cpu(kt->cpu);
    kick_cpu(cpunum(c, 0));
  } else {
    kick_cpu(cpunum(c, 0));
    if (!p->cores) kick_proc(p);
  }
}

/* Wake every kernel thread sleeping on chan. */
void wakeup(void* chan) {
  for (struct proc* p = proc; p < &proc[NPROC]; p++)
    for (int n = 0; n < ncpus; n++)
      if (p->kt[n].state == KT_SLEEPING && p->kt[n].chan == chan) ready_kt(&p->kt[n]);
  for (struct kthread* kt = parked; kt < &parked[NPARKED]; kt++)
    if (kt->state == KT_SLEEPING && kt->chan == chan) ready_kt(kt);
  if (nuthreads) uthread_wakeup(chan);
}

/* Set up the contexts' bookkeeping (smpinit counted them): context 0 of core 0 is running
 * main(). */
void schedinit(const struct kasane_bootinfo* bi) {
  (void)bi;
  usermask = ((1u << ncontexts) - 1) & ~1u;
  for (struct kthread* kt = parked; kt < &parked[NPARKED]; kt++) {
    kt->kstack = kalloc();
    /* Not from user mode: boot, before any program runs. */
    if (kt->kstack == 0) panic("schedinit: no memory for parked system calls");
  }
  uthread_init();
  if (ctxmode) ctx_init();
  schedinit_core();
}

/* This core's context 0 becomes its anchor: user TFORK may take the others, a user TEXIT here
 * traps. */
void schedinit_core(void) {
  if (ctxmode) {
    ctx_cpu_start();
    return;
  }
  c0_write(CP0_TMASK, usermask | 1);
  c0_write(CP0_TCONTROL, TCONTROL_TU | TCONTROL_MU | TCONTROL_XT);
}

/* A core's context 0 leaves main() (core 0) or mpmain() (the others) for its scheduler, for
 * good. */
void schedstart(void) {
  acquire();
  if (ctxmode && cpu_hwctx[cpuid()] == 0) ctx_boot_siblings(); /* each its own scheduler */
  struct kcontext fresh = {.sp = (uint32_t)cpustack[cpuid() + 1] - 16, .ra = (uint32_t)scheduler};
  swtch(0, &fresh);
  /* Not from user mode: control never comes back here. */
  panic("schedstart: swtch returned");
}
