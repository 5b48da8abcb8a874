/* gettimeofday - CLOCK_REALTIME rounded down to microseconds. Linux's own call (o32 4078) is not
 * in os/syscalls.tbl; clock_gettime gives the same answer. */
#include <sys/time.h>
#include <time.h>

int gettimeofday(struct timeval* __restrict tv, void* __restrict tz) {
  (void)tz;
  struct timespec ts;
  if (!tv) return 0;
  if (clock_gettime(CLOCK_REALTIME, &ts)) return -1;
  tv->tv_sec = ts.tv_sec;
  tv->tv_usec = ts.tv_nsec / 1000;
  return 0;
}
