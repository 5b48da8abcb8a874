/* affinity-pins-a-process-to-core-1 - on two cores, sched_setaffinity with only core 1 (a CPU is
 * a core on Kasane; in context mode a context, unit 1 below, as on Linux) moves a process that
 * computes on unit 0 to unit 1 by its next slice end, and from then on it never runs elsewhere
 * (RDHWR $0, checked at every step); a child it spawns has its affinity and runs on unit 1 too.
 * sched_getaffinity gives the mask (every unit) and, raw, the bytes it wrote; an empty mask, one
 * of no existing unit, a bad pid or a bad pointer are refused.
 * Expect: status 0 */
#include <errno.h>
#include <sched.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "smp.h"

#define SLICE 1000000u /* os/param.h TIMESLICE: the kernel moves the process at a slice end */

int main(int argc, char** argv) {
  if (argc > 1) { /* the child: on core 1 at every step, and its mask is its parent's */
    cpu_set_t set;
    int bad = 0;
    for (int i = 0; i < 50; i++) {
      bad += this_unit() != 1;
      compute(2000);
    }
    if (sched_getaffinity(0, sizeof set, &set) != 0 || set.__bits[0] != 2) bad++;
    return bad ? 100 + bad : this_unit();
  }

  cpu_set_t set;
  CHECK_INT(__sched_getaffinity(0, sizeof set, &set), 4); /* the raw call: one word written */
  CHECK_INT(sched_getaffinity(0, sizeof set, &set), 0);
  int units = CPU_COUNT(&set);
  unsigned long none;
  int cores = kasane_ctx_map(&none, 0); /* with no room: the number of cores, nothing else */
  CHECK_HEX(set.__bits[0], (1ul << units) - 1); /* every unit: every core, or every CPU */
  CHECK_INT(units, smt_context() ? cores * core_contexts() : cores);

  CPU_ZERO(&set);
  errno = 0;
  CHECK_INT(sched_setaffinity(0, sizeof set, &set), -1);
  CHECK_INT(errno, EINVAL); /* an empty mask */
  CPU_SET(units, &set);
  errno = 0;
  CHECK_INT(sched_setaffinity(0, sizeof set, &set), -1);
  CHECK_INT(errno, EINVAL); /* unit `units` does not exist */
  CPU_SET(1, &set);
  errno = 0;
  CHECK_INT(sched_setaffinity(12345, sizeof set, &set), -1);
  CHECK_INT(errno, ESRCH);
  errno = 0;
  CHECK_INT(sched_setaffinity(0, sizeof set, (cpu_set_t*)0x10), -1);
  CHECK_INT(errno, EFAULT);
  errno = 0;
  CHECK_INT(sched_getaffinity(0, 6, &set), -1);
  CHECK_INT(errno, EINVAL); /* not whole words */
  errno = 0;
  CHECK_INT(sched_getaffinity(0, sizeof set, (cpu_set_t*)0x80000000u), -1);
  CHECK_INT(errno, EFAULT);

  /* Pin to unit 1 alone: if on unit 0 now, the process moves at its slice end at the latest. */
  CPU_ZERO(&set);
  CPU_SET(1, &set);
  CHECK_INT(sched_setaffinity(0, sizeof set, &set), 0);
  uint32_t t0 = cycles();
  while (this_unit() != 1 && cycles() - t0 < 2 * SLICE) compute(1000);
  uint32_t moved = cycles() - t0;
  CHECK_INT(this_unit(), 1);
  printf("on unit 1 %s one slice after the call\n", moved <= SLICE + SLICE / 10 ? "within" : "only after");
  CHECK(moved <= SLICE + SLICE / 10);

  /* Three slices on unit 1 alone, looking at every step. */
  int off = 0;
  for (t0 = cycles(); cycles() - t0 < 3 * SLICE;) {
    off += this_unit() != 1;
    compute(1000);
  }
  CHECK_INT(off, 0);
  CHECK_INT(sched_getaffinity(0, sizeof set, &set), 0);
  CHECK_HEX(set.__bits[0], 2);

  int status = -1;
  pid_t child = spawn_self(argv[0], "child", 0);
  CHECK(child > 0);
  CHECK(waitpid(child, &status, 0) == child);
  CHECK(WIFEXITED(status));
  CHECK_INT(WEXITSTATUS(status), 1); /* the child ran on unit 1 only */
  CHECK_INT(this_unit(), 1);
  return check_done();
}
