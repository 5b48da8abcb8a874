/* The FPU's register moves, emulated: until the core has an FPU (or while Status.CU1 is 0), a
 * user COP1 instruction traps with Coprocessor Unusable, Cause.CE = 1. Hard-float programs --
 * everything linked against Debian's glibc, whose setjmp saves $f20..$f31 with sdc1 and
 * longjmp reloads them with ldc1 -- mostly use the FPU only to move registers to and from
 * memory. So the kernel keeps each user thread's FP registers and FCSR (struct fpstate, in its
 * kernel thread) and carries out the loads, stores and moves itself: lwc1, swc1, ldc1, sdc1,
 * mfc1, mtc1, mfhc1, mthc1, cfc1, ctc1. Arithmetic, compares and FP branches are not emulated:
 * they end the process with SIGILL, as Linux without its FPU emulator would.
 *
 * The registers are modelled as 64 bits each (Status.FR = 1), which the FPXX code Debian's
 * compiler generates runs correctly on. An instruction in a branch delay slot is emulated too:
 * the branch is evaluated here (fpemu_branch) so the thread resumes at its target. */
#include "defs.h"
#include "errno.h"
#include "mips.h"
#include "proc.h"

#define OP_SPECIAL 0
#define OP_REGIMM 1
#define OP_J 2
#define OP_JAL 3
#define OP_BEQ 4
#define OP_BNE 5
#define OP_BLEZ 6
#define OP_BGTZ 7
#define OP_COP1 17
#define OP_BEQL 20
#define OP_BNEL 21
#define OP_BLEZL 22
#define OP_BGTZL 23
#define OP_LWC1 49
#define OP_LDC1 53
#define OP_SWC1 57
#define OP_SDC1 61
#define COP1_MF 0 /* rs field of OP_COP1 */
#define COP1_CF 2
#define COP1_MFH 3
#define COP1_MT 4
#define COP1_CT 6
#define COP1_MTH 7
#define FCR_FIR 0
#define FCR_FCSR 31

/* A GPR of tf ($zero reads 0 and ignores writes). */
static uint32_t getreg(const struct trapframe* tf, uint32_t r) { return r ? tf->regs[r] : 0; }
static void setreg(struct trapframe* tf, uint32_t r, uint32_t v) {
  if (r) tf->regs[r] = v;
}

/* Where the branch at pc (instruction insn) in tf goes: its target if taken, else pc + 8. -1 if
 * insn is not a branch or jump (an exception in its delay slot cannot be). */
static int64_t branch_next(const struct trapframe* tf, uint32_t pc, uint32_t insn) {
  uint32_t op = insn >> 26, rs = (insn >> 21) & 31, rt = (insn >> 16) & 31;
  int32_t a = (int32_t)getreg(tf, rs), b = (int32_t)getreg(tf, rt);
  uint32_t target = pc + 4 + ((uint32_t)(int16_t)insn << 2);
  int taken;
  switch (op) {
    case OP_SPECIAL:
      if ((insn & 0x3f) == 8 || (insn & 0x3f) == 9) return (uint32_t)a; /* jr, jalr */
      return -1;
    case OP_J:
    case OP_JAL: return ((pc + 4) & 0xf0000000u) | ((insn & 0x03ffffffu) << 2);
    case OP_REGIMM:
      if ((rt & 0x0e) != 0) return -1; /* bltz, bgez, bltzl, bgezl and their -al forms only */
      if (rt & 0x10) rt &= ~0x10u;
      taken = (rt & 1) ? a >= 0 : a < 0;
      break;
    case OP_BEQ: case OP_BEQL: taken = a == b; break;
    case OP_BNE: case OP_BNEL: taken = a != b; break;
    case OP_BLEZ: case OP_BLEZL: taken = a <= 0; break;
    case OP_BGTZ: case OP_BGTZL: taken = a > 0; break;
    default: return -1;
  }
  return taken ? target : pc + 8;
}

/* Emulate the COP1 instruction of the Coprocessor Unusable exception in tf, taken by bound
 * kernel thread kt, and move tf past it. 0; -1 if it is not one fpemu carries out (the caller
 * ends the process with SIGILL); -EFAULT if its memory access failed (SIGSEGV), -EINVAL if
 * the address was unaligned (SIGBUS); tf->badvaddr is then the address. */
int fpemu(struct kthread* kt, struct trapframe* tf) {
  struct vmspace* vm = &kt->proc->vm;
  struct fpstate* fp = &kt->fp;
  uint32_t pc = tf->epc + ((tf->cause & CAUSE_BD) ? 4 : 0), insn, branch = 0;
  if (copyin(vm, &insn, pc, 4) < 0) return -1;
  if ((tf->cause & CAUSE_BD) && copyin(vm, &branch, tf->epc, 4) < 0) return -1;

  /* The branch reads its registers before its delay slot runs. */
  int64_t next = (tf->cause & CAUSE_BD) ? branch_next(tf, tf->epc, branch) : tf->epc + 4;
  if (next < 0) return -1;

  uint32_t op = insn >> 26, rs = (insn >> 21) & 31, rt = (insn >> 16) & 31;
  uint32_t fs = (insn >> 11) & 31;
  uint32_t addr = getreg(tf, rs) + (uint32_t)(int16_t)insn;
  uint32_t w[2];
  tf->badvaddr = addr; /* for the fault message, if the access fails */
  switch (op) {
    case OP_LWC1:
    case OP_SWC1:
      if (addr % 4) return -EINVAL;
      if (op == OP_SWC1) {
        w[0] = (uint32_t)fp->fpr[rt];
        if (copyout(vm, addr, w, 4) < 0) return -EFAULT;
      } else {
        if (copyin(vm, w, addr, 4) < 0) return -EFAULT;
        fp->fpr[rt] = (fp->fpr[rt] & 0xffffffff00000000ull) | w[0];
      }
      break;
    case OP_LDC1:
    case OP_SDC1:
      if (addr % 8) return -EINVAL;
      if (op == OP_SDC1) {
        w[0] = (uint32_t)fp->fpr[rt];
        w[1] = (uint32_t)(fp->fpr[rt] >> 32);
        if (copyout(vm, addr, w, 8) < 0) return -EFAULT;
      } else {
        if (copyin(vm, w, addr, 8) < 0) return -EFAULT;
        fp->fpr[rt] = (uint64_t)w[1] << 32 | w[0];
      }
      break;
    case OP_COP1:
      if ((insn & 0x7ff) != 0) return -1; /* the moves have zeros below fs */
      switch (rs) {
        case COP1_MF: setreg(tf, rt, (uint32_t)fp->fpr[fs]); break;
        case COP1_MFH: setreg(tf, rt, (uint32_t)(fp->fpr[fs] >> 32)); break;
        case COP1_MT:
          fp->fpr[fs] = (fp->fpr[fs] & 0xffffffff00000000ull) | getreg(tf, rt);
          break;
        case COP1_MTH:
          fp->fpr[fs] = (uint64_t)getreg(tf, rt) << 32 | (uint32_t)fp->fpr[fs];
          break;
        case COP1_CF:
          /* FIR 0: no FP unit to describe (no single, double or 64-bit support). */
          if (fs != FCR_FIR && fs != FCR_FCSR) return -1;
          setreg(tf, rt, fs == FCR_FCSR ? fp->fcsr : 0);
          break;
        case COP1_CT:
          if (fs != FCR_FCSR) return -1;
          fp->fcsr = getreg(tf, rt) & FCSR_WRITABLE;
          break;
        default: return -1;
      }
      break;
    default: return -1;
  }
  if (tf->cause & CAUSE_BD) { /* the link of jal, jalr, bltzal and bgezal */
    uint32_t bop = branch >> 26;
    if (bop == OP_JAL || (bop == OP_REGIMM && ((branch >> 16) & 0x10)))
      setreg(tf, 31, tf->epc + 8);
    else if (bop == OP_SPECIAL && (branch & 0x3f) == 9)
      setreg(tf, (branch >> 11) & 31, tf->epc + 8);
  }
  tf->epc = (uint32_t)next;
  return 0;
}
