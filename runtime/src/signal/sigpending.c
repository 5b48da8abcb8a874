/* sigpending.c - sigpending: the signals that are pending and blocked, through rt_sigpending
 * with the kernel's 16-byte set. 0, or -1 with errno. */
#include <signal.h>

#include "syscall.h"

int sigpending(sigset_t* set) {
  return (int)__syscall_ret(__syscall2(SYS_rt_sigpending, (long)set, (long)sizeof(sigset_t)));
}
