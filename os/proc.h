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

#ifndef __ASSEMBLER__
#include <stdint.h>

#include "param.h"

/* GPR numbers the kernel reads in a trapframe (o32 names). */
enum { REG_V0 = 2, REG_V1 = 3, REG_A0 = 4, REG_A1, REG_A2, REG_A3, REG_GP = 28, REG_SP = 29 };

struct trapframe {
  uint32_t regs[32]; /* regs[n] = $n at the trap; regs[0] is not saved */
  uint32_t hi, lo;
  uint32_t epc;      /* where to resume: the faulting instruction, or its branch if Cause.BD */
  uint32_t status;   /* Status at the trap (EXL set); restored by trapret */
  uint32_t cause;
  uint32_t badvaddr;
};

enum procstate { UNUSED, RUNNABLE, RUNNING, ZOMBIE };

/* A user address space: the page table the TLB is refilled from and the regions that grow. The
 * stack region (param.h) is the same in every address space. */
struct vmspace {
  uint32_t* pgdir;  /* page directory (kseg0); its PTEs are in EntryLo format */
  uint32_t asid;    /* TLB address-space id of pgdir */
  uint32_t brkbase; /* initial break: page-aligned end of the loaded image */
  uint32_t brk;     /* current break, as the program set it; pages are mapped up to PGROUNDUP */
};

/* A process. One context runs the kernel and there are no interrupts yet, so no lock guards
 * these fields; when contexts share the kernel, a proc lock will guard state. */
struct proc {
  enum procstate state;
  int pid;
  char name[PROCNAMELEN]; /* basename of argv[0], for messages */
  struct vmspace vm;      /* user memory */
  char* kstack;           /* bottom of the kernel stack (kseg0) */
  struct trapframe* tf;   /* the user registers, at the top of kstack */
  uint32_t userlocal;     /* CP0 UserLocal (the TLS pointer user code reads with rdhwr $29) */
  int xstatus;            /* exit status, for a parent's wait */
};

#endif /* !__ASSEMBLER__ */
#endif /* KASANE_OS_PROC_H */
