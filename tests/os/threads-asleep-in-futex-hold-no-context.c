/* threads-asleep-in-futex-hold-no-context - a clone thread that sleeps in the kernel gives its
 * context up: 8 threads wait in FUTEX_WAIT (more than the machine's contexts), then one more
 * thread computes a sum on a context they left free and wakes them all with one FUTEX_WAKE;
 * each woken thread checks the sum and exits, and the main thread joins all 9. Then 6 threads
 * that never sleep, each spinning until all 6 have run (a barrier without the kernel), finish
 * only because the kernel takes turns between them: its timer tick takes the context from a
 * thread that has had it for a while when a sibling waits for one.
 * Expect: status 0 */
#include "check.h"
#include "kthread.h"

#define WAITERS 8
#define SPINNERS 6
#define SUM_TO 5000

static char stacks[WAITERS + 1][1024] __attribute__((aligned(8)));
static volatile int ctid[WAITERS + 1];
static volatile int asleep, word, good;
static volatile unsigned sum;

static void waiter(void* arg) {
  (void)arg;
  __atomic_fetch_add(&asleep, 1, __ATOMIC_SEQ_CST);
  while (word == 0) kfutex(&word, FUTEX_WAIT | FUTEX_PRIVATE_FLAG, 0, 0);
  if (sum == SUM_TO * (SUM_TO + 1u) / 2) __atomic_fetch_add(&good, 1, __ATOMIC_SEQ_CST);
}

static void computer(void* arg) {
  (void)arg;
  unsigned s = 0;
  for (unsigned i = 1; i <= SUM_TO; i++) s += i;
  sum = s;
  word = 1;
  kfutex(&word, FUTEX_WAKE | FUTEX_PRIVATE_FLAG, WAITERS, 0);
}

static volatile int arrived;

static void spinner(void* arg) {
  (void)arg;
  __atomic_fetch_add(&arrived, 1, __ATOMIC_SEQ_CST);
  while (arrived < SPINNERS) {
  }
}

int main(void) {
  for (int i = 0; i < WAITERS; i++) {
    ctid[i] = -1;
    CHECK(kclone(NPTL_FLAGS & ~CLONE_SETTLS, stacks[i] + sizeof stacks[i], (int*)&ctid[i], 0,
                 (int*)&ctid[i], waiter, 0) > 0);
  }
  while (asleep < WAITERS) { /* each is in FUTEX_WAIT, or about to be */
  }
  ctid[WAITERS] = -1;
  CHECK(kclone(NPTL_FLAGS & ~CLONE_SETTLS, stacks[WAITERS] + sizeof stacks[WAITERS],
               (int*)&ctid[WAITERS], 0, (int*)&ctid[WAITERS], computer, 0) > 0);
  for (int i = 0; i <= WAITERS; i++) {
    kjoin(&ctid[i]);
    CHECK_INT(ctid[i], 0);
  }
  CHECK_INT(good, WAITERS);

  /* More spinning threads than contexts (the main thread joins: asleep, it leaves context 0 to
   * them too). */
  for (int i = 0; i < SPINNERS; i++) {
    ctid[i] = -1;
    CHECK(kclone(NPTL_FLAGS & ~CLONE_SETTLS, stacks[i] + sizeof stacks[i], (int*)&ctid[i], 0,
                 (int*)&ctid[i], spinner, 0) > 0);
  }
  for (int i = 0; i < SPINNERS; i++) {
    kjoin(&ctid[i]);
    CHECK_INT(ctid[i], 0);
  }
  CHECK_INT(arrived, SPINNERS);
  return check_done();
}
