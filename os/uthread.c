/* Clone threads: kernel threads not bound to a context, and the run queue of each core.
 *
 * A bound kernel thread (p->kt[cpu]) runs on its own context only, which limits a process to one
 * thread per context. A clone thread is instead one of the NTHREAD structs here, with a kernel
 * stack page from kalloc while it lives: it may run on any context of a core its process owns.
 * While it waits for a context it is in its core's run queue (FIFO); a context of the core whose
 * bound thread has nothing to do takes the first queued thread of the core's process and runs it
 * (sched.c), and cpus[cpu].user then says which thread that context's traps belong to. A thread
 * that sleeps (futex, read, nanosleep) leaves its context, which takes the next queued sibling or
 * goes free; a thread woken is queued again and a free context of the core is started for it.
 * When a process has more runnable threads than contexts, the anchor's timer tick takes the
 * context from each thread that has run half a time slice, so queued threads get their turn.
 *
 * Everything here runs under the big lock. nuthreads lets the paths that every program takes
 * (wakeup, the anchor's trap return) skip the pool when no clone thread exists. */
#include <kasane/kasane_isa.h>

#include "defs.h"
#include "mips.h"
#include "param.h"
#include "proc.h"

struct uthread uthreads[NTHREAD];
int nuthreads;                        /* slots in use, machine-wide */
static struct uthread* rq_head[NCTX]; /* per core: runnable clone threads, oldest first */
static struct uthread* rq_tail[NCTX];
static uint64_t ran_from[NCTX];       /* per CPU: cycle its unbound thread got the context */

static struct uthread* ut(struct kthread* kt) { return (struct uthread*)kt; }

/* A clone thread of p with a kernel stack and an empty trapframe (state KT_NONE, its core the
 * caller's), or 0 when the pool or memory is exhausted. */
struct kthread* uthread_alloc(struct proc* p) {
  for (struct uthread* u = uthreads; u < &uthreads[NTHREAD]; u++) {
    if (u->kt.proc) continue;
    char* stack = kalloc();
    if (stack == 0) return 0;
    memset(u, 0, sizeof *u);
    u->kt.proc = p;
    u->kt.unbound = 1;
    u->kt.kstack = stack;
    u->kt.tf = (struct trapframe*)(stack + KSTACKSIZE - sizeof *u->kt.tf);
    memset(u->kt.tf, 0, sizeof *u->kt.tf);
    u->kt.cpu = cpuid();
    u->kt.ltn = ctxid() + 1;
    u->core = coreid();
    p->nthreads++;
    nuthreads++;
    return &u->kt;
  }
  return 0;
}

/* Give kt's stack and slot back: it has ended and nothing runs on its stack (sched.c calls this
 * from the scheduler of the context it ended on, or clone for one that never ran). */
void uthread_free(struct kthread* kt) {
  struct uthread* u = ut(kt);
  kfree(kt->kstack);
  kt->proc->nthreads--;
  nuthreads--;
  memset(u, 0, sizeof *u);
}

/* Put runnable kt at the tail of its core's queue. */
static void enqueue(struct kthread* kt) {
  struct uthread* u = ut(kt);
  u->next = 0;
  u->queued = 1;
  u->resched = 0;
  if (rq_tail[u->core])
    rq_tail[u->core]->next = u;
  else
    rq_head[u->core] = u;
  rq_tail[u->core] = u;
}

/* Unlink u from core c's queue; prev is the entry before it, 0 if it is the head. */
static void unlink(int c, struct uthread* prev, struct uthread* u) {
  if (prev)
    prev->next = u->next;
  else
    rq_head[c] = u->next;
  if (rq_tail[c] == u) rq_tail[c] = prev;
  u->next = 0;
  u->queued = 0;
}

/* How many threads of p wait in core c's queue. */
int uthread_queued(struct proc* p, int c) {
  int n = 0;
  for (struct uthread* u = rq_head[c]; u; u = u->next)
    if (u->kt.proc == p) n++;
  return n;
}

/* The first queued thread of p on this core, taken off the queue, or 0. */
struct kthread* uthread_take(struct proc* p) {
  int c = coreid();
  for (struct uthread *u = rq_head[c], *prev = 0; u; prev = u, u = u->next) {
    if (u->kt.proc != p) continue;
    unlink(c, prev, u);
    return &u->kt;
  }
  return 0;
}

/* kt is about to run on this context (sched.c, run). */
void uthread_running(struct kthread* kt) {
  int i = cpuid();
  cpus[i].user = kt;
  kt->cpu = i;
  kt->ltn = ctxid() + 1;
  ut(kt)->core = coreid();
  ran_from[i] = cycles();
}

/* Start free contexts of this core for p's queued threads (p is the core's process): a context
 * whose bound thread has nothing to do that is not live, or is just freeing itself (its
 * scheduler looked at the queue before these threads came, and is between release() and TEXIT:
 * cpus[].leaving). With threads still waiting, tell context 0 if it is in its scheduler (it runs
 * one itself when its main thread does not need it). */
void uthread_fill(struct proc* p) {
  if (nuthreads == 0 || p->parking) return;
  int me = coreid();
  int n = uthread_queued(p, me);
  for (int i = 1; i < ncontexts && n > 0; i++) {
    int cpu = cpunum(me, i);
    if (ktof(p, me, i)->state != KT_NONE || i == ctxid()) continue;
    if ((kasane_tstate() >> i) & 1) {
      if (!cpus[cpu].leaving) continue;
      for (int spin = 0; spin < 1000 && ((kasane_tstate() >> i) & 1); spin++) {
      }
    }
    cpus[cpu].leaving = 0; /* gone, or taken by a user TFORK meanwhile: either way not ours */
    if (trystartctx(i)) n--;
  }
  if (n > 0 && ctxid() != 0 && cpus[cpunum(me, 0)].kt == 0) kick(0);
}

/* The core kt should wait on: its own if its process is there or on no core, else one its
 * process is on (this one first), since a core runs the queued threads of its own process
 * only. */
static int home(struct kthread* kt) {
  struct proc* p = kt->proc;
  int c = ut(kt)->core;
  if (p->cores == 0 || ((p->cores >> c) & 1)) return c;
  if ((p->cores >> coreid()) & 1) return coreid();
  for (c = 0; !((p->cores >> c) & 1); c++) {
  }
  return c;
}

/* Runnable kt (a new thread, one woken, or one that gave up its context) joins a run queue, and
 * a context that can run it hears of it: on this core, a free context is started; on another
 * core, that core's anchor is kicked (it starts contexts for queued threads, trap.c and
 * sched.c); on a core its process is not on, the anchor may take the process (sched.c, ready). */
void uthread_ready(struct kthread* kt) {
  struct proc* p = kt->proc;
  struct uthread* u = ut(kt);
  kt->state = KT_RUNNABLE;
  kt->chan = 0;
  kt->atuser = 1; /* its user registers are on its own stack: it may run anywhere */
  if (u->queued) return;
  u->core = home(kt);
  enqueue(kt);
  if (u->core == coreid() && p == mycore()->proc) {
    uthread_fill(p);
    if (!mycore()->timer_on && uthread_waiting()) { /* the anchor's tick is needed (timer.c) */
      if (ctxid() == 0)
        timer_rearm();
      else
        kick(0);
    }
  } else {
    kick_cpu(cpunum(u->core, 0));
    if (!p->cores) kick_proc(p);
  }
}

/* A thread that gave up its context in user mode (a time slice, a process switch) waits again. */
void uthread_yield(struct kthread* kt) {
  kt->state = KT_RUNNABLE;
  kt->atuser = 1;
  ut(kt)->core = coreid();
  enqueue(kt);
}

/* Whether unbound kt, on its way to user mode on this context, must give the context up: its
 * slice is over, its process is being switched out, or (context 0) the anchor has other work:
 * a process switch, parked system calls, or the main thread woke and wants its context. */
int uthread_must_yield(struct kthread* kt) {
  struct proc* p = kt->proc;
  if (ut(kt)->resched || p->parking) return 1;
  int i = ctxid();
  if (ktof(p, coreid(), i)->state == KT_RUNNABLE) return 1;
  return i == 0 && (mycore()->want_switch || parked_ready());
}

/* Whether threads of the core's process wait in this core's queue (timer.c arms the tick). */
int uthread_waiting(void) {
  struct proc* p = mycore()->proc;
  return nuthreads && p && uthread_queued(p, coreid()) > 0;
}

/* The anchor's timer tick: while threads of the core's process wait, each context whose clone
 * thread has had the context for half a time slice or more gives it up (TINTR: it traps, is
 * queued at the tail and its context takes the queue's head), one per waiting thread. */
void uthread_tick(void) {
  struct proc* p = mycore()->proc;
  if (nuthreads == 0 || p == 0) return;
  int me = coreid(), waiting = uthread_queued(p, me);
  uint64_t now = cycles();
  for (int i = 0; i < ncontexts && waiting > 0; i++) {
    int cpu = cpunum(me, i);
    struct kthread* kt = cpus[cpu].user;
    if (kt == 0 || kt->proc != p || ut(kt)->resched || now - ran_from[cpu] < TIMESLICE / 2)
      continue;
    ut(kt)->resched = 1;
    if (i != ctxid()) kasane_tintr(i + 1);
    waiting--;
  }
}

/* This core takes p's queued threads from the queues of cores p is not on (switchto: p comes to
 * this core, and a core runs only its own process's threads). */
void uthread_gather(struct proc* p) {
  int me = coreid();
  if (nuthreads == 0) return;
  for (int c = 0; c < ncores; c++) {
    if (c == me || ((p->cores >> c) & 1)) continue;
    for (struct uthread *u = rq_head[c], *prev = 0, *next; u; u = next) {
      next = u->next;
      if (u->kt.proc != p) {
        prev = u;
        continue;
      }
      unlink(c, prev, u);
      u->core = me;
      enqueue(&u->kt);
    }
  }
}

/* Wake p's clone threads that sleep interruptibly (a signal, a kill). */
void uthread_interrupt(struct proc* p) {
  if (p->nthreads == 0) return;
  for (struct uthread* u = uthreads; u < &uthreads[NTHREAD]; u++)
    if (u->kt.proc == p && u->kt.state == KT_SLEEPING && u->kt.interruptible) ready_kt(&u->kt);
}

/* Wake the clone threads sleeping on chan (sched.c, wakeup). */
void uthread_wakeup(void* chan) {
  if (nuthreads == 0) return;
  for (struct uthread* u = uthreads; u < &uthreads[NTHREAD]; u++)
    if (u->kt.proc && u->kt.state == KT_SLEEPING && u->kt.chan == chan) ready_kt(&u->kt);
}

/* p's clone thread with id tid, or 0. */
struct kthread* uthread_find(struct proc* p, int tid) {
  if (p->nthreads == 0) return 0;
  for (struct uthread* u = uthreads; u < &uthreads[NTHREAD]; u++)
    if (u->kt.proc == p && u->kt.tid == tid) return &u->kt;
  return 0;
}
