/* sigsuspend - rt_sigsuspend with the kernel's 16-byte set (the size is the call's second
 * argument, so it cannot be generated from a POSIX prototype). */
#include <signal.h>

#include "syscall.h"

int sigsuspend(const sigset_t* mask) {
  return (int)__syscall_ret(__syscall2(SYS_rt_sigsuspend, (long)mask, (long)sizeof(sigset_t)));
}
