/* nanosleep-of-18447-seconds-does-not-end-early - nanosleep of 18,447 s (where nanoseconds times
 * the clock in kHz passes 2^64) and of 2^31 - 1 s sleeps until a signal ends it: it returns -1
 * with EINTR, not 0, and the time left it reports is the whole request less the few milliseconds
 * slept. Each sleep is in a child, which the parent signals (SIGUSR1, handled) until it ends.
 * Expect: status 0 */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>

#include "check.h"
#include "thread.h"

static void handler(int sig) { (void)sig; }

/* Exit 0 if the sleep of secs seconds ended with EINTR and secs - 1 s or more left. */
static int child(long secs) {
  struct sigaction sa = {0};
  sa.sa_handler = handler;
  if (sigaction(SIGUSR1, &sa, 0) != 0) return 1;
  struct timespec ts = {secs, 0}, rem = {0, 0};
  errno = 0;
  int r = nanosleep(&ts, &rem);
  printf("nanosleep(%ld s): %d, errno %d, %ld s %ld ns left\n", secs, r, errno, (long)rem.tv_sec,
         rem.tv_nsec);
  if (r != -1 || errno != EINTR) return 2;
  return rem.tv_sec >= secs - 1 && rem.tv_sec <= secs && rem.tv_nsec >= 0 ? 0 : 3;
}

/* Signal pid until it ends; its wait status. */
static int interrupt(pid_t pid) {
  int status = -1;
  for (int i = 0; i < 100; i++) {
    struct timespec ts = {0, 1000000};
    nanosleep(&ts, 0);
    kill(pid, SIGUSR1);
    if (waitpid(pid, &status, WNOHANG) == pid) return status;
  }
  return -1;
}

int main(int argc, char** argv) {
  if (argc > 2 && strcmp(argv[1], "child") == 0) return child(atol(argv[2]));
  static const char* secs[] = {"18447", "2147483647"};
  for (int i = 0; i < 2; i++) {
    pid_t pid = spawn_self(argv[0], "child", secs[i]);
    CHECK(pid > 0);
    int status = interrupt(pid);
    CHECK(WIFEXITED(status));
    CHECK_INT(WEXITSTATUS(status), 0);
  }
  return check_done();
}
