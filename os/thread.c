/* Linux threads of a user program (1:1): clone with NPTL's flags, gettid, set_tid_address, exit
 * of one thread, tgkill. A thread is one more kernel thread of the caller's process, unbound
 * (uthread.c: a struct kthread with a tid from the pool, queued on its core and run by whichever
 * context of the process is free): it shares the process's address space, files and signal
 * handlers because it is the process's. os/README.md, "Threads", says how it is scheduled.
 *
 * futex and the wake-up of a CLONE_CHILD_CLEARTID joiner are futex.c's. */
#include <kasane/clone.h>
#include <kasane/kasane_isa.h>

#include "defs.h"
#include "errno.h"
#include "mips.h"
#include "param.h"
#include "proc.h"

/* What a thread must share: everything a process has (a new process is kasane_spawn's). */
#define CLONE_NEEDED (CLONE_VM | CLONE_FS | CLONE_FILES | CLONE_SIGHAND | CLONE_THREAD)
/* What NPTL may add. SYSVSEM asks to share semaphore undo lists, which do not exist here. */
#define CLONE_OPTIONAL \
  (CLONE_SYSVSEM | CLONE_SETTLS | CLONE_PARENT_SETTID | CLONE_CHILD_CLEARTID)

/* The thread id of kt: its own, or for a context the runtime started (tid 0) the pid, as
 * gettid always said before there were threads. */
int thread_tid(struct kthread* kt) { return kt->tid ? kt->tid : kt->proc->pid; }

/* Whether p has a thread with a tid other than kt (every clone thread has one). */
static int other_threads(struct proc* p, struct kthread* kt) {
  if (p->nthreads > (kt->unbound ? 1 : 0)) return 1;
  for (int n = 0; n < ncpus; n++)
    if (&p->kt[n] != kt && p->kt[n].tid) return 1;
  return 0;
}

/* clone(flags, newsp, ptid, tls, ctid), o32's order, with CLONE_THREAD (a new process is
 * fork.c's proc_clone): a new thread of the caller's process that
 * returns 0 from the call with the caller's registers, on stack newsp (the caller's if 0), with
 * UserLocal tls if CLONE_SETTLS. Its tid goes to *ptid with CLONE_PARENT_SETTID; with
 * CLONE_CHILD_CLEARTID, *ctid is zeroed and futex-woken when it exits. The tid; -EINVAL for
 * other flags, -EFAULT for a bad ptid or ctid (checked before the thread exists), -EAGAIN when the
 * thread pool (NTHREAD) or memory for its kernel stack is exhausted. */
int32_t sys_clone(void) {
  struct kthread* me = mykt();
  struct proc* p = me->proc;
  uint32_t flags, newsp, ptid, tls, ctid;
  argint(0, &flags);
  argint(1, &newsp);
  argaddr(2, &ptid);
  argint(3, &tls);
  if (argaddr(4, &ctid) < 0) return -EFAULT;
  if (!(flags & CLONE_THREAD)) return proc_clone(flags, newsp, ptid, tls, ctid); /* fork.c */
  if ((flags & CLONE_NEEDED) != CLONE_NEEDED || (flags & ~(CLONE_NEEDED | CLONE_OPTIONAL)))
    return -EINVAL;
  if ((flags & CLONE_PARENT_SETTID) && !uvm_accessok(p->vm, ptid, 4, 1)) return -EFAULT;
  if ((flags & CLONE_CHILD_CLEARTID) && !uvm_accessok(p->vm, ctid, 4, 1)) return -EFAULT;
  struct kthread* kt = uthread_alloc(p);
  if (kt == 0) return -EAGAIN;
  int tid = newpid();
  if ((flags & CLONE_PARENT_SETTID) && copyout(p->vm, ptid, &tid, 4) < 0) {
    uthread_free(kt);
    return -EFAULT;
  }

  *kt->tf = *me->tf; /* epc is past the syscall already (syscall.c) */
  kt->tf->regs[REG_V0] = 0;
  kt->tf->regs[REG_A3] = 0;
  if (newsp) kt->tf->regs[REG_SP] = newsp;
  kt->tf->status &= ~(IM_TIMER | ST_CU1); /* its FPU is loaded on first use */
  kt->userlocal = (flags & CLONE_SETTLS) ? tls : me->userlocal;
  fpu_flush(me);
  kt->fp = me->fp;
  kt->sigpending = 0;
  *sigmaskof(kt) = *sigmaskof(me); /* a new thread starts with its creator's mask */
  kt->tid = tid;
  kt->cleartid = (flags & CLONE_CHILD_CLEARTID) ? ctid : 0;
  prio_inherit(me, kt); /* its creator's nice (sysprio.c) */
  kt->ctx.ra = (uint32_t)kt_start_user;
  kt->ctx.sp = (uint32_t)kt->tf - 16;
  ready_kt(kt); /* queued on this core; a free context is started for it */
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
 * alone goes: its CLEARTID word is zeroed and one waiter on it woken, its context freed (a clone
 * thread's slot and stack too, once off its stack: sched.c). */
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
    if (copyout(p->vm, kt->cleartid, &zero, 4) == 0) futex_wake(p, kt->cleartid, 1);
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
    struct kthread* kt = uthread_find(p, (int32_t)tid);
    if (kt) {
      if (sig) signal_send_kt(kt, (int)sig, myproc()->pid);
      return 0;
    }
    for (int n = 0; n < ncpus; n++) {
      kt = &p->kt[n];
      if (kt->tid != (int32_t)tid || !other_threads(p, kt)) continue;
      if (sig) signal_send_kt(kt, (int)sig, myproc()->pid);
      return 0;
    }
    if (tid != tgid) return -ESRCH;
    return proc_kill((int32_t)tgid, (int32_t)sig, myproc()->pid, 1);
  }
  return -ESRCH;
}
