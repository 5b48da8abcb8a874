/* process-ends-when-the-last-context-of-a-main-texit-ends - a child's main thread leaves with
 * TEXIT while a thread of it counts on another context; when that thread ends with TEXIT too,
 * nothing of the child is left and it must end with status 0. The kernel does not see a user
 * TEXIT on that context: context 0, with nothing else to do, waits in MWAIT with TControl.XW,
 * which makes the TEXIT trigger its monitor. Without that wake-up it would sleep for ever (a
 * guest deadlock, status 71); it used to poll every 10,000 cycles instead.
 * Expect: status 0 */
#include <string.h>
#include <sys/wait.h>

#include "check.h"
#include "thread.h"

static char stack[4096] __attribute__((aligned(8)));
static struct thread counter;

static void count(void* arg) {
  (void)arg;
  for (volatile int i = 0; i < 20000; i++) {
  }
}

/* The child: leaves its main thread while the counter runs; ends when the counter does. */
static int child(void) {
  if (thread_start(&counter, count, 0, stack, sizeof stack) <= 0) return 1;
  kasane_texit();
  return 2;
}

int main(int argc, char** argv) {
  if (argc > 1 && strcmp(argv[1], "child") == 0) return child();
  pid_t c = spawn_self(argv[0], "child", 0);
  CHECK(c > 0);
  int st = -1;
  uint32_t t0 = cycles();
  CHECK_INT(waitpid(c, &st, 0), c);
  uint32_t waited = cycles() - t0;
  CHECK(WIFEXITED(st));
  CHECK_INT(WEXITSTATUS(st), 0);
  printf("waited %u cycles for the child\n", waited);
  return check_done();
}
