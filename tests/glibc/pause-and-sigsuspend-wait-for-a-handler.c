/* pause and sigsuspend wait for a signal whose handler runs, then fail with EINTR, as on Linux.
 * pause ends at a one-shot timer's SIGALRM. sigsuspend, the race-free way: with SIGALRM blocked,
 * the timer is armed and sigsuspend opens every signal for the wait; the handler runs with the
 * wait's mask plus SIGALRM itself, and after sigsuspend returns SIGALRM is blocked again. A
 * SIGUSR1 sent while blocked is pending; a sigsuspend whose mask still blocks SIGUSR1 but opens
 * SIGALRM is ended by SIGALRM alone, and SIGUSR1 stays pending until unblocked.
 * Expect: status 0 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>

static volatile int alarms, usr1s, alrm_blocked_in_handler;

static void on_alarm(int sig) {
  (void)sig;
  sigset_t now;
  sigprocmask(SIG_BLOCK, 0, &now);
  alrm_blocked_in_handler = sigismember(&now, SIGALRM);
  alarms++;
}

static void on_usr1(int sig) {
  (void)sig;
  usr1s++;
}

static void arm_once(void) {
  struct itimerval it = {{0, 0}, {0, 1000}};
  setitimer(ITIMER_REAL, &it, 0);
}

static int blocked(int sig) {
  sigset_t now;
  sigprocmask(SIG_BLOCK, 0, &now);
  return sigismember(&now, sig);
}

int main(void) {
  signal(SIGALRM, on_alarm);
  signal(SIGUSR1, on_usr1);

  arm_once();
  errno = 0;
  int r = pause();
  printf("pause: %d errno EINTR %d, alarms %d\n", r, errno == EINTR, alarms);

  sigset_t alrm, none;
  sigemptyset(&alrm);
  sigaddset(&alrm, SIGALRM);
  sigemptyset(&none);
  sigprocmask(SIG_BLOCK, &alrm, 0);
  arm_once();
  errno = 0;
  r = sigsuspend(&none);
  printf("sigsuspend: %d errno EINTR %d, alarms %d, SIGALRM blocked in the handler %d, after %d\n",
         r, errno == EINTR, alarms, alrm_blocked_in_handler, blocked(SIGALRM));

  sigset_t usr1;
  sigemptyset(&usr1);
  sigaddset(&usr1, SIGUSR1);
  sigprocmask(SIG_BLOCK, &usr1, 0);
  kill(getpid(), SIGUSR1);
  arm_once();
  r = sigsuspend(&usr1); /* SIGALRM open, SIGUSR1 still blocked */
  sigset_t pending;
  sigpending(&pending);
  printf("sigsuspend keeping SIGUSR1 out: %d, alarms %d, usr1s %d, SIGUSR1 pending %d\n", r,
         alarms, usr1s, sigismember(&pending, SIGUSR1));
  sigprocmask(SIG_UNBLOCK, &usr1, 0);
  printf("unblocked: usr1s %d\n", usr1s);
  return 0;
}
