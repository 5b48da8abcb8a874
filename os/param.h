/* Sizes and limits of the kernel, each in one place. Usable from C and from assembly. */
#ifndef KASANE_OS_PARAM_H
#define KASANE_OS_PARAM_H

#include <kasane/platform.h>  /* KASANE_MAX_CONTEXTS, the simulator's one definition */

/* An unsigned 32-bit constant in C, a plain number in assembly (which has no suffixes). */
#ifdef __ASSEMBLER__
#define U32(x) x
#else
#define U32(x) x##u
#endif

#define PGSHIFT 12                 /* log2 of the page size: the TLB maps 4 KiB pages only */
#define PGSIZE (1 << PGSHIFT)      /* bytes per page */
#define PDXSHIFT 22                /* a page-directory entry covers 4 MiB (1024 pages) */
#define NPDENTRIES 1024            /* entries in a page directory (one page of 4-byte entries) */
#define NPTENTRIES 1024            /* entries in a page table (one page of 4-byte entries) */

#define NPROC 16                   /* process slots */
#define NVMSPACE (2 * NPROC)       /* address spaces: one per process, and one more while it execs
                                    * (the new one is built before the old goes) */
#define NCTX KASANE_MAX_CONTEXTS    /* most contexts a machine has (generated: platform.h) */
#define NREGION 341                /* anonymous mmap regions per address space: a page of 12-byte
                                    * struct regions (region.c checks that they fit) */
#define PATHMAX 128                /* bytes of a path given to spawn or open, NUL included */
#define NPARKED 32                 /* system calls parked by kernel notifications at once */
#define NTHREAD 128                /* clone threads in the whole system (uthread.c): a clone beyond
                                    * them is EAGAIN; each has a struct here and a kernel stack page
                                    * from kalloc while it lives */
#define NEVENTS 64                 /* notification events queued per process */
#define NSIG 33                    /* signals 1..32: 32 is the first real-time one, which C libraries
                                    * keep for their thread signalling (glibc's SIGCANCEL) */
#define TIMESLICE U32(1000000)     /* cycles a process runs before another may have the core */
/* The fair policy's tunables (fair.c), Linux's CFS values scaled down. Linux's 6 ms latency is
 * 6 M cycles at 1 GHz, a fifth of a run of a few 10^7 cycles: too few periods to share fairly in.
 * 4 TIMESLICEs lets a run of 2*10^7 cycles hold five periods, and four threads waiting for one
 * CPU each get a TIMESLICE, the tick the kernel already has. Linux's ratios are kept: latency is
 * 8 minimum granularities, the wakeup granularity 4/3 of one. */
#define SCHED_LATENCY (4 * TIMESLICE)     /* cycles in which every waiting thread runs once */
#define SCHED_MIN_GRAN (SCHED_LATENCY / 8) /* shortest slice, however many threads wait */
#define SCHED_WAKEUP_GRAN (SCHED_MIN_GRAN * 4 / 3) /* vruntime lead that lets a waiter preempt */
#define IAS_BONUS_MAX KASANE_IAS_BONUS_MAX /* largest IAS bonus, sixteenths (generated from the
                                           * schema's os.ias_bonus: platform.h) */
#define SHORTCUTMAX TIMESLICE      /* longest notification shortcut wait (notify.c): it holds the
                                    * context, context 0 too, which alone switches processes */
#define KSTACKSIZE PGSIZE          /* per-process kernel stack (trapframe at its top) */
#define BOOTSTACKSIZE (2 * PGSIZE) /* stack of main() on context 0, in .bss */
#define CPUSTACKSIZE PGSIZE        /* per-context scheduler stack */
#define NOFILE 16                 /* open files per process (fds 0..15) */
#define NFILE 64                  /* open files in the whole system */
#define NBUF 32                   /* blocks the buffer cache holds (a page each) */
#define NINODE (NFILE + 2 * NPROC) /* in-memory inodes: one per open file, per program loading and
                                    * per working directory */
#define PROCNAMELEN 16             /* process name, NUL included (Linux TASK_COMM_LEN) */
#define PROCEXELEN PATHMAX         /* the path a program was loaded from, for /proc/PID/exe */

#define USERBASE U32(0x00001000)       /* lowest address a program may map: page 0 stays empty */
#define USERTOP U32(0x80000000)        /* end of kuseg: user addresses lie below */
#define USTACKTOP U32(0x7fff0000)      /* the user stack grows down from here */
#define USTACKMAX (U32(8) << 20)       /* the stack grows to 8 MiB (Linux's default RLIMIT_STACK) */
#define USTACKEAGER (4 * PGSIZE)   /* stack mapped by exec below the arguments; more on demand */
#define USTACKGUARD (16 * PGSIZE)  /* unmapped gap that brk may not take from below the stack */
#define ARGMAX (USTACKMAX / 4)         /* bytes of argument and environment strings (as Linux) */
/* Sim-control's user page (<kasane/devices.h>) sits at KASANE_SIMCTL_USER_VA, above the stack,
 * in every address space: the thread library tells the simulator there which thread runs. */

#define KSEG0REACH U32(0x20000000)     /* kseg0 maps the first 512 MiB of physical memory */
#define NASID 256                  /* the TLB tells address spaces apart by an 8-bit ASID */

#endif /* KASANE_OS_PARAM_H */
