/* Processes and the trapframe, the register image of a user context saved on kernel entry.
 * The TF_* offsets are what trapasm.S uses; trap.c checks them against the struct. */
#ifndef KASANE_OS_PROC_H
#define KASANE_OS_PROC_H

/* Trapframe layout, in bytes: GPR n at 4n (slot 0, $zero, unused), then the special registers. */
#define TF_REG(n) ((n) * 4)
#define TF_SP TF_REG(29)
#define TF_HI 128
#define TF_LO 132
#define TF_EPC 136
#define TF_STATUS 140
#define TF_CAUSE 144
#define TF_BADVADDR 148
#define TF_SIZE 152 /* a multiple of 8: the o32 stack alignment */

/* struct kcontext offsets, for swtch.S. */
#define KCTX_SP (9 * 4)
#define KCTX_RA (10 * 4)

#ifndef __ASSEMBLER__
#include <kasane/notify.h>
#include <stdint.h>

#include "fair.h"
#include "param.h"

struct file;
struct inode;

/* GPR numbers the kernel reads in a trapframe (o32 names). */
enum { REG_V0 = 2, REG_V1 = 3, REG_A0 = 4, REG_A1, REG_A2, REG_A3, REG_GP = 28, REG_SP = 29,
       REG_FP = 30, REG_RA = 31 };

struct trapframe {
  uint32_t regs[32]; /* regs[n] = $n at the trap; regs[0] is not saved */
  uint32_t hi, lo;
  uint32_t epc;      /* where to resume: the faulting instruction, or its branch if Cause.BD */
  uint32_t status;   /* Status at the trap (EXL set); restored by trapret */
  uint32_t cause;
  uint32_t badvaddr;
};

/* Callee-saved registers of a kernel thread that swtch() saves and restores (swtch.S). */
struct kcontext {
  uint32_t s[9]; /* $s0..$s7, $fp */
  uint32_t sp, ra;
};

/* The FP registers and FCSR of a user thread, as the kernel keeps them (fpu.c): the 32 registers
 * of 32 bits that Status.FR = 0 gives, in the order sdc1 of the even ones stores them
 * (fpuasm.S). */
struct fpstate {
  uint32_t fpr[32] __attribute__((aligned(8)));
  uint32_t fcsr;
};

/* States of a kernel thread. */
enum ktstate {
  KT_NONE,     /* no kernel state: its context runs user code, or is free */
  KT_RUNNING,  /* running kernel code on its context */
  KT_RUNNABLE, /* has kernel state (a trapframe at least) and waits for a context */
  KT_SLEEPING, /* waits in sleep() for wakeup(chan) */
};

/* A kernel thread: the kernel half of one architecture thread of a process (bound: cpu is the
 * context it always runs on, machine-wide, and ltn its LTN there, so user code that names LTNs
 * or CPU numbers keeps working across process switches), a clone thread (unbound: one of
 * uthread.c's pool, run by whichever context of its core's process is free; cpu and ltn say
 * where it runs or last ran), or a system call parked by a kernel notification (detached: ltn =
 * 0, runs on any context). Its kernel stack holds the trapframe of its user context at the top. */
struct kthread {
  enum ktstate state;
  struct proc* proc;
  int ltn;                /* 1..ncontexts when bound (its context in its core); 0 when detached */
  int cpu;                /* bound: the CPU number it runs on (p->kt[cpu]); gang.c */
  /* Flags, bytes so that the thread id below costs the struct no size: every kthread of every
   * process slot is cleared at boot, and a larger struct would move the one-core reference. */
  uint8_t atuser;         /* runnable with nothing but its user registers to restore: on its way
                           * to user mode (a new thread, or one parked by a process switch), so
                           * gang.c may move it to another core */
  uint8_t interruptible;  /* sleeping where kill() may end the wait */
  uint8_t tf_restored;    /* the system call replaced every register: leave $v0/$a3 alone */
  uint8_t restart;        /* its call ended with ERESTARTSYS or ERESTARTNOHAND, not settled yet
                           * (syscall_settle): which of the two */
  uint8_t mask_saved;     /* rt_sigsuspend changed the signal mask: saved_mask comes back */
  uint32_t saved_mask;
  uint8_t unbound;        /* a clone thread (struct uthread): runs on any context of its core */
  uint8_t ismain;         /* context mode: the unbound thread that is the process's main thread
                           * (its signal mask is the process's: sigmaskof) */
  char* kstack;           /* one page (kseg0) */
  struct trapframe* tf;   /* at the top of kstack */
  struct kcontext ctx;    /* where swtch() resumes it */
  void* chan;             /* what it sleeps on */
  uint32_t userlocal;     /* CP0 UserLocal of its context while it is switched out */
  struct fpstate fp;      /* the FP registers of its user thread */
  uint32_t thmb;          /* detached: the ThMB whose call it finishes (0 if none) */
  uint32_t sigpending;    /* signals sent to this context alone (sigthread.c), as proc's: by
                           * tgkill or kasane_ctx_kill, so SI_TKILL; proc.sigfrom has the sender */
  int tid;                /* its Linux thread id (thread.c): the pid for the main thread, a new
                           * id for a clone thread, 0 for a context the runtime started */
  uint32_t cleartid;      /* user word zeroed and futex-woken when the thread exits alone */
  uint32_t mark;          /* Count when its CPU time was last charged (usage.c) */
  uint64_t utime, stime;  /* its CPU time in user mode and in the kernel, cycles (usage.c) */
};

/* A clone thread: a kernel thread not bound to a context (uthread.c). It waits in its core's run
 * queue while runnable and runs on whichever context of the core is free for it. Beside struct
 * kthread, not in it: the bound threads of every process slot stay the size they were. */
struct uthread {
  struct kthread kt;      /* first: an unbound struct kthread* is its struct uthread* */
  struct fair_entity se;  /* its place in its core's run queue (fair.h): vruntime, weight, mm */
  int core;               /* the core whose queue it is in, or whose context runs it */
  uint8_t resched;        /* its slice is over: give the context to a waiting sibling */
  uint8_t isnew;          /* not yet queued once: placed as a new thread (FAIR_NEW) */
  uint32_t affinity;      /* bit c: it may run on core c (sched_setaffinity on its tid); 0: the
                           * process's cores (proc.affinity) */
  uint32_t sigmask;       /* its own blocked signals, as a Linux thread's (sigmaskof) */
  uint32_t cookie;        /* its core-scheduling cookie (PR_SCHED_CORE; 0 none): context mode
                           * runs threads of different cookies on one core's CPUs never at once */
  uint8_t togang;         /* context mode: it used a thread instruction or a kasane_ctx_* call
                           * and becomes its process's gang thread on its way out (ctxsched.c) */
};

enum procstate { UNUSED, USED, ZOMBIE };

/* Signal disposition, the o32 struct sigaction as the kernel sees it (Linux MIPS order). */
struct ksigaction {
  uint32_t flags;
  uint32_t handler; /* SIG_DFL 0, SIG_IGN 1, or a user function */
  uint32_t mask[4];
};

/* An anonymous mmap region: [start, end), filled with zero pages of permission perm (0 or
 * PTE_D) on first touch (region.c). */
struct region {
  uint32_t start, end, perm;
};

/* A user address space: the page table the TLB is refilled from and the regions that grow. The
 * stack region (param.h) is the same in every address space. Shared by the processes that
 * reference it (a vfork child borrows its parent's, CLONE_VM), freed with the last (vm.c). */
struct vmspace {
  int ref;          /* processes whose proc.vm it is; 0: the slot is free */
  uint32_t* pgdir;  /* page directory (kseg0); its PTEs are in EntryLo format */
  uint32_t asid;    /* TLB address-space id of pgdir */
  uint32_t brkbase; /* initial break: page-aligned end of the loaded image */
  uint32_t brk;     /* current break, as the program set it; pages are mapped up to PGROUNDUP */
  uint32_t mmapbase; /* anonymous mmap regions are placed below this, growing down */
  uint32_t cores;   /* bit c: core c ran it since it last emptied its TLB (smp.c, shoot-downs) */
  struct region* regions; /* its anonymous mmap regions, regions[0..nregions): a page from
                           * kalloc at the first mmap (region.c), so a process that never maps
                           * anything costs no memory for them */
  int nregions;
};

/* A hardware context as the kernel sees it (sched.c). */
struct cpu {
  struct kthread* kt;     /* running on it now, 0 in its scheduler */
  struct kthread* user;   /* the unbound thread whose user context it is, 0 for the bound one */
  struct kthread* dead;   /* an unbound thread that ended here: freed off its own stack */
  int leaving;            /* its scheduler found nothing to run and is about to TEXIT */
  uint64_t ran_from;      /* cycle at which its unbound thread got it (uthread.c, the tick) */
  volatile uint32_t kick; /* its waits MONITOR this word: a store wakes them */
  volatile uint32_t poke; /* monitor_clear (trap.c) arms and stores to it to disarm the monitor */
  int monitor_lost;       /* someone else may have armed the monitor: disarm it for user mode */
} __attribute__((aligned(64))); /* a monitor line each: a kick wakes only its context */

/* A core as the kernel sees it (smp.c): what its contexts share. In context mode each CPU has
 * one of its own (cores[cpu]: its process, time slice and timer), and a core a gang process holds
 * uses its context 0's (ctxsched.c). */
struct core {
  struct proc* proc;       /* the process that owns the core's contexts, or 0 */
  int want_switch;         /* its time slice ended and another process is ready */
  struct proc* next;       /* the process the policy chose at that slice end (nextproc.c) */
  uint64_t slice_end;      /* cycle at which its time slice ends (timer.c) */
  int timer_on;            /* its context 0 takes timer interrupts (timer.c) */
  volatile uint32_t shoot_req, shoot_done; /* TLB shoot-downs asked of it and done (smp.c) */
} __attribute__((aligned(64)));

/* One queued notification event (notify.c). */
struct nevent {
  uint32_t ev, thmb, arg;
};

/* A process. The big kernel lock (spinlock.c) guards every field. */
struct proc {
  enum procstate state;
  int pid;
  struct proc* parent;
  char name[PROCNAMELEN]; /* basename of argv[0], for messages */
  struct vmspace* vm;     /* user memory, 0 until exec gives it some (vm.c) */
  struct kthread kt[NCTX];/* kt[n]: the kernel half of CPU n (core n / ncontexts, LTN
                           * n % ncontexts + 1): ktof(), gang.c */
  int killed;             /* exiting: every kernel thread leaves at its next chance */
  uint32_t parking;       /* cores whose context 0 is stopping p's other contexts there (bit c:
                           * core c; sched.c, parkall): only that core's contexts stop */
  uint32_t cores;         /* bit c: it owns every context of core c now (gang per core) */
  uint32_t affinity;      /* bit c: it may run on core c (affinity.c) */
  int home;               /* the core whose run queue it is in: where it last ran (nextready) */
  int xstatus;            /* exit status of the run if it is pid 1 (128 + signal if killed) */
  int termsig;            /* the signal that killed it, 0 if it exited */
  int mainleft;           /* its main thread left with exit while clone threads ran (thread.c) */
  int nthreads;           /* its clone threads (uthread.c), in any state; in context mode its
                           * main thread is one too */
  int gang;               /* context mode: it uses the thread instructions, so it holds every
                           * context of a core while it runs (ctxsched.c) */
  uint32_t cookie;        /* core-scheduling cookie of its bound threads (coresched.c) */
  int exitsig;            /* the signal its parent gets when it ends (clone's CSIGNAL: SIGCHLD
                           * from fork and spawn), 0 for none (fork.c, proc.c) */
  int vfork;              /* a vfork child: its parent's calling thread waits until it execs or
                           * ends (fork.c) */
  int pgid, sid;          /* its process group and session (pgrp.c) */
  int exe_boot;           /* its program is the boot image's: /proc/self/exe (exec.c) */
  int execed;             /* it has exec'd since fork: setpgid from its parent is EACCES */
  uint64_t utime, stime;  /* CPU time its ended clone threads and its parked calls left, user
                           * and kernel, cycles; its live threads keep their own (usage.c) */
  uint64_t cutime, cstime; /* the same of its children that it waited for, and theirs */
  struct file* ofile[NOFILE]; /* open files, by fd; 0 = closed */
  uint32_t cloexec;       /* bit fd: ofile[fd] is close-on-exec, so kasane_spawn does not pass it */
  struct inode* cwd;      /* working directory, referenced; 0: the root (namei.c) */
  uint32_t umask;         /* file mode creation mask */
  uint64_t start;         /* cycle it was made at: /proc/PID/stat's start time */
  uint32_t argstart, argend; /* its argument strings in its memory (exec.c): /proc/PID/cmdline */
  char exe[PROCEXELEN];   /* the path its program was loaded from: /proc/PID/exe */
  /* signals (signal.c) */
  struct ksigaction sigact[NSIG];
  uint32_t sigpending;    /* bit n-1: signal n is pending */
  uint32_t sigmask;       /* blocked signals (the first 32) */
  uint32_t sigtkill;      /* bit n-1: the pending signal n came from tgkill (si_code SI_TKILL) */
  int sigfrom[NSIG];      /* the pid that sent pending signal n (si_pid), to p or to a thread of
                           * it; the first sender's, as Linux keeps one siginfo per signal */
  int chldcode, chldstatus; /* the pending SIGCHLD's si_code and si_status, when a child's end
                           * sent it (signal_child); chldcode 0 otherwise */
  /* kernel notifications (notify.c) */
  int notify_on;          /* registered */
  struct kasane_notify_reg nreg;
  uint32_t nstacks[NCTX]; /* nreg.stacks[] as registered: each CPU's upcall stack top, read once
                           * as sigaltstack's is, not from user memory on every upcall */
  struct nevent events[NEVENTS];
  int nevents;
  struct kasane_notify_stats nstats; /* cache fields unused here */
};

extern struct cpu cpus[NCTX];        /* sched.c, by CPU number */
extern struct core cores[NCTX];      /* smp.c */
extern struct kthread parked[NPARKED];
extern int nparked_used; /* parked[] entries notify_block has ever taken (notify.c): the ones
                          * beyond are free, so a scan for work may stop there */
extern struct proc proc[NPROC];      /* proc.c */

extern int ncontexts;                /* smp.c: contexts of each core */

/* The signal mask kt's thread runs with: a clone thread's own (rt_sigprocmask of one thread
 * leaves the others' alone, as on Linux, so that glibc blocking every signal in a thread that
 * ends does not block them for the process), else the process's, which the main thread and the
 * runtime's contexts share. */
static inline uint32_t* sigmaskof(struct kthread* kt) {
  return kt->unbound && !kt->ismain ? &((struct uthread*)kt)->sigmask : &kt->proc->sigmask;
}

/* The kernel thread of context i of core c in p (gang.c). Inline: the scheduler asks on every
 * pass. */
static inline struct kthread* ktof(struct proc* p, int c, int i) {
  return &p->kt[c * ncontexts + i];
}

/* Whether p has a kernel thread on core c in state s (KT_NONE: in any other state). */
static inline int gang_has(struct proc* p, int c, enum ktstate s) {
  for (int i = 0; i < ncontexts; i++) {
    enum ktstate t = ktof(p, c, i)->state;
    if (s == KT_NONE ? t != KT_NONE : t == s) return 1;
  }
  return 0;
}

/* Whether this core's context 0 is stopping p's contexts here (parkall). Per core: p may be on
 * several cores, and a core that parks p must not stop, or hold up, p's threads on the others. */
static inline int parking_here(struct proc* p) { return (p->parking >> coreid()) & 1; }

#endif /* !__ASSEMBLER__ */
#endif /* KASANE_OS_PROC_H */
