/* Traps: what the kernel does with each exception that trapasm.S hands it. System calls go to
 * syscall(); TLB exceptions grow the stack or are faults; any other exception from user mode is
 * a fault that ends the process with one console line and the exit status Linux would give it
 * (128 + signal). An exception in kernel mode, or an interrupt (none is enabled yet), is a
 * panic. */
#include <stddef.h>

#include "defs.h"
#include "mips.h"
#include "param.h"
#include "proc.h"

_Static_assert(offsetof(struct trapframe, regs[29]) == TF_SP, "trapframe layout");
_Static_assert(offsetof(struct trapframe, hi) == TF_HI, "trapframe layout");
_Static_assert(offsetof(struct trapframe, lo) == TF_LO, "trapframe layout");
_Static_assert(offsetof(struct trapframe, epc) == TF_EPC, "trapframe layout");
_Static_assert(offsetof(struct trapframe, status) == TF_STATUS, "trapframe layout");
_Static_assert(offsetof(struct trapframe, cause) == TF_CAUSE, "trapframe layout");
_Static_assert(offsetof(struct trapframe, badvaddr) == TF_BADVADDR, "trapframe layout");
_Static_assert(sizeof(struct trapframe) == TF_SIZE, "trapframe layout");

/* Signals that faults raise, with Linux's numbers. */
#define SIGILL 4
#define SIGTRAP 5
#define SIGFPE 8
#define SIGBUS 10
#define SIGSEGV 11

/* Break and trap codes that Linux turns into SIGFPE (asm/break.h): gcc's -mcheck-zero-division
 * emits `teq rt, $zero, 7`. */
#define BRK_OVERFLOW 6
#define BRK_DIVZERO 7

static const struct {
  const char* name;
  const char* mnemonic;
} exceptions[NEXC] = {
    [EXC_INT] = {"interrupt", "Int"},
    [EXC_MOD] = {"store to a read-only page", "Mod"},
    [EXC_TLBL] = {"TLB miss on load or fetch", "TLBL"},
    [EXC_TLBS] = {"TLB miss on store", "TLBS"},
    [EXC_ADEL] = {"address error on load or fetch", "AdEL"},
    [EXC_ADES] = {"address error on store", "AdES"},
    [EXC_IBE] = {"bus error on fetch", "IBE"},
    [EXC_DBE] = {"bus error on load or store", "DBE"},
    [EXC_SYS] = {"system call", "Sys"},
    [EXC_BP] = {"breakpoint", "Bp"},
    [EXC_RI] = {"reserved instruction", "RI"},
    [EXC_CPU] = {"coprocessor unusable", "CpU"},
    [EXC_OV] = {"integer overflow", "Ov"},
    [EXC_TR] = {"trap", "Tr"},
    [EXC_THREAD] = {"thread exception", "Thread"},
};

static const char* excname(uint32_t code) {
  return exceptions[code].name ? exceptions[code].name : "reserved exception";
}
static const char* excmnemonic(uint32_t code) {
  return exceptions[code].mnemonic ? exceptions[code].mnemonic : "?";
}

/* Set up exception handling: check that EBase is where kernel.ld put the vectors, use the
 * general vector for interrupts (Cause.IV = 0), and let user code read the hardware registers
 * Linux lets it read. */
void trapinit(void) {
  extern char tlb_refill[];
  uint32_t ebase = c0_read(CP0_EBASE) & EBASE_BASE;
  if (ebase != (uint32_t)tlb_refill)
    panic("trapinit: EBase 0x%x, but the vectors are at %p", ebase, tlb_refill);
  c0_write(CP0_CAUSE, 0);
  c0_write(CP0_HWRENA, HWR_CPUNUM | HWR_SYNCI_STEP | HWR_CC | HWR_CCRES | HWR_ULR);
}

/* Address of the instruction that raised the exception in tf. */
static uint32_t faultpc(const struct trapframe* tf) {
  return tf->epc + ((tf->cause & CAUSE_BD) ? 4 : 0);
}

/* The signal Linux sends for a break or trap instruction: SIGFPE for the overflow and divide-by-
 * zero codes, SIGTRAP for the others (arch/mips/kernel/traps.c, do_bp and do_tr). */
static int trapsignal(struct proc* p, const struct trapframe* tf, uint32_t code) {
  uint32_t insn, bcode;
  if (copyin(&p->vm, &insn, faultpc(tf), 4) < 0) return SIGTRAP;
  if (code == EXC_BP) {
    bcode = (insn >> 6) & 0xfffff;
    if (bcode >= (1 << 10)) /* gas puts `break N`'s code in bits 25:16: swap the halves */
      bcode = ((bcode & 0x3ff) << 10) | (bcode >> 10);
  } else {
    bcode = (insn >> 26) == 0 ? (insn >> 6) & 0x3ff : 0; /* teq & co.; teqi & co. have no code */
  }
  return (bcode == BRK_OVERFLOW || bcode == BRK_DIVZERO) ? SIGFPE : SIGTRAP;
}

/* The signal Linux sends for user exception code in tf. */
static int faultsignal(struct proc* p, const struct trapframe* tf, uint32_t code) {
  switch (code) {
    case EXC_ADEL:
    case EXC_ADES: /* unaligned user address: bus error; kernel address: segfault (as qemu) */
      return tf->badvaddr < USERTOP ? SIGBUS : SIGSEGV;
    case EXC_RI:
    case EXC_CPU:
    case EXC_SYS: return SIGILL;
    case EXC_OV: return SIGFPE;
    case EXC_BP:
    case EXC_TR: return trapsignal(p, tf, code);
    default: return SIGSEGV; /* TLBL, TLBS, Mod, IBE, DBE, and anything unexpected */
  }
}

/* End p for the exception in tf, saying so on the console. */
__attribute__((noreturn)) static void userfault(struct proc* p, const struct trapframe* tf,
                                                uint32_t code) {
  int sig = faultsignal(p, tf, code);
  printf("kasane: pid %d (%s): %s (%s) at pc 0x%08x", p->pid, p->name, excname(code),
         excmnemonic(code), faultpc(tf));
  if (code == EXC_MOD || code == EXC_TLBL || code == EXC_TLBS || code == EXC_ADEL ||
      code == EXC_ADES)
    printf(", address 0x%08x", tf->badvaddr);
  printf("\n");
  proc_exit(p, 128 + sig);
}

/* An exception taken in kernel mode: a kernel bug. */
__attribute__((noreturn)) static void kerneltrap(const struct trapframe* tf, uint32_t code) {
  panic("%s (%s) in kernel mode at pc 0x%08x, address 0x%08x, ra 0x%08x, sp 0x%08x",
        excname(code), excmnemonic(code), faultpc(tf), tf->badvaddr, tf->regs[31],
        tf->regs[REG_SP]);
}

/* Handle the exception whose registers trap_entry saved in tf; returning resumes tf. */
void trap(struct trapframe* tf) {
  uint32_t code = (tf->cause & CAUSE_EXCCODE) >> CAUSE_EXCSHIFT;
  if (!(tf->status & ST_UM)) kerneltrap(tf, code);
  struct proc* p = myproc();
  if (p == 0 || tf != p->tf) panic("trap: from user mode with no process (tf %p)", tf);
  switch (code) {
    case EXC_SYS:
      if (tf->cause & CAUSE_BD) userfault(p, tf, code); /* cannot resume after a branch */
      syscall(tf);
      break;
    case EXC_TLBL:
    case EXC_TLBS:
    case EXC_MOD:
      if (uvm_fault(&p->vm, tf->badvaddr, code != EXC_TLBL) < 0) userfault(p, tf, code);
      break;
    case EXC_INT:
      panic("unexpected interrupt: cause 0x%08x, status 0x%08x", tf->cause, tf->status);
    default: userfault(p, tf, code);
  }
}
