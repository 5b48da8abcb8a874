/* sigaction-handler-runs-on-kill-self - a handler installed with sigaction() runs when the
 * process sends itself the signal, before kill() (or raise()) returns: it gets the signal number,
 * a siginfo_t with si_signo and si_code SI_USER, and it runs with the signal blocked, which is
 * unblocked again afterwards. sigaction reports the previous action. A signal blocked with
 * sigprocmask stays pending until it is unblocked, and then runs before sigprocmask returns.
 * SA_RESETHAND puts the default action back once the handler has run; SIG_IGN ignores; SIGKILL's
 * action cannot be changed (EINVAL).
 * Expect: status 0 */
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "check.h"

static volatile int runs, last_sig, last_code, last_signo, blocked_inside;

static void handler(int sig, siginfo_t* info, void* uc) {
  (void)uc;
  runs++;
  last_sig = sig;
  last_signo = info->si_signo;
  last_code = info->si_code;
  sigset_t now;
  sigprocmask(SIG_BLOCK, 0, &now);
  blocked_inside = sigismember(&now, sig);
}

static int blocked(int sig) {
  sigset_t now;
  sigprocmask(SIG_BLOCK, 0, &now);
  return sigismember(&now, sig);
}

int main(void) {
  struct sigaction sa, old;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = handler;
  sa.sa_flags = SA_SIGINFO;
  sigemptyset(&sa.sa_mask);
  CHECK_INT(sigaction(SIGUSR1, &sa, &old), 0);
  CHECK(old.sa_handler == SIG_DFL);

  CHECK_INT(kill(getpid(), SIGUSR1), 0);
  CHECK_INT(runs, 1);
  CHECK_INT(last_sig, SIGUSR1);
  CHECK_INT(last_signo, SIGUSR1);
  CHECK_INT(last_code, SI_USER);
  CHECK_INT(blocked_inside, 1);
  CHECK_INT(blocked(SIGUSR1), 0);

  CHECK_INT(raise(SIGUSR1), 0);
  CHECK_INT(runs, 2);

  /* sigaction hands back what is installed. */
  CHECK_INT(sigaction(SIGUSR1, 0, &old), 0);
  CHECK(old.sa_sigaction == handler);
  CHECK(old.sa_flags & SA_SIGINFO);

  /* Blocked: pending, not lost; delivered when unblocked. */
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGUSR1);
  CHECK_INT(sigprocmask(SIG_BLOCK, &set, 0), 0);
  CHECK_INT(blocked(SIGUSR1), 1);
  CHECK_INT(raise(SIGUSR1), 0);
  CHECK_INT(runs, 2);
  CHECK_INT(sigprocmask(SIG_UNBLOCK, &set, 0), 0);
  CHECK_INT(runs, 3);

  /* SA_RESETHAND: once, then the default again. */
  sa.sa_flags = SA_SIGINFO | SA_RESETHAND;
  CHECK_INT(sigaction(SIGUSR2, &sa, 0), 0);
  CHECK_INT(raise(SIGUSR2), 0);
  CHECK_INT(runs, 4);
  CHECK_INT(last_sig, SIGUSR2);
  CHECK_INT(sigaction(SIGUSR2, 0, &old), 0);
  CHECK(old.sa_handler == SIG_DFL);

  /* SIG_IGN: nothing happens, the process goes on. */
  struct sigaction ign;
  memset(&ign, 0, sizeof ign);
  ign.sa_handler = SIG_IGN;
  CHECK_INT(sigaction(SIGUSR1, &ign, 0), 0);
  CHECK_INT(raise(SIGUSR1), 0);
  CHECK_INT(runs, 4);

  errno = 0;
  CHECK_INT(sigaction(SIGKILL, &sa, 0), -1);
  CHECK_INT(errno, EINVAL);
  errno = 0;
  CHECK_INT(sigaddset(&set, 0), -1);
  CHECK_INT(errno, EINVAL);
  return check_done();
}
