/* threads-sleeping-or-timed-waiting-one-second-wake-on-time - four threads wait one second at
 * once, two in sleep(1) (the kernel's timed sleep), two in pthread_cond_timedwait with nobody to
 * signal (the library's own deadlines); with fewer contexts than threads, the timed waiters wait
 * switched out. Each wakes at least one second after it started and less than 10 ms late, the
 * timed waits with ETIMEDOUT; the whole run takes less than 1.02 s. tests/host/test_idle_sleep.py
 * runs it again to check that the core stayed idle for nearly all of that second.
 * Expect: status 0 */
#include <errno.h>
#include <pthread.h>
#include <time.h>
#include <unistd.h>

#include "check.h"

#define THREADS 4

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static long long waited[THREADS];
static int result[THREADS];

static long long ns(clockid_t clock) {
  struct timespec t;
  clock_gettime(clock, &t);
  return (long long)t.tv_sec * 1000000000 + t.tv_nsec;
}

static void* waiter(void* arg) {
  int i = (int)(long)arg;
  long long start = ns(CLOCK_MONOTONIC);
  if (i % 2 == 0) {
    result[i] = sleep(1);
  } else {
    struct timespec deadline;
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += 1;
    pthread_mutex_lock(&m);
    result[i] = pthread_cond_timedwait(&cv, &m, &deadline);
    pthread_mutex_unlock(&m);
  }
  waited[i] = ns(CLOCK_MONOTONIC) - start;
  return 0;
}

int main(void) {
  pthread_t t[THREADS];
  long long start = ns(CLOCK_MONOTONIC);
  for (int i = 0; i < THREADS; i++) CHECK_INT(pthread_create(&t[i], 0, waiter, (void*)(long)i), 0);
  for (int i = 0; i < THREADS; i++) CHECK_INT(pthread_join(t[i], 0), 0);
  long long total = ns(CLOCK_MONOTONIC) - start;
  for (int i = 0; i < THREADS; i++) {
    CHECK_INT(result[i], i % 2 == 0 ? 0 : ETIMEDOUT);
    CHECK(waited[i] >= 1000000000);
    CHECK(waited[i] < 1010000000);
  }
  CHECK(total < 1020000000);
  return check_done();
}
