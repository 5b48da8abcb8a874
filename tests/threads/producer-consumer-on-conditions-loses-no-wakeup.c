/* producer-consumer-on-conditions-loses-no-wakeup - 6 producers and 6 consumers (more threads
 * than the machine has contexts) pass 3,000 numbered items through a 4-slot buffer guarded by
 * one mutex, with two condition variables (not full, not empty) and pthread_cond_signal, never
 * broadcast, for every item: a lost wake-up would leave a thread asleep with work waiting and
 * the run would end in a deadlock. Every item arrives exactly once (count and sum).
 * Expect: status 0 */
#include <pthread.h>
#include <stdint.h>

#include "check.h"

#define PRODUCERS 6
#define CONSUMERS 6
#define PER_PRODUCER 500
#define TOTAL (PRODUCERS * PER_PRODUCER)
#define SLOTS 4

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t not_full = PTHREAD_COND_INITIALIZER;
static pthread_cond_t not_empty = PTHREAD_COND_INITIALIZER;
static uint32_t buf[SLOTS];
static int head, count, taken;
static uint32_t sum;
static int seen[TOTAL];

static void* produce(void* arg) {
  int base = (int)(intptr_t)arg * PER_PRODUCER;
  for (int i = 0; i < PER_PRODUCER; i++) {
    pthread_mutex_lock(&m);
    while (count == SLOTS) pthread_cond_wait(&not_full, &m);
    buf[(head + count) % SLOTS] = (uint32_t)(base + i);
    count++;
    pthread_cond_signal(&not_empty);
    pthread_mutex_unlock(&m);
  }
  return 0;
}

static void* consume(void* arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  for (;;) {
    while (count == 0 && taken < TOTAL) pthread_cond_wait(&not_empty, &m);
    if (taken == TOTAL) break;
    uint32_t v = buf[head];
    head = (head + 1) % SLOTS;
    count--;
    taken++;
    seen[v]++;
    sum += v;
    pthread_cond_signal(&not_full);
    if (taken == TOTAL) pthread_cond_broadcast(&not_empty); /* the other consumers stop */
  }
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t p[PRODUCERS], c[CONSUMERS];
  int failures = 0;
  for (int i = 0; i < CONSUMERS; i++) failures += pthread_create(&c[i], 0, consume, 0) != 0;
  for (int i = 0; i < PRODUCERS; i++)
    failures += pthread_create(&p[i], 0, produce, (void*)(intptr_t)i) != 0;
  for (int i = 0; i < PRODUCERS; i++) failures += pthread_join(p[i], 0) != 0;
  for (int i = 0; i < CONSUMERS; i++) failures += pthread_join(c[i], 0) != 0;
  int missing = 0, doubled = 0;
  for (int v = 0; v < TOTAL; v++) {
    missing += seen[v] == 0;
    doubled += seen[v] > 1;
  }
  CHECK_INT(failures, 0);
  CHECK_INT(taken, TOTAL);
  CHECK_INT(missing, 0);
  CHECK_INT(doubled, 0);
  CHECK_INT(sum, (uint32_t)TOTAL * (TOTAL - 1) / 2);
  return check_done();
}
