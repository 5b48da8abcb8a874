/* mktime.c - mktime, timegm, difftime: broken-down time (UTC: see gmtime.c) back to seconds.
 *
 * The fields may be out of range and carry (tm_mday 0 is the last day of the month before,
 * tm_mon 12 January of the next year, ...); on success *tm is rewritten normalised, with tm_wday
 * and tm_yday filled in and tm_isdst 0. A result outside time_t gives -1 with errno EOVERFLOW
 * and leaves *tm alone. */
#include <errno.h>
#include <time.h>

#include "time_impl.h"

time_t timegm(struct tm* tm) {
  long long t = __tm_to_secs(tm);
  struct tm norm;
  if ((time_t)t != t || __secs_to_tm(t, &norm) < 0) {
    errno = EOVERFLOW;
    return -1;
  }
  *tm = norm;
  return (time_t)t;
}

time_t mktime(struct tm* tm) { return timegm(tm); }

double difftime(time_t t1, time_t t0) { return (double)t1 - (double)t0; }
