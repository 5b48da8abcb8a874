/* thread-pinned-by-tid-runs-only-on-its-core - sched_setaffinity on a clone thread's tid sets that
 * thread's cores alone (Linux: affinity is per thread; a CPU here is a core). The main thread
 * clones a thread that waits at a gate, pins it by tid to the last core and opens the gate; while
 * busy threads keep every context taken, the pinned thread computes, sleeps and yields many
 * times, and every core it is seen on is that one. sched_getaffinity gives the thread's mask by
 * tid and the process's (every core) for pid 0 from the main thread; a thread that pins itself
 * (tid 0) to core 0 runs there as soon as the call returns. A mask of no existing core is EINVAL,
 * an unknown tid ESRCH. Runs on 2 and 4 cores (tests/CMakeLists.txt). In context mode
 * (os.smt_sched) a CPU is a context, as on Linux: "core" below is then a CPU.
 * Expect: status 0 */
#include <errno.h>
#include <time.h>

#include "check.h"
#include "kthread.h"
#include "smp.h"

#define BUSY 6
#define ROUNDS 40

static char stacks[BUSY + 2][2048] __attribute__((aligned(8)));
static volatile int ctid[BUSY + 2];
static volatile int gate, stop;
static volatile unsigned long pinned_seen, self_seen;
static volatile long self_ret = 1;

static void spin(int n) {
  for (volatile int i = 0; i < n; i++) {
  }
}

static void busy(void* arg) {
  (void)arg;
  while (!stop) spin(1000);
}

static void pinned(void* arg) {
  (void)arg;
  while (gate == 0) kfutex(&gate, FUTEX_WAIT | FUTEX_PRIVATE_FLAG, 0, 0);
  struct timespec ts = {0, 1000};
  for (int r = 0; r < ROUNDS; r++) {
    pinned_seen |= 1ul << this_unit();
    spin(2000);
    pinned_seen |= 1ul << this_unit();
    if (r & 1)
      ksys(SYS_nanosleep, (long)&ts, 0, 0, 0);
    else
      ksys(SYS_sched_yield, 0, 0, 0, 0);
  }
  pinned_seen |= 1ul << this_unit();
}

static void self_pin(void* arg) {
  (void)arg;
  unsigned long m = 1; /* core 0 */
  self_ret = ksys(SYS_sched_setaffinity, 0, sizeof m, (long)&m, 0);
  self_seen |= 1ul << this_unit(); /* right after the call */
  spin(5000);
  self_seen |= 1ul << this_unit();
}

int main(void) {
  unsigned long none, m, got;
  int cores = kasane_ctx_map(&none, 0);
  if (smt_context()) cores *= core_contexts(); /* every CPU a unit */
  int last = cores - 1;
  CHECK(cores >= 2);
  for (int i = 0; i < BUSY + 2; i++) ctid[i] = -1;
  long tid = kclone(NPTL_FLAGS & ~CLONE_SETTLS, stacks[0] + sizeof stacks[0], (int*)&ctid[0], 0,
                    (int*)&ctid[0], pinned, 0);
  CHECK(tid > 0);
  m = 1ul << 31; /* no such core */
  CHECK_INT(ksys(SYS_sched_setaffinity, tid, sizeof m, (long)&m, 0), -EINVAL);
  m = 1ul << last;
  CHECK_INT(ksys(SYS_sched_setaffinity, 0x7fff, sizeof m, (long)&m, 0), -ESRCH);
  CHECK_INT(ksys(SYS_sched_setaffinity, tid, sizeof m, (long)&m, 0), 0);
  got = 0;
  CHECK_INT(ksys(SYS_sched_getaffinity, tid, sizeof got, (long)&got, 0), (long)sizeof got);
  CHECK_HEX(got, 1ul << last);
  got = 0;
  CHECK_INT(ksys(SYS_sched_getaffinity, 0, sizeof got, (long)&got, 0), (long)sizeof got);
  CHECK_HEX(got, (1ul << cores) - 1); /* the process: every core still */

  for (int i = 1; i <= BUSY; i++)
    CHECK(kclone(NPTL_FLAGS & ~CLONE_SETTLS, stacks[i] + sizeof stacks[i], (int*)&ctid[i], 0,
                 (int*)&ctid[i], busy, 0) > 0);
  gate = 1;
  kfutex(&gate, FUTEX_WAKE | FUTEX_PRIVATE_FLAG, 1, 0);
  CHECK(kclone(NPTL_FLAGS & ~CLONE_SETTLS, stacks[BUSY + 1] + sizeof stacks[BUSY + 1],
               (int*)&ctid[BUSY + 1], 0, (int*)&ctid[BUSY + 1], self_pin, 0) > 0);
  kjoin(&ctid[0]);
  kjoin(&ctid[BUSY + 1]);
  stop = 1;
  for (int i = 1; i <= BUSY; i++) kjoin(&ctid[i]);
  CHECK_HEX(pinned_seen, 1ul << last); /* only ever on its core */
  CHECK_INT(self_ret, 0);
  CHECK_HEX(self_seen, 1ul); /* on core 0 at once, and after */
  return check_done();
}
