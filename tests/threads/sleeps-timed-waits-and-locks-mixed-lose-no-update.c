/* sleeps-timed-waits-and-locks-mixed-lose-no-update - a stress of everything at once, twice
 * over: 20 threads each go 30 times through a mutex-protected counter, hand tokens to each other
 * through a condition variable that some wait on with a short timeout, sleep in the kernel now and
 * then (so kernel notifications arrive while other threads lock, switch, time out and exit), and
 * allocate and free memory (the allocator's own locks). The counter ends exactly at
 * 2 * 20 * 30 and every join returns its thread's number. Timing decides which waits time out;
 * nothing here may depend on it.
 * Expect: status 0 */
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

#include "check.h"

#define THREADS 20
#define ROUNDS 30
#define PASSES 2

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static unsigned counter, tokens;

static void* run(void* arg) {
  int me = (int)(intptr_t)arg;
  for (int i = 0; i < ROUNDS; i++) {
    pthread_mutex_lock(&m);
    counter++;
    if ((i + me) % 3 == 0) {
      tokens++;
      pthread_cond_signal(&cv);
    } else if (tokens) {
      tokens--;
    }
    pthread_mutex_unlock(&m);
    if ((i + me) % 4 == 0) {
      struct timespec d = {0, 1000 + 3000 * (me % 7)};
      nanosleep(&d, 0);
    }
    if ((i + me) % 5 == 0) {
      struct timespec deadline;
      clock_gettime(CLOCK_REALTIME, &deadline);
      deadline.tv_nsec += 20000;
      if (deadline.tv_nsec >= 1000000000) {
        deadline.tv_sec++;
        deadline.tv_nsec -= 1000000000;
      }
      pthread_mutex_lock(&m);
      while (!tokens && pthread_cond_timedwait(&cv, &m, &deadline) != ETIMEDOUT) {
      }
      if (tokens) tokens--;
      pthread_mutex_unlock(&m);
    }
    char* p = malloc(100 + 10 * me);
    if (p) p[0] = (char)i;
    free(p);
  }
  return (void*)(intptr_t)me;
}

int main(void) {
  pthread_t t[THREADS];
  int wrong = 0;
  for (int pass = 0; pass < PASSES; pass++) {
    for (intptr_t i = 0; i < THREADS; i++) pthread_create(&t[i], 0, run, (void*)i);
    for (intptr_t i = 0; i < THREADS; i++) {
      void* r;
      wrong += pthread_join(t[i], &r) != 0 || r != (void*)i;
    }
  }
  CHECK_INT(wrong, 0);
  CHECK_INT(counter, PASSES * THREADS * ROUNDS);
  return check_done();
}
