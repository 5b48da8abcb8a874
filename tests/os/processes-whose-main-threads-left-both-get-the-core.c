/* processes-whose-main-threads-left-both-get-the-core - two children each start a counting thread
 * on another context and end their main thread with TEXIT, so neither has a kernel thread on
 * context 0. When the time slice takes the core from one, the other's thread is ready on context
 * 1 only; the scheduler must start that context rather than count the process idle and switch
 * straight back (a ping-pong in which no context would ever run again). Each count spans several
 * time slices, then calls exit: the parent sees both children exit with 9.
 * Expect: status 0 */
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "check.h"
#include "thread.h"

#define COUNT 1500000 /* about three 1 M-cycle time slices of a two-instruction loop each */

static char stack[16384];
static struct thread counter;

static void count(void* arg) {
  (void)arg;
  for (volatile int i = 0; i < COUNT; i++) {
  }
  exit(9);
}

static int child(void) {
  if (thread_start(&counter, count, 0, stack, sizeof stack) <= 0) return 1;
  kasane_texit(); /* the main thread leaves; the counter ends the process */
  return 2;
}

int main(int argc, char** argv) {
  if (argc > 1 && strcmp(argv[1], "child") == 0) return child();
  pid_t a = spawn_self(argv[0], "child", 0), b = spawn_self(argv[0], "child", 0);
  CHECK(a > 0 && b > 0);
  for (int i = 0; i < 2; i++) {
    int status = -1;
    pid_t pid = waitpid(-1, &status, 0);
    CHECK(pid == a || pid == b);
    CHECK(WIFEXITED(status));
    CHECK_INT(WEXITSTATUS(status), 9);
  }
  return check_done();
}
