/* Traps: what the kernel does with each exception that trapasm.S hands it. System calls go to
 * syscall(); TLB exceptions grow the stack or are faults; interrupts go to their devices; any
 * other exception from user mode is a fault that ends the process with one console line and the
 * exit status Linux would give it (128 + signal). An exception in kernel mode other than an
 * interrupt in context 0's waits is a panic.
 *
 * On the way back to user mode (usertrapret_checks) the kernel thread leaves if its process is
 * ending, parks if context 0 is switching processes, and delivers signals and notification
 * upcalls. */
#include <stddef.h>

#include "bio.h"
#include "defs.h"
#include "mips.h"
#include "param.h"
#include "proc.h"
#include "usage.h"

#include <kasane/kasane_isa.h>
#include <kasane/signo.h>

_Static_assert(offsetof(struct trapframe, regs[29]) == TF_SP, "trapframe layout");
_Static_assert(offsetof(struct trapframe, hi) == TF_HI, "trapframe layout");
_Static_assert(offsetof(struct trapframe, lo) == TF_LO, "trapframe layout");
_Static_assert(offsetof(struct trapframe, epc) == TF_EPC, "trapframe layout");
_Static_assert(offsetof(struct trapframe, status) == TF_STATUS, "trapframe layout");
_Static_assert(offsetof(struct trapframe, cause) == TF_CAUSE, "trapframe layout");
_Static_assert(offsetof(struct trapframe, badvaddr) == TF_BADVADDR, "trapframe layout");
_Static_assert(sizeof(struct trapframe) == TF_SIZE, "trapframe layout");

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
    [EXC_FPE] = {"floating-point exception", "FPE"},
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
  /* Not from user mode: boot, before any program runs. */
  if (ebase != (uint32_t)tlb_refill)
    panic("trapinit: EBase 0x%x, but the vectors are at %p", ebase, tlb_refill);
  c0_write(CP0_CAUSE, 0);
  c0_write(CP0_STATUS, (c0_read(CP0_STATUS) & ~ST_IM) | IM_KERNEL);
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
  if (copyin(p->vm, &insn, faultpc(tf), 4) < 0) return SIGTRAP;
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
    case EXC_OV:
    case EXC_FPE: return SIGFPE;
    case EXC_BP:
    case EXC_TR: return trapsignal(p, tf, code);
    default: return SIGSEGV; /* TLBL, TLBS, Mod, IBE, DBE, and anything unexpected */
  }
}

/* End p for the exception in tf, saying so on the console. The other processes go on. */
static void userfault(struct proc* p, const struct trapframe* tf, uint32_t code) {
  int sig = faultsignal(p, tf, code);
  printf("kasane: pid %d (%s): %s (%s) at pc 0x%08x", p->pid, p->name, excname(code),
         excmnemonic(code), faultpc(tf));
  if (code == EXC_MOD || code == EXC_TLBL || code == EXC_TLBS || code == EXC_ADEL ||
      code == EXC_ADES)
    printf(", address 0x%08x", tf->badvaddr);
  printf("\n");
  proc_exit_signal(p, sig);
}

/* si_code of a SIGFPE (Linux's asm-generic/siginfo.h). */
#define FPE_FLTDIV 3
#define FPE_FLTOVF 4
#define FPE_FLTUND 5
#define FPE_FLTRES 6
#define FPE_FLTINV 7
#define FPE_FLTUNK 14

/* An FP instruction raised a cause whose FCSR enable bit is set (or Unimplemented): SIGFPE, as
 * Linux's do_fpe, with the si_code of the cause it picks first. Cause is cleared first, as
 * Linux does, so that the handler's own FP instructions do not trap again. With a handler for
 * SIGFPE that is not blocked, enter it (returning re-runs the instruction); else end p with the
 * usual console line. */
static void fpe(struct proc* p, struct kthread* kt, struct trapframe* tf) {
  fpu_flush(kt);
  uint32_t cause = (kt->fp.fcsr & FCSR_CAUSE) >> FCSR_CAUSESHIFT;
  int code = (cause & FPE_V) ? FPE_FLTINV : (cause & FPE_Z) ? FPE_FLTDIV
           : (cause & FPE_O) ? FPE_FLTOVF : (cause & FPE_U) ? FPE_FLTUND
           : (cause & FPE_I) ? FPE_FLTRES : FPE_FLTUNK;
  kt->fp.fcsr &= ~FCSR_CAUSE;
  fpu_discard(kt);
  if (p->sigact[SIGFPE].handler > 1 && !(*sigmaskof(kt) & (1u << (SIGFPE - 1)))) {
    signal_frame(kt, SIGFPE, code, faultpc(tf), 0);
    return;
  }
  userfault(p, tf, EXC_FPE);
}

/* si_code of a SIGSEGV (Linux's asm-generic/siginfo.h). */
#define SEGV_MAPERR 1 /* nothing mapped there */
#define SEGV_ACCERR 2 /* mapped, but the access is not allowed (read-only, PROT_NONE) */

/* A TLB exception uvm_fault refused: SIGSEGV, with si_addr the bad address. With a handler for
 * SIGSEGV that is not blocked, enter it (returning re-runs the access, as on Linux: the handler
 * must fix the protection or leave); else end p with the usual console line. A handler whose
 * frame does not fit (a stack overflow into a guard page) ends p with SIGSEGV too. */
static void segv(struct proc* p, struct kthread* kt, struct trapframe* tf, uint32_t code) {
  if (p->sigact[SIGSEGV].handler > 1 && !(*sigmaskof(kt) & (1u << (SIGSEGV - 1)))) {
    int si_code = uvm_mapped(p->vm, PGROUNDDOWN(tf->badvaddr)) ? SEGV_ACCERR : SEGV_MAPERR;
    signal_frame(kt, SIGSEGV, si_code, tf->badvaddr, 0);
    return;
  }
  userfault(p, tf, code);
}

/* A page fault that needed a page when none was free. Linux's OOM killer would pick a victim
 * and send it SIGKILL; here the faulting process is the one that wanted more, so it goes, with a
 * line that says memory ran out (a SIGSEGV would send its author looking for a bad pointer). */
static void outofmemory(struct proc* p, const struct trapframe* tf) {
  printf("kasane: pid %d (%s): out of memory: no free page for address 0x%08x at pc 0x%08x "
         "(SIGKILL)\n", p->pid, p->name, tf->badvaddr, faultpc(tf));
  proc_exit_signal(p, 9 /* SIGKILL */);
}

/* An exception taken in kernel mode: a kernel bug. */
__attribute__((noreturn)) static void kerneltrap(const struct trapframe* tf, uint32_t code) {
  /* Not from user mode: user pointers go through copyin/copyout, which never fault. */
  panic("%s (%s) in kernel mode at pc 0x%08x, address 0x%08x, ra 0x%08x, sp 0x%08x",
        excname(code), excmnemonic(code), faultpc(tf), tf->badvaddr, tf->regs[31],
        tf->regs[REG_SP]);
}

/* Interrupts pending in cause, on this context. Device interrupts arrive on core 0's context 0
 * (the block device is told so at boot), timer interrupts on each core's context 0; a timer
 * interrupt elsewhere comes from a Compare that a user TFORK copied from context 0, and is masked
 * for good in that context's user Status (tf). TINTR (IP1) from this core and the IPI device's
 * line (IP3) from another only make the context look at its process on the way out. */
static void interrupts(uint32_t cause, struct trapframe* tf) {
  uint32_t pending = cause & c0_read(CP0_STATUS) & ST_IM;
  if (pending & IM_XCORE) ipi_ack();
  if (pending & (IM_IPI | IM_XCORE)) {
    if (pending & IM_IPI) c0_write(CP0_CAUSE, c0_read(CP0_CAUSE) & ~IM_IPI);
    if (ctxid() == 0) timer_rearm(); /* a timed sleep or a ready process: the timer may be needed */
    if (ctxid() == 0 && nuthreads && mycore()->proc) uthread_fill(mycore()->proc); /* queued */
  }
  if (pending & IM_DISK) disk_intr();
  if (pending & IM_TIMER) {
    if (ctxid() == 0) {
      timer_intr();
    } else {
      c0_write(CP0_COMPARE, c0_read(CP0_COMPARE)); /* acknowledge */
      if (tf) tf->status &= ~IM_TIMER;
    }
  }
}

/* User TEXIT on context 0 (TControl.XT): the main thread ended. Context 0 stays the kernel's; the
 * process goes on while its other contexts run, and ends with status 0 when none is left
 * (as when every thread of a bare-metal program has left). */
static void texit0(struct kthread* kt) {
  kt->tf->epc += 4;
  kt->state = KT_NONE;
  kick(0);
  sched();
}

/* Checks on the way back to user mode; returns when kt may go. */
static void usertrapret_checks(struct kthread* kt) {
  for (;;) {
    struct proc* p = kt->proc;
    if (p->killed) kt_exit(kt);
    if (kt->unbound) {
      if (uthread_must_yield(kt)) {
        uthread_yield(kt); /* queued again: this context runs what must run first */
        sched();
        kt = mykt();
        continue;
      }
    } else if ((parking_here(p) && kt->ltn != 1) ||
               (kt->ltn == 1 && (mycore()->want_switch || parked_ready()))) {
      kt->state = KT_RUNNABLE; /* context 0 switches processes or runs kernel work first */
      kt->atuser = 1;          /* its registers are all it has: its gang may move (gang.c) */
      sched();
      kt = mykt();
      continue;
    }
    if ((p->sigpending | kt->sigpending) & ~*sigmaskof(kt)) signal_deliver(kt);
    if (p->killed) continue;
    syscall_settle(kt, SETTLE_NO_HANDLER); /* no handler ran for what ended its wait: go on */
    notify_deliver(kt);
    return;
  }
}

/* The monitor is the context's, not the process's: whoever ran here last may have armed it (the
 * kernel's waits, waitkick and waitctxs; or another process, or the image before an exec). A
 * user MWAIT with no MONITOR of its own must answer 3, not armed (isa.md), never wake on a store
 * to a line it did not choose. So when the kernel may have touched it (monitor_lost: run(),
 * waitkick, waitctxs, exec) it is disarmed on the way to user mode: armed on this context's poke
 * line, triggered by a store there, and spent by an MWAIT that returns at once. A user that
 * trapped between its MONITOR and its MWAIT (a timer interrupt, a TLB miss, a notification) and
 * lost its monitor so gets 3 at once, and the runtime looks again, as after any early wake-up; a
 * trap in which the kernel armed nothing leaves the user's monitor as it was. */
static void monitor_clear(void) {
  struct cpu* c = &cpus[cpuid()];
  if (!c->monitor_lost) return;
  c->monitor_lost = 0;
  kasane_monitor((uint32_t)&c->poke);
  c->poke = 0;
  kasane_mwait(0, 0); /* the store above hit: no sleep */
}

/* Leave the kernel for user mode on the running kernel thread: the lock goes, the registers of
 * its trapframe come back. */
static void leave(struct kthread* kt) __attribute__((noreturn));
static void leave(struct kthread* kt) {
  usertrapret_checks(kt);
  monitor_clear();
  if (kt->ltn == 1)
    kt->tf->status = (kt->tf->status & ~IM_TIMER) | (mycore()->timer_on ? IM_TIMER : 0);
  else if (kt->unbound) /* it may have come from context 0 */
    kt->tf->status &= ~IM_TIMER;
  kt->state = KT_NONE;
  usage_charge(kt, 0); /* the time since the trap (or since it got the context) was the kernel's */
  release();
  usertrapret(kt->tf);
}

/* First run of a kernel thread built to enter user mode (a new process, or a context handed back
 * to the runtime with an upcall): swtch lands here with the lock held. */
void kt_start_user(void) { leave(mykt()); }

/* Handle the exception whose registers trap_entry saved in tf; returning resumes tf. */
void trap(struct trapframe* tf) {
  uint32_t code = (tf->cause & CAUSE_EXCCODE) >> CAUSE_EXCSHIFT;
  if (ncores > 1) tlb_shoot_answer(); /* before the lock: the asker holds it */
  if (!(tf->status & ST_UM)) {
    if (code != EXC_INT || ctxid() != 0 || holding()) kerneltrap(tf, code);
    acquire();
    interrupts(tf->cause, 0);
    /* The wait resumes with the Status it had, whose timer mask says whether the timer was on
     * when the wait began; if this handler turned it on (an IPI or TINTR for a timed sleep that
     * another context began), an MWAIT that went on with the timer masked would never end. */
    if ((tf->status & IM_TIMER) != (mycore()->timer_on ? IM_TIMER : 0)) tf->status ^= IM_TIMER;
    release();
    return;
  }
  acquire();
  struct proc* p = mycore()->proc;
  int cpu = cpuid(), me = cpu_ctx[cpu];
  /* Not from user mode: a broken kernel invariant (callers inside the kernel). */
  struct kthread* kt = p ? &p->kt[cpu] : 0;
  if (p && tf != kt->tf) kt = cpus[cpu].user; /* a clone thread's trap (uthread.c) */
  if (p == 0 || kt == 0 || tf != kt->tf) panic("trap: from user mode with no process (tf %p)", tf);
  cpus[cpu].kt = kt;
  kt->state = KT_RUNNING;
  usage_charge(kt, 1); /* the time since it left the kernel was its own */
  kt->userlocal = c0_read(CP0_USERLOCAL);
  switch (code) {
    case EXC_SYS:
      if (tf->cause & CAUSE_BD) { /* cannot resume after a branch */
        userfault(p, tf, code);
        break;
      }
      syscall(tf);
      if (mykt()->ltn == 0) notify_finish(mykt()); /* a call parked by a notification ended */
      break;
    case EXC_TLBL:
    case EXC_TLBS:
    case EXC_MOD:
      switch (uvm_fault(p->vm, tf->badvaddr, code != EXC_TLBL)) {
        case -1: segv(p, kt, tf, code); break;
        case -2: outofmemory(p, tf); break;
      }
      break;
    case EXC_INT: interrupts(tf->cause, tf); break;
    case EXC_CPU:
      if ((tf->cause & CAUSE_CE) >> CAUSE_CESHIFT == 1 && fpu_enable(kt, tf) == 0) break;
      if ((tf->cause & CAUSE_CE) >> CAUSE_CESHIFT == 2 && ctx_want_gang(kt)) break; /* TU clear */
      userfault(p, tf, code);
      break;
    case EXC_FPE: fpe(p, kt, tf); break;
    case EXC_THREAD:
      if (me == 0 && (c0_read(CP0_TCONTROL) & TCONTROL_XT) && !kt->unbound) {
        texit0(kt);
        break;
      }
      userfault(p, tf, code);
      break;
    default: userfault(p, tf, code);
  }
  leave(mykt());
}
