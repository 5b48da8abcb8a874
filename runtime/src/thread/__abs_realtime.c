/* __abs_realtime - an absolute time by another clock (CLOCK_MONOTONIC) as the same moment by
 * CLOCK_REALTIME, the clock __timed_block watches: the time left by `clock`, added to
 * CLOCK_REALTIME's now. Kasane's realtime clock is never set, so the two clocks advance together
 * and the translation is exact; a clock set meanwhile would move the deadline with it. */
#include <time.h>

#include "pthread_impl.h"

void __abs_realtime(clockid_t clock, const struct timespec* abstime, struct timespec* out) {
  struct timespec now, rt;
  clock_gettime(clock, &now);
  clock_gettime(CLOCK_REALTIME, &rt);
  long long ns = (long long)(abstime->tv_sec - now.tv_sec) * 1000000000 +
                 (abstime->tv_nsec - now.tv_nsec) + rt.tv_nsec;
  long long s = rt.tv_sec + ns / 1000000000;
  ns %= 1000000000;
  if (ns < 0) {
    ns += 1000000000;
    s--;
  }
  out->tv_sec = (time_t)s;
  out->tv_nsec = (long)ns;
}
