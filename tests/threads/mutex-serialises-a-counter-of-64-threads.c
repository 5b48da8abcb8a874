/* mutex-serialises-a-counter-of-64-threads - 64 threads each add 1 to a shared counter 300 times
 * under one mutex, reading and writing it non-atomically with a little work in between, so two
 * threads inside at once would lose an update: the count is exactly 64 * 300, and no thread ever
 * found another inside. With several contexts the threads contend for real (the slow path:
 * queueing, sleeping on the context or switching out, waking by unlock).
 * Expect: status 0 */
#include <pthread.h>

#include "check.h"

#define THREADS 64
#define ROUNDS 300

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static volatile unsigned counter;
static volatile unsigned inside; /* threads in the critical section now: must stay 0 or 1 */
static volatile unsigned overlaps;

static void* add(void* arg) {
  (void)arg;
  for (int i = 0; i < ROUNDS; i++) {
    pthread_mutex_lock(&lock);
    if (inside++ != 0) overlaps++;
    unsigned c = counter;
    for (volatile int spin = 0; spin < 20; spin++) {
    }
    counter = c + 1;
    inside--;
    pthread_mutex_unlock(&lock);
  }
  return 0;
}

int main(void) {
  pthread_t t[THREADS];
  int failures = 0;
  for (int i = 0; i < THREADS; i++) failures += pthread_create(&t[i], 0, add, 0) != 0;
  for (int i = 0; i < THREADS; i++) failures += pthread_join(t[i], 0) != 0;
  CHECK_INT(failures, 0);
  CHECK_INT(counter, THREADS * ROUNDS);
  CHECK_INT(overlaps, 0);
  CHECK_INT(pthread_mutex_destroy(&lock), 0);
  return check_done();
}
