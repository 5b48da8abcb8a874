/* sys/time.h - gettimeofday, the microsecond wall clock older code reaches for, and the interval
 * timer (setitimer, getitimer). */
#ifndef _SYS_TIME_H
#define _SYS_TIME_H

#include <sys/types.h>

struct timeval {
  time_t tv_sec;
  suseconds_t tv_usec; /* 0 .. 999,999 */
};

/* CLOCK_REALTIME in microseconds: 0. tz must be NULL (time zones are not kept). */
int gettimeofday(struct timeval* __restrict tv, void* __restrict tz);

/* The interval timers: only ITIMER_REAL (real time, SIGALRM) exists; the others give EINVAL. */
#define ITIMER_REAL 0
#define ITIMER_VIRTUAL 1
#define ITIMER_PROF 2

struct itimerval {
  struct timeval it_interval; /* reloaded after each expiry; 0: once */
  struct timeval it_value;    /* time to the next expiry; 0: disarmed */
};

/* Arm (or with it_value 0 disarm) the timer, storing the old setting in *old unless NULL: 0,
 * or -1 with errno (EINVAL for another timer or microseconds outside 0..999,999). */
int setitimer(int which, const struct itimerval* new, struct itimerval* old);
/* The time left and the interval of the timer: 0, or -1 with errno. */
int getitimer(int which, struct itimerval* cur);

/* Access and modification times of path (tv NULL: now): 0, or -1 with errno. */
int utimes(const char* path, const struct timeval* tv); /* tv[2] */

#endif /* _SYS_TIME_H */
