/* sigpending-reports-blocked-signals - a signal sent while blocked is not delivered but shows in
 * sigpending; unblocking it runs the handler (before sigprocmask returns) and clears it from
 * the pending set; a signal that is pending but not blocked is never reported. The glibc build
 * must print the same.
 * Expect: status 0
 * Glibc: yes */
#include <signal.h>
#include <unistd.h>

#include "check.h"

static volatile sig_atomic_t got;

static void on_signal(int sig) { got = sig; }

int main(void) {
  sigset_t block, pending;
  CHECK(signal(SIGUSR1, on_signal) != SIG_ERR);
  CHECK(signal(SIGUSR2, on_signal) != SIG_ERR);
  sigemptyset(&block);
  sigaddset(&block, SIGUSR1);
  CHECK_INT(sigprocmask(SIG_BLOCK, &block, NULL), 0);

  CHECK_INT(sigpending(&pending), 0);
  CHECK_INT(sigismember(&pending, SIGUSR1), 0);
  CHECK_INT(kill(getpid(), SIGUSR1), 0);
  CHECK_INT(got, 0);
  CHECK_INT(sigpending(&pending), 0);
  CHECK_INT(sigismember(&pending, SIGUSR1), 1);
  CHECK_INT(sigismember(&pending, SIGUSR2), 0);

  CHECK_INT(sigprocmask(SIG_UNBLOCK, &block, NULL), 0);
  CHECK_INT(got, SIGUSR1);
  CHECK_INT(sigpending(&pending), 0);
  CHECK_INT(sigismember(&pending, SIGUSR1), 0);

  got = 0;
  CHECK_INT(raise(SIGUSR2), 0);
  CHECK_INT(got, SIGUSR2);
  return check_done();
}
