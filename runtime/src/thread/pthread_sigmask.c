/* pthread_sigmask - the calling thread's signal mask.
 *
 * Each thread has its own mask in its ThMB (a new thread starts with its creator's): it decides
 * which of pthread_kill's signals the thread takes (pthread_kill.c). The kernel has one mask per
 * process, which decides for signals sent to the process (kill, raise, faults); pthread_sigmask
 * sets that too, to the calling thread's new mask, so a process-directed signal is held back by
 * the mask of the thread that last called it. The conventional backend owns SIGIO, which stays
 * unblocked; SIGKILL and SIGSTOP cannot be blocked (both silently left out, as glibc leaves out
 * its own signals). Signals of pthread_kill that the new mask lets through are taken before
 * pthread_sigmask returns, as POSIX says of pending signals. */
#include <errno.h>
#include <signal.h>
#include <string.h>

#include "pthread_impl.h"

int __sigmask_used;

/* SIGPOKE (__poke.c) is the library's own too. */
#ifdef KASANE_THREADS_CONV
#define UNBLOCKABLE \
  ((1ul << (SIGKILL - 1)) | (1ul << (SIGSTOP - 1)) | (1ul << (SIGIO - 1)) | (1ul << (SIGPOKE - 1)))
#else
#define UNBLOCKABLE ((1ul << (SIGKILL - 1)) | (1ul << (SIGSTOP - 1)) | (1ul << (SIGPOKE - 1)))
#endif

int pthread_sigmask(int how, const sigset_t* set, sigset_t* old) {
  struct __pthread* self = __self();
  if (set && how != SIG_BLOCK && how != SIG_UNBLOCK && how != SIG_SETMASK) return EINVAL;
  if (old) {
    memset(old, 0, sizeof *old);
    old->__bits[0] = self->sigmask;
  }
  if (!set) return 0;
  unsigned long m = self->sigmask, s = set->__bits[0];
  if (how == SIG_BLOCK)
    m |= s;
  else if (how == SIG_UNBLOCK)
    m &= ~s;
  else
    m = s;
  __sigmask_used = 1;
  self->sigmask = m & ~UNBLOCKABLE;
  sigset_t k;
  memset(&k, 0, sizeof k);
  k.__bits[0] = self->sigmask;
  if (sigprocmask(SIG_SETMASK, &k, 0)) return errno;
  if (self->sigpend) __pthread_take_signals(self);
  return 0;
}
