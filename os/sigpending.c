/* rt_sigpending: which signals are waiting to be delivered because they are blocked (POSIX's
 * sigpending). Its own file so signal.c's delivery code stays as it is. */
#include "defs.h"
#include "errno.h"
#include "proc.h"

/* rt_sigpending(set, sigsetsize): the pending and blocked signals in the first word of the
 * sigsetsize-byte set (at most 16, the kernel's sigset_t), zeros after it; 0. */
int32_t sys_rt_sigpending(void) {
  struct proc* p = myproc();
  struct kthread* kt = mykt();
  uint32_t uset, size, set[4] = {0};
  argint(0, &uset);
  argint(1, &size);
  if (size > sizeof set || size < 4) return -EINVAL;
  set[0] = (p->sigpending | kt->sigpending) & *sigmaskof(kt);
  if (copyout(p->vm, uset, set, size) < 0) return -EFAULT;
  return 0;
}
