/* nanosleep-sleeps-and-clock-advances - nanosleep of 1 ms returns 0 after at least 1 ms and less
 * than 2 ms of CLOCK_MONOTONIC, which never goes back; meanwhile a thread started with TFORK on
 * another context keeps running (its counter advances while the main thread sleeps in the
 * kernel: a sleep holds one context, not the process). A zero sleep returns at once, and a
 * tv_nsec out of range or a negative time fails with EINVAL.
 * Expect: status 0 */
#include <errno.h>
#include <stdint.h>
#include <time.h>

#include "check.h"
#include "thread.h"

static volatile uint32_t counter;
static volatile int stop;
static char stack[4096] __attribute__((aligned(8)));

static void count(void* arg) {
  (void)arg;
  while (!stop) counter++;
}

static int64_t ns(const struct timespec* t) { return (int64_t)t->tv_sec * 1000000000 + t->tv_nsec; }

int main(void) {
  struct thread t;
  CHECK(thread_start(&t, count, 0, stack, sizeof stack) > 1);
  while (counter == 0) { /* the counter thread has started */
  }

  struct timespec a, b, c, req = {0, 1000000};
  CHECK_INT(clock_gettime(CLOCK_MONOTONIC, &a), 0);
  uint32_t before = counter;
  CHECK_INT(nanosleep(&req, 0), 0);
  uint32_t after = counter;
  CHECK_INT(clock_gettime(CLOCK_MONOTONIC, &b), 0);
  CHECK_INT(clock_gettime(CLOCK_MONOTONIC, &c), 0);
  int64_t slept = ns(&b) - ns(&a);
  printf("slept %lld ns; the other context counted %u meanwhile\n", (long long)slept,
         after - before);
  CHECK(slept >= 1000000);
  CHECK(slept < 2000000);
  CHECK(ns(&c) >= ns(&b));
  CHECK(after - before > 1000);
  CHECK(b.tv_nsec >= 0 && b.tv_nsec < 1000000000);

  struct timespec zero = {0, 0};
  CHECK_INT(clock_gettime(CLOCK_MONOTONIC, &a), 0);
  CHECK_INT(nanosleep(&zero, 0), 0);
  CHECK_INT(clock_gettime(CLOCK_MONOTONIC, &b), 0);
  CHECK(ns(&b) - ns(&a) < 100000);

  struct timespec bad_nsec = {0, 1000000000}, negative = {-1, 0};
  errno = 0;
  CHECK_INT(nanosleep(&bad_nsec, 0), -1);
  CHECK_INT(errno, EINVAL);
  errno = 0;
  CHECK_INT(nanosleep(&negative, 0), -1);
  CHECK_INT(errno, EINVAL);

  stop = 1;
  while (!t.done) {
  }
  return check_done();
}
