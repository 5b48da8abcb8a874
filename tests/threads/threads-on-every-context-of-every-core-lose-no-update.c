/* threads-on-every-context-of-every-core-lose-no-update - one thread per hardware context of the
 * machine (cores * contexts, from kasane_ctx_map and kasane_contexts) adds 1 to a shared counter
 * 400 times under one mutex, reading and writing it non-atomically, so two threads inside at once
 * on different cores would lose an update: the count is exact and no thread found another
 * inside. Each thread records the cores it ran on (CPUNum, rdhwr $0, over the contexts of a
 * core), and the threads together must have run on more than one core: the library spreads them
 * (hw: kasane_ctx_start once the creator's core is full; conventional: workers on every core).
 * Runs on 2 and 4 cores of 2 contexts (tests/CMakeLists.txt).
 * Expect: status 0 */
#include <kasane/syscalls.h>
#include <pthread.h>

#include "check.h"

#define MAXTHREADS 16
#define ROUNDS 400

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static volatile unsigned counter, inside, overlaps;
static volatile unsigned long cores_seen; /* bit c: some thread ran on core c (under lock) */
static int nctx;

static unsigned cpunum(void) {
  unsigned n;
  __asm__ volatile("rdhwr %0, $0" : "=r"(n));
  return n;
}

static void* add(void* arg) {
  (void)arg;
  for (int i = 0; i < ROUNDS; i++) {
    pthread_mutex_lock(&lock);
    if (inside++ != 0) overlaps++;
    unsigned c = counter;
    cores_seen |= 1ul << (cpunum() / nctx);
    for (volatile int spin = 0; spin < 20; spin++) {
    }
    counter = c + 1;
    inside--;
    pthread_mutex_unlock(&lock);
  }
  return 0;
}

int main(void) {
  unsigned long none, mask = kasane_contexts();
  int cores = kasane_ctx_map(&none, 0);
  nctx = mask ? 32 - __builtin_clz(mask) : 1;
  int threads = cores * nctx;
  if (threads > MAXTHREADS) threads = MAXTHREADS;
  pthread_t t[MAXTHREADS];
  int failures = 0;
  for (int i = 0; i < threads; i++) failures += pthread_create(&t[i], 0, add, 0) != 0;
  for (int i = 0; i < threads; i++) failures += pthread_join(t[i], 0) != 0;
  CHECK_INT(failures, 0);
  CHECK_INT(counter, threads * ROUNDS);
  CHECK_INT(overlaps, 0);
  CHECK(cores > 1);
  CHECK(__builtin_popcountl(cores_seen) > 1);
  return check_done();
}
