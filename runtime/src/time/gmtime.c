/* gmtime.c - gmtime, gmtime_r, localtime, localtime_r: seconds since the Epoch as broken-down
 * time. There are no time zones: local time is UTC (tm_zone "UTC", tm_isdst 0), whatever TZ
 * says, so localtime is gmtime. NULL with errno EOVERFLOW if the year does not fit. */
#include <errno.h>
#include <time.h>

#include "time_impl.h"

struct tm* gmtime_r(const time_t* __restrict t, struct tm* __restrict tm) {
  if (__secs_to_tm(*t, tm) < 0) {
    errno = EOVERFLOW;
    return NULL;
  }
  return tm;
}

struct tm* gmtime(const time_t* t) {
  static struct tm tm;
  return gmtime_r(t, &tm);
}

struct tm* localtime_r(const time_t* __restrict t, struct tm* __restrict tm) {
  return gmtime_r(t, tm);
}

struct tm* localtime(const time_t* t) {
  static struct tm tm;
  return gmtime_r(t, &tm);
}

/* The zone names and offsets POSIX keeps in globals, and tzset, which reads no TZ here. */
char* tzname[2] = {"UTC", "UTC"};
long timezone = 0;
int daylight = 0;

void tzset(void) {}
