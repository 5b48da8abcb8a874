/* sleep-in-main-beside-idle-contexts-lasts-one-second - with the thread library started (a thread
 * created and joined, so every context has its idle thread: on the conventional backend they all
 * wait for work), sleep(1) in the main thread returns 0 after at least one second of
 * CLOCK_MONOTONIC and less than 1.01 s. tests/host/test_idle_sleep.py runs it again to check that
 * the core stayed idle (no context polling) for nearly all of that second.
 * Expect: status 0 */
#include <pthread.h>
#include <time.h>
#include <unistd.h>

#include "check.h"

static void* nothing(void* arg) { return arg; }

static long long now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (long long)t.tv_sec * 1000000000 + t.tv_nsec;
}

int main(void) {
  pthread_t t;
  CHECK_INT(pthread_create(&t, 0, nothing, 0), 0);
  CHECK_INT(pthread_join(t, 0), 0);
  long long start = now_ns();
  CHECK_INT(sleep(1), 0);
  long long slept = now_ns() - start;
  CHECK(slept >= 1000000000);
  CHECK(slept < 1010000000);
  return check_done();
}
