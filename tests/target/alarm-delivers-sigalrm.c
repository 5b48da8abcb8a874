/* alarm-delivers-sigalrm - alarm(1) sends SIGALRM a second later to the handler signal()
 * installed, interrupting a sleep(3), which returns the whole seconds it had left (1 or 2: the
 * sleep began a little after the alarm was set and ends a little after it expires); a second
 * alarm returns the seconds the first had left; alarm(0) cancels and returns what was left; the
 * handler stays installed for the next signal (BSD semantics). The glibc build must print the
 * same.
 * Expect: status 0
 * Glibc: yes */
#include <signal.h>
#include <unistd.h>

#include "check.h"

static volatile sig_atomic_t alarms;

static void on_alarm(int sig) {
  if (sig == SIGALRM) alarms++;
}

int main(void) {
  CHECK(signal(SIGALRM, on_alarm) == SIG_DFL);
  CHECK_INT(alarm(2), 0);
  CHECK_INT(alarm(1), 2); /* 1.99.. s left: rounded to 2 */
  unsigned left = sleep(3);
  CHECK_INT(alarms, 1);
  CHECK(left == 1 || left == 2);
  CHECK_INT(alarm(5), 0);
  CHECK_INT(alarm(0), 5);
  CHECK_INT(alarm(0), 0);
  /* Still installed: a second SIGALRM goes to the handler too, not to the default action. */
  CHECK_INT(raise(SIGALRM), 0);
  CHECK_INT(alarms, 2);
  CHECK(signal(SIGALRM, SIG_DFL) == on_alarm);
  return check_done();
}
