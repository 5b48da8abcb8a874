/* Every context a CPU: the scheduler of os.smt_sched = "context" (os/README.md, "Two ways to share
 * a core").
 *
 * In core mode (sched.c) one process owns every context of a core at a time. Here, as Linux runs
 * SMT siblings, each hardware context is a CPU with its own run queue (fair.h: CFS or IAS), its
 * own current thread, address space (EntryHi, cur_pgdir, cpu_kstack) and timer tick, so
 * independent programs share a core. Every thread of an ordinary process is an unbound kernel
 * thread (uthread.c), its main thread too (ctx_newproc), with a kernel stack of its own, so it
 * runs, sleeps and wakes on any CPU.
 *
 * A CPU schedules for itself: smpinit gives it cpu_ctx 0 and a struct core of its own
 * (cores[cpu]: its process, slice and timer), so trap(), the timer and the waits treat it as the
 * anchor of a one-context unit, while cpu_core and cpu_hwctx keep where it is in the hardware.
 *  - pick (ctx_pick): the policy's choice from the CPU's queue among the threads whose
 *    core-scheduling cookie is the one its core's other CPUs run (Linux's core scheduling:
 *    coresched.c); with nothing that may run the CPU idles, forced idle if threads wait;
 *  - placement (select_cpu): a thread that wakes or is new goes to its previous CPU if that is
 *    idle, else to an idle sibling (same core), an idle CPU of an idle core, any idle CPU, or
 *    (a new thread) the least loaded CPU or (a woken one) its previous CPU (Linux's
 *    select_idle_sibling and fork balancing);
 *  - balancing: a CPU about to idle pulls a waiting thread from the busiest CPU of its core, then
 *    of the others (Linux's SMT and MC domains), and a CPU at its tick pushes one to a less
 *    loaded CPU in the same order, whatever process the thread is of; fair_steal moves one only
 *    when that evens the loads;
 *  - the tick (ctx_tick): each CPU's own Count/Compare, armed while threads wait for it: the
 *    running thread is charged and gives way when its fair share is used (fair_preempt_due);
 *  - idle: MONITOR/MWAIT on the CPU's kick word (waitkick), never a spin.
 *
 * Gang processes. A process that uses the thread instructions (TFORK & co: here they trap, since
 * a CPU's TControl.TU is clear) or the kasane_ctx_* and notification calls needs a whole core:
 * its runtime takes contexts with TFORK and names them by LTN. The thread that used one becomes
 * the process's bound thread of context 0 of its core (make_gang), and the process waits in that
 * CPU's queue as a gang entity (one per process and core) with a cookie of its own. When the CPU
 * picks it, it claims the core: each sibling CPU puts its thread back in its queue and lends its
 * context (TEXIT: free for the process's TFORKs), and the core runs the process exactly as core
 * mode does (sched.c, gang_step) until its slice ends with others waiting or it has nothing to
 * run; then the core is given back (each sibling's scheduler is started again).
 *
 * Everything here runs under the big kernel lock. */
#include <stddef.h>

#include <kasane/kasane_isa.h>

#include "ctxsched.h"
#include "defs.h"
#include "mips.h"
#include "param.h"
#include "proc.h"

struct cpustate *cs;   /* [ncpus] */
struct corestate *hw;  /* [ncores] */
int ncookied;          /* threads with a cookie and gang entities in use: 0 skips every check */

/* Gang entities: a page of them per GANGSPERPAGE process slot x core pairs, from kalloc. */
#define GANGSPERPAGE ((int)(PGSIZE / sizeof(struct gangent)))
#define NGANGPAGE ((NPROC * NCTX + GANGSPERPAGE - 1) / GANGSPERPAGE)
static struct gangent* gangpage[NGANGPAGE];

static struct fair_rq* rq(int n) { return fair_rq_of(n); }
static struct uthread* ut(struct kthread* kt) { return (struct uthread*)kt; }
static struct uthread* of_se(const struct fair_entity* se) {
  return (struct uthread*)((char*)se - offsetof(struct uthread, se));
}

/* The gang entity of p on core c. */
static struct gangent* gang_of(struct proc* p, int c) {
  int i = (int)(p - proc) * ncores + c;
  return &gangpage[i / GANGSPERPAGE][i % GANGSPERPAGE];
}

/* Whether se is a gang entity rather than a thread's. */
static int is_gang(const struct fair_entity* se) {
  for (int k = 0; k < NGANGPAGE; k++)
    if (gangpage[k] && (const char*)se >= (const char*)gangpage[k] &&
        (const char*)se < (const char*)gangpage[k] + PGSIZE)
      return 1;
  return 0;
}

/* The cookie of a queued or running entity: a thread's (PR_SCHED_CORE), or a gang's own. */
uint32_t ctx_cookie_of(const struct fair_entity* se) {
  return is_gang(se) ? GANG_COOKIE(((const struct gangent*)se)->p) : of_se(se)->cookie;
}

/* Context 0's CPU of CPU n's core. */
static int anchor_of(int n) { return n - cpu_hwctx[n]; }

/* Set up the state of context mode (schedinit, before any program runs): a page for the CPUs'
 * and cores' state, pages for the gang entities. */
void ctx_init(void) {
  _Static_assert(NCTX * (sizeof(struct cpustate) + sizeof(struct corestate)) <= PGSIZE,
                 "context mode's per-CPU and per-core state fits a page");
  char* page = kzalloc();
  /* Not from user mode: boot, before any program runs. */
  if (page == 0) panic("ctx_init: no memory");
  cs = (struct cpustate*)page;
  hw = (struct corestate*)(page + NCTX * sizeof(struct cpustate));
  for (int k = 0; k < (NPROC * ncores + GANGSPERPAGE - 1) / GANGSPERPAGE; k++) {
    gangpage[k] = kzalloc();
    /* Not from user mode: boot, before any program runs. */
    if (gangpage[k] == 0) panic("ctx_init: no memory for gang entities");
  }
}

/* This context becomes a CPU of its own (boot, or given back by a gang process): no context of
 * the core for user TFORK, and the thread instructions trap (TU clear), which is how a process
 * that uses them is found (ctx_want_gang). MONITOR/MWAIT stay legal in user mode. */
void ctx_cpu_start(void) {
  c0_write(CP0_TMASK, 0);
  c0_write(CP0_TCONTROL, TCONTROL_MU);
  cs[cpuid()].state = CPU_IDLE;
}

/* At boot, context 0 of each core: start the core's other CPUs if the simulator did not
 * (core.smp_start false), each into its own scheduler. */
void ctx_boot_siblings(void) {
  for (int i = 1; i < ncontexts; i++)
    if (!((kasane_tstate() >> i) & 1)) startctx(i);
}

/* ---- state changes, for the simulator's figures (procstat.c) ---- */

/* CPU n (this one) now does st: runs a thread (CPU_RUN: uthread_running tells the simulator
 * which), holds a gang's core, lends its context, idles or is forced idle. The simulator hears
 * of every change to an idle state (procstat.c). */
static void set_state(int n, int st) {
  if (cs[n].state != st && (st == CPU_IDLE || st == CPU_FORCED || st == CPU_LENT))
    procstat_cpu(st);
  cs[n].state = (uint8_t)st;
}

/* ---- address spaces ---- */

/* CPU n (this one) runs p's threads from now on: its page directory and ASID. */
static void switch_mm(int n, struct proc* p) {
  if (cores[n].proc == p) return;
  cores[n].proc = p;
  p->vm->cores |= 1u << n;
  switchuvm(p->vm->pgdir);
  c0_write(CP0_ENTRYHI, p->vm->asid);
}

/* CPU n (this one) runs no process: the kernel's empty address space. */
static void drop_mm(int n) {
  if (!cores[n].proc) return;
  cores[n].proc = 0;
  switchkvm();
}

/* ---- where threads go ---- */

/* Whether CPU n has nothing to do: no thread on it, none waiting, its core not a gang's. */
static int idle_cpu(int n) {
  return cpus[n].kt == 0 && rq(n)->nr == 0 && !hw[cpu_core[n]].gang;
}

/* A CPU thread kt may run on: this one, or its own (where it waits or last ran), else an idle
 * one, else the first its affinity allows. */
int ctx_home(struct kthread* kt) {
  int me = cpuid(), c = ut(kt)->core;
  if (uthread_allowed(kt, me)) return me;
  if (c >= 0 && c < ncpus && uthread_allowed(kt, c)) return c;
  for (int n = 0; n < ncpus; n++)
    if (uthread_allowed(kt, n) && idle_cpu(n)) return n;
  for (int n = 0; n < ncpus; n++)
    if (uthread_allowed(kt, n)) return n;
  return me; /* no CPU allowed: cannot be set, but stay put */
}

/* Whether kt may run on CPU n (its affinity) and fits the cookie n's core runs. */
static int fits(struct kthread* kt, int n) {
  return uthread_allowed(kt, n) && coresched_fits(ut(kt)->cookie, n);
}

/* CPU n's load: the weights queued there and running there. */
static uint64_t cpu_load(int n) { return (uint64_t)rq(n)->load + rq(n)->run_load; }

/* The CPU a thread that wakes or is new should wait on (Linux's select_idle_sibling). With no
 * CPU idle, a new thread goes to the least loaded one, as Linux balances at fork
 * (SD_BALANCE_FORK): otherwise every thread a busy process creates would wait on its creator's
 * CPU, and each CPU's queue would hold one process's threads only, which balancing by load
 * never mixes, so that CFS and IAS would never have two address spaces to choose between. */
static int select_cpu(struct kthread* kt) {
  int prev = ut(kt)->core;
  if (prev < 0 || prev >= ncpus || !uthread_allowed(kt, prev)) prev = ctx_home(kt);
  if (idle_cpu(prev) && fits(kt, prev)) return prev;
  int a = anchor_of(prev);
  for (int i = 0; i < ncontexts; i++) /* an idle sibling */
    if (a + i != prev && idle_cpu(a + i) && fits(kt, a + i)) return a + i;
  for (int c = 0; c < ncores; c++) { /* an idle core */
    int all = 1, pick = -1;
    for (int i = 0; i < ncontexts; i++) {
      int n = cpunum(c, i);
      if (!idle_cpu(n)) all = 0;
      else if (pick < 0 && fits(kt, n)) pick = n;
    }
    if (all && pick >= 0) return pick;
  }
  for (int n = 0; n < ncpus; n++) /* any idle CPU */
    if (idle_cpu(n) && fits(kt, n)) return n;
  if (ut(kt)->isnew) { /* fork balancing: the least loaded CPU, prev on a tie */
    int best = prev;
    for (int n = 0; n < ncpus; n++)
      if (n != prev && fits(kt, n) && cpu_load(n) < cpu_load(best)) best = n;
    return best;
  }
  return prev;
}

/* A thread was queued on CPU n: n hears of it. A CPU lent to a gang: its core's context 0, whose
 * gang then gives the core up at its slice end; this CPU: its tick is needed; an idle one: the
 * store to its kick word ends its MWAIT; a busy one: an IPI, whose handler re-arms its tick. */
void ctx_tell(int n) {
  if (hw[cpu_core[n]].gang) {
    kick_cpu(anchor_of(n));
    return;
  }
  kick_cpu(n);
}

/* Threads wait on CPU n for it: wake an idle CPU that may pull one (its core first, then the
 * others), as Linux kicks an idle CPU to balance. */
static void kick_idle(int n) {
  int a = anchor_of(n);
  for (int i = 0; i < ncontexts; i++)
    if (a + i != n && idle_cpu(a + i)) {
      kick_cpu(a + i);
      return;
    }
  for (int m = 0; m < ncpus; m++)
    if (cpu_core[m] != cpu_core[n] && idle_cpu(m)) {
      kick_cpu(m);
      return;
    }
}

/* Runnable kt (new, woken, or sent away from its CPU) waits in a CPU's queue. */
void ctx_ready(struct kthread* kt) {
  struct uthread* u = ut(kt);
  kt->state = KT_RUNNABLE;
  kt->chan = 0;
  kt->atuser = 1; /* its user registers are on its own stack: it may run anywhere */
  if (u->se.on_rq) return;
  int n = select_cpu(kt);
  u->core = n;
  uthread_enqueue(kt, FAIR_WAKEUP);
  struct kthread* cur = cpus[n].user; /* running there: preempted if far ahead of kt */
  if (cur && cur->unbound && !ut(cur)->resched) {
    uthread_charge(cur);
    if (fair_wakeup_preempt(&ut(cur)->se, &u->se)) ut(cur)->resched = 1;
  }
  ctx_tell(n);
}

static void make_gang(struct kthread* kt) __attribute__((noreturn));

/* The running thread kt, on its way to user mode, must give up its CPU: its slice is over, its
 * affinity or cookie no longer allows the CPU, a gang takes the core, or it becomes a gang's. */
int ctx_must_yield(struct kthread* kt) {
  struct uthread* u = ut(kt);
  int n = cpuid();
  if (u->resched || u->togang || !uthread_allowed(kt, n) || hw[cpu_core[n]].gang) return 1;
  if (parked_ready()) return 1; /* kernel work first (ctx_ready_bound) */
  return ncookied && !coresched_fits(u->cookie, n);
}

/* kt gives up its CPU in user mode (ctx_must_yield said so) and waits again, on this CPU unless
 * it may not run here. */
void ctx_yield(struct kthread* kt) {
  struct uthread* u = ut(kt);
  if (u->togang) make_gang(kt);
  uthread_stopped(kt); /* charged first: the queue orders by vruntime */
  kt->state = KT_RUNNABLE;
  kt->atuser = 1;
  int n = cpuid();
  u->core = uthread_allowed(kt, n) ? n : select_cpu(kt);
  uthread_enqueue(kt, 0);
  if (u->core != n) ctx_tell(u->core);
  else if (rq(n)->nr > 1 || hw[cpu_core[n]].gang) kick_idle(n);
}

/* sched_yield from kt: with threads waiting here, it goes after the leftmost of them. 1 if it
 * was kt's to handle (an unbound thread), 0 for a gang's thread (core mode's rule). */
int ctx_yield_call(struct kthread* kt) {
  if (!kt->unbound) return 0;
  struct fair_rq* q = rq(cpuid());
  if (!q->head) return 1;
  uthread_charge(kt);
  struct fair_entity* se = &ut(kt)->se;
  if (se->vruntime < q->head->vruntime) se->vruntime = q->head->vruntime;
  ut(kt)->resched = 1;
  return 1;
}

/* kt is pending a signal and runs user code on another CPU: that CPU traps and looks. */
void ctx_poke(struct kthread* kt) {
  if (kt->state == KT_NONE && cpus[kt->cpu].user == kt && kt->cpu != cpuid()) ipi_raise(kt->cpu);
}

/* Every CPU that runs p: an IPI (a kill, a signal), and the cores p holds as a gang. */
void ctx_kick_proc(struct proc* p) {
  for (int n = 0; n < ncpus; n++)
    if (cpu_corep[n]->proc == p) kick_cpu(n);
}

/* After changing vm's page table: every other core whose TLB may hold vm's entries (a CPU of
 * it ran vm since the core last emptied its TLB) empties it now. The TLB is a core's, shared by
 * its CPUs: this core's entries the caller dropped itself, and each other core is asked once,
 * through its context 0, which never lends its context and so always answers (at its trap
 * entry, in its lock spin, or woken from MWAIT by the IPI). */
void ctx_tlb_shootdown(struct vmspace* vm) {
  int me = cpu_core[cpuid()];
  uint32_t asked = 0;
  for (int n = 0; n < ncpus; n++) {
    int c = cpu_core[n];
    if (!((vm->cores >> n) & 1) || c == me || ((asked >> c) & 1)) continue;
    asked |= 1u << c;
    cores[cpunum(c, 0)].shoot_req++;
    ipi_raise(cpunum(c, 0));
  }
  for (int c = 0; c < ncores; c++) {
    if (!((asked >> c) & 1)) continue;
    struct core* a = &cores[cpunum(c, 0)];
    while (a->shoot_done != a->shoot_req) {
    }
    /* Its entries stay in that TLB only where a CPU of the core runs vm now (it refills). */
    for (int i = 0; i < ncontexts; i++) {
      struct proc* p = cpu_corep[cpunum(c, i)]->proc;
      if (p == 0 || p->vm != vm) vm->cores &= ~(1u << cpunum(c, i));
    }
  }
}

/* ---- load balancing ---- */

static int steal_ok(const struct fair_entity* se, int n) {
  return !is_gang(se) && fits(&of_se(se)->kt, n);
}

/* Pull one waiting thread to CPU n from the busiest CPU of [from, to) that gives one. */
static struct fair_entity* pull_range(int n, int from, int to) {
  uint32_t tried = 0;
  for (;;) {
    int busiest = -1;
    uint64_t most = 0;
    for (int m = from; m < to; m++) {
      struct fair_rq* q = rq(m);
      if (m == n || ((tried >> m) & 1) || q->nr == 0) continue;
      uint64_t load = (uint64_t)q->load + q->run_load;
      if (busiest < 0 || load > most) busiest = m, most = load;
    }
    if (busiest < 0) return 0;
    tried |= 1u << busiest;
    struct fair_entity* se = fair_steal(rq(busiest), rq(n), n, steal_ok);
    if (se) {
      of_se(se)->core = n;
      return se;
    }
  }
}

/* CPU n has nothing to run: pull a thread, from its own core first (newidle balance). */
static int pull(int n) {
  int a = anchor_of(n);
  return pull_range(n, a, a + ncontexts) || pull_range(n, 0, a) ||
         pull_range(n, a + ncontexts, ncpus);
}

/* CPU n's tick: offer one of its waiting threads to a less loaded CPU, its siblings first. */
static void push(int n) {
  if (rq(n)->nr == 0) return;
  for (int pass = 0; pass < 2; pass++)
    for (int m = 0; m < ncpus; m++) {
      if (m == n || (cpu_core[m] == cpu_core[n]) != (pass == 0) || hw[cpu_core[m]].gang) continue;
      struct fair_entity* se = fair_steal(rq(n), rq(m), m, steal_ok);
      if (se) {
        of_se(se)->core = m;
        ctx_tell(m);
        return;
      }
    }
}

/* ---- the tick ---- */

/* Whether CPU n's timer must end its slice: threads wait for it, or (core scheduling) its core
 * has a CPU kept idle by the cookie n runs; for context 0 of a core a gang holds, whether others
 * wait for the core. */
int ctx_switch_due(void) {
  int n = cpuid(), c = cpu_core[n];
  if (hw[c].holding && n == anchor_of(n)) return ctx_slice_over();
  return rq(n)->nr > 0 || (ncookied && coresched_waiting(c));
}

/* Context 0 of a core a gang holds, at its slice end: whether the gang gives the core up,
 * because another entity waits in its queue or a thread waits on a sibling. */
int ctx_slice_over(void) {
  int n = cpuid(), c = cpu_core[n];
  if (!hw[c].holding || n != anchor_of(n)) return 0;
  for (int i = 0; i < ncontexts; i++)
    if (rq(n + i)->nr > 0) return 1;
  return 0;
}

/* Whether threads wait for this CPU (timer.c arms the tick). */
int ctx_waiting(void) { return rq(cpuid())->nr > 0; }

/* This CPU's tick (timer.c, at a slice end): charge the running thread and mark it to give way
 * if its fair share is used; balance; core scheduling's turn between cookies. */
void ctx_tick(void) {
  int n = cpuid();
  struct kthread* kt = cpus[n].user;
  if (kt && kt->unbound) {
    uthread_charge(kt);
    if (fair_preempt_due(rq(n), &ut(kt)->se)) ut(kt)->resched = 1;
  }
  push(n);
  if (ncookied) coresched_tick(n);
}

/* ---- gang processes ---- */

/* kt (unbound, running here) used a thread instruction or a call that needs a whole core, in
 * context mode: it becomes its process's gang thread on its way out (ctx_yield, make_gang). 1 if
 * so (the caller lets the instruction run again, or the call be made again), 0 in core mode or
 * for a thread that is a gang's already. */
int ctx_want_gang(struct kthread* kt) {
  if (!ctxmode || !kt->unbound) return 0;
  ut(kt)->togang = 1;
  return 1;
}

/* p's gang on core c wants the core: its entity waits in the queue of the core's context 0. */
void ctx_gang_want(struct proc* p, int c) {
  struct gangent* g = gang_of(p, c);
  int a = cpunum(c, 0);
  if (!g->p) {
    fair_entity_init(&g->se, p, 0);
    g->p = p;
    g->isnew = 1;
    ncookied++;
  }
  if (g->se.on_rq || hw[c].gang == g) return;
  fair_enqueue(rq(a), &g->se, g->isnew ? FAIR_NEW : FAIR_WAKEUP);
  g->isnew = 0;
  ctx_tell(a);
}

/* Bound or detached kernel thread kt became runnable (ready_kt): a gang's thread wants its
 * core, whose context 0 takes it, or runs it at once if the gang holds the core (as in core
 * mode: its own context if that is live, asleep in the kernel, else context 0); a system call
 * that a notification parked runs on a CPU that passes through its scheduler: an idle one, or
 * one that gives its thread up on its way to user mode (ctx_must_yield). */
void ctx_ready_bound(struct kthread* kt) {
  struct proc* p = kt->proc;
  if (p == 0 || kt->ltn == 0) {
    for (int n = 0; n < ncpus; n++)
      if (idle_cpu(n)) {
        kick_cpu(n);
        return;
      }
    for (int n = 0; n < ncpus; n++) /* every CPU then looks on its way to user mode */
      if (n != cpuid() && cpus[n].user) ipi_raise(n);
    return;
  }
  int c = cpu_core[kt->cpu];
  if (!((p->cores >> c) & 1)) {
    ctx_gang_want(p, c); /* its entity joins the queue of the core's context 0 */
    return;
  }
  if (cpu_hwctx[kt->cpu] != 0) kick_cpu(kt->cpu); /* asleep on its own context, which it keeps */
  kick_cpu(cpunum(c, 0));
}

/* p's gang entities go (p is freed). */
static void gang_forget(struct proc* p) {
  for (int c = 0; c < ncores; c++) {
    struct gangent* g = gang_of(p, c);
    if (!g->p) continue;
    if (g->se.on_rq) fair_dequeue(rq(cpunum(c, 0)), &g->se);
    g->p = 0;
    ncookied--;
  }
}

/* The bound thread of p that a thread running here becomes: that of context 0 of this core if
 * free, as a core-mode process starts there with every other context free for its TFORKs; else
 * one of another free context of this core or another; 0 if every bound thread of p has state.
 * Its CPU number (rdhwr $0) is then that context's. */
static struct kthread* gang_slot(struct proc* p) {
  int me = cpu_core[cpuid()];
  for (int k = 0; k < ncores; k++) {
    int c = (me + k) % ncores;
    for (int i = 0; i < ncontexts; i++)
      if (ktof(p, c, i)->state == KT_NONE && !((p->cores >> c) & 1)) return ktof(p, c, i);
  }
  return 0;
}

/* kt, unbound, on its way to user mode, used a thread instruction or a kasane_ctx_* call: its
 * process becomes a gang (holds a whole core while it runs), and kt its bound thread of a
 * context there, with every register, FP register, signal and id of kt's; kt itself ends. The
 * instruction, or the call, runs again there. With no bound thread free, the process ends with
 * SIGILL, as a thread instruction it may not use would end it. */
static void make_gang(struct kthread* kt) {
  struct proc* p = kt->proc;
  struct uthread* u = ut(kt);
  u->togang = 0;
  syscall_settle(kt, SETTLE_NO_HANDLER); /* a call that asked for the gang runs again */
  struct kthread* b = gang_slot(p);
  if (b == 0) {
    proc_exit_signal(p, 4 /* SIGILL */);
    kt_exit(kt);
  }
  fpu_flush(kt);
  *b->tf = *kt->tf;
  b->tf->status &= ~ST_CU1; /* its FPU is loaded on first use */
  b->fp = kt->fp;
  b->userlocal = kt->userlocal;
  b->sigpending = kt->sigpending;
  b->tid = kt->tid;
  b->cleartid = kt->cleartid;
  if (kt->ismain) p->sigmask = u->sigmask;
  b->atuser = 1;
  b->state = KT_RUNNABLE;
  b->ctx.ra = (uint32_t)kt_start_user;
  b->ctx.sp = (uint32_t)b->tf - 16;
  p->gang = 1;
  if (u->cookie) ncookied--;
  kt->tid = 0;
  kt->cleartid = 0;
  kt->sigpending = 0;
  ctx_gang_want(p, cpu_core[b->cpu]);
  kt_exit(kt);
}

/* CPU n, context 0 of its core, picked gang entity g: the core is claimed for g's process; every
 * sibling CPU gives its thread back to its queue and lends its context (lend). */
static void gang_claim(int n, struct gangent* g) {
  struct corestate* h = &hw[cpu_core[n]];
  h->gang = g;
  h->holding = 0;
  h->turn_set = 0; /* the gang's turn, if it had one, is taken */
  drop_mm(n);
  for (int i = 1; i < ncontexts; i++) {
    struct kthread* kt = cpus[n + i].user;
    if (kt) {
      ut(kt)->resched = 1;
      ipi_raise(n + i);
    } else {
      kick_cpu(n + i);
    }
  }
}

/* Sibling CPU n lends its context to the gang that claimed its core: it frees the context (for
 * the gang's TFORK, or the kernel's startctx) and leaves this scheduler for good; the gang's
 * core gives it back with startctx (gang_release). */
static void lend(int n) __attribute__((noreturn));
static void lend(int n) {
  drop_mm(n);
  set_state(n, CPU_LENT);
  if (rq(n)->nr) kick_idle(n); /* its waiting threads: another core may take them */
  cpus[n].kt = 0;
  release();
  kasane_texit();
  /* Not from user mode: control never comes back here. */
  panic("lend: texit returned");
}

/* The claim on CPU n's core is complete (every sibling lent): the core is the gang's, as in core
 * mode (switchto): its address space and kernel stacks on every context, TFORK and the thread
 * instructions allowed, a fresh slice. */
static void gang_enter(int n) {
  struct gangent* g = hw[cpu_core[n]].gang;
  struct proc* p = g->p;
  int c = cpu_core[n];
  for (int i = 0; i < ncontexts; i++) {
    cpu_ctx[n + i] = (uint8_t)i;
    cpu_corep[n + i] = &cores[n];
    p->vm->cores |= 1u << (n + i);
    cur_pgdir[n + i] = p->vm->pgdir;
    cpu_kstack[n + i] = (uint32_t)ktof(p, c, i)->tf;
  }
  cores[n].proc = p;
  p->cores |= 1u << c;
  p->home = c;
  hw[c].holding = 1;
  g->from = cycles();
  c0_write(CP0_ENTRYHI, p->vm->asid);
  c0_write(CP0_TMASK, usermask | 1);
  c0_write(CP0_TCONTROL, TCONTROL_TU | TCONTROL_MU | TCONTROL_XT);
  kasane_tresume(1); /* wake tokens, as switchto gives them */
  set_state(n, CPU_GANG);
  procstat_core(p);
  timer_newslice();
}

/* The gang's turn on CPU n's core is over (gang_step stopped its contexts): the core goes back
 * to its CPUs, each started again in its own scheduler, and the gang waits again if it has more
 * to run here. */
static void gang_release(int n) {
  int c = cpu_core[n];
  struct gangent* g = hw[c].gang;
  struct proc* p = g->p;
  fair_account(rq(n), &g->se, cycles() - g->from);
  cores[n].proc = 0;
  p->cores &= ~(1u << c);
  switchkvm();
  for (int i = 0; i < ncontexts; i++) {
    cpu_ctx[n + i] = 0;
    cpu_corep[n + i] = &cores[n + i];
    cur_pgdir[n + i] = cur_pgdir[n];
    cores[n + i].proc = 0;
  }
  hw[c].gang = 0;
  hw[c].holding = 0;
  c0_write(CP0_TMASK, 0);
  c0_write(CP0_TCONTROL, TCONTROL_MU);
  /* A killed gang whose threads all sleep waits like any other for one to wake (ctx_ready_bound):
   * queued at once, it would take the core back and give it up again without end, and the
   * interrupt that wakes its threads would never be taken. */
  if (gang_has(p, c, KT_RUNNABLE)) {
    fair_enqueue(rq(n), &g->se, 0);
    kick_cpu(n);
  }
  /* Threads that waited on its CPUs go first: their cookie's turn, so that the gang, leftmost
   * in this queue, does not take the core straight back; it comes back at a sibling's tick
   * (coresched_tick), as any cookie that waits. */
  for (int i = 0; i < ncontexts; i++) {
    struct fair_entity* e = rq(n + i)->head;
    if (e && !is_gang(e)) {
      hw[c].turn = ctx_cookie_of(e);
      hw[c].turn_set = 1;
      hw[c].turn_at = hw[c].since = cycles();
      break;
    }
  }
  set_state(n, CPU_IDLE);
  procstat_core(0);
  for (int i = 1; i < ncontexts; i++) startctx(i);
  ctx_reap(p);
}

/* ---- the scheduler of a CPU ---- */

/* The next entity CPU n runs, taken off its queue, or 0: the policy's pick among those that fit
 * the cookie the core runs; a thread its affinity no longer lets run here waits elsewhere. */
static struct fair_entity* ctx_pick(int n) {
  struct fair_rq* q = rq(n);
  for (;;) {
    if (!q->head) return 0;
    struct fair_entity* se = ncookied && coresched_constrained(n) ? coresched_pick(n, q)
                                                                   : fair_pick(q, cs[n].last_mm, 0);
    if (!se) return 0;
    fair_dequeue(q, se);
    if (is_gang(se)) return se;
    struct kthread* kt = &of_se(se)->kt;
    if (uthread_allowed(kt, n)) return se;
    of_se(se)->core = select_cpu(kt); /* its affinity changed while it waited */
    uthread_enqueue(kt, 0);
    ctx_tell(of_se(se)->core);
  }
}

/* A detached system call of killed gang process p has ended (proc_detached_ended). If p holds a
 * core, that core's context 0 looks again: gang_step ends p's turn and gang_release frees it. If
 * not, and nothing else of p is left (no clone thread, no bound thread with kernel state, no
 * other detached call: each of those passes a scheduler that frees p when it ends), nothing
 * would ever look at p again: its gang claims a core once more, as when a killed gang's thread
 * wakes, for the one turn that frees it. Not ctx_reap here: this CPU may be another gang's
 * context 0, whose address space that would drop. */
void ctx_detached_ended(struct proc* p) {
  if (p->cores) {
    ctx_kick_proc(p);
    return;
  }
  if (p->nthreads) return;
  for (int n = 0; n < ncpus; n++)
    if (p->kt[n].state != KT_NONE) return;
  for (struct kthread* kt = parked; kt < &parked[nparked_used]; kt++)
    if (kt->state != KT_NONE && kt->proc == p) return;
  ctx_gang_want(p, p->home);
}

/* Killed process p may be freed now: nothing of it runs or waits anywhere. */
void ctx_reap(struct proc* p) {
  if (p->state != USED || !p->killed || p->nthreads || p->cores) return;
  for (int n = 0; n < ncpus; n++)
    if (p->kt[n].state != KT_NONE) return;
  drop_mm(cpuid());
  gang_forget(p);
  proc_reap_threads(p);
}

/* The scheduler of CPU n in context mode (sched.c's scheduler() comes here on a CPU's own stack,
 * with the lock held): run what may run, or idle. Never returns. */
void ctx_scheduler(void) {
  int n = cpuid(), c = cpu_core[n];
  struct corestate* h = &hw[c];
  for (;;) {
    if (h->gang) { /* a gang process holds or claims the core */
      if (cpu_hwctx[n] != 0) lend(n);
      if (!h->holding) {
        if (kasane_tstate() & ~1u)
          waitctxs(0); /* its siblings lend their contexts: their TEXIT ends the wait */
        else
          gang_enter(n);
        continue;
      }
      if (!gang_step(h->gang->p)) gang_release(n);
      continue;
    }
    /* Its thread left the CPU: siblings it forced idle may run now. Not only while ncookied:
     * the last thread with a cookie has already uncounted itself when it ended (uthread_free),
     * and the siblings it kept idle would wait for ever. */
    if (cs[n].state == CPU_RUN) coresched_left(n);
    sched_run_parked(); /* kernel work first: a system call a notification parked */
    struct fair_entity* se = ctx_pick(n);
    if (!se && pull(n)) se = ctx_pick(n);
    if (se && is_gang(se)) {
      gang_claim(n, (struct gangent*)se);
      continue;
    }
    if (se) {
      struct kthread* kt = &of_se(se)->kt;
      switch_mm(n, kt->proc);
      cs[n].last_mm = kt->proc;
      if (ncookied) coresched_started(n, of_se(se)->cookie);
      sched_run_ctx(kt);
    }
    drop_mm(n);
    int forced = rq(n)->nr > 0; /* threads wait that core scheduling keeps off the core */
    set_state(n, forced ? CPU_FORCED : CPU_IDLE);
    if (forced) coresched_forced(n);
    waitkick(0);
  }
}

/* Run kt on this CPU with a fresh slice (its tick is armed while others wait). */
void sched_run_ctx(struct kthread* kt) {
  timer_newslice();
  set_state(cpuid(), CPU_RUN);
  sched_run(kt);
}

/* Make p's main thread, which exec or fork left in its bound thread of CPU 0, an unbound thread
 * that may run on any CPU, with its creator's cookie, nice and affinity (a Linux child's), and
 * queue it. 0, or -1 if the thread pool or memory ran out. */
int ctx_newproc(struct proc* p) {
  struct kthread* k0 = &p->kt[0];
  struct kthread* me = mykt();
  struct kthread* kt = uthread_alloc(p);
  if (kt == 0) return -1;
  *kt->tf = *k0->tf;
  kt->userlocal = k0->userlocal;
  kt->fp = k0->fp;
  kt->tid = k0->tid;
  kt->cleartid = k0->cleartid; /* a clone child's CLONE_CHILD_CLEARTID word */
  kt->ismain = 1;
  kt->ctx.ra = (uint32_t)kt_start_user;
  kt->ctx.sp = (uint32_t)kt->tf - 16;
  if (me && me->unbound) {
    p->affinity = balance_getaffinity(me);
    prio_inherit(me, kt);
  }
  k0->state = KT_NONE;
  k0->tid = 0;
  k0->atuser = 0;
  ready_kt(kt);
  return 0;
}
