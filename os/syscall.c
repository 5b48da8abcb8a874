/* System call dispatch, Linux MIPS o32 convention: $v0 holds the number, $a0..$a3 the first four
 * arguments and 16($sp), 20($sp), ... the rest; the result goes back in $v0 with $a3 = 0, or a
 * positive errno in $v0 with $a3 = 1. The calls, their numbers and handlers are rows of
 * os/syscalls.tbl; gen_syscalls.py turns them into <kasane/syscall_nr.h> and the tables below. */
#include <kasane/syscall_nr.h>

#include "defs.h"
#include "errno.h"
#include "proc.h"

/* syscall_ranges: the Linux and the Kasane numbers, each an array of {handler, name} by number.
 * Every handler is declared there, with a weak fallback returning -ENOSYS until it is written. */
#include "os/syscall_table.inc"

/* The table entry for number num, or 0 if no row has that number. */
static const struct syscall_entry* syscall_lookup(uint32_t num) {
  for (uint32_t r = 0; r < NELEM(syscall_ranges); r++) {
    uint32_t i = num - syscall_ranges[r].base;
    if (i < syscall_ranges[r].count && syscall_ranges[r].entries[i].handler)
      return &syscall_ranges[r].entries[i];
  }
  return 0;
}

/* The name of system call num (for messages), or 0 if there is none. */
const char* syscall_name(uint32_t num) {
  const struct syscall_entry* e = syscall_lookup(num);
  return e ? e->name : 0;
}

/* Fetch system call argument n (0-based) of the current process into *ip. 0, or -1 if it lies
 * on the user stack and that is not readable. */
int argint(int n, uint32_t* ip) {
  struct kthread* kt = mykt();
  if (n < 4) {
    *ip = kt->tf->regs[REG_A0 + n];
    return 0;
  }
  return copyin(kt->proc->vm, ip, kt->tf->regs[REG_SP] + 16 + 4 * (n - 4), 4);
}

/* Fetch argument n, a user address, into *ap: as argint. The address is not checked here;
 * copyin/copyout and uvm_accessok check it where it is used. */
int argaddr(int n, uint32_t* ap) { return argint(n, ap); }

/* Run the system call the trapframe asks for and store its result there, to resume after the
 * syscall instruction. A number no row has answers ENOSYS. The call may have gone on in another
 * kernel thread (a kernel notification parked it), with its trapframe: store the result in the
 * running thread's. A call that replaced every register (rt_sigreturn, kasane_notify_resume)
 * keeps them. */
void syscall(struct trapframe* tf) {
  const struct syscall_entry* e = syscall_lookup(tf->regs[REG_V0]);
  tf->epc += 4;
  int32_t r = e ? e->handler() : -ENOSYS;
  struct kthread* kt = mykt();
  tf = kt->tf;
  if (kt->tf_restored) {
    kt->tf_restored = 0;
    return;
  }
  if (r == -ERESTARTSYS || r == -ERESTARTNOHAND) { /* $v0, $a3 still the call's: settled later */
    kt->restart = r == -ERESTARTSYS ? ERESTARTSYS_KIND : ERESTARTNOHAND_KIND;
    return;
  }
  if ((uint32_t)r >= (uint32_t)-MAXERRNO) {
    tf->regs[REG_V0] = (uint32_t)-r;
    tf->regs[REG_A3] = 1;
  } else {
    tf->regs[REG_V0] = (uint32_t)r;
    tf->regs[REG_A3] = 0;
  }
}

/* Settle a call of kt that a signal ended with ERESTARTSYS (a wait4, a futex wait without a
 * timeout) or ERESTARTNOHAND (pause, rt_sigsuspend), as Linux does. How: SETTLE_NO_HANDLER (no
 * handler ran), SETTLE_HANDLER or SETTLE_HANDLER_RESTART (one is about to run, with SA_RESTART),
 * SETTLE_EINTR (the runtime was told the call blocked). The call runs again (back to its
 * syscall instruction, $v0 and $a3 as they were) if no handler ran, or if one with SA_RESTART
 * ended an ERESTARTSYS wait; else it fails with EINTR. A mask rt_sigsuspend set is restored here
 * unless a handler runs: then its frame keeps the old one (signal_frame). */
void syscall_settle(struct kthread* kt, int how) {
  if (how != SETTLE_HANDLER && how != SETTLE_HANDLER_RESTART && kt->mask_saved) {
    *sigmaskof(kt) = kt->saved_mask;
    kt->mask_saved = 0;
  }
  if (!kt->restart) return;
  int again = how == SETTLE_NO_HANDLER ||
              (how == SETTLE_HANDLER_RESTART && kt->restart == ERESTARTSYS_KIND);
  kt->restart = 0;
  if (again) {
    kt->tf->epc -= 4;
  } else {
    kt->tf->regs[REG_V0] = EINTR;
    kt->tf->regs[REG_A3] = 1;
  }
}
