/* Processes: the process table, creating processes (the first from the boot image, the others
 * with spawn), ending them (exit, faults, kill) and waiting for them.
 *
 * A process ends in two steps. proc_exit() marks it killed; each of its kernel threads leaves at
 * its next chance (kt_exit: on the way back to user mode, or when a sleep is interrupted), and
 * context 0 stops its user contexts (sched.c). When nothing of it runs any more,
 * proc_reap_threads() frees its memory and files and makes it a zombie for its parent's wait. */
#include <kasane/bootinfo.h>

#include "defs.h"
#include "errno.h"
#include "file.h"
#include "mips.h"
#include "param.h"
#include "proc.h"

struct proc proc[NPROC];
static int nextpid = 1;

/* A new process or thread id: pids and tids come from one counter, as in Linux, and none is
 * used twice. */
int newpid(void) { return nextpid++; }

/* Set up the kernel thread of CPU i of p with a stack and an empty trapframe at its top. */
static int ktinit(struct proc* p, int i) {
  struct kthread* kt = &p->kt[i];
  memset(kt, 0, sizeof *kt);
  kt->kstack = kalloc();
  if (kt->kstack == 0) return -1;
  kt->proc = p;
  kt->ltn = i % ncontexts + 1;
  kt->cpu = i;
  kt->tf = (struct trapframe*)(kt->kstack + KSTACKSIZE - sizeof *kt->tf);
  memset(kt->tf, 0, sizeof *kt->tf);
  return 0;
}

/* An unused process slot with a pid, an ASID and a kernel thread (and stack) per CPU of the
 * machine, no memory yet (exec gives it some); 0 if there is none. */
struct proc* allocproc(void) {
  for (struct proc* p = proc; p < &proc[NPROC]; p++) {
    if (p->state != UNUSED) continue;
    memset(p, 0, sizeof *p);
    for (int i = 0; i < ncpus; i++) {
      if (ktinit(p, i) < 0) {
        freeproc(p);
        return 0;
      }
    }
    p->pid = newpid();
    p->vm.asid = 1 + (p - proc) % (NASID - 1); /* a slot keeps its ASID; 0 is never used */
    p->affinity = allcores();
    p->state = USED;
    p->home = coreid(); /* its creator's core; an idle core takes it from there */
    return p;
  }
  return 0;
}

/* Free what allocproc and exec gave p and make the slot unused. */
void freeproc(struct proc* p) {
  for (int i = 0; i < NCTX; i++)
    if (p->kt[i].kstack) kfree(p->kt[i].kstack);
  if (p->vm.pgdir) uvm_free(&p->vm);
  memset(p, 0, sizeof *p);
}

/* The boot processes (pids 1..nboot, made before any other): the run ends when the last ends,
 * with the first nonzero status any of them ended with (0 if none). */
static int nboot, bootleft, bootstatus;

static void userinit_one(const struct kasane_bootinfo* bi, const struct kasane_bootprog* prog,
                         uint32_t i);

/* Create the processes of the boot image: its program, or each of the --workload file's, pinned
 * to its CPU if the file says so (in core mode to that CPU's core). A program that cannot run
 * ends the machine with status 126 (the shell's "cannot execute") and one console line saying
 * why, before anything runs. */
void userinit(const struct kasane_bootinfo* bi) {
  const struct kasane_bootprog* progs = P2V(bi->programs_pa);
  if (bi->nprograms == 0) {
    printf("kasane: exec: no program in the boot image\n");
    halt(126);
  }
  /* Not from user mode: boot, before any program runs. */
  if (bi->nprograms > NPROC) panic("userinit: %u programs, %d process slots", bi->nprograms, NPROC);
  nboot = bootleft = (int)bi->nprograms;
  for (uint32_t i = 0; i < bi->nprograms; i++) userinit_one(bi, &progs[i], i);
}

/* Create boot process i from prog (program 0 from the bootinfo's own fields). */
static void userinit_one(const struct kasane_bootinfo* bi, const struct kasane_bootprog* prog,
                         uint32_t i) {
  struct proc* p = allocproc();
  /* Not from user mode: boot, before any program runs. */
  if (p == 0) panic("userinit: no memory for the first process");
  const char* why = i == 0 ? exec_boot(p, bi) : exec_bootprog(p, prog);
  if (why) {
    if (bi->nprograms > 1) printf("kasane: exec: %s: %s\n", prog->name, why);
    else printf("kasane: exec: %s\n", why);
    halt(126);
  }
  if (prog->name[0]) safestrcpy(p->name, prog->name, sizeof p->name);
  if (prog->cpu >= 0 && prog->cpu < ncpus)
    p->affinity = 1u << (ctxmode ? prog->cpu : cpu_core[prog->cpu]);
  fileinit_proc(p);
  p->kt[0].tid = p->pid; /* the main thread's tid is the pid (thread.c) */
  p->kt[0].state = KT_RUNNABLE;
  p->kt[0].atuser = 1; /* on CPU 0 until a core takes it (gang.c) */
  p->kt[0].ctx.ra = (uint32_t)kt_start_user;
  p->kt[0].ctx.sp = (uint32_t)p->kt[0].tf - 16;
  procstat_new(p);
  /* Not from user mode: boot, before any program runs. */
  if (ctxmode && ctx_newproc(p) < 0) panic("userinit: no memory for the first thread");
}

/* spawn(path, argv, envp): a new process running program path, a child of the caller, with the
 * caller's open files. Returns its pid or -errno. */
int proc_spawn(const char* path, uint32_t argv, uint32_t envp) {
  struct proc* parent = myproc();
  struct proc* p = allocproc();
  if (p == 0) return -EAGAIN;
  const char* why = exec_path(p, path, &parent->vm, argv, envp);
  if (why) {
    freeproc(p);
    return why == EXEC_ENOENT ? -ENOENT : why == EXEC_EFAULT ? -EFAULT
         : why == EXEC_E2BIG  ? -E2BIG
         : why == EXEC_ENOMEM ? -ENOMEM : -ENOEXEC;
  }
  p->parent = parent;
  p->affinity = parent->affinity; /* as a Linux child inherits it across fork */
  p->pgid = parent->pgid ? parent->pgid : parent->pid; /* and its process group */
  p->cookie = thread_cookie(mykt()); /* and its core-scheduling cookie (coresched.c) */
  for (int fd = 0; fd < NOFILE; fd++)
    if (parent->ofile[fd] && !((parent->cloexec >> fd) & 1))
      p->ofile[fd] = filedup(parent->ofile[fd]);
  p->kt[0].tid = p->pid;
  p->kt[0].state = KT_RUNNABLE;
  p->kt[0].atuser = 1; /* on CPU 0 until a core takes it (gang.c) */
  p->kt[0].ctx.ra = (uint32_t)kt_start_user;
  p->kt[0].ctx.sp = (uint32_t)p->kt[0].tf - 16;
  if (ctxmode && ctx_newproc(p) < 0) { /* its main thread is an unbound one (ctxsched.c) */
    proc_closefiles(p);
    freeproc(p);
    return -EAGAIN;
  }
  procstat_new(p);
  kick_proc(p);
  return p->pid;
}

/* Start ending p with status (0..255, or 128 + signal if it was killed). The first status
 * given is the one its parent sees. */
void proc_exit(struct proc* p, int status) {
  if (!p->killed) p->xstatus = status;
  p->killed = 1;
  for (int n = 0; n < ncpus; n++) /* end interruptible waits */
    if (p->kt[n].state == KT_SLEEPING && p->kt[n].interruptible) ready_kt(&p->kt[n]);
  if (p->nthreads) uthread_interrupt(p);
  for (struct kthread* kt = parked; kt < &parked[NPARKED]; kt++)
    if (kt->proc == p && kt->state == KT_SLEEPING && kt->interruptible) ready_kt(kt);
  kick_proc(p);
}

/* End p as signal sig does by default. */
void proc_exit_signal(struct proc* p, int sig) {
  if (!p->killed) p->termsig = sig;
  proc_exit(p, 128 + sig);
}

/* The running kernel thread kt of a killed process leaves for good: its context goes back to its
 * scheduler and the thread never runs again. */
void kt_exit(struct kthread* kt) {
  kt->state = KT_NONE;
  kt->chan = 0;
  kick(0);
  sched();
  /* Not from user mode: control never comes back here. */
  panic("kt_exit: resumed");
}

/* Whether anything of the killed, current process p still runs; if not, free its memory and
 * files, give its children to init, and make it a zombie for its parent (or halt the machine
 * if it is the first process: its status is the run's). Called by context 0 of the one core p is
 * still on, with every other context stopped. 1 if p is finished. */
int proc_reap_threads(struct proc* p) {
  /* A runnable thread counts too: woken in the middle of a call (a kill ends interruptible
   * sleeps), it still holds what the call took, such as a timed sleep linked from its stack.
   * Freeing it unrun left that entry dangling: fuzzer seed 10081 panicked in the timer. */
  if (p->nthreads) return 0; /* clone threads run out, each freeing its stack (uthread.c) */
  for (int n = 0; n < ncpus; n++)
    if (p->kt[n].state != KT_NONE) return 0;
  for (struct kthread* kt = parked; kt < &parked[NPARKED]; kt++)
    if (kt->state != KT_NONE && kt->proc == p) return 0;
  procstat_exit(p->pid, p->xstatus);
  if (p->pid <= nboot) { /* a boot process: the last of them ends the run */
    if (!bootstatus) bootstatus = p->xstatus;
    if (--bootleft == 0) halt(bootstatus);
  }
  proc_closefiles(p);
  switchkvm();
  uvm_free(&p->vm);
  for (int n = 0; n < ncpus; n++) p->kt[n].state = KT_NONE;
  /* Orphans go to init, and init is the kernel (parent 0), not pid 1: pid 1 is the booted
   * program, which need not wait for anything. Init reaps at once: a child that has ended is
   * freed now, one still running when it ends (above). Without this, zombies would hold process
   * slots and kernel stacks until the machine stops. */
  for (struct proc* c = proc; c < &proc[NPROC]; c++) {
    if (c->state == UNUSED || c->parent != p) continue;
    c->parent = 0;
    if (c->state == ZOMBIE) freeproc(c);
  }
  if (p->parent == 0) {
    freeproc(p);
  } else {
    p->state = ZOMBIE;
    wakeup(p->parent);
  }
  return 1;
}

/* kill(pid, sig) from process from (0: the kernel), or tgkill's to a process without threads if
 * tkill: send sig to process pid. 0 or -errno. */
int proc_kill(int pid, int sig, int from, int tkill) {
  if (sig < 0 || sig >= NSIG) return -EINVAL;
  for (struct proc* p = proc; p < &proc[NPROC]; p++) {
    if (p->state != USED || p->pid != pid) continue;
    if (sig) signal_send(p, sig, from, tkill);
    return 0;
  }
  return -ESRCH;
}

/* wait4(pid, status, options): wait for child pid (or any child, pid -1) to end; store its status
 * in the wait(2) encoding at user address ustatus (if not 0) and free it. Returns its pid, 0 with
 * WNOHANG if none has ended, -ECHILD if there is no such child, -ERESTARTSYS if a signal (or a
 * kill) ends the wait. */
int proc_wait(int pid, uint32_t ustatus, int options) {
  struct proc* me = myproc();
  struct kthread* kt = mykt();
  for (;;) {
    int found = 0;
    for (struct proc* c = proc; c < &proc[NPROC]; c++) {
      if (c->state == UNUSED || c->parent != me || (pid != -1 && c->pid != pid)) continue;
      found = 1;
      if (c->state != ZOMBIE) continue;
      int st = c->termsig ? c->termsig & 0x7f : (c->xstatus & 0xff) << 8;
      if (ustatus && copyout(&me->vm, ustatus, &st, 4) < 0) return -EFAULT;
      int cpid = c->pid;
      freeproc(c);
      return cpid;
    }
    if (!found) return -ECHILD;
    if (options & WNOHANG) return 0;
    if (interrupted(kt)) return -ERESTARTSYS;
    kt->interruptible = 1;
    sleep(me);
    kt = mykt();
    kt->interruptible = 0;
  }
}
