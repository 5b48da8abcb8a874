/* Load balancing of clone threads between the cores' run queues, and the per-thread affinity that
 * limits it (sched_setaffinity on a thread id).
 *
 * A clone thread waits in the run queue of one core (uthread.c). Left there, the threads a
 * process clones would all run on the contexts of its first core while the other cores idle.
 * As Linux does, a core pulls threads from the busiest core with fair_steal:
 *  - idle balancing: a core with no process (balance_idle), and a context of a core whose
 *    process has nothing queued there (balance_pull, Linux's newidle balance);
 *  - a kick: when a thread is queued on a core whose contexts are all busy, the idle cores are
 *    woken to pull it (balance_kick; Linux kicks one idle CPU, which balances for the others:
 *    here each idle anchor looks in turn under the big lock and the ones that find nothing wait
 *    again);
 *  - periodic balancing at the anchor's tick (balance_tick), for the core's own process.
 * fair_steal moves a thread only when that makes the two cores' loads closer, so two cores never
 * pass one thread to and fro. Every queue is under the big lock, which is the "both run queues'
 * locks" fair.h asks for: one lock, so no order to keep.
 *
 * A thread pulled to a core its process is not on makes the process want that core (sched.c,
 * ready): the core takes the process, which then owns contexts on both cores (gang.c, smp.c).
 *
 * Everything here runs under the big lock, and only while clone threads exist (nuthreads), so
 * a program that never clones is scheduled exactly as before. */
#include <stddef.h>

#include <kasane/kasane_isa.h>

#include "defs.h"
#include "param.h"
#include "proc.h"

static struct uthread* of_se(const struct fair_entity* se) {
  return (struct uthread*)((char*)se - offsetof(struct uthread, se));
}

/* Whether clone thread kt may run on core c: its own mask if it has one, else its process's. */
int uthread_allowed(struct kthread* kt, int c) {
  uint32_t m = ((struct uthread*)kt)->affinity;
  return m ? (int)((m >> c) & 1) : affinity_allows(kt->proc, c);
}

/* The core kt should be queued on when its own is not allowed: an allowed core its process is on
 * (this one first, then the lowest), else the lowest allowed core. */
int balance_home(struct kthread* kt) {
  if (ctxmode) return ctx_home(kt);
  struct proc* p = kt->proc;
  int me = coreid();
  if (((p->cores >> me) & 1) && uthread_allowed(kt, me)) return me;
  for (int c = 0; c < ncores; c++)
    if (((p->cores >> c) & 1) && uthread_allowed(kt, c)) return c;
  for (int c = 0; c < ncores; c++)
    if (uthread_allowed(kt, c)) return c;
  return ((struct uthread*)kt)->core; /* no core allowed: cannot be set, but stay put */
}

/* Move queued kt to core to's queue, keeping its lag over min_vruntime (fair_move), and tell
 * that core's anchor (and, if its process is on no core, whoever may take it). */
void balance_move(struct kthread* kt, int to) {
  struct uthread* u = (struct uthread*)kt;
  struct fair_rq *src = fair_rq_of(u->core), *dst = fair_rq_of(to);
  if (u->se.on_rq) fair_move(src, dst, &u->se);
  u->core = to;
  if (ctxmode) { /* queues are CPUs' */
    ctx_tell(to);
    return;
  }
  if (to == coreid()) return;
  kick_cpu(cpunum(to, 0));
  if (!kt->proc->cores) kick_proc(kt->proc);
}

/* fair_steal's affinity check; only_mm (set around the call) narrows it to one process. */
static const void* only_mm;
static int allowed(const struct fair_entity* se, int core) {
  if (only_mm && se->mm != only_mm) return 0;
  return uthread_allowed(&of_se(se)->kt, core);
}

/* Pull one queued thread (of process mm, or of any if 0) to this core from the busiest core that
 * has one fair_steal will give: the cores are tried from the most loaded down (load: weights
 * queued and running), the lowest number first among equals. The thread moved, or 0. */
static struct kthread* pull(const void* mm) {
  int me = coreid();
  struct fair_rq* dst = fair_rq_of(me);
  uint32_t tried = 1u << me;
  for (;;) {
    int busiest = -1;
    uint64_t most = 0;
    for (int c = 0; c < ncores; c++) {
      struct fair_rq* q = fair_rq_of(c);
      if (((tried >> c) & 1) || q->nr == 0) continue;
      uint64_t load = (uint64_t)q->load + q->run_load;
      if (busiest < 0 || load > most) busiest = c, most = load;
    }
    if (busiest < 0) return 0;
    tried |= 1u << busiest;
    only_mm = mm;
    struct fair_entity* se = fair_steal(fair_rq_of(busiest), dst, me, allowed);
    only_mm = 0;
    if (se) {
      of_se(se)->core = me;
      return &of_se(se)->kt;
    }
  }
}

/* A context of this core has nothing of p to run: pull one of p's threads here. 1 if it did. */
int balance_pull(struct proc* p) {
  return nuthreads && p->nthreads && pull(p) != 0;
}

/* This core has no process: pull up to a thread per context, of the process of the first one
 * pulled (a core runs one process at a time). The number pulled. */
int balance_idle(void) {
  if (nuthreads == 0) return 0;
  struct kthread* first = pull(0);
  if (first == 0) return 0;
  int n = 1;
  while (n < ncontexts && pull(first->proc)) n++;
  return n;
}

/* Threads wait on this core for a context: wake every idle core, to pull them. */
void balance_kick(void) {
  for (int c = 0; c < ncores; c++)
    if (c != coreid() && cores[c].proc == 0) kick_cpu(cpunum(c, 0));
}

/* The anchor's tick, at a slice end (timer.c): threads of the core's process that wait here are
 * offered to the idle cores, and the core pulls one of its process's threads from a busier core. */
void balance_tick(void) {
  struct proc* p = mycore()->proc;
  if (nuthreads == 0 || p == 0 || p->nthreads == 0) return;
  if (uthread_queued(p, coreid())) balance_kick();
  pull(p);
}

/* The clone thread sched_setaffinity and sched_getaffinity name by tid: the caller for 0 (if it
 * is a clone thread), else the clone thread of any process with that id; 0 if none (the call
 * then goes to the process, affinity.c). */
struct kthread* balance_thread(uint32_t tid) {
  if (tid == 0) return mykt()->unbound ? mykt() : 0;
  if (nuthreads == 0) return 0;
  for (struct proc* p = proc; p < &proc[NPROC]; p++) {
    if (p->state != USED || p->nthreads == 0) continue;
    struct kthread* kt = uthread_find(p, (int)tid);
    if (kt) return kt;
  }
  return 0;
}

/* kt's cores (sched_getaffinity): its own mask, or its process's. */
uint32_t balance_getaffinity(struct kthread* kt) {
  uint32_t m = ((struct uthread*)kt)->affinity;
  return m ? m : kt->proc->affinity;
}

/* Clone thread kt may run on the cores of mask (not 0) from now on. Queued on a core the mask
 * excludes, it moves at once; running on one, it gives its context up on its way to user mode
 * (uthread_must_yield; the caller itself on its way back from this call, another thread at the
 * interrupt sent here) and is queued on an allowed core; asleep, it is queued on one when woken
 * (uthread.c, home). */
void balance_setaffinity(struct kthread* kt, uint32_t mask) {
  struct uthread* u = (struct uthread*)kt;
  u->affinity = mask;
  if (uthread_allowed(kt, u->core)) return;
  if (u->se.on_rq) {
    balance_move(kt, balance_home(kt));
  } else if (u->se.running && kt != mykt()) {
    u->resched = 1;
    if (ctxmode)
      ipi_raise(kt->cpu);
    else if (cpu_core[kt->cpu] == coreid())
      kasane_tintr(kt->ltn);
    else
      ipi_raise(kt->cpu);
  }
}
