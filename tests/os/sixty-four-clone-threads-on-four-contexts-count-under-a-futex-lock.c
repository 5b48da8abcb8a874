/* sixty-four-clone-threads-on-four-contexts-count-under-a-futex-lock - a process may have more
 * clone threads than the machine has contexts: 64 threads each add to one counter, a plain
 * read-modify-write guarded by a futex mutex (Drepper's three-state lock: a thread that finds it
 * taken sleeps in FUTEX_WAIT and so leaves its context to a sibling), then exit; the main thread
 * joins each by its CLEARTID word. First every thread waits at a gate (FUTEX_WAIT) until all 64
 * are alive, which only works if a thread asleep in the kernel holds no context. The counter is
 * exact, every thread was joined, and each had its own tid.
 * Expect: status 0 */
#include "check.h"
#include "kthread.h"

#define NT 64
#define ADDS 12

static char stacks[NT][1024] __attribute__((aligned(8)));
static volatile int ctid[NT];
static volatile int lock; /* 0 free, 1 taken, 2 taken and someone may sleep on it */
static volatile int counter, alive, gate;
static volatile int tids[NT];

static void lock_take(void) {
  int c = __sync_val_compare_and_swap(&lock, 0, 1);
  if (c == 0) return;
  if (c != 2) c = __atomic_exchange_n(&lock, 2, __ATOMIC_SEQ_CST);
  while (c != 0) {
    kfutex(&lock, FUTEX_WAIT | FUTEX_PRIVATE_FLAG, 2, 0);
    c = __atomic_exchange_n(&lock, 2, __ATOMIC_SEQ_CST);
  }
}

static void lock_give(void) {
  if (__atomic_fetch_sub(&lock, 1, __ATOMIC_SEQ_CST) != 1) {
    lock = 0;
    kfutex(&lock, FUTEX_WAKE | FUTEX_PRIVATE_FLAG, 1, 0);
  }
}

static void adder(void* arg) {
  int i = (int)(long)arg;
  tids[i] = (int)kgettid();
  lock_take();
  alive++;
  lock_give();
  while (gate == 0) kfutex(&gate, FUTEX_WAIT | FUTEX_PRIVATE_FLAG, 0, 0);
  for (int n = 0; n < ADDS; n++) {
    lock_take();
    int v = counter;
    for (volatile int d = 0; d < 3; d++) { /* widen the window a broken lock would show */
    }
    counter = v + 1;
    lock_give();
  }
}

int main(void) {
  for (int i = 0; i < NT; i++) {
    ctid[i] = -1;
    long t = kclone(NPTL_FLAGS & ~CLONE_SETTLS, stacks[i] + sizeof stacks[i], (int*)&ctid[i], 0,
                    (int*)&ctid[i], adder, (void*)(long)i);
    CHECK(t > 0);
  }
  while (alive < NT) { /* every thread is asleep at the gate or on its way there */
  }
  gate = 1;
  kfutex(&gate, FUTEX_WAKE | FUTEX_PRIVATE_FLAG, NT, 0);
  for (int i = 0; i < NT; i++) {
    kjoin(&ctid[i]);
    CHECK_INT(ctid[i], 0);
  }
  CHECK_INT(counter, NT * ADDS);
  CHECK_INT(alive, NT);
  for (int i = 0; i < NT; i++)
    for (int j = i + 1; j < NT; j++) CHECK(tids[i] != tids[j]);
  return check_done();
}
