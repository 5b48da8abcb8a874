/* pthread_kill and pthread_sigmask for the kernel backend: the kernel's own per-thread signals.
 * pthread_kill is tgkill to the thread's tid, which the kernel delivers to that thread alone
 * (os/README.md, "Threads"); its handler runs there. The kernel keeps a signal mask per clone
 * thread (the main thread's is the process's), so pthread_sigmask, which is rt_sigprocmask, sets
 * the calling thread's, as on Linux (SIGPOKE, cancellation's, stays open). */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "kpthread.h"

int pthread_kill(pthread_t t, int sig) {
  __kinit(); /* the main thread's tid */
  if (t->id != KTHREAD_ID) return ESRCH;
  if (sig < 0 || sig >= NSIG + 1) return EINVAL;
  if (sig == 0) return 0;
  int tid = t->tid;
  if (!tid) return 0; /* exited, not yet joined: the signal has nobody to go to, as glibc */
  long r = __syscall3(SYS_tgkill, getpid(), tid, sig);
  return r < 0 ? (int)-r : 0;
}

int pthread_sigmask(int how, const sigset_t* set, sigset_t* old) {
  if (set && how != SIG_BLOCK && how != SIG_UNBLOCK && how != SIG_SETMASK) return EINVAL;
  sigset_t k;
  if (set) {
    k = *set;
    if (how != SIG_UNBLOCK) k.__bits[0] &= ~(1ul << (SIGPOKE - 1));
  }
  if (sigprocmask(how, set ? &k : 0, old)) return errno;
  return 0;
}
