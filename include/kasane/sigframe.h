/* The signal frame of Linux MIPS o32, as the kernel (os/signal.c) builds it on the user stack and
 * as handlers and the thread runtime read it: one definition for all of them. The layouts are
 * Linux's (arch/mips/include/uapi/asm/sigcontext.h, ucontext.h, kernel/signal.c): a handler
 * installed with SA_SIGINFO gets (sig, &frame->info, &frame->uc). */
#ifndef KASANE_SIGFRAME_H
#define KASANE_SIGFRAME_H

#include <stdint.h>

struct kasane_sigcontext {
  uint32_t sc_regmask, sc_status;
  uint64_t sc_pc;        /* where the interrupted code continues */
  uint64_t sc_regs[32];  /* $0..$31, sign-extended */
  uint64_t sc_fpregs[32];
  uint32_t sc_acx, sc_fpc_csr, sc_fpc_eir, sc_used_math, sc_dsp;
  uint64_t sc_mdhi, sc_mdlo;
  uint32_t sc_hi1, sc_lo1, sc_hi2, sc_lo2, sc_hi3, sc_lo3;
};

struct kasane_ucontext {
  uint32_t uc_flags, uc_link;
  uint32_t ss_sp, ss_size, ss_flags;
  struct kasane_sigcontext uc_mcontext;
  uint32_t uc_sigmask[4];
};

struct kasane_siginfo { /* 128 bytes; MIPS puts si_code before si_errno */
  int32_t si_signo, si_code, si_errno;
  uint32_t si_addr;  /* byte 12: si_addr of a fault, si_pid of kill; a notification's ThMB */
  uint32_t si_uid;   /* byte 16 */
  uint32_t si_value; /* byte 20: si_value; a notification's argument */
  uint32_t pad[26];
};

struct kasane_rt_sigframe {
  uint32_t rs_ass[4];  /* o32 argument save area of the handler */
  uint32_t rs_code[2]; /* trampoline: li $v0, rt_sigreturn; syscall */
  struct kasane_siginfo rs_info;
  struct kasane_ucontext rs_uc;
};

#endif /* KASANE_SIGFRAME_H */
