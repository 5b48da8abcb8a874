/* time.h - clocks, sleeping and calendar time (UTC only), through the 32-bit-time o32 calls
 * (clock_gettime 4263, not clock_gettime64), as glibc does without _TIME_BITS=64. */
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

/* Broken-down time. There are no time zones: local time is UTC (tm_zone "UTC", tm_isdst 0,
 * whatever TZ says), so localtime is gmtime and mktime is timegm. */
struct tm {
  int tm_sec;   /* 0 .. 60 */
  int tm_min;   /* 0 .. 59 */
  int tm_hour;  /* 0 .. 23 */
  int tm_mday;  /* 1 .. 31 */
  int tm_mon;   /* 0 .. 11 */
  int tm_year;  /* years since 1900 */
  int tm_wday;  /* 0 .. 6, Sunday 0 */
  int tm_yday;  /* 0 .. 365 */
  int tm_isdst; /* always 0 */
  long tm_gmtoff;      /* always 0 */
  const char* tm_zone; /* always "UTC" */
};
struct tm* gmtime(const time_t* t);
struct tm* gmtime_r(const time_t* __restrict t, struct tm* __restrict tm);
struct tm* localtime(const time_t* t);
struct tm* localtime_r(const time_t* __restrict t, struct tm* __restrict tm);
/* Normalise *tm (fields may be out of range) and return its seconds since the Epoch; -1 with
 * errno EOVERFLOW if they do not fit a time_t. */
time_t mktime(struct tm* tm);
time_t timegm(struct tm* tm);
double difftime(time_t t1, time_t t0);
/* "Sun Sep 16 01:03:52 1973\n"; buf needs 26 bytes. ctime(t) is asctime(localtime(t)). */
char* asctime(const struct tm* tm);
char* asctime_r(const struct tm* __restrict tm, char* __restrict buf);
char* ctime(const time_t* t);
char* ctime_r(const time_t* t, char* buf);
/* Format *tm (C locale): the length, or 0 if it and the NUL do not fit in n bytes. */
size_t strftime(char* __restrict s, size_t n, const char* __restrict fmt,
                const struct tm* __restrict tm);
/* The zone (always UTC) as POSIX describes it; tzset reads nothing. */
extern char* tzname[2];
extern long timezone;
extern int daylight;
void tzset(void);

/* The resolution of clock clk at *res: 0, or -1 with errno. */
int clock_getres(clockid_t clk, struct timespec* res);
/* Sleep on clock clk for req, or until the time req with TIMER_ABSTIME: 0, or an error number
 * (EINTR with the time left at *rem unless NULL; errno is not set), as POSIX says. */
#define TIMER_ABSTIME 1
int clock_nanosleep(clockid_t clk, int flags, const struct timespec* req, struct timespec* rem);

#endif /* _TIME_H */
