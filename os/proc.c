/* Processes: the process table, creating processes (the first from the boot image, the others
 * with spawn), ending them (exit, faults, kill) and waiting for them.
 *
 * A process ends in two steps. proc_exit() marks it killed; each of its kernel threads leaves at
 * its next chance (kt_exit: on the way back to user mode, or when a sleep is interrupted), and
 * context 0 stops its user contexts (sched.c). When nothing of it runs any more,
 * proc_reap_threads() frees its memory and files and makes it a zombie for its parent's wait. */
#include <kasane/bootinfo.h>
#include <kasane/signo.h>

#include "defs.h"
#include "errno.h"
#include "file.h"
#include "fs.h"
#include "mips.h"
#include "param.h"
#include "proc.h"

struct proc proc[NPROC];
static int nextpid = 1;

/* A new process or thread id: pids and tids come from one counter, as in Linux, and none is
 * used twice. */
int newpid(void) { return nextpid++; }

/* The last id handed out (0 before the first): /proc's count of processes made. */
int newpid_peek(void) { return nextpid - 1; }

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
    p->affinity = allcores();
    p->state = USED;
    p->home = coreid(); /* its creator's core; an idle core takes it from there */
    p->start = cycles();
    return p;
  }
  return 0;
}

/* Free what allocproc and exec gave p and make the slot unused. */
void freeproc(struct proc* p) {
  for (int i = 0; i < NCTX; i++)
    if (p->kt[i].kstack) kfree(p->kt[i].kstack);
  if (p->vm) uvm_put(p->vm);
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
  p->pgid = p->sid = p->pid; /* it leads its session and group, as a login shell would */
  p->kt[0].tid = p->pid; /* the main thread's tid is the pid (thread.c) */
  p->kt[0].state = KT_RUNNABLE;
  p->kt[0].atuser = 1; /* on CPU 0 until a core takes it (gang.c) */
  p->kt[0].ctx.ra = (uint32_t)kt_start_user;
  p->kt[0].ctx.sp = (uint32_t)p->kt[0].tf - 16;
  procstat_new(p);
  /* Not from user mode: boot, before any program runs. */
  if (ctxmode && ctx_newproc(p) < 0) panic("userinit: no memory for the first thread");
}

/* Let new process p, made by the calling thread (fork or spawn), run: its main thread (kt[0], its
 * registers set) is runnable on its way to user mode, with its creator's core-scheduling cookie,
 * and a core hears of it; in context mode the thread is an unbound one (ctxsched.c). p's pid, or
 * -EAGAIN with p freed (its files closed) if the thread pool ran out. */
int proc_start(struct proc* p) {
  p->cookie = thread_cookie(mykt()); /* as Linux's sched_core_fork */
  p->kt[0].tid = p->pid;
  p->kt[0].state = KT_RUNNABLE;
  p->kt[0].atuser = 1; /* on CPU 0 until a core takes it (gang.c) */
  p->kt[0].ctx.ra = (uint32_t)kt_start_user;
  p->kt[0].ctx.sp = (uint32_t)p->kt[0].tf - 16;
  if (ctxmode && ctx_newproc(p) < 0) {
    proc_closefiles(p);
    freeproc(p);
    return -EAGAIN;
  }
  procstat_new(p);
  kick_proc(p);
  return p->pid;
}

/* spawn(path, argv, envp): a new process running program path, a child of the caller, with the
 * caller's open files. Returns its pid or -errno. */
int proc_spawn(const char* path, uint32_t argv, uint32_t envp) {
  struct proc* parent = myproc();
  struct proc* p = allocproc();
  if (p == 0) return -EAGAIN;
  const char* why = exec_path(p, path, parent->vm, argv, envp);
  if (why) {
    freeproc(p);
    return exec_errno(why);
  }
  p->parent = parent;
  p->affinity = parent->affinity; /* as a Linux child inherits it across fork */
  p->pgid = parent->pgid;
  p->sid = parent->sid;
  p->exitsig = SIGCHLD;
  for (int fd = 0; fd < NOFILE; fd++)
    if (parent->ofile[fd] && !((parent->cloexec >> fd) & 1))
      p->ofile[fd] = filedup(parent->ofile[fd]);
  proc_inheritfs(p, parent);
  return proc_start(p);
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

/* A detached system call (notify.c) of killed process p has ended: it may have been the last
 * thing of p, which only a scheduler that looks at p frees. The kill found it asleep and could
 * not end it (an uninterruptible wait), and nothing else of p may be left to pass a scheduler.
 * Core mode: the anchors of p's cores, or on none this one's and any core that may take it
 * (nextproc.c's ready: a killed process on no core is ready anywhere, to be freed); the call ran
 * on this core's context 0, whose kick() alone missed a core p is on. Context mode: ctxsched.c.
 * Without this a killed gang process whose call outlived it was never freed, and its parent
 * waited for ever (tests/sysfuzz/findings/fixed/iss-context-parked-call-outlives-killed-gang). */
void proc_detached_ended(struct proc* p) {
  if (ctxmode)
    ctx_detached_ended(p);
  else
    kick_proc(p);
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
  if (p->pid <= nboot && !bootstatus) bootstatus = p->xstatus;
  if (p->pid <= nboot && --bootleft == 0) {
    /* the last boot process: the run ends, its files close and the disk is unmounted, as at
     * shutdown */
    proc_closefiles(p);
    fs_unmount();
    halt(bootstatus);
  }
  proc_closefiles(p);
  switchkvm();
  uvm_put(p->vm);
  p->vm = 0;
  vfork_release(p);
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
  struct proc* parent = p->parent;
  if (parent == 0) {
    freeproc(p);
    return 1;
  }
  /* Its parent hears of it with its exit signal, unless it said (SIGCHLD ignored, or
   * SA_NOCLDWAIT) that it wants no zombies: then the child goes at once, as on Linux, and a wait
   * for it finds none. */
  struct ksigaction* chld = &parent->sigact[SIGCHLD];
  int reap = p->exitsig == SIGCHLD && (chld->handler == 1 /* SIG_IGN */ ||
                                       (chld->flags & SA_NOCLDWAIT));
  if (p->exitsig) signal_child(parent, p);
  if (reap)
    freeproc(p);
  else
    p->state = ZOMBIE;
  wakeup(parent);
  return 1;
}

/* kill(pid, sig) from process from (0: the kernel), or tgkill's to a process without threads if
 * tkill: send sig to process pid (> 0), to every process of process group -pid (< -1) or of the
 * sender's group (0), or to every process but pid 1 and the sender (-1), as Linux names them. A
 * zombie takes the signal and does nothing with it. 0 if any process was found; -EINVAL for a
 * bad signal, -ESRCH if none. */
int proc_kill(int pid, int sig, int from, int tkill) {
  if (sig < 0 || sig >= NSIG) return -EINVAL;
  if (pid == INT32_MIN) return -ESRCH; /* as Linux: -pid names no group */
  struct proc* me = myproc();
  int found = 0;
  for (struct proc* p = proc; p < &proc[NPROC]; p++) {
    if (p->state == UNUSED) continue;
    if (pid > 0 ? p->pid != pid
        : pid == -1 ? (p->pid == 1 || p == me)
        : p->pgid != (pid == 0 ? (me ? me->pgid : 0) : -pid))
      continue;
    found = 1;
    if (sig && p->state == USED) signal_send(p, sig, from, tkill);
  }
  return found ? 0 : -ESRCH;
}
