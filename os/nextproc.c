/* Which process a core runs next: each core's run queue of processes.
 *
 * A core runs one process at a time on all its contexts (sched.c); its context 0 switches to the
 * next ready process, round robin, at a slice end (timer.c) or when the running one leaves the
 * core idle. */
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
  return nextready(p) != 0 || (p && !p->killed && !affinity_allows(p, coreid()));
}
