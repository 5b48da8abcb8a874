/* pinned-thread-runs-only-on-its-cores - placement by pthread_attr_setaffinity_np and
 * pthread_setaffinity_np, where a CPU is a core (bit c of the cpu_set_t is core c), or with the
 * kernel backend in context mode (os.smt_sched) a context, as on Linux: the program finds which
 * from the mask an unpinned thread has, and calls either a "unit". A thread created with the last
 * unit in its attr runs there only, also after yielding and waiting on a mutex others hold (each
 * time it is switched out, only a context of its unit may take it back); a thread that pins
 * itself to unit 0 and then to unit 1 moves there at once; the get calls give back what was set;
 * a set of no existing unit is EINVAL. Other threads keep the contexts busy meanwhile, so the
 * ready queue holds threads that must not all be taken by any context.
 * Runs on 2 and 4 cores of 2 contexts (tests/CMakeLists.txt).
 * Expect: status 0 */
#define _GNU_SOURCE
#include <errno.h>
#include <kasane/syscalls.h>
#include <pthread.h>
#include <sched.h>

#include "check.h"

#define BUSY 6
#define ROUNDS 200

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static volatile unsigned counter;
static int per_unit, units; /* contexts per bit of a cpu_set_t, and the bits in use */

/* The unit (core or context) this thread runs on now. */
static int core_now(void) {
  unsigned n;
  __asm__ volatile("rdhwr %0, $0" : "=r"(n));
  return (int)n / per_unit;
}

/* Take the mutex and yield, ROUNDS times; the cores it ran on, as bits. */
static unsigned long work(void) {
  unsigned long seen = 0;
  for (int i = 0; i < ROUNDS; i++) {
    seen |= 1ul << core_now();
    pthread_mutex_lock(&lock);
    counter++;
    seen |= 1ul << core_now();
    pthread_mutex_unlock(&lock);
    pthread_yield();
  }
  return seen | 1ul << core_now();
}

static void* busy(void* arg) {
  (void)arg;
  work();
  return 0;
}

static void* pinned(void* arg) {
  (void)arg;
  return (void*)work();
}

/* Pin itself to core 0, then to core 1: where it runs right after each call. */
static void* mover(void* arg) {
  (void)arg;
  cpu_set_t set;
  unsigned long where = 0;
  CPU_ZERO(&set);
  CPU_SET(0, &set);
  if (pthread_setaffinity_np(pthread_self(), sizeof set, &set) != 0) return (void*)-1ul;
  where |= (unsigned long)core_now();
  work();
  where |= (unsigned long)(core_now() == 0) << 4;
  CPU_ZERO(&set);
  CPU_SET(1, &set);
  if (pthread_setaffinity_np(pthread_self(), sizeof set, &set) != 0) return (void*)-1ul;
  where |= (unsigned long)(core_now() == 1) << 5;
  work();
  where |= (unsigned long)(core_now() == 1) << 6;
  return (void*)where;
}

int main(void) {
  unsigned long none, mask = kasane_contexts();
  int cores = kasane_ctx_map(&none, 0), nctx = mask ? 32 - __builtin_clz(mask) : 1;
  cpu_set_t set, got;
  CHECK_INT(pthread_getaffinity_np(pthread_self(), sizeof got, &got), 0);
  units = CPU_COUNT(&got); /* unpinned: every unit */
  CHECK(units == cores || units == cores * nctx);
  per_unit = units == cores ? nctx : 1;
  int last = units - 1;

  pthread_attr_t attr;
  CHECK_INT(pthread_attr_init(&attr), 0);
  CPU_ZERO(&set);
  CPU_SET(31, &set); /* no such core */
  CHECK_INT(pthread_attr_setaffinity_np(&attr, sizeof set, &set), EINVAL);
  CPU_ZERO(&set);
  CPU_SET(last, &set);
  CHECK_INT(pthread_attr_setaffinity_np(&attr, sizeof set, &set), 0);
  CHECK_INT(pthread_attr_getaffinity_np(&attr, sizeof got, &got), 0);
  CHECK_INT(CPU_COUNT(&got), 1);
  CHECK(CPU_ISSET(last, &got));

  pthread_t b[BUSY], p, m;
  for (int i = 0; i < BUSY; i++) CHECK_INT(pthread_create(&b[i], 0, busy, 0), 0);
  CHECK_INT(pthread_create(&p, &attr, pinned, 0), 0);
  CHECK_INT(pthread_create(&m, 0, mover, 0), 0);
  CHECK_INT(pthread_getaffinity_np(p, sizeof got, &got), 0);
  CHECK_INT(CPU_COUNT(&got), 1);
  CHECK(CPU_ISSET(last, &got));
  CHECK_INT(pthread_getaffinity_np(pthread_self(), sizeof got, &got), 0);
  CHECK_INT(CPU_COUNT(&got), units); /* unpinned: every unit */

  void *pr, *mr;
  CHECK_INT(pthread_join(p, &pr), 0);
  CHECK_INT(pthread_join(m, &mr), 0);
  for (int i = 0; i < BUSY; i++) CHECK_INT(pthread_join(b[i], 0), 0);
  CHECK_HEX((unsigned long)pr, 1ul << last); /* only ever on its core */
  CHECK_HEX((unsigned long)mr, 0x70);        /* on core 0, then on core 1 at once and after */
  CHECK_INT(counter, (BUSY + 3) * ROUNDS);
  return check_done();
}
