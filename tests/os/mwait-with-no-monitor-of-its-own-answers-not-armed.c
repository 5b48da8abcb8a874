/* mwait-with-no-monitor-of-its-own-answers-not-armed - the monitor is the hardware context's, and
 * the kernel and other processes use it (the kernel's idle waits and blocking calls MONITOR a
 * word of their own; a process may arm it and then end or be switched out), but a user MWAIT with
 * no MONITOR of its own since it began, since a blocking call, since another process ran on its
 * context or since an exec must answer 3 (not armed, isa.md) at once: never 0, a store to a line
 * someone else chose, and never sleep on that line. MWAIT is given a timeout, so a monitor left
 * armed answers 1 rather than hanging. And a plain system call, in which the kernel waits for
 * nothing, keeps the program's own armed monitor: a store to its line after the call still ends
 * the MWAIT with 0. Everything is pinned to CPU 0 (core 0 in core mode), so that in context mode,
 * where each context is a CPU, the children run on the parent's own context.
 * Expect: status 0 */
#include <sched.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "thread.h"

#define WAIT 20000u /* cycles an MWAIT may sleep: a monitor left armed times out (1) */
#define NOT_ARMED 3
#define CHILDREN 3
#define EXEC_OK 43 /* the exec'd image's status when its MWAIT answered 3 */
#define ARMER_OK 42

static volatile uint32_t word[8] __attribute__((aligned(64)));

static long mwait(void) { return kasane_mwait(WAIT, 0); }

int main(int argc, char** argv) {
  if (argc > 1 && strcmp(argv[1], "armer") == 0) {
    long first = mwait(); /* a new process on a context its parent used */
    kasane_monitor((unsigned long)&word[0]);
    return first == NOT_ARMED ? ARMER_OK : 1; /* ends with the monitor armed */
  }
  if (argc > 1 && strcmp(argv[1], "exec") == 0) {
    kasane_monitor((unsigned long)&word[0]);
    char* eargv[] = {argv[0], "after-exec", 0};
    char* eenvp[] = {0};
    execve(argv[0], eargv, eenvp);
    return 1;
  }
  if (argc > 1 && strcmp(argv[1], "after-exec") == 0) {
    long r = mwait();
    printf("after exec: %ld\n", r);
    return r == NOT_ARMED ? EXEC_OK : 1;
  }

  cpu_set_t zero;
  CPU_ZERO(&zero);
  CPU_SET(0, &zero);
  CHECK_INT(sched_setaffinity(0, sizeof zero, &zero), 0); /* the children inherit it */
  CHECK_INT(mwait(), NOT_ARMED); /* after the kernel started this process here */

  struct timespec nap = {0, 100000};
  CHECK_INT(nanosleep(&nap, 0), 0); /* the kernel waits on this context meanwhile */
  CHECK_INT(mwait(), NOT_ARMED);

  int armers = 0;
  for (int n = 0; n < CHILDREN; n++) {
    pid_t pid = spawn_self(argv[0], "armer", 0);
    int status = -1;
    if (pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
        WEXITSTATUS(status) == ARMER_OK)
      armers++;
    CHECK_INT(mwait(), NOT_ARMED); /* the child armed the monitor on this context and ended */
  }
  CHECK_INT(armers, CHILDREN);

  pid_t pid = spawn_self(argv[0], "exec", 0);
  int status = -1;
  CHECK(pid > 0 && waitpid(pid, &status, 0) == pid);
  CHECK(WIFEXITED(status));
  CHECK_INT(WEXITSTATUS(status), EXEC_OK);

  kasane_monitor((unsigned long)&word[0]);
  CHECK(getpid() > 0); /* a trap in which the kernel arms nothing */
  word[0] = 1;
  CHECK_INT(mwait(), 0); /* its own monitor, hit by its own store */
  CHECK_INT(mwait(), NOT_ARMED); /* that MWAIT spent it */
  return check_done();
}
