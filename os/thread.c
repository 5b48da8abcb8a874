/* Linux threads of a user program (1:1): clone with NPTL's flags, gettid, set_tid_address, exit
 * of one thread, tgkill. A thread is one more bound kernel thread of the caller's process
 * (struct kthread, with a tid), on a free context: it shares the process's address space, files
 * and signal handlers because it is the process's, and the gang scheduler runs, parks and moves
 * it like any other context of the process. os/README.md, "Threads", says why and what it costs.
 *
 * futex and the wake-up of a CLONE_CHILD_CLEARTID joiner are futex.c's. */
#include <kasane/kasane_isa.h>

#include "defs.h"
#include "errno.h"
#include "mips.h"
#include "param.h"
#include "proc.h"

#define CSIGNAL 0x000000ff /* Linux's clone flags */
#define CLONE_VM 0x00000100
#define CLONE_FS 0x00000200
#define CLONE_FILES 0x00000400
#define CLONE_SIGHAND 0x00000800
#define CLONE_THREAD 0x00010000
#define CLONE_SYSVSEM 0x00040000
#define CLONE_SETTLS 0x00080000
#define CLONE_PARENT_SETTID 0x00100000
#define CLONE_CHILD_CLEARTID 0x00200000

/* What a thread must share: everything a process has (a new process is kasane_spawn's). */
#define CLONE_NEEDED (CLONE_VM | CLONE_FS | CLONE_FILES | CLONE_SIGHAND | CLONE_THREAD)
/* What NPTL may add. SYSVSEM asks to share semaphore undo lists, which do not exist here. */
#define CLONE_OPTIONAL \
  (CLONE_SYSVSEM | CLONE_SETTLS | CLONE_PARENT_SETTID | CLONE_CHILD_CLEARTID)

/* The thread id of kt: its own, or for a context the runtime started (tid 0) the pid, as
 * gettid always said before there were threads. */
int thread_tid(struct kthread* kt) { return kt->tid ? kt->tid : kt->proc->pid; }

/* Whether p has a thread with a tid other than kt. */
static int other_threads(struct proc* p, struct kthread* kt) {
  for (int n = 0; n < ncpus; n++)
    if (&p->kt[n] != kt && p->kt[n].tid) return 1;
  return 0;
}

/* A kernel thread of p for a new thread: a free context of this core (not live, no kernel
 * state), else context 1.. of a core p's affinity allows and p is not on (there the kernel knows
 * no user code holds it; the thread waits for that core, as kasane_ctx_start's do). *here says
 * which. 0 if none. */
static struct kthread* free_thread(struct proc* p, int* here) {
  int me = coreid();
  uint32_t live = kasane_tstate();
  for (int i = 1; i < ncontexts; i++) {
    struct kthread* kt = ktof(p, me, i);
    if (!((live >> i) & 1) && kt->state == KT_NONE) {
      *here = 1;
      return kt;
    }
  }
  for (int c = 0; c < ncores; c++) {
    if (c == me || ((p->cores >> c) & 1) || !affinity_allows(p, c)) continue;
    for (int i = 1; i < ncontexts; i++) {
      struct kthread* kt = ktof(p, c, i);
      if (kt->state == KT_NONE) {
        *here = 0;
        return kt;
      }
    }
  }
  return 0;
}

/* clone(flags, newsp, ptid, tls, ctid), o32's order: a new thread of the caller's process that
 * returns 0 from the call with the caller's registers, on stack newsp (the caller's if 0), with
 * UserLocal tls if CLONE_SETTLS. Its tid goes to *ptid with CLONE_PARENT_SETTID; with
 * CLONE_CHILD_CLEARTID, *ctid is zeroed and futex-woken when it exits. The tid; -EINVAL for
 * other flags, -EFAULT for a bad ptid or ctid (checked before the thread exists), -EAGAIN when no
 * context is free for it. */
int32_t sys_clone(void) {
  struct kthread* me = mykt();
  struct proc* p = me->proc;
  uint32_t flags, newsp, ptid, tls, ctid;
  argint(0, &flags);
  argint(1, &newsp);
  argaddr(2, &ptid);
  argint(3, &tls);
  if (argaddr(4, &ctid) < 0) return -EFAULT;
  if ((flags & CLONE_NEEDED) != CLONE_NEEDED || (flags & ~(CLONE_NEEDED | CLONE_OPTIONAL)))
    return -EINVAL;
  if ((flags & CLONE_PARENT_SETTID) && !uvm_accessok(&p->vm, ptid, 4, 1)) return -EFAULT;
  if ((flags & CLONE_CHILD_CLEARTID) && !uvm_accessok(&p->vm, ctid, 4, 1)) return -EFAULT;
  int here;
  struct kthread* kt = free_thread(p, &here);
  /* Started before it is filled in: user code may TFORK the context first (then EAGAIN, the
   * thread untouched); the started context waits for our lock before it looks at it. */
  if (kt == 0 || (here && !trystartctx(kt->ltn - 1))) return -EAGAIN;
  int tid = newpid();
  if ((flags & CLONE_PARENT_SETTID) && copyout(&p->vm, ptid, &tid, 4) < 0) return -EFAULT;

  *kt->tf = *me->tf; /* epc is past the syscall already (syscall.c) */
  kt->tf->regs[REG_V0] = 0;
  kt->tf->regs[REG_A3] = 0;
  if (newsp) kt->tf->regs[REG_SP] = newsp;
  kt->tf->status &= ~(IM_TIMER | ST_CU1); /* its FPU is loaded on first use */
  kt->userlocal = (flags & CLONE_SETTLS) ? tls : me->userlocal;
  fpu_flush(me);
  kt->fp = me->fp;
  kt->sigpending = 0;
  kt->tid = tid;
  kt->cleartid = (flags & CLONE_CHILD_CLEARTID) ? ctid : 0;
  kt->atuser = 1;
  kt->state = KT_RUNNABLE;
  kt->ctx.ra = (uint32_t)kt_start_user;
  kt->ctx.sp = (uint32_t)kt->tf - 16;
  if (!here) ready_kt(kt);
  return tid;
}

/* gettid(): the calling thread's id (thread_tid). */
int32_t sys_gettid(void) { return thread_tid(mykt()); }

/* set_tid_address(tidptr): the word to zero and futex-wake when the calling thread exits alone
 * (Linux checks it only then, and ignores a fault). The caller's tid. */
int32_t sys_set_tid_address(void) {
  struct kthread* kt = mykt();
  argaddr(0, &kt->cleartid);
  return thread_tid(kt);
}

/* exit(status): end the calling thread. If the process has no other thread with a tid, or the
 * caller is a context the runtime started (tid 0), that ends the process, as exit_group does
 * (its status: the main thread's, if that left first, as Linux reports). Otherwise the thread
 * alone goes: its CLEARTID word is zeroed and one waiter on it woken, its context freed. */
int32_t sys_exit_thread(void) {
  struct kthread* kt = mykt();
  struct proc* p = kt->proc;
  uint32_t status;
  argint(0, &status);
  if (kt->tid == 0 || !other_threads(p, kt)) {
    proc_exit(p, p->mainleft ? p->xstatus : (int)(status & 0xff));
    return 0;
  }
  if (kt->tid == p->pid) {
    p->xstatus = status & 0xff;
    p->mainleft = 1;
  }
  if (kt->cleartid) {
    uint32_t zero = 0;
    if (copyout(&p->vm, kt->cleartid, &zero, 4) == 0) futex_wake(p, kt->cleartid, 1);
  }
  kt->tid = 0;
  kt->cleartid = 0;
  kt->sigpending = 0; /* nothing of it reaches the context's next thread */
  kt_exit(kt);
}

/* tgkill(tgid, tid, sig): send sig to thread tid of process tgid: pending for that thread alone
 * (sigthread.c) when it is a clone thread, or the main thread of a process that has some;
 * otherwise (tid is tgid, no threads) to the process, as kill. sig 0 only checks. 0; -EINVAL for
 * a bad id or signal, -ESRCH for no such process or thread. */
int32_t sys_tgkill(void) {
  uint32_t tgid, tid, sig;
  argint(0, &tgid), argint(1, &tid), argint(2, &sig);
  if ((int32_t)tgid <= 0 || (int32_t)tid <= 0 || sig >= NSIG) return -EINVAL;
  for (struct proc* p = proc; p < &proc[NPROC]; p++) {
    if (p->state != USED || p->pid != (int32_t)tgid) continue;
    for (int n = 0; n < ncpus; n++) {
      struct kthread* kt = &p->kt[n];
      if (kt->tid != (int32_t)tid || !other_threads(p, kt)) continue;
      if (sig) signal_send_kt(kt, (int)sig);
      return 0;
    }
    if (tid != tgid) return -ESRCH;
    return proc_kill((int32_t)tgid, (int32_t)sig);
  }
  return -ESRCH;
}
