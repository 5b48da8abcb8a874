/* pthread_kill, __pthread_take_signals - a signal for one thread.
 *
 * The library knows its threads, the kernel only contexts and parked calls, and a thread may be
 * switched out in software: so pthread_kill leaves the signal in the target's ThMB (sigpend), and
 * the target takes it itself: at once when it signals itself; when it runs on another context or
 * waits in a parked system call, __poke (__poke.c) interrupts that context (its handler takes the
 * signal on the target's stack) or ends the call with EINTR (its wrapper takes it); otherwise at
 * its next cancellation point (pthread_cancel.c lists them) or in pthread_sigmask when that
 * unblocks the signal. One its mask blocks stays pending in sigpend until pthread_sigmask
 * unblocks it, and is not poked.
 *
 * Taking it: a handler is called right here, on the thread's stack, with the thread's mask
 * widened by the action's sa_mask and the signal (unless SA_NODEFER), and SA_RESETHAND honoured,
 * as the kernel would; it gets a siginfo with SI_TKILL and the sender's pid, and no ucontext (0).
 * An ignored signal is dropped; a default action is the kernel's (raise): it ends or stops the
 * whole process, which is what it does to a thread on Linux too. */
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "pthread_impl.h"


static void take(struct __pthread* self, int sig) {
  struct sigaction act;
  sigaction(sig, 0, &act);
  if (act.sa_handler == SIG_IGN) return;
  if (act.sa_handler == SIG_DFL) {
    raise(sig);
    return;
  }
  if (act.sa_flags & SA_RESETHAND) {
    struct sigaction dfl = act;
    dfl.sa_handler = SIG_DFL;
    sigaction(sig, &dfl, 0);
  }
  siginfo_t info;
  memset(&info, 0, sizeof info);
  info.si_signo = sig;
  info.si_code = SI_TKILL;
  info.si_pid = getpid();
  unsigned long mask = self->sigmask;
  self->sigmask |= act.sa_mask.__bits[0];
  if (!(act.sa_flags & SA_NODEFER)) self->sigmask |= 1ul << (sig - 1);
  act.sa_sigaction(sig, &info, 0);
  self->sigmask = mask;
}

void __pthread_take_signals(struct __pthread* self) {
  unsigned long ready;
  while ((ready = self->sigpend & ~self->sigmask)) {
    int sig = __builtin_ctz(ready) + 1;
    a_fetch_and((volatile int*)&self->sigpend, ~(1 << (sig - 1)));
    take(self, sig);
  }
}

int pthread_kill(pthread_t t, int sig) {
  if (sig < 0 || sig >= NSIG) return EINVAL;
  __sched_lock_take();
  if (!__id_valid(t)) {
    __sched_unlock();
    return ESRCH;
  }
  int poke = sig && t->state != ST_EXITED && t != __self() && !(t->sigmask & (1ul << (sig - 1)));
  int state = t->state, ltn = t->ltn;
  if (sig && t->state != ST_EXITED) a_fetch_or((volatile int*)&t->sigpend, 1 << (sig - 1));
  __sched_unlock();
  if (t == __self() && t->sigpend) __pthread_take_signals(t); /* not a cancellation point */
  if (poke) __poke(t, state, ltn);
  return 0;
}
