/* Core scheduling, Linux's way (kernel/sched/core_sched.c; Documentation/admin-guide/hw-vuln/
 * core-scheduling.rst): every thread has a cookie, 0 unless prctl(PR_SCHED_CORE, ...) gave it
 * one, and in context mode two threads with different cookies never run on the CPUs of one core
 * at the same time. A CPU whose waiting threads all have another cookie than the one its core
 * runs is forced idle (ctxsched.c counts it, and tells the simulator). So that no cookie waits
 * for ever, the cookie that holds a core gives way after a time slice to one that waits there
 * (coresched_tick): the core's CPUs then take only threads of that cookie until one runs, as
 * Linux's core-wide pick takes the task of highest priority across the siblings.
 *
 * Core mode already gives every process a core of its own (sched.c's gang scheduling is this with
 * a cookie per process), so there cookies are kept and read back but change nothing. A gang
 * process in context mode (ctxsched.c) has a cookie of its own, GANG_COOKIE, that no thread
 * shares.
 *
 * Cookies are numbers handed out by PR_SCHED_CORE_CREATE (1 up, below GANG_COOKIE's); GET returns
 * the number, which Linux hashes from a pointer: an id only compared for equality. A bound
 * thread (core mode's main thread, a runtime's context, a gang's) keeps its cookie in its process,
 * a clone thread in its struct uthread; a new thread and a spawned process start with their
 * creator's, as after Linux's clone and fork. */
#include <kasane/prctl.h>

#include "ctxsched.h"
#include "defs.h"
#include "errno.h"
#include "param.h"
#include "proc.h"

static uint32_t nextcookie = 1;

static struct uthread* ut(struct kthread* kt) { return (struct uthread*)kt; }

/* The cookie of thread kt. */
uint32_t thread_cookie(struct kthread* kt) {
  return kt->unbound ? ut(kt)->cookie : kt->proc->cookie;
}

/* Give thread kt cookie c; a running one that no longer fits its core gives its CPU up. */
static void set_cookie(struct kthread* kt, uint32_t c) {
  if (!kt->unbound) {
    kt->proc->cookie = c;
    return;
  }
  struct uthread* u = ut(kt);
  ncookied += (c != 0) - (u->cookie != 0);
  u->cookie = c;
  if (!ctxmode || kt->state != KT_NONE || cpus[kt->cpu].user != kt) return;
  u->resched = 1; /* Linux's resched_curr: it leaves, and its CPU picks what fits */
  if (kt->cpu != cpuid()) ipi_raise(kt->cpu);
}

/* ---- what runs on a core (context mode) ---- */

/* Whether the turn given to a cookie on core c lapses: nobody took it within a slice, or no
 * thread of that cookie waits on the core any more (one moved away, or ended). Then the core's
 * CPUs pick freely again, so a turn can never keep every CPU of a core idle. */
static int turn_lapsed(int c) {
  if (cycles() - hw[c].turn_at >= TIMESLICE) return 1;
  for (int i = 0; i < ncontexts; i++)
    for (struct fair_entity* e = fair_rq_of(cpunum(c, i))->head; e; e = e->next)
      if (ctx_cookie_of(e) == hw[c].turn) return 0;
  return 1;
}

/* The cookie the threads running on the CPUs of n's core other than n share (they all do), or
 * that takes the core next; 0 if n may run any cookie (its siblings idle, no turn pending). */
static int core_cookie(int n, uint32_t* cookie) {
  int c = cpu_core[n], a = n - cpu_hwctx[n];
  if (hw[c].turn_set && turn_lapsed(c)) hw[c].turn_set = 0;
  if (hw[c].turn_set) {
    *cookie = hw[c].turn;
    return 1;
  }
  for (int i = 0; i < ncontexts; i++) {
    struct kthread* kt = cpus[a + i].user;
    if (a + i == n || kt == 0 || !kt->unbound) continue;
    *cookie = ut(kt)->cookie;
    return 1;
  }
  return 0;
}

/* Whether a thread with cookie c may run on CPU n now. */
int coresched_fits(uint32_t c, int n) {
  uint32_t run;
  if (!ncookied) return 1;
  if (hw[cpu_core[n]].gang) return 0;
  return !core_cookie(n, &run) || run == c;
}

/* Whether CPU n may run only one cookie now (its siblings run one, or a turn is pending). */
int coresched_constrained(int n) {
  uint32_t run;
  return core_cookie(n, &run);
}

/* The entity CPU n runs next among those of its queue q that fit its core's cookie: the
 * leftmost of them (not dequeued; its quantum starts), or 0. */
struct fair_entity* coresched_pick(int n, struct fair_rq* q) {
  uint32_t run;
  int constrained = core_cookie(n, &run);
  struct fair_entity* e = q->head;
  while (e && constrained && ctx_cookie_of(e) != run) e = e->next;
  if (!e) return 0;
  e->prev_sum_exec = e->sum_exec;
  q->stats.picks++;
  return e;
}

/* A thread of cookie c starts on CPU n: a turn given to c is taken; a core that ran nothing
 * starts c's time on it. */
void coresched_started(int n, uint32_t c) {
  struct corestate* h = &hw[cpu_core[n]];
  uint32_t run;
  if (h->turn_set && h->turn == c) {
    h->turn_set = 0;
    h->since = cycles();
  } else if (!core_cookie(n, &run)) {
    h->since = cycles();
  }
}

/* Whether a CPU of core c is forced idle (its siblings' ticks then look at the turn). */
int coresched_waiting(int c) {
  for (int i = 0; i < ncontexts; i++)
    if (cs[cpunum(c, i)].state == CPU_FORCED) return 1;
  return 0;
}

/* CPU n is forced idle: its running siblings arm their ticks, which give the core to the
 * waiting cookie after a slice (coresched_tick). */
void coresched_forced(int n) {
  int a = n - cpu_hwctx[n];
  for (int i = 0; i < ncontexts; i++)
    if (a + i != n && cpus[a + i].user) ipi_raise(a + i);
}

/* The thread on CPU n left it: a sibling forced idle by that thread's cookie may fit now. */
void coresched_left(int n) {
  int a = n - cpu_hwctx[n];
  for (int i = 0; i < ncontexts; i++)
    if (a + i != n && cs[a + i].state == CPU_FORCED) kick_cpu(a + i);
}

/* CPU n's tick: if the cookie running on its core has had the core for a slice and another waits
 * there, that one's turn comes: the CPUs running other cookies give them up, and each CPU then
 * takes only threads of the new cookie until one of them runs. */
void coresched_tick(int n) {
  int c = cpu_core[n], a = n - cpu_hwctx[n];
  struct corestate* h = &hw[c];
  uint64_t now = cycles();
  if (h->turn_set && turn_lapsed(c)) h->turn_set = 0;
  if (h->turn_set) return;
  uint32_t run = 0;
  int busy = 0;
  for (int i = 0; i < ncontexts && !busy; i++) {
    struct kthread* kt = cpus[a + i].user;
    if (kt && kt->unbound) busy = 1, run = ut(kt)->cookie;
  }
  if (!busy || now - h->since < TIMESLICE) return;
  for (int k = 1; k <= ncontexts; k++) {
    int m = a + (cpu_hwctx[n] + k) % ncontexts;
    struct fair_entity* e = fair_rq_of(m)->head; /* its leftmost of another cookie */
    while (e && ctx_cookie_of(e) == run) e = e->next;
    if (!e) continue;
    h->turn = ctx_cookie_of(e);
    h->turn_set = 1;
    h->turn_at = now;
    for (int i = 0; i < ncontexts; i++) {
      struct kthread* kt = cpus[a + i].user;
      if (!kt || !kt->unbound || ut(kt)->cookie == h->turn) continue;
      ut(kt)->resched = 1;
      if (a + i != n) ipi_raise(a + i);
    }
    kick_cpu(m);
    return;
  }
}

/* ---- prctl ---- */

/* The thread with id tid, of any process (0: none). */
static struct kthread* thread_by_tid(int tid) {
  for (struct proc* p = proc; p < &proc[NPROC]; p++) {
    if (p->state != USED) continue;
    struct kthread* kt = uthread_find(p, tid);
    if (kt) return kt;
    for (int n = 0; n < ncpus; n++)
      if (p->kt[n].tid == tid) return &p->kt[n];
  }
  return 0;
}

/* Give cookie c to every thread of p: its bound ones (the process's cookie) and its clone
 * threads. */
static void set_proc_cookie(struct proc* p, uint32_t c) {
  p->cookie = c;
  uthread_foreach(p, set_cookie, c);
}

/* PR_SCHED_CORE: sched_core_share_pid(cmd, pid, type, uaddr) as Linux 5.14 has it. -ENODEV
 * without SMT (one context per core); -EINVAL for a type past PIDTYPE_PGID, a cmd past
 * SHARE_FROM, a negative pid, a uaddr with another cmd than GET, GET with a type other than
 * PIDTYPE_PID or a uaddr not 8-byte aligned, SHARE_FROM with a type other than PIDTYPE_PID;
 * -ESRCH for no thread pid; -EFAULT for a bad uaddr. */
static int32_t sched_core(uint32_t cmd, int32_t pid, uint32_t type, uint32_t uaddr) {
  if (ncontexts < 2) return -ENODEV;
  if (type > PIDTYPE_PGID || cmd >= PR_SCHED_CORE_MAX || pid < 0 ||
      (cmd != PR_SCHED_CORE_GET && uaddr))
    return -EINVAL;
  struct kthread* me = mykt();
  struct kthread* task = pid == 0 ? me : thread_by_tid(pid);
  if (task == 0) return -ESRCH;
  uint32_t cookie;
  switch (cmd) {
    case PR_SCHED_CORE_GET: {
      if (type != PIDTYPE_PID || (uaddr & 7)) return -EINVAL;
      uint64_t id = thread_cookie(task);
      return copyout(me->proc->vm, uaddr, &id, sizeof id) < 0 ? -EFAULT : 0;
    }
    case PR_SCHED_CORE_CREATE:
      cookie = nextcookie++;
      break;
    case PR_SCHED_CORE_SHARE_TO:
      cookie = thread_cookie(me);
      break;
    default: /* PR_SCHED_CORE_SHARE_FROM */
      if (type != PIDTYPE_PID) return -EINVAL;
      set_cookie(me, thread_cookie(task));
      return 0;
  }
  if (type == PIDTYPE_PID) {
    set_cookie(task, cookie);
  } else if (type == PIDTYPE_TGID) {
    set_proc_cookie(task->proc, cookie);
  } else {
    int g = task->proc->pgid;
    for (struct proc* p = proc; p < &proc[NPROC]; p++)
      if (p->state == USED && p->pgid == g) set_proc_cookie(p, cookie);
  }
  return 0;
}

/* prctl(option, arg2, arg3, arg4, arg5): PR_SCHED_CORE only (sched_core); any other option is
 * EINVAL, as Linux answers an option it does not know. */
int32_t sys_prctl(void) {
  uint32_t option, a2, a3, a4, a5;
  argint(0, &option), argint(1, &a2), argint(2, &a3), argint(3, &a4);
  if (argint(4, &a5) < 0) return -EFAULT;
  if (option != PR_SCHED_CORE) return -EINVAL;
  return sched_core(a2, (int32_t)a3, a4, a5);
}
