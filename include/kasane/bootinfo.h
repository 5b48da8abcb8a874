/* The boot protocol between kasane-sim and a kernel, shared by the simulator and target code.
 *
 * kasane-sim loads the kernel ELF (linked in kseg0 or kseg1) into RAM and starts context 0 at its
 * entry point in kernel mode with Status = CU0|BEV, interrupts off, and
 *     $a0 = kseg0 address of a struct kasane_bootinfo,  $a1 = KASANE_BOOT_MAGIC.
 * Other contexts start the same way only when the config says core.smp_start = true.
 * The bootinfo, the argument and environment strings and the program image (an unmodified ELF
 * file) lie in one page-aligned block at the top of the first 512 MiB of RAM (so kseg0 reaches
 * it); the kernel may use physical memory from its own end up to boot_pa. */
#ifndef KASANE_BOOTINFO_H
#define KASANE_BOOTINFO_H

#include <stdint.h>

#define KASANE_BOOT_MAGIC 0x454e534bu /* "KSNE" */
#define KASANE_BOOT_VERSION 7u

/* The initial user stack of exec lies stack_offset bytes lower than it would (a multiple of
 * KASANE_STACK_OFFSET_ALIGN, at most KASANE_STACK_OFFSET_MAX): with sim.perturb_seed set,
 * kasane-sim derives it from the seed, so that runs with different seeds also differ in how the
 * program's stack maps onto cache sets (Alameldeen & Wood); 0 otherwise. */
#define KASANE_STACK_OFFSET_ALIGN 16u
#define KASANE_STACK_OFFSET_MAX 1024u

/* The kernel's thread-picking policy (os.scheduler; os/fair.h). */
#define KASANE_SCHED_CFS 0u
#define KASANE_SCHED_IAS 1u

/* How the kernel shares a core's contexts (os.smt_sched; os/README.md, "Two ways to share a
 * core"): one process per core at a time, or every context a CPU. */
#define KASANE_SMT_CORE 0u
#define KASANE_SMT_CONTEXT 1u

/* The programs kasane-sim starts at boot (--workload: one per [[process]] table; else the one
 * PROGRAM), one entry each in a table at programs_pa. Program 0 is also described by the
 * bootinfo's own program, argument and environment fields. */
#define KASANE_BOOT_NAMELEN 16u /* the process name, NUL included (the kernel's PROCNAMELEN) */
#define KASANE_BOOT_MAXPROGS 16u /* programs at most (the kernel's process table) */
struct kasane_bootprog {
  uint32_t program_pa, program_size; /* its ELF file */
  uint32_t argc, args_pa, args_size; /* argv strings, packed, NUL after each */
  uint32_t envc, env_pa, env_size;   /* environment strings, packed likewise */
  int32_t cpu;                       /* the CPU it is pinned to (core * contexts + context), -1 none */
  char name[KASANE_BOOT_NAMELEN];    /* its process name, NUL-terminated */
};

struct kasane_bootinfo {
  uint32_t magic;        /* KASANE_BOOT_MAGIC */
  uint32_t version;      /* KASANE_BOOT_VERSION */
  uint32_t ram_size;     /* bytes of RAM, from physical address 0 */
  uint32_t contexts;     /* hardware contexts of the machine, every core's (CPU numbers) */
  uint32_t boot_pa;      /* physical start of the boot block; memory above it is not free */
  uint32_t program_pa;   /* physical address of the program's ELF file, 0 if none */
  uint32_t program_size; /* its size in bytes */
  uint32_t argc;         /* argument strings, argv[0] first (the program's path) */
  uint32_t args_pa;      /* physical address of argc NUL-terminated strings, packed */
  uint32_t args_size;    /* bytes, including the NULs */
  uint32_t envc;         /* environment strings "NAME=value", packed like the arguments */
  uint32_t env_pa;
  uint32_t env_size;
  uint32_t clock_khz;    /* core clock, kHz: converts cycles to time (core.clock_ghz) */
  uint32_t stack_offset; /* bytes the initial user stack moves down (see above) */
  uint32_t cores;        /* cores (platform.cores): each has contexts / cores of them */
  uint32_t scheduler;    /* KASANE_SCHED_CFS or KASANE_SCHED_IAS (os.scheduler) */
  uint32_t ias_bonus;    /* IAS's priority bonus, sixteenths of a quantum (os.ias_bonus) */
  uint32_t smt_sched;    /* KASANE_SMT_CORE or KASANE_SMT_CONTEXT (os.smt_sched) */
  uint32_t nprograms;    /* entries of the table at programs_pa: 1 .. KASANE_BOOT_MAXPROGS, or 0
                          * with no program */
  uint32_t programs_pa;  /* physical address of struct kasane_bootprog[nprograms] */
  uint32_t epoch;        /* the wall clock at boot, seconds since 1970 UTC (os.epoch) */
};

#endif /* KASANE_BOOTINFO_H */
