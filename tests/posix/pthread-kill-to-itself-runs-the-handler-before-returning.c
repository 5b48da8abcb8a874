/* pthread-kill-to-itself-runs-the-handler-before-returning - a thread that sends itself an
 * unblocked signal with pthread_kill has run the handler when pthread_kill returns, once; an
 * SA_SIGINFO handler sees the signal's number and si_code SI_TKILL (-6, sent to one thread); an
 * SA_RESETHAND action is back to SIG_DFL afterwards. pthread_kill is not a cancellation point: a
 * pending cancellation stays pending through it.
 * Expect: status 0
 * Glibc: yes */
#include <pthread.h>
#include <signal.h>
#include <string.h>

#include "check.h"

static volatile int handled, got_signo, got_code = 99;
static volatile int after_kill;

static void handler(int sig, siginfo_t* info, void* uc) {
  (void)uc;
  handled++;
  got_signo = sig == info->si_signo ? sig : -1;
  got_code = info->si_code;
}

static void* worker(void* arg) {
  (void)arg;
  int old;
  pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, &old);
  pthread_cancel(pthread_self()); /* pending */
  pthread_setcancelstate(PTHREAD_CANCEL_ENABLE, &old);
  pthread_kill(pthread_self(), SIGUSR1);
  after_kill = 1;
  pthread_testcancel();
  return 0;
}

int main(void) {
  struct sigaction sa, now;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = handler;
  sa.sa_flags = SA_SIGINFO | SA_RESETHAND;
  sigaction(SIGUSR1, &sa, 0);
  CHECK_INT(pthread_kill(pthread_self(), SIGUSR1), 0);
  CHECK_INT(handled, 1);
  CHECK_INT(got_signo, SIGUSR1);
  CHECK_INT(got_code, -6); /* SI_TKILL */
  sigaction(SIGUSR1, 0, &now);
  CHECK(now.sa_handler == SIG_DFL);
  sigaction(SIGUSR1, &sa, 0);
  pthread_t t;
  void* res = 0;
  CHECK_INT(pthread_create(&t, 0, worker, 0), 0);
  CHECK_INT(pthread_join(t, &res), 0);
  CHECK(res == PTHREAD_CANCELED);
  CHECK_INT(after_kill, 1);
  CHECK_INT(handled, 2);
  return check_done();
}
