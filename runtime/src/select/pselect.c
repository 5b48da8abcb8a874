/* pselect, ppoll - the signal mask goes to the kernel with its size: pselect6's sixth argument
 * points at {mask, size}, ppoll's fifth is the size. pselect's timeout is left unchanged, as
 * POSIX says (the kernel writes the time left back; a copy is passed). */
#include <poll.h>
#include <sys/select.h>

#include "syscall.h"

int pselect(int n, fd_set* rfds, fd_set* wfds, fd_set* efds, const struct timespec* ts,
            const sigset_t* mask) {
  struct timespec t;
  if (ts) t = *ts;
  long data[2] = {(long)mask, sizeof(sigset_t)};
  return (int)__syscall_ret(__syscall6(SYS_pselect6, (long)n, (long)rfds, (long)wfds,
                                       (long)efds, ts ? (long)&t : 0, (long)data));
}

int ppoll(struct pollfd* fds, nfds_t n, const struct timespec* timeout, const sigset_t* mask) {
  struct timespec t;
  if (timeout) t = *timeout;
  return (int)__syscall_ret(__syscall5(SYS_ppoll, (long)fds, (long)n, timeout ? (long)&t : 0,
                                       (long)mask, sizeof(sigset_t)));
}
