/* create-and-join-10000-threads-with-checksum - 10,000 threads, created in batches of 50 and
 * joined batch by batch, each returning a value computed from its number: every create and join
 * succeeds and the results add up to the checksum computed without threads. A batch has more
 * threads than the machine has contexts, so on hw most of them start from the ready queue (tfork
 * finds no free context) and run when an exiting thread's context takes the next one; their
 * stacks are freed by the joins and reused by the next batch.
 * Expect: status 0 */
#include <pthread.h>
#include <stdint.h>

#include "check.h"

#define THREADS 10000
#define BATCH 50

static uint32_t value(uint32_t i) { return i * 2654435761u ^ (i >> 3); }

static void* work(void* arg) { return (void*)(uintptr_t)value((uint32_t)(uintptr_t)arg); }

int main(void) {
  pthread_t t[BATCH];
  uint32_t sum = 0, want = 0;
  int create_failures = 0, join_failures = 0;
  for (uint32_t i = 0; i < THREADS; i++) want += value(i);
  for (uint32_t first = 0; first < THREADS; first += BATCH) {
    for (uint32_t k = 0; k < BATCH; k++)
      create_failures += pthread_create(&t[k], 0, work, (void*)(uintptr_t)(first + k)) != 0;
    for (uint32_t k = 0; k < BATCH; k++) {
      void* r;
      join_failures += pthread_join(t[k], &r) != 0;
      sum += (uint32_t)(uintptr_t)r;
    }
  }
  CHECK_INT(create_failures, 0);
  CHECK_INT(join_failures, 0);
  CHECK_HEX(sum, want);
  return check_done();
}
