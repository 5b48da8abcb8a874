/* A signal whose action is to ignore it is dropped when sent, as Linux does, unless it is
 * blocked: a nanosleep of 3.5 ms goes on through an interval timer's SIGALRMs (every 1 ms) set
 * to SIG_IGN (it returns 0, not EINTR, and no handler ran); a blocked SIGUSR1 sent to itself stays pending
 * (sigpending) and setting its action to SIG_IGN discards it, so unblocking runs nothing; a
 * blocked SIGURG (ignored by default) is pending too, and gone once unblocked.
 * Expect: status 0 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

static volatile int handled;

static void on_signal(int sig) { handled = sig; }

static void set_action(int sig, void (*h)(int)) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = h;
  sigaction(sig, &sa, 0);
}

static int pending(int sig) {
  sigset_t s;
  sigpending(&s);
  return sigismember(&s, sig);
}

static void block(int sig, int how) {
  sigset_t s;
  sigemptyset(&s);
  sigaddset(&s, sig);
  sigprocmask(how, &s, 0);
}

int main(void) {
  set_action(SIGALRM, SIG_IGN);
  struct itimerval every = {{0, 1000}, {0, 1000}}, off = {{0, 0}, {0, 0}};
  setitimer(ITIMER_REAL, &every, 0);
  struct timespec t = {0, 3500000};
  errno = 0;
  int r = nanosleep(&t, 0);
  setitimer(ITIMER_REAL, &off, 0);
  printf("nanosleep through ignored SIGALRM: %d (errno %d), handled %d\n", r, errno, handled);

  set_action(SIGUSR1, on_signal);
  block(SIGUSR1, SIG_BLOCK);
  kill(getpid(), SIGUSR1);
  printf("blocked SIGUSR1 pending: %d\n", pending(SIGUSR1));
  set_action(SIGUSR1, SIG_IGN);
  printf("after SIG_IGN, pending: %d\n", pending(SIGUSR1));
  block(SIGUSR1, SIG_UNBLOCK);
  printf("unblocked, handled %d\n", handled);

  block(SIGURG, SIG_BLOCK);
  kill(getpid(), SIGURG);
  printf("blocked SIGURG pending: %d\n", pending(SIGURG));
  block(SIGURG, SIG_UNBLOCK);
  printf("unblocked SIGURG pending: %d, handled %d\n", pending(SIGURG), handled);
  return 0;
}
