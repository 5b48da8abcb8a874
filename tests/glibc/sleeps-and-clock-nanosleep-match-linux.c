/* glibc's sleeps go by clock_nanosleep_time64 (then clock_nanosleep): nanosleep, usleep and a
 * relative clock_nanosleep each last at least what they ask for and return 0; an absolute one
 * (TIMER_ABSTIME) ends at or after its time on CLOCK_MONOTONIC and on CLOCK_REALTIME; a
 * deadline already past returns at once; a thread's CPU-time clock and 10^9 nanoseconds are
 * refused with EINVAL, as on Linux (clock_nanosleep returns the error, nanosleep sets errno).
 * Expect: status 0 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

static long long now_ns(clockid_t clk) {
  struct timespec t;
  clock_gettime(clk, &t);
  return t.tv_sec * 1000000000LL + t.tv_nsec;
}

static struct timespec at(long long ns) {
  struct timespec t = {(time_t)(ns / 1000000000), (long)(ns % 1000000000)};
  return t;
}

int main(void) {
  long long t0 = now_ns(CLOCK_MONOTONIC);
  struct timespec ms = {0, 1000000};
  int r = nanosleep(&ms, 0);
  printf("nanosleep 1 ms: %d, long enough %d\n", r, now_ns(CLOCK_MONOTONIC) - t0 >= 1000000);

  t0 = now_ns(CLOCK_MONOTONIC);
  r = usleep(1500);
  printf("usleep 1500: %d, long enough %d\n", r, now_ns(CLOCK_MONOTONIC) - t0 >= 1500000);

  t0 = now_ns(CLOCK_MONOTONIC);
  r = clock_nanosleep(CLOCK_MONOTONIC, 0, &ms, 0);
  printf("relative 1 ms: %d, long enough %d\n", r, now_ns(CLOCK_MONOTONIC) - t0 >= 1000000);

  const clockid_t clocks[] = {CLOCK_MONOTONIC, CLOCK_REALTIME};
  for (int k = 0; k < 2; k++) {
    long long deadline = now_ns(clocks[k]) + 2000000;
    struct timespec d = at(deadline);
    r = clock_nanosleep(clocks[k], TIMER_ABSTIME, &d, 0);
    printf("absolute on clock %d: %d, not early %d\n", (int)clocks[k], r,
           now_ns(clocks[k]) >= deadline);
  }
  struct timespec past = at(now_ns(CLOCK_MONOTONIC) / 2);
  t0 = now_ns(CLOCK_MONOTONIC);
  r = clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &past, 0);
  printf("past deadline: %d, at once %d\n", r, now_ns(CLOCK_MONOTONIC) - t0 < 1000000);

  r = clock_nanosleep(CLOCK_THREAD_CPUTIME_ID, 0, &ms, 0);
  printf("thread CPU clock: %s\n", r == EINVAL ? "EINVAL" : "other");
  struct timespec bad = {0, 1000000000};
  r = clock_nanosleep(CLOCK_MONOTONIC, 0, &bad, 0);
  printf("10^9 ns: %s\n", r == EINVAL ? "EINVAL" : "other");
  errno = 0;
  r = nanosleep(&bad, 0);
  printf("nanosleep 10^9 ns: %d %s\n", r, errno == EINVAL ? "EINVAL" : "other");
  return 0;
}
