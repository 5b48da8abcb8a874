/* ias-calls-check-arguments-and-read-back - the IAS system calls on a two-core machine booted
 * with os.scheduler = ias and os.ias_bonus = 24: kasane_ias_bonus reads 24 (the config key
 * reached the kernel), returns the old bonus when it sets one and refuses one above the largest
 * (EINVAL); kasane_ias_master reads core 0's boot default (every other core its slave), sets
 * and reads back a slave mask and refuses a core the machine lacks or a master that is its own
 * slave (EINVAL); kasane_sched_stats fills its structure for one core and for all (-1), refuses
 * a core past the last (EINVAL) and bad pointers (EFAULT). A thread's nice value goes down as
 * well as up and is clamped to -20..19. A "core" here is a run queue: a core in core mode, a CPU
 * (context) in context mode (os.smt_sched), so the program counts them first.
 * Set: platform.cores=2 core.smp_start=true os.scheduler=ias os.ias_bonus=24
 * Expect: status 0 */
#include <errno.h>
#include <kasane/ias.h>
#include <string.h>
#include <sys/resource.h>

#include "check.h"

int main(void) {
  /* The run queues: the first number kasane_sched_stats refuses. */
  struct kasane_sched_stats s;
  int n = 0;
  while (n < 32 && kasane_sched_stats(n, &s) == 0) n++;
  printf("%d run queues\n", n);
  CHECK(n >= 2);
  unsigned long others = ((1UL << n) - 1) & ~1UL; /* every queue but 0 */

  /* The bonus. */
  CHECK_INT(kasane_ias_bonus(-1), 24);
  CHECK_INT(kasane_ias_bonus(32), 24);
  CHECK_INT(kasane_ias_bonus(-1), 32);
  CHECK_INT(kasane_ias_bonus(0), 32);
  CHECK_INT(kasane_ias_bonus(256), 0);
  errno = 0;
  CHECK_INT(kasane_ias_bonus(257), -1);
  CHECK_INT(errno, EINVAL);
  CHECK_INT(kasane_ias_bonus(-1), 256);

  /* Master and slave cores. */
  CHECK_INT(kasane_ias_master(0, ~0UL), others); /* at boot core 0 masters the others */
  CHECK_INT(kasane_ias_master(0, 0), others);
  CHECK_INT(kasane_ias_master(0, ~0UL), 0);
  CHECK_INT(kasane_ias_master(0, 2), 0);
  CHECK_INT(kasane_ias_master(0, ~0UL), 2);
  CHECK_INT(kasane_ias_master(1, ~0UL), 0);
  errno = 0;
  CHECK_INT(kasane_ias_master(0, 1), -1); /* its own slave */
  CHECK_INT(errno, EINVAL);
  errno = 0;
  CHECK_INT(kasane_ias_master(0, 1UL << n), -1); /* no core n */
  CHECK_INT(errno, EINVAL);
  errno = 0;
  CHECK_INT(kasane_ias_master(n, 0), -1);
  CHECK_INT(errno, EINVAL);
  errno = 0;
  CHECK_INT(kasane_ias_master(-1, 0), -1);
  CHECK_INT(errno, EINVAL);
  CHECK_INT(kasane_ias_master(0, ~0UL), 2); /* the refused calls changed nothing */
  CHECK_INT(kasane_ias_master(0, 0), 2);
  CHECK_INT(kasane_ias_master(0, ~0UL), 0);

  /* Counters: every field filled in. */
  memset(&s, 0xff, sizeof s);
  CHECK_INT(kasane_sched_stats(-1, &s), 0);
  CHECK(s.picks != ~0ULL && s.migrations != ~0ULL && s.time_aggr != ~0ULL);
  memset(&s, 0xff, sizeof s);
  CHECK_INT(kasane_sched_stats(1, &s), 0);
  CHECK(s.space_aggr != ~0ULL);
  errno = 0;
  CHECK_INT(kasane_sched_stats(n, &s), -1);
  CHECK_INT(errno, EINVAL);
  errno = 0;
  CHECK_INT(kasane_sched_stats(0, 0), -1);
  CHECK_INT(errno, EFAULT);
  errno = 0;
  CHECK_INT(kasane_sched_stats(0, (struct kasane_sched_stats*)0x80000000), -1);
  CHECK_INT(errno, EFAULT);

  /* Nice: Kasane has no privilege to check, so it may also go down. */
  CHECK_INT(getpriority(PRIO_PROCESS, 0), 0);
  CHECK_INT(setpriority(PRIO_PROCESS, 0, -5), 0);
  CHECK_INT(getpriority(PRIO_PROCESS, 0), -5);
  CHECK_INT(setpriority(PRIO_PROCESS, 0, -100), 0);
  CHECK_INT(getpriority(PRIO_PROCESS, 0), -20);
  CHECK_INT(setpriority(PRIO_PROCESS, 0, 0), 0);
  CHECK_INT(getpriority(PRIO_PROCESS, 0), 0);
  return check_done();
}
