/* sys/time.h - gettimeofday, the microsecond wall clock older code reaches for. */
#ifndef _SYS_TIME_H
#define _SYS_TIME_H

#include <sys/types.h>

struct timeval {
  time_t tv_sec;
  suseconds_t tv_usec; /* 0 .. 999,999 */
};

/* CLOCK_REALTIME in microseconds: 0. tz must be NULL (time zones are not kept). */
int gettimeofday(struct timeval* __restrict tv, void* __restrict tz);

#endif /* _SYS_TIME_H */
