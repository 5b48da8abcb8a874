/* Gangs: the contexts of one process on each core it uses, and how a gang changes core.
 *
 * A process may be on several cores at once. On each core it is on it owns every context (gang
 * scheduling per core, sched.c), and its kernel threads are named by machine-wide CPU number:
 * p->kt[n] is the kernel half of CPU n (core n / ncontexts, LTN n % ncontexts + 1), so a trap,
 * cpu_kstack, cur_pgdir, a signal to one context (sigthread.c) and a notification slot
 * (notify.c) all go by the CPU number the hardware gives (EBase.CPUNum, rdhwr $0). The kernel
 * threads of one core are the process's gang there; proc.cores names the cores whose contexts the
 * process owns at this moment. kasane_ctx_start gives a process a thread on another core, which
 * makes it want that core: the core's anchor picks it (sched.c, ready) when idle, else at its
 * slice end. All of a process's cores share its one address space and ASID; vm.cores records the
 * cores whose TLB may hold it, for the shoot-downs of munmap, mprotect and exit (smp.c).
 *
 * A gang moves to another core only when every thread of it is on its way to user mode with
 * nothing but its registers to restore (kthread.atuser): its trapframe, FP registers, UserLocal
 * and pending signals are copied to the same LTN's kernel thread on the new core, which starts
 * there as a new thread does. That is how a process that is on no core goes to whichever core
 * is free (as a process on one core always could), and how it leaves a core its affinity no
 * longer allows. Its threads' CPU numbers change with it; a runtime registered for kernel
 * notifications keeps its ThMB slots, which the kernel moves along (notify_move). */
#include <kasane/kasane_isa.h>

#include "defs.h"
#include "errno.h"
#include "param.h"
#include "proc.h"

int ncpus = 1; /* CPUs of the machine: ncores * ncontexts (smpinit) */

/* Whether p's gang on core c may move: p is not running there, at least one of its threads
 * waits to run, and every one that does is on its way to user mode (no kernel frames). */
int gang_movable(struct proc* p, int c) {
  if ((p->cores >> c) & 1) return 0;
  int any = 0;
  for (int i = 0; i < ncontexts; i++) {
    struct kthread* kt = ktof(p, c, i);
    if (kt->state == KT_NONE) continue;
    if (kt->state != KT_RUNNABLE || !kt->atuser) return 0;
    any = 1;
  }
  return any;
}

/* A core whose gang of p this core may take, or -1: p has nothing on this core, and the gang is
 * movable and either p is on no core at all (it goes to whichever core is free) or its
 * affinity no longer allows the gang's core. */
int gang_from(struct proc* p) {
  int me = coreid();
  if (gang_has(p, me, KT_NONE)) return -1;
  for (int c = 0; c < ncores; c++)
    if (c != me && gang_movable(p, c) && (p->cores == 0 || !affinity_allows(p, c))) return c;
  return -1;
}

/* Move p's gang on core `from` to this core (gang_from said it may). */
void gang_move(struct proc* p, int from) {
  int me = coreid();
  for (int i = 0; i < ncontexts; i++) {
    struct kthread* src = ktof(p, from, i);
    struct kthread* dst = ktof(p, me, i);
    if (src->state == KT_NONE) continue;
    *dst->tf = *src->tf;
    dst->fp = src->fp;
    dst->userlocal = src->userlocal;
    dst->sigpending = src->sigpending;
    dst->tid = src->tid; /* a thread keeps its id and CLEARTID word on the new core */
    dst->cleartid = src->cleartid;
    dst->atuser = 1;
    dst->state = KT_RUNNABLE;
    dst->ctx.ra = (uint32_t)kt_start_user;
    dst->ctx.sp = (uint32_t)dst->tf - 16;
    src->state = KT_NONE;
    src->sigpending = 0;
    src->tid = 0;
    src->cleartid = 0;
    src->atuser = 0;
  }
  notify_move(p, from, me);
}

/* The core kasane_ctx_start(-1) picks: of the cores p's affinity allows and where it could
 * start a thread (not one p is on, but the caller's), an idle one first, then the caller's, then
 * a busy one; the lowest numbered among equals. -1 if none. */
static int least_loaded(struct proc* p) {
  int best = -1, bestload = 3;
  for (int c = 0; c < ncores; c++) {
    if (!affinity_allows(p, c) || (((p->cores >> c) & 1) && c != coreid())) continue;
    int load = cores[c].proc == 0 ? 0 : cores[c].proc == p ? 1 : 2;
    if (load < bestload) best = c, bestload = load;
  }
  return best;
}

/* Make kernel thread kt (of a core p does not run on now, or of a context of this core just
 * started) start user code at pc with $a0 = arg and $sp = sp, and the caller me's $gp, status,
 * UserLocal and FP registers, as clone() would. */
void kt_prepare_user(struct kthread* me, struct kthread* kt, uint32_t pc, uint32_t arg,
                     uint32_t sp) {
  memset(kt->tf, 0, sizeof *kt->tf);
  kt->tf->epc = pc;
  kt->tf->regs[REG_A0] = arg;
  kt->tf->regs[REG_SP] = sp;
  kt->tf->regs[REG_GP] = me->tf->regs[REG_GP];
  kt->tf->status = me->tf->status & ~(IM_TIMER | ST_CU1); /* its FPU is loaded on first use */
  kt->userlocal = me->userlocal;
  fpu_flush(me);
  kt->fp = me->fp; /* as clone() copies the FP registers */
  kt->atuser = 1;
  kt->state = KT_RUNNABLE;
  kt->ctx.ra = (uint32_t)kt_start_user;
  kt->ctx.sp = (uint32_t)kt->tf - 16;
}

/* kasane_ctx_start(core, pc, arg, sp): a thread of the caller's process on a free context
 * 1.. of core `core` (-1: least_loaded), as kasane_ctx_spawn on the caller's own core. On a
 * core the process is not on, the thread waits for the core (ready_kt tells its anchor). On a
 * core it is on elsewhere the kernel cannot see which contexts user code holds (TState is a
 * core's own): EAGAIN, and the caller starts it from a thread of that core instead. The CPU
 * number of the context, -EAGAIN, or -EINVAL for no such core or one outside the affinity. */
int32_t sys_kasane_ctx_start(void) {
  if (ctx_want_gang(mykt())) return -ERESTARTNOHAND; /* again, once it holds its core */
  struct kthread* me = mykt();
  struct proc* p = me->proc;
  uint32_t core, pc, arg, sp;
  argint(0, &core);
  argint(1, &pc);
  argint(2, &arg);
  argint(3, &sp);
  int c = (int32_t)core == -1 ? least_loaded(p) : (int32_t)core;
  if (c < 0 || c >= ncores || !affinity_allows(p, c)) return -EINVAL;
  int here = c == coreid();
  if (!here && ((p->cores >> c) & 1)) return -EAGAIN;
  uint32_t live = here ? kasane_tstate() : 0;
  for (int i = 1; i < ncontexts; i++) {
    struct kthread* kt = ktof(p, c, i);
    if (((live >> i) & 1) || kt->state != KT_NONE) continue;
    if (here && !trystartctx(i)) continue; /* user code took it: it waits for our lock */
    kt_prepare_user(me, kt, pc, arg, sp);
    if (!here) ready_kt(kt);
    return kt->cpu;
  }
  return -EAGAIN;
}

/* kasane_ctx_map(masks, n): masks[c] for each core c < n: every context of a core the process
 * is on now (bit i = LTN i + 1), or on a core it is not on, those whose threads wait for it. The
 * number of cores. With n > 0, in context mode, the caller's process becomes a gang first. */
int32_t sys_kasane_ctx_map(void) {
  struct proc* p = myproc();
  uint32_t umasks, n;
  argaddr(0, &umasks);
  argint(1, &n);
  /* Asking which contexts it holds, a process shows it uses them: in context mode it then
   * holds its core (ctxsched.c). n = 0, the number of cores alone, is a question only. */
  if (n && ctx_want_gang(mykt())) return -ERESTARTNOHAND;
  for (int c = 0; c < ncores && (uint32_t)c < n; c++) {
    uint32_t m = 0;
    for (int i = 0; i < ncontexts; i++)
      if (((p->cores >> c) & 1) || ktof(p, c, i)->state != KT_NONE) m |= 1u << i;
    if (copyout(p->vm, umasks + 4 * c, &m, 4) < 0) return -EFAULT;
  }
  return ncores;
}
