/* sa-restart-lets-waitpid-and-futex-go-on-after-a-handler - a signal whose handler has SA_RESTART
 * ends a blocking wait4 or futex wait only for the handler to run; the call then goes on, as on
 * Linux. Without SA_RESTART the call fails with EINTR. An interval timer (SIGALRM every 20,000
 * cycles at 1 GHz) interrupts: waitpid on a child that sleeps 2 ms returns the child with
 * SA_RESTART (after several handler runs) and -1 EINTR without; an untimed FUTEX_WAIT on a word
 * nobody wakes is likewise restarted until the handler itself changes the word and the wait
 * returns EAGAIN; one with a timeout gives EINTR even with SA_RESTART (Linux restarts only the
 * untimed wait).
 * Expect: status 0 */
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <kasane/syscall_nr.h>

#include "check.h"
#include "thread.h"

#define FUTEX_WAIT 0

static volatile int ticks;
static volatile int word;

static void on_alarm(int sig) {
  (void)sig;
  if (++ticks == 5) word = 1; /* lets the untimed futex wait end, once restarted */
}

static void use_handler(int flags) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_alarm;
  sa.sa_flags = flags;
  CHECK_INT(sigaction(SIGALRM, &sa, 0), 0);
}

static void every_20us(int on) {
  struct itimerval it = {{0, on ? 20 : 0}, {0, on ? 20 : 0}};
  CHECK_INT(setitimer(ITIMER_REAL, &it, 0), 0);
}

static long futex_wait(volatile int* w, int val, const struct timespec* timeout) {
  return syscall(SYS_futex, w, FUTEX_WAIT, val, timeout, 0, 0);
}

int main(int argc, char** argv) {
  if (argc > 1) { /* the child: 2 ms asleep, then exit 7 */
    struct timespec t = {0, 2000000};
    nanosleep(&t, 0);
    return 7;
  }
  /* waitpid, restarted. */
  use_handler(SA_RESTART);
  pid_t child = spawn_self(argv[0], "child", 0);
  CHECK(child > 0);
  every_20us(1);
  int status = -1;
  CHECK_INT(waitpid(child, &status, 0), child);
  every_20us(0);
  CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 7);
  CHECK(ticks > 1);

  /* waitpid, not restarted. */
  use_handler(0);
  child = spawn_self(argv[0], "child", 0);
  CHECK(child > 0);
  every_20us(1);
  errno = 0;
  CHECK_INT(waitpid(child, &status, 0), -1);
  CHECK_INT(errno, EINTR);
  every_20us(0);
  CHECK_INT(waitpid(child, &status, 0), child);

  /* An untimed futex wait goes on until the handler changes the word: EAGAIN on the restart. */
  use_handler(SA_RESTART);
  ticks = word = 0;
  every_20us(1);
  errno = 0;
  CHECK_INT(futex_wait(&word, 0, 0), -1);
  CHECK_INT(errno, EAGAIN);
  CHECK_INT(ticks >= 5, 1);
  /* A timed one ends with EINTR at the first tick. */
  ticks = 0;
  struct timespec second = {1, 0};
  errno = 0;
  CHECK_INT(futex_wait(&word, 1, &second), -1);
  CHECK_INT(errno, EINTR);
  every_20us(0);
  CHECK_INT(ticks, 1);
  return check_done();
}
