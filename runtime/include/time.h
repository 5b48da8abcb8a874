/* time.h - clocks and sleeping, through the 32-bit-time o32 calls (clock_gettime 4263, not
 * clock_gettime64), as glibc does without _TIME_BITS=64. */
#ifndef _TIME_H
#define _TIME_H

#include <stddef.h>
#include <sys/types.h>

struct timespec {
  time_t tv_sec;
  long tv_nsec; /* 0 .. 999,999,999 */
};

#define CLOCK_REALTIME 0           /* wall-clock time, since the Epoch */
#define CLOCK_MONOTONIC 1          /* time since an arbitrary start, never set back */
#define CLOCK_PROCESS_CPUTIME_ID 2 /* processor time of the process (not on Kasane: EINVAL) */

#define CLOCKS_PER_SEC 1000000L /* clock()'s unit: microseconds, as POSIX requires */

int clock_gettime(clockid_t clk, struct timespec* ts);
/* Sleep for *req: 0, or -1 with errno (EINTR: *rem, unless NULL, holds the time left). */
int nanosleep(const struct timespec* req, struct timespec* rem);
/* Seconds since the Epoch (CLOCK_REALTIME), also stored in *t unless NULL; -1 on failure. On
 * Kasane the real-time clock starts at boot. */
time_t time(time_t* t);
/* Processor time used, in CLOCKS_PER_SEC units: CLOCK_PROCESS_CPUTIME_ID, or CLOCK_MONOTONIC
 * where the kernel has no process clock (Kasane: the process has the core to itself). Only
 * differences between two calls mean anything; (clock_t)-1 if unavailable or past LONG_MAX
 * (after 35 minutes). */
clock_t clock(void);

#endif /* _TIME_H */
