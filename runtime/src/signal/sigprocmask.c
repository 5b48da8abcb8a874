/* sigprocmask - block or unblock signals through rt_sigprocmask (how is SIG_BLOCK 1,
 * SIG_UNBLOCK 2 or SIG_SETMASK 3 on MIPS). */
#include <signal.h>

#include "syscall.h"

int sigprocmask(int how, const sigset_t* set, sigset_t* oset) {
  return (int)__syscall_ret(
      __syscall4(SYS_rt_sigprocmask, how, (long)set, (long)oset, (long)sizeof(sigset_t)));
}
