/* two-processes-on-two-cores-run-concurrently - on two cores, two children that only compute run
 * at once, one on each core: started together, both are done in less than 1.5x the cycles of one
 * child alone (one core, taking turns, would need 2x). Each child's exit status is the core it
 * ran on, and the two differ.
 * Expect: status 0 */
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "smp.h"

#define WORK 60000 /* loop iterations per child: a few hundred thousand cycles */

static int child(void) {
  compute(WORK);
  return this_unit();
}

/* Wait for pid; its exit status (the core it ran on). */
static int reap(pid_t pid) {
  int status = -1;
  CHECK(waitpid(pid, &status, 0) == pid);
  CHECK(WIFEXITED(status));
  return WEXITSTATUS(status);
}

int main(int argc, char** argv) {
  if (argc > 1) return child();

  uint32_t t0 = cycles();
  reap(spawn_self(argv[0], "work", 0));
  uint32_t alone = cycles() - t0;

  t0 = cycles();
  pid_t a = spawn_self(argv[0], "work", 0), b = spawn_self(argv[0], "work", 0);
  CHECK(a > 0 && b > 0);
  int core_a = reap(a), core_b = reap(b);
  uint32_t both = cycles() - t0;

  printf("one child alone: %u cycles; two at once: %u cycles (%u.%02ux)\n", alone, both,
         both / alone, both * 100 / alone % 100);
  CHECK(core_a != core_b);
  CHECK(both < alone + alone / 2);
  return check_done();
}
