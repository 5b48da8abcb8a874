/* Clone threads: kernel threads not bound to a context, and the run queue of each core.
 *
 * A bound kernel thread (p->kt[cpu]) runs on its own context only, which limits a process to one
 * thread per context. A clone thread is instead one of the NTHREAD structs here, with a kernel
 * stack page from kalloc while it lives: it may run on any context of a core its process owns.
 * The structs themselves are on pages kalloc'd as threads are made (PERPAGE a page) and given
 * back when a page has none left in use: a kernel whose programs never clone has no pool at all.
 *
 * While a thread waits for a context it is in its core's run queue, the fair policy's (fair.h:
 * vruntime order, CFS or IAS). A context of the core whose bound thread has nothing to do takes
 * the thread of the core's process that fair_pick names and runs it (sched.c), and
 * cpus[cpu].user then says which thread that context's traps belong to. A thread that sleeps
 * (futex, read, nanosleep) leaves its context, charged for the cycles it had it (fair_account),
 * and the context takes the next pick or goes free; a thread woken is queued (FAIR_WAKEUP) and a
 * free context of the core is started for it. When a process has more runnable threads than
 * contexts, the anchor's timer tick takes the context from each thread whose slice is used
 * (fair_preempt_due), so the waiting ones get their turn.
 *
 * Everything here runs under the big lock. nuthreads lets the paths that every program takes
 * (wakeup, the anchor's trap return) skip the pool when no clone thread exists. */
#include <stddef.h>

#include <kasane/kasane_isa.h>

#include "ctxsched.h"
#include "defs.h"
#include "mips.h"
#include "param.h"
#include "proc.h"

#define PERPAGE ((int)(PGSIZE / sizeof(struct uthread)))
#define NPOOLPAGE ((NTHREAD + PERPAGE - 1) / PERPAGE)
static struct uthread* pool[NPOOLPAGE]; /* the pool's pages, 0 while none of theirs is used */
int nuthreads;                          /* slots in use, machine-wide */

static struct uthread* ut(struct kthread* kt) { return (struct uthread*)kt; }

/* The entity's thread. */
static struct uthread* of_se(struct fair_entity* se) {
  return (struct uthread*)((char*)se - offsetof(struct uthread, se));
}

/* Core c's run queue: fair.h's, a page each from kalloc at boot (uthread_init). */
static struct fair_rq* rq(int c) { return fair_rq_of(c); }
_Static_assert(sizeof(struct fair_rq) <= PGSIZE, "a run queue fits a page");

/* Make every core's run queue (schedinit, before any program runs). */
void uthread_init(void) {
  int nq = ctxmode ? ncpus : ncores; /* context mode: a queue per CPU (ctxsched.c) */
  /* Not from user mode: boot. fair.h names FAIR_NCORES queues. */
  if (nq > FAIR_NCORES) panic("uthread_init: %d run queues, fair.h has %d", nq, FAIR_NCORES);
  for (int c = 0; c < nq; c++) {
    struct fair_rq* q = (struct fair_rq*)kalloc();
    /* Not from user mode: boot. */
    if (q == 0) panic("uthread_init: no memory for the run queues");
    fair_rq_init(q, c);
  }
}

/* Slot n of the pool (n < NTHREAD), or 0 if its page is not there. */
static struct uthread* slot(int n) {
  struct uthread* page = pool[n / PERPAGE];
  return page ? &page[n % PERPAGE] : 0;
}

/* Every slot in use, for the loops below (u: a struct uthread* declared by the caller; no break in
 * the body: it would end one page's loop only). By page and pointer: slot(n) costs a divide and a
 * multiply by the struct's size, on a machine without a fast multiplier dozens of cycles a slot,
 * and every wake-up walks the pool (uthread_wakeup): E1's kernel-backend rows moved by a quarter
 * when one byte was added to struct kthread. Slots past NTHREAD on the last page are never used. */
#define FOR_EACH_UTHREAD(u) \
  for (int k_ = 0; k_ < NPOOLPAGE; k_++) \
    for ((u) = pool[k_]; (u) && (u) < pool[k_] + PERPAGE; (u)++) \
      if ((u)->kt.proc)

/* Give pool page k back if none of its slots is in use. */
static void trim(int k) {
  struct uthread* page = pool[k];
  if (page == 0) return;
  for (int i = 0; i < PERPAGE; i++)
    if (page[i].kt.proc) return;
  kfree((char*)page);
  pool[k] = 0;
}

/* A clone thread of p with a kernel stack and an empty trapframe (state KT_NONE, its core the
 * caller's), or 0 when the pool or memory is exhausted. */
struct kthread* uthread_alloc(struct proc* p) {
  for (int n = 0; n < NTHREAD; n++) {
    if (pool[n / PERPAGE] == 0) {
      char* page = kalloc();
      if (page == 0) return 0;
      memset(page, 0, PGSIZE);
      pool[n / PERPAGE] = (struct uthread*)page;
    }
    struct uthread* u = slot(n);
    if (u->kt.proc) continue;
    char* stack = kalloc();
    if (stack == 0) {
      trim(n / PERPAGE);
      return 0;
    }
    memset(u, 0, sizeof *u);
    u->kt.proc = p;
    u->kt.unbound = 1;
    u->kt.kstack = stack;
    u->kt.tf = (struct trapframe*)(stack + KSTACKSIZE - sizeof *u->kt.tf);
    memset(u->kt.tf, 0, sizeof *u->kt.tf);
    u->kt.cpu = cpuid();
    u->kt.ltn = ctxid() + 1;
    u->core = ctxmode ? cpuid() : coreid();
    u->isnew = 1;
    fair_entity_init(&u->se, p, 0);
    struct kthread* me = mykt(); /* its creator's core-scheduling cookie, as Linux's clone */
    u->cookie = me ? thread_cookie(me) : 0;
    if (u->cookie) ncookied++;
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
  if (u->se.on_rq) fair_dequeue(rq(u->core), &u->se);
  if (u->cookie) ncookied--;
  kt->proc->utime += kt->utime; /* its CPU time stays its process's (usage.c) */
  kt->proc->stime += kt->stime;
  kfree(kt->kstack);
  kt->proc->nthreads--;
  nuthreads--;
  memset(u, 0, sizeof *u);
  for (int k = 0; k < NPOOLPAGE; k++) /* its page goes back once none of it is used */
    if (pool[k] && u >= pool[k] && u < pool[k] + PERPAGE) trim(k);
}

/* Charge kt, which runs on this context, for the cycles since it got the context or was last
 * charged (fair_account: its vruntime grows by them, scaled by its weight). */
void uthread_charge(struct kthread* kt) {
  struct cpu* c = &cpus[kt->cpu];
  uint64_t now = cycles();
  fair_account(rq(ut(kt)->core), &ut(kt)->se, now - c->ran_from);
  c->ran_from = now;
}

/* Queue runnable kt on its core (flags: fair_enqueue's; a new thread's first time is FAIR_NEW). */
void uthread_enqueue(struct kthread* kt, int flags) {
  struct uthread* u = ut(kt);
  u->resched = 0;
  if (u->isnew) flags = FAIR_NEW;
  u->isnew = 0;
  fair_enqueue(rq(u->core), &u->se, flags);
}

/* How many threads of p wait in core c's queue. */
int uthread_queued(struct proc* p, int c) {
  struct fair_rq* q = rq(c);
  int n = 0;
  for (struct fair_entity* e = q ? q->head : 0; e; e = e->next)
    if (e->mm == p) n++;
  return n;
}

/* The thread of p that this core's context should run next (fair_pick among p's: the contexts of
 * a core run one address space at a time), taken off the queue, or 0. */
struct kthread* uthread_take(struct proc* p) {
  struct fair_rq* q = rq(coreid());
  struct fair_entity* se;
  while (q && (se = fair_pick(q, 0, p)) != 0) {
    struct kthread* kt = &of_se(se)->kt;
    if (uthread_allowed(kt, coreid())) {
      fair_dequeue(q, se);
      return kt;
    }
    balance_move(kt, balance_home(kt)); /* its affinity changed: it waits where it may run */
  }
  return 0;
}

/* kt is about to run on this context (sched.c, run). */
void uthread_running(struct kthread* kt) {
  int i = cpuid(), q = ctxmode ? i : coreid(); /* context mode: its CPU's own queue */
  cpus[i].user = kt;
  kt->cpu = i;
  kt->ltn = ctxid() + 1;
  ut(kt)->core = q;
  cpus[i].ran_from = cycles();
  fair_running(rq(q), &ut(kt)->se, 1);
  procstat_run(kt); /* the simulator: this context runs kt now */
}

/* kt leaves this context (sched.c, sched): charged for its time there. */
void uthread_stopped(struct kthread* kt) {
  if (!ut(kt)->se.running) return; /* uthread_yield did it already */
  uthread_charge(kt);
  fair_running(rq(ut(kt)->core), &ut(kt)->se, 0);
}

/* Start free contexts of this core for p's queued threads (p is the core's process): a context
 * whose bound thread has nothing to do that is not live, or is just freeing itself (its
 * scheduler looked at the queue before these threads came, and is between release() and TEXIT:
 * cpus[].leaving). With threads still waiting, tell context 0 if it is in its scheduler (it runs
 * one itself when its main thread does not need it). */
void uthread_fill(struct proc* p) {
  if (nuthreads == 0 || ctxmode || parking_here(p)) return;
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
  if (!uthread_allowed(kt, c)) return balance_home(kt);
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
  if (ctxmode) {
    ctx_ready(kt);
    return;
  }
  struct proc* p = kt->proc;
  struct uthread* u = ut(kt);
  kt->state = KT_RUNNABLE;
  kt->chan = 0;
  kt->atuser = 1; /* its user registers are on its own stack: it may run anywhere */
  if (u->se.on_rq) return;
  u->core = home(kt);
  uthread_enqueue(kt, FAIR_WAKEUP);
  if (u->core == coreid() && p == mycore()->proc) {
    uthread_fill(p);
    if (uthread_queued(p, u->core)) balance_kick(); /* no free context here: an idle core may */
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
  if (ctxmode) {
    ctx_yield(kt);
    return;
  }
  uthread_stopped(kt); /* charged first: the queue orders by vruntime */
  kt->state = KT_RUNNABLE;
  kt->atuser = 1;
  if (!uthread_allowed(kt, ut(kt)->core)) { /* its affinity changed: it waits where it may run */
    uthread_enqueue(kt, 0);
    balance_move(kt, balance_home(kt));
    return;
  }
  uthread_enqueue(kt, 0);
}

/* Whether unbound kt, on its way to user mode on this context, must give the context up: its
 * slice is over, its process is being switched out, or (context 0) the anchor has other work:
 * a process switch, parked system calls, or the main thread woke and wants its context. */
int uthread_must_yield(struct kthread* kt) {
  if (ctxmode) return ctx_must_yield(kt);
  struct proc* p = kt->proc;
  if (ut(kt)->resched || parking_here(p) || !uthread_allowed(kt, coreid())) return 1;
  int i = ctxid();
  if (ktof(p, coreid(), i)->state == KT_RUNNABLE) return 1;
  return i == 0 && (mycore()->want_switch || parked_ready());
}

/* Whether threads of the core's process wait in this core's queue (timer.c arms the tick). */
int uthread_waiting(void) {
  if (ctxmode) return ctx_waiting();
  struct proc* p = mycore()->proc;
  return nuthreads && p && uthread_queued(p, coreid()) > 0;
}

/* The anchor's timer tick (timer.c calls it while clone threads exist): load balancing's periodic
 * pull first; then, while threads of the core's process wait, each context whose clone
 * thread has used its slice (fair_preempt_due, charged up to now) gives the context up (TINTR: it
 * traps, is queued again and its context runs the pick), one per waiting thread. */
void uthread_tick(void) {
  if (ctxmode) {
    ctx_tick();
    return;
  }
  struct proc* p = mycore()->proc;
  if (nuthreads == 0 || p == 0) return;
  balance_tick(); /* and the cores' queues even out (balance.c) */
  int me = coreid(), waiting = uthread_queued(p, me);
  for (int i = 0; i < ncontexts && waiting > 0; i++) {
    struct kthread* kt = cpus[cpunum(me, i)].user;
    if (kt == 0 || kt->proc != p || ut(kt)->resched) continue;
    uthread_charge(kt);
    if (!fair_preempt_due(rq(me), &ut(kt)->se)) continue;
    ut(kt)->resched = 1;
    if (i != ctxid()) kasane_tintr(i + 1);
    waiting--;
  }
}

/* At the end of this core's slice, with p on the core (0: none): the process whose clone thread
 * the fair policy runs next here (fair_slice_end), or 0 if p keeps the core. p's candidate is its
 * thread with the lowest vruntime on the core, queued or running (charged up to now): a core
 * runs one process at a time, so the policy weighs p's threads as a whole against the others'. */
struct proc* uthread_slice_end(struct proc* p) {
  int me = coreid();
  struct fair_rq* q = rq(me);
  struct fair_entity* cur = p ? fair_leftmost_of(q, p) : 0;
  for (int i = 0; p && i < ncontexts; i++) {
    struct kthread* kt = cpus[cpunum(me, i)].user;
    if (kt == 0 || kt->proc != p) continue;
    uthread_charge(kt);
    if (!cur || ut(kt)->se.vruntime < cur->vruntime) cur = &ut(kt)->se;
  }
  struct fair_entity* next = fair_slice_end(q, p, cur);
  return next ? (struct proc*)next->mm : 0;
}

/* This core takes p's queued threads from the queues of cores p is not on (switchto: p comes to
 * this core, and a core runs only its own process's threads). */
void uthread_gather(struct proc* p) {
  int me = coreid();
  struct fair_rq* dst = rq(me);
  if (nuthreads == 0 || dst == 0) return;
  for (int c = 0; c < ncores; c++) {
    struct fair_rq* src = rq(c);
    if (c == me || ((p->cores >> c) & 1) || src == 0) continue;
    for (struct fair_entity *e = src->head, *next; e; e = next) {
      next = e->next;
      if (e->mm != p || !uthread_allowed(&of_se(e)->kt, me)) continue; /* pinned: stays */
      of_se(e)->core = me;
      fair_move(src, dst, e); /* its lag goes with it */
    }
  }
}

/* Wake p's clone threads that sleep interruptibly (a signal, a kill). */
void uthread_interrupt(struct proc* p) {
  if (p->nthreads == 0) return;
  struct uthread* u;
  FOR_EACH_UTHREAD(u)
    if (u->kt.proc == p && u->kt.state == KT_SLEEPING && u->kt.interruptible) ready_kt(&u->kt);
}

/* Drop sig where it is pending on p's clone threads (sigaction set it to be ignored). */
void uthread_forget_signal(struct proc* p, int sig) {
  if (p->nthreads == 0) return;
  struct uthread* u;
  FOR_EACH_UTHREAD(u)
    if (u->kt.proc == p) u->kt.sigpending &= ~(1u << (sig - 1));
}

/* Wake the clone threads sleeping on chan (sched.c, wakeup). */
void uthread_wakeup(void* chan) {
  if (nuthreads == 0) return;
  struct uthread* u;
  FOR_EACH_UTHREAD(u)
    if (u->kt.state == KT_SLEEPING && u->kt.chan == chan) ready_kt(&u->kt);
}

/* fn(kt, arg) for each clone thread kt of p. */
void uthread_foreach(struct proc* p, void (*fn)(struct kthread*, uint32_t), uint32_t arg) {
  if (p->nthreads == 0) return;
  struct uthread* u;
  FOR_EACH_UTHREAD(u)
    if (u->kt.proc == p) fn(&u->kt, arg);
}

/* Add the CPU time of p's clone threads to *u and *s (usage.c). */
void uthread_cputime(struct proc* p, uint64_t* ut_, uint64_t* st_) {
  struct uthread* u;
  FOR_EACH_UTHREAD(u)
    if (u->kt.proc == p) *ut_ += u->kt.utime, *st_ += u->kt.stime;
}

/* p's clone thread with id tid, or 0. */
struct kthread* uthread_find(struct proc* p, int tid) {
  if (p->nthreads == 0) return 0;
  struct uthread* u;
  FOR_EACH_UTHREAD(u)
    if (u->kt.proc == p && u->kt.tid == tid) return &u->kt;
  return 0;
}

/* A thread's nice changed (sysprio.c): a clone thread's weight follows. */
void fair_nice_changed(struct kthread* kt, int nice) {
  if (!kt->unbound) return;
  struct uthread* u = ut(kt);
  fair_set_nice(u->se.on_rq || u->se.running ? rq(u->core) : 0, &u->se, nice);
}
