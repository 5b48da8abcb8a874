/* Which process a core runs next: each core's run queue of processes and the choice at a slice
 * end.
 *
 * A core runs one process at a time on all its contexts (sched.c). When its slice ends and
 * another process is ready, the choice between them is the fair policy's when it can weigh them
 * all, that is when each has clone threads waiting in this core's queue (uthread_slice_end,
 * fair.h: CFS switches to the process with the lowest vruntime, IAS keeps a process whose threads
 * are within the bonus of the others' and makes a slave core follow its master's). A process
 * whose threads are bound to contexts has no vruntime to weigh: with one ready, every process
 * takes its turn round robin, which is also the rule when no clone thread exists and when the
 * running process leaves its core with nothing to do. A core with no process takes the policy's
 * choice too (on a slave core, its master's address space first). */
#include "defs.h"
#include "param.h"
#include "proc.h"

/* Whether p is not on this core and wants it: a kernel thread of p on this core wants to run, or
 * its threads on another core may move here (gang.c). A core its affinity does not allow it takes
 * only to run out kernel work bound there (a wait that ended, or a killed process); a killed
 * process that has nothing left anywhere, any core takes, to reap it. */
static int ready(struct proc* p) {
  int me = coreid();
  if (p->state != USED || ((p->cores >> me) & 1)) return 0;
  if (p->killed) {
    if (gang_has(p, me, KT_NONE) || (p->nthreads && uthread_queued(p, me))) return 1;
    for (int c = 0; c < ncores; c++)
      if (gang_has(p, c, KT_NONE)) return 0; /* that core runs it out */
    return p->cores == 0;
  }
  if (gang_has(p, me, KT_RUNNABLE)) return affinity_allows(p, me) || !gang_movable(p, me);
  if (p->nthreads && uthread_queued(p, me)) return 1; /* clone threads queued here */
  return affinity_allows(p, me) && gang_from(p) >= 0;
}

/* Whether ready q is in core me's run queue: its home is me, or it has kernel threads bound to
 * me (a wait that ended here: only this core can run them), or its home core is one its
 * affinity no longer allows (nobody's queue: everyone's, or it would wait for ever). */
static int queued_here(struct proc* q, int me) {
  return q->home == me || gang_has(q, me, KT_NONE) || !affinity_allows(q, q->home) ||
         (q->nthreads && uthread_queued(q, me));
}

/* The next process after p (round robin) that is ready, or 0. Each core has its run queue: the
 * ready processes whose home is that core (where they last ran, so their lines are in its L1s).
 * A core takes from its own queue first; with its own queue empty it takes from another core's,
 * which balances the load the simple way: a core never idles while a process waits elsewhere,
 * and a process moves only when its home core is busy. The queues are one scan of the process
 * table under the big lock rather than lists, since NPROC is small. */
struct proc* nextready(struct proc* p) {
  int start = p ? (int)(p - proc) + 1 : 0, me = coreid();
  struct proc* other = 0;
  for (int n = 0; n < NPROC; n++) {
    struct proc* q = &proc[(start + n) % NPROC];
    if (q == p || !ready(q)) continue;
    if (queued_here(q, me)) return q;
    if (!other) other = q;
  }
  return other;
}

/* Whether the core's process p must give the core up at its slice end: another process is ready
 * for the core, or p's affinity no longer allows the core (a killed p runs out where it is). */
int switch_due(struct proc* p) {
  if (ctxmode) return ctx_switch_due();
  return nextready(p) != 0 || (p && !p->killed && !affinity_allows(p, coreid()));
}

/* Whether every process ready for this core but p has clone threads in its queue, so that the
 * fair policy can weigh them all. */
static int policy_weighs_all(struct proc* p) {
  for (struct proc* q = proc; q < &proc[NPROC]; q++)
    if (q != p && ready(q) && !uthread_queued(q, coreid())) return 0;
  return 1;
}

/* At the end of the slice of p, the core's process (timer.c): whether p gives the core up, with
 * the fair policy's choice of successor in the core's `next` (0: round robin's, nextready). */
int slice_over(struct proc* p) {
  if (ctxmode) return ctx_slice_over(); /* a gang process's turn on its core (ctxsched.c) */
  struct core* c = mycore();
  c->next = 0;
  if (!switch_due(p)) return 0;
  if (!nuthreads || p->killed || !affinity_allows(p, coreid()) || !policy_weighs_all(p)) return 1;
  c->next = uthread_slice_end(p);
  return c->next != 0;
}

/* The process this core switches to, after p (0: the core is idle): the one slice_over chose if it
 * is still ready, the fair policy's on an idle core, else round robin's. 0 if none is ready. */
struct proc* next_proc(struct proc* p) {
  struct core* c = mycore();
  struct proc* q = c->next;
  c->next = 0;
  if (q && q != p && ready(q)) return q;
  if (!p && nuthreads && policy_weighs_all(0) && (q = uthread_slice_end(0)) != 0 && ready(q))
    return q;
  return nextready(p);
}
