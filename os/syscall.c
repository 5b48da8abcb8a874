/* System call dispatch, Linux MIPS o32 convention: $v0 holds the number, $a0..$a3 the first four
 * arguments and 16($sp), 20($sp), ... the rest; the result goes back in $v0 with $a3 = 0, or a
 * positive errno in $v0 with $a3 = 1. Numbers come from <kasane/syscall_nr.h>. */
#include <kasane/syscall_nr.h>

#include "defs.h"
#include "errno.h"
#include "proc.h"

#define SYS_LINUX_BASE 4000 /* o32 numbers start here */

/* The Linux o32 calls, indexed by number - SYS_LINUX_BASE. A missing entry is ENOSYS. */
static int32_t (*const syscalls[])(void) = {
    [SYS_exit - SYS_LINUX_BASE] = sys_exit,
    [SYS_read - SYS_LINUX_BASE] = sys_read,
    [SYS_write - SYS_LINUX_BASE] = sys_write,
    [SYS_getpid - SYS_LINUX_BASE] = sys_getpid,
    [SYS_brk - SYS_LINUX_BASE] = sys_brk,
    [SYS_exit_group - SYS_LINUX_BASE] = sys_exit,
};

/* Fetch system call argument n (0-based) of the current process into *ip. 0, or -1 if it lies
 * on the user stack and that is not readable. */
int argint(int n, uint32_t* ip) {
  struct proc* p = myproc();
  if (n < 4) {
    *ip = p->tf->regs[REG_A0 + n];
    return 0;
  }
  return copyin(&p->vm, ip, p->tf->regs[REG_SP] + 16 + 4 * (n - 4), 4);
}

/* Run the system call the trapframe asks for and store its result there, to resume after the
 * syscall instruction. */
void syscall(struct trapframe* tf) {
  uint32_t num = tf->regs[REG_V0];
  uint32_t i = num - SYS_LINUX_BASE;
  tf->epc += 4;
  int32_t r = (i < NELEM(syscalls) && syscalls[i]) ? syscalls[i]() : -ENOSYS;
  if ((uint32_t)r >= (uint32_t)-MAXERRNO) {
    tf->regs[REG_V0] = (uint32_t)-r;
    tf->regs[REG_A3] = 1;
  } else {
    tf->regs[REG_V0] = (uint32_t)r;
    tf->regs[REG_A3] = 0;
  }
}
