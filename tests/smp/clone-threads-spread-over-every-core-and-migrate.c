/* clone-threads-spread-over-every-core-and-migrate - the kernel balances clone threads between
 * cores: the main thread clones two threads per hardware context of the machine, all queued first
 * on its own core, and each computes for a while, noting every core it runs on (RDHWR $0). Idle
 * cores pull threads from the busy one (os/balance.c), so the threads together run on every core
 * of the machine, and kasane_sched_stats counts the threads load balancing moved (migrations).
 * The work is checked: each thread's sum is the same. Runs on 2 and 4 cores (tests/CMakeLists.txt).
 * In context mode (os.smt_sched) every context is a CPU with a queue of its own, and the threads
 * run on every CPU.
 * Expect: status 0 */
#include <kasane/ias.h>

#include "check.h"
#include "kthread.h"
#include "smp.h"

#define MAXT 32
#define STEPS 60000

static char stacks[MAXT][2048] __attribute__((aligned(8)));
static volatile int ctid[MAXT];
static volatile uint32_t sums[MAXT];
static volatile unsigned long seen[MAXT]; /* bit c: thread i ran on core (or CPU) c */

static void work(void* arg) {
  int i = (int)(long)arg;
  uint32_t s = 0;
  for (int n = 0; n < STEPS; n++) {
    s = s * 31 + (uint32_t)n;
    if ((n & 1023) == 0) seen[i] |= 1ul << this_unit();
  }
  seen[i] |= 1ul << this_unit();
  sums[i] = s;
}

int main(void) {
  unsigned long none;
  int cores = kasane_ctx_map(&none, 0), nt = 2 * cores * core_contexts();
  int units = smt_context() ? cores * core_contexts() : cores;
  CHECK(units >= 2);
  if (nt > MAXT) nt = MAXT;
  struct kasane_sched_stats before, after;
  CHECK_INT(kasane_sched_stats(-1, &before), 0);
  for (int i = 0; i < nt; i++) {
    ctid[i] = -1;
    long t = kclone(NPTL_FLAGS & ~CLONE_SETTLS, stacks[i] + sizeof stacks[i], (int*)&ctid[i], 0,
                    (int*)&ctid[i], work, (void*)(long)i);
    CHECK(t > 0);
  }
  unsigned long all = 0;
  for (int i = 0; i < nt; i++) {
    kjoin(&ctid[i]);
    all |= seen[i];
    CHECK_HEX(sums[i], sums[0]);
  }
  CHECK_INT(kasane_sched_stats(-1, &after), 0);
  CHECK_HEX(all, (1ul << units) - 1); /* every core (CPU) ran some of them */
  CHECK(after.migrations > before.migrations);
  return check_done();
}
