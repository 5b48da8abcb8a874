/* __calendar.c - __secs_to_tm, __tm_to_secs: the conversions between seconds since the Epoch and
 * broken-down UTC time behind gmtime, localtime, mktime and timegm.
 *
 * The day arithmetic is Howard Hinnant's days_from_civil/civil_from_days: years are counted from
 * March, so the leap day is the last day of its year and a month's first day is a linear
 * function of its number; eras of 400 years (146097 days) make it exact for any year. */
#include <time.h>

#include "time_impl.h"

int __is_leap(long long y) { return y % 4 == 0 && (y % 100 != 0 || y % 400 == 0); }

long long __days_from_civil(long long y, int m, int d) {
  y -= m <= 2;
  long long era = (y >= 0 ? y : y - 399) / 400;
  long long yoe = y - era * 400;                                  /* 0 .. 399 */
  long long doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1; /* 0 .. 365, from March */
  long long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;          /* 0 .. 146096 */
  return era * 146097 + doe - 719468;
}

int __secs_to_tm(long long t, struct tm* tm) {
  long long days = t / 86400, secs = t % 86400;
  if (secs < 0) {
    secs += 86400;
    days--;
  }
  long long z = days + 719468;
  long long era = (z >= 0 ? z : z - 146096) / 146097;
  long long doe = z - era * 146097;
  long long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  long long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  long long mp = (5 * doy + 2) / 153;
  int d = (int)(doy - (153 * mp + 2) / 5 + 1);
  int m = (int)(mp < 10 ? mp + 3 : mp - 9);
  long long y = yoe + era * 400 + (m <= 2);
  if (y - 1900 > 0x7fffffffLL || y - 1900 < -0x7fffffffLL - 1) return -1;
  tm->tm_year = (int)(y - 1900);
  tm->tm_mon = m - 1;
  tm->tm_mday = d;
  tm->tm_yday = (int)(days - __days_from_civil(y, 1, 1));
  tm->tm_wday = (int)(((days + 4) % 7 + 7) % 7); /* 1970-01-01 was a Thursday */
  tm->tm_hour = (int)(secs / 3600);
  tm->tm_min = (int)(secs / 60 % 60);
  tm->tm_sec = (int)(secs % 60);
  tm->tm_isdst = 0;
  tm->tm_gmtoff = 0;
  tm->tm_zone = "UTC";
  return 0;
}

long long __tm_to_secs(const struct tm* tm) {
  long long year = (long long)tm->tm_year + 1900;
  long long mon = tm->tm_mon;
  year += mon / 12;
  mon %= 12;
  if (mon < 0) {
    mon += 12;
    year--;
  }
  long long days = __days_from_civil(year, (int)mon + 1, 1) + tm->tm_mday - 1;
  return days * 86400 + (long long)tm->tm_hour * 3600 + (long long)tm->tm_min * 60 + tm->tm_sec;
}
