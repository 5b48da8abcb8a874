/* pthread-cancel-ends-a-thread-blocked-in-nanosleep - nanosleep is a cancellation point: a thread
 * (deferred cancellation) asleep for 20 s is cancelled by another thread and ends at once, long
 * before its sleep would: the join value is PTHREAD_CANCELED, the code after nanosleep never
 * runs, and the whole join comes back within 2 s of CLOCK_MONOTONIC.
 * Expect: status 0
 * Glibc: yes */
#include <pthread.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "deadline.h"

static volatile int started, after_sleep;

static void* sleeper(void* arg) {
  (void)arg;
  started = 1;
  struct timespec ts = {20, 0};
  nanosleep(&ts, 0);
  after_sleep = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  void* res = 0;
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  CHECK_INT(pthread_create(&t, 0, sleeper, 0), 0);
  while (!started) {
  }
  usleep(1000); /* let it get into the kernel's sleep */
  CHECK_INT(pthread_cancel(t), 0);
  CHECK_INT(pthread_join(t, &res), 0);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  CHECK(res == PTHREAD_CANCELED);
  CHECK_INT(after_sleep, 0);
  CHECK(deadline_ns(&t1) - deadline_ns(&t0) < 2000000000LL);
  return check_done();
}
