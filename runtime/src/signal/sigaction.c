/* sigaction - set a signal's action through rt_sigaction. struct sigaction has the layout the
 * kernel reads (flags, handler, a 16-byte mask), so it is passed as it is; MIPS has no
 * sa_restorer: the kernel writes the trampoline that calls rt_sigreturn into the signal frame. */
#include <signal.h>

#include "syscall.h"

int sigaction(int sig, const struct sigaction* act, struct sigaction* oact) {
  return (int)__syscall_ret(
      __syscall4(SYS_rt_sigaction, sig, (long)act, (long)oact, (long)sizeof(sigset_t)));
}
