/* kill-terminates-child - kill() ends a child process (this program spawned again) by the
 * signal's default action, and the parent's waitpid reports WIFSIGNALED with that signal: SIGTERM
 * to a child spinning in user code, SIGTERM to a child asleep in a 30 ms nanosleep (the sleep
 * is cut short: the child is gone within KILL_NS of the kill), and SIGKILL to a child that ignores
 * SIGTERM (SIGTERM leaves it running). kill(pid, 0) tells a live child from a reaped one (ESRCH).
 * Expect: status 0 */
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "thread.h"

#define KILL_NS 10000000 /* 10 ms: how long a killed child may take to be gone */

static int child(const char* how) {
  if (strcmp(how, "ignore") == 0) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = SIG_IGN;
    if (sigaction(SIGTERM, &sa, 0) != 0) return 1;
  }
  if (strcmp(how, "sleep") == 0) {
    struct timespec ts = {0, 30000000};
    nanosleep(&ts, 0);
    return 2; /* woken early and not killed: wrong */
  }
  for (;;) {
  }
}

/* Start a child that does `how`, let it run, kill it with sig; its wait status. */
static int kill_child(const char* argv0, const char* how, int sig) {
  pid_t pid = spawn_self(argv0, how, 0);
  CHECK(pid > 0);
  sched_yield(); /* the child runs: it sleeps, or spins to the end of its time slice */
  int status = -1;
  CHECK_INT(waitpid(pid, &status, WNOHANG), 0);
  CHECK_INT(kill(pid, 0), 0);
  if (strcmp(how, "ignore") == 0) {
    CHECK_INT(kill(pid, SIGTERM), 0);
    sched_yield();
    CHECK_INT(waitpid(pid, &status, WNOHANG), 0); /* still there */
  }
  struct timespec a, b;
  clock_gettime(CLOCK_MONOTONIC, &a);
  CHECK_INT(kill(pid, sig), 0);
  CHECK(waitpid(pid, &status, 0) == pid);
  clock_gettime(CLOCK_MONOTONIC, &b);
  long long ns = (b.tv_sec - a.tv_sec) * 1000000000LL + (b.tv_nsec - a.tv_nsec);
  printf("%s child gone %s %d ms after the kill\n", how, ns < KILL_NS ? "within" : "only",
         ns < KILL_NS ? KILL_NS / 1000000 : (int)(ns / 1000000));
  CHECK(ns < KILL_NS);
  errno = 0;
  CHECK_INT(kill(pid, 0), -1);
  CHECK_INT(errno, ESRCH);
  return status;
}

int main(int argc, char** argv) {
  if (argc > 1) return child(argv[1]);

  int st = kill_child(argv[0], "spin", SIGTERM);
  CHECK(WIFSIGNALED(st));
  CHECK_INT(WTERMSIG(st), SIGTERM);
  st = kill_child(argv[0], "sleep", SIGTERM);
  CHECK(WIFSIGNALED(st));
  CHECK_INT(WTERMSIG(st), SIGTERM);
  st = kill_child(argv[0], "ignore", SIGKILL);
  CHECK(WIFSIGNALED(st));
  CHECK_INT(WTERMSIG(st), SIGKILL);
  return check_done();
}
