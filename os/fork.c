/* New processes the Linux way: clone without CLONE_THREAD, which is what glibc's fork() and
 * posix_spawn() and BusyBox's vfork() make, and fork itself. The child is a copy of the caller:
 * its memory (copy-on-write, vm.c's uvm_copy; or shared with CLONE_VM: a vfork child borrows its
 * parent's address space until it execs or exits), its descriptors (the same open files, with their
 * close-on-exec flags), its signal actions and the calling thread's mask, registers, FPU state
 * and TLS. The child has one thread, the caller's, on context 0 whatever context the caller ran
 * on: a program that forks from a thread must reset its thread library in the child, as Linux's
 * fork asks of it (glibc does).
 *
 * Threads (CLONE_THREAD) are thread.c's; exec is exec.c's; exit, wait and reaping are proc.c's. */
#include <kasane/clone.h>
#include <kasane/signo.h>

#include "defs.h"
#include "errno.h"
#include "file.h"
#include "mips.h"
#include "param.h"
#include "proc.h"

/* What a new process may be asked for besides its exit signal. CLONE_VM shares the address space
 * (a vfork child, or posix_spawn's); the tid flags as for threads, CLONE_CHILD_SETTID storing
 * into the child's memory. SYSVSEM (no System V semaphores here), PTRACE and UNTRACED (no
 * tracing), IO and DETACHED (ignored by Linux too) change nothing. */
#define CLONE_PROCESS_FLAGS                                                                      \
  (CSIGNAL | CLONE_VM | CLONE_PTRACE | CLONE_VFORK | CLONE_SYSVSEM | CLONE_SETTLS |              \
   CLONE_PARENT_SETTID | CLONE_CHILD_CLEARTID | CLONE_DETACHED | CLONE_UNTRACED |               \
   CLONE_CHILD_SETTID | CLONE_IO)

/* The process with id pid (not unused), or 0. */
struct proc* proc_find(int pid) {
  for (struct proc* p = proc; p < &proc[NPROC]; p++)
    if (p->state != UNUSED && p->pid == pid) return p;
  return 0;
}

/* Wait in the calling thread until the vfork child pid has exec'd or ended (or the caller's
 * process is being killed): Linux's killable vfork wait, which a signal does not end. */
static void vfork_wait(int pid) {
  for (;;) {
    struct kthread* kt = mykt();
    struct proc* c = proc_find(pid);
    if (kt->proc->killed || c == 0 || !c->vfork) return;
    kt->interruptible = 1; /* a kill ends it; a signal only wakes it to look again */
    sleep(c);
    mykt()->interruptible = 0;
  }
}

/* p no longer uses its parent's memory (it exec'd or ended): a parent waiting in vfork goes on. */
void vfork_release(struct proc* p) {
  if (!p->vfork) return;
  p->vfork = 0;
  wakeup(p);
}

/* Copy into p what a child inherits from its parent besides memory and threads: descriptors,
 * working directory and umask, signal actions, process group and session, name, program file
 * and where its arguments lie (/proc/PID/exe and cmdline), affinity. */
static void inherit(struct proc* p, struct proc* parent) {
  p->parent = parent;
  p->affinity = parent->affinity; /* as a Linux child inherits it across fork */
  p->pgid = parent->pgid;
  p->sid = parent->sid;
  safestrcpy(p->name, parent->name, sizeof p->name);
  p->exe_boot = parent->exe_boot;
  safestrcpy(p->exe, parent->exe, sizeof p->exe);
  p->argstart = parent->argstart;
  p->argend = parent->argend;
  proc_inheritfs(p, parent);
  memmove(p->sigact, parent->sigact, sizeof p->sigact);
  for (int fd = 0; fd < NOFILE; fd++)
    if (parent->ofile[fd]) p->ofile[fd] = filedup(parent->ofile[fd]);
  p->cloexec = parent->cloexec;
}

/* clone(flags, newsp, ptid, tls, ctid) without CLONE_THREAD (thread.c sends it here): a child
 * process that returns 0 from the call with the caller's registers, on stack newsp if not 0, with
 * UserLocal tls if CLONE_SETTLS, sending its parent signal flags & CSIGNAL when it ends (0: none;
 * then only wait with __WCLONE or __WALL finds it). CLONE_VM shares the caller's memory instead
 * of copying it; CLONE_VFORK makes the caller wait until the child execs or ends. The child's pid;
 * -EINVAL for a flag a process cannot have here (sharing files, handlers or the file-system
 * context with another process, namespaces, CLONE_PARENT, pidfds), -EFAULT for a bad ptid or
 * ctid (checked before the child exists), -EAGAIN when the process table is full, -ENOMEM when
 * memory is. */
int32_t proc_clone(uint32_t flags, uint32_t newsp, uint32_t ptid, uint32_t tls, uint32_t ctid) {
  struct kthread* me = mykt();
  struct proc* parent = me->proc;
  if (flags & ~CLONE_PROCESS_FLAGS) return -EINVAL;
  if ((flags & CLONE_PARENT_SETTID) && !uvm_accessok(parent->vm, ptid, 4, 1)) return -EFAULT;
  if ((flags & (CLONE_CHILD_SETTID | CLONE_CHILD_CLEARTID)) &&
      !uvm_accessok(parent->vm, ctid, 4, 1))
    return -EFAULT;
  struct proc* p = allocproc();
  if (p == 0) return -EAGAIN;
  p->vm = (flags & CLONE_VM) ? uvm_get(parent->vm) : uvm_copy(parent->vm);
  if (p->vm == 0) {
    freeproc(p);
    return -ENOMEM;
  }
  inherit(p, parent);
  p->exitsig = flags & CSIGNAL;
  p->sigmask = *sigmaskof(me); /* the calling thread's */

  struct kthread* kt = &p->kt[0];
  *kt->tf = *me->tf; /* epc is past the syscall already (syscall.c) */
  kt->tf->regs[REG_V0] = 0;
  kt->tf->regs[REG_A3] = 0;
  if (newsp) kt->tf->regs[REG_SP] = newsp;
  kt->tf->status &= ~ST_CU1; /* its FPU is loaded on first use */
  kt->userlocal = (flags & CLONE_SETTLS) ? tls : me->userlocal;
  fpu_flush(me);
  kt->fp = me->fp;
  kt->tid = p->pid;
  kt->cleartid = (flags & CLONE_CHILD_CLEARTID) ? ctid : 0;
  prio_inherit(me, kt); /* its creator's nice (sysprio.c) */
  if (flags & CLONE_CHILD_SETTID) copyout(p->vm, ctid, &p->pid, 4); /* checked above */
  if (flags & CLONE_PARENT_SETTID) copyout(parent->vm, ptid, &p->pid, 4);
  p->vfork = (flags & CLONE_VFORK) != 0;
  int pid = proc_start(p);
  if (pid > 0 && (flags & CLONE_VFORK)) vfork_wait(pid);
  return pid;
}

/* fork(): clone(SIGCHLD), which o32 also has as a call of its own. */
int32_t sys_fork(void) { return proc_clone(SIGCHLD, 0, 0, 0, 0); }
