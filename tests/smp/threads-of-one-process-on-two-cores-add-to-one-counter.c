/* threads-of-one-process-on-two-cores-add-to-one-counter - one process runs threads on two cores
 * at once: kasane_ctx_start puts one on a context of the other core (its CPU number says that
 * core, and RDHWR $0 there agrees) and one on this core; with the main thread, the three add
 * 1 to one counter 20000 times each with LL/SC, and no addition is lost. While they run,
 * kasane_ctx_map shows every context of both cores held; once the far thread has ended, the
 * process leaves that core, and kasane_ctx_start(-1) picks an idle core over its own. A core that
 * does not exist, or one outside the affinity, is EINVAL; a bad masks pointer is EFAULT.
 * Expect: status 0 */
#include <errno.h>
#include <sched.h>

#include "check.h"
#include "smp.h"

#define N 20000
#define STACK 4096
#define WAIT 20000000u /* cycles to wait for the threads at most */

static volatile uint32_t counter;
static volatile int started[2], cpu_seen[2], go;
static struct thread th[3];
static char stacks[3][STACK] __attribute__((aligned(8)));

static void nothing(void* arg) { (void)arg; }

static void add(void* arg) {
  int k = (int)(long)arg;
  cpu_seen[k] = this_cpu();
  started[k] = 1;
  while (!go) {
  }
  for (int i = 0; i < N; i++) __atomic_fetch_add(&counter, 1, __ATOMIC_RELAXED);
}

int main(void) {
  int per = core_contexts(), me = this_core();
  unsigned long masks[16];
  int ncores = kasane_ctx_map(masks, 16);
  CHECK(ncores >= 2);
  int other = (me + 1) % ncores;
  CHECK_HEX(masks[me], (1u << per) - 1); /* this core: every context */
  CHECK_HEX(masks[other], 0);

  errno = 0;
  CHECK_INT(thread_start_on(ncores, &th[0], add, 0, stacks[0], STACK), -1);
  CHECK_INT(errno, EINVAL);
  errno = 0;
  CHECK_INT(kasane_ctx_map((unsigned long*)0x10, 2), -1);
  CHECK_INT(errno, EFAULT);
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(me, &set);
  CHECK_INT(sched_setaffinity(0, sizeof set, &set), 0);
  errno = 0;
  CHECK_INT(thread_start_on(other, &th[0], add, 0, stacks[0], STACK), -1);
  CHECK_INT(errno, EINVAL); /* outside the affinity */
  CPU_SET(other, &set);
  CHECK_INT(sched_setaffinity(0, sizeof set, &set), 0);

  long far = thread_start_on(other, &th[0], add, (void*)0, stacks[0], STACK);
  long near = thread_start_on(me, &th[1], add, (void*)1, stacks[1], STACK);
  CHECK_INT(far / per, other);
  CHECK_INT(near / per, me);
  uint32_t t0 = cycles();
  while (!(started[0] && started[1]) && cycles() - t0 < WAIT) {
  }
  CHECK_INT(cpu_seen[0], far); /* RDHWR $0 there: the number kasane_ctx_start gave */
  CHECK_INT(cpu_seen[1], near);
  CHECK_INT(kasane_ctx_map(masks, 16), ncores);
  CHECK_HEX(masks[me], (1u << per) - 1);
  CHECK_HEX(masks[other], (1u << per) - 1); /* the process holds the other core now too */

  go = 1;
  for (int i = 0; i < N; i++) __atomic_fetch_add(&counter, 1, __ATOMIC_RELAXED);
  t0 = cycles();
  while (!(th[0].done && th[1].done) && cycles() - t0 < WAIT) {
  }
  CHECK(th[0].done && th[1].done);
  CHECK_INT(counter, 3 * N);
  CHECK_INT(this_core(), me);

  t0 = cycles();
  while (kasane_ctx_map(masks, 16) == ncores && masks[other] && cycles() - t0 < WAIT) {
  }
  CHECK_HEX(masks[other], 0); /* nothing of it left there: it gave the core up */
  long any = thread_start_on(-1, &th[2], nothing, 0, stacks[2], STACK);
  CHECK(any >= 0 && any / per != me); /* an idle core before the caller's own */
  t0 = cycles();
  while (!th[2].done && cycles() - t0 < WAIT) {
  }
  CHECK(th[2].done);
  return check_done();
}
