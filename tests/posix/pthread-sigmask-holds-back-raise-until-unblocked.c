/* pthread-sigmask-holds-back-raise-until-unblocked - in a process of one thread, a signal the
 * thread's mask blocks stays pending when raised (its handler does not run), and runs once, before
 * pthread_sigmask returns, when the mask unblocks it; SIG_SETMASK replaces the whole mask and
 * the old mask comes back through the third argument.
 * Expect: status 0
 * Glibc: yes */
#include <pthread.h>
#include <signal.h>

#include "check.h"

static volatile int handled;

static void handler(int sig) {
  (void)sig;
  handled++;
}

int main(void) {
  struct sigaction sa = {0};
  sa.sa_handler = handler;
  sigaction(SIGUSR2, &sa, 0);
  sigset_t s, old;
  sigemptyset(&s);
  sigaddset(&s, SIGUSR2);
  CHECK_INT(pthread_sigmask(SIG_BLOCK, &s, &old), 0);
  CHECK_INT(sigismember(&old, SIGUSR2), 0);
  raise(SIGUSR2);
  CHECK_INT(handled, 0);
  sigset_t none;
  sigemptyset(&none);
  CHECK_INT(pthread_sigmask(SIG_SETMASK, &none, &old), 0);
  CHECK_INT(sigismember(&old, SIGUSR2), 1);
  CHECK_INT(handled, 1);
  return check_done();
}
