/* time-and-clock-advance - the clocks only move forward: clock() never decreases and advances
 * under work, CLOCK_MONOTONIC does not go back across zero-length nanosleep, usleep and sleep,
 * time() agrees with CLOCK_REALTIME and gettimeofday, and nanosleep rejects a bad request with
 * EINVAL. Only these facts are printed, never a time.
 * Expect: status 0 */
#include <errno.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "check.h"

static long long ns_of(const struct timespec* ts) {
  return (long long)ts->tv_sec * 1000000000 + ts->tv_nsec;
}

static long long monotonic_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ns_of(&ts);
}

int main(void) {
  CHECK_INT(CLOCKS_PER_SEC, 1000000);
  clock_t c0 = clock();
  CHECK(c0 != (clock_t)-1);
  int decreased = 0, rounds = 0;
  clock_t prev = c0, now;
  volatile unsigned sink = 0;
  /* Work until clock() moves; each round is about a thousand instructions. */
  while ((now = clock()) == c0 && rounds < 100000) {
    for (int k = 0; k < 200; k++) sink += (unsigned)k * 3;
    rounds++;
  }
  CHECK(now > c0);
  for (int k = 0; k < 50; k++) {
    now = clock();
    decreased += now < prev;
    prev = now;
  }
  CHECK_INT(decreased, 0);

  /* Sleeps of zero return at once (real sleeps are tests/os/nanosleep-sleeps-and-clock-advances'
   * business: a target test must not depend on wall-clock time). */
  long long t0 = monotonic_ns();
  struct timespec zero = {0, 0};
  CHECK_INT(nanosleep(&zero, NULL), 0);
  CHECK_INT(usleep(0), 0);
  CHECK_INT(sleep(0), 0);
  CHECK(monotonic_ns() >= t0);

  struct timespec rt;
  CHECK_INT(clock_gettime(CLOCK_REALTIME, &rt), 0);
  time_t t = 0;
  time_t r = time(&t);
  CHECK(r == t && r >= rt.tv_sec && r - rt.tv_sec <= 1);
  CHECK(time(NULL) >= r);
  struct timeval tv;
  CHECK_INT(gettimeofday(&tv, NULL), 0);
  CHECK(tv.tv_usec >= 0 && tv.tv_usec < 1000000);
  CHECK(tv.tv_sec >= r && tv.tv_sec - r <= 1);

  struct timespec bad = {0, 1000000000};
  errno = 0;
  CHECK_INT(nanosleep(&bad, NULL), -1);
  CHECK_INT(errno, EINVAL);
  return check_done();
}
