/* clock - processor time in microseconds.
 *
 * The process clock where the kernel has one (Linux, so qemu-mipsel); the Kasane kernel answers
 * EINVAL for it, and there the monotonic clock stands in: a process owns the whole core while
 * it runs, so elapsed time is the closest thing it keeps. The raw call keeps errno untouched
 * by the first attempt. */
#include <limits.h>
#include <time.h>

#include "syscall.h"

clock_t clock(void) {
  struct timespec ts;
  if (__syscall2(SYS_clock_gettime, CLOCK_PROCESS_CPUTIME_ID, (long)&ts) < 0 &&
      __syscall2(SYS_clock_gettime, CLOCK_MONOTONIC, (long)&ts) < 0)
    return (clock_t)-1;
  if (ts.tv_sec > LONG_MAX / 1000000 || ts.tv_nsec / 1000 > LONG_MAX - 1000000 * ts.tv_sec)
    return (clock_t)-1;
  return ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}
