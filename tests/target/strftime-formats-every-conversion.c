/* strftime-formats-every-conversion - gmtime, localtime, mktime, asctime, ctime and strftime
 * agree with glibc: every strftime conversion (with the '-', '_', '0' flags and widths) on dates
 * that test the ISO week rules, leap years, 1901 and 2038 (the ends of a 32-bit time_t), noon
 * and midnight; mktime normalises out-of-range fields; a buffer too small gives 0;
 * gmtime gives the same fields. The runtime
 * knows only UTC, so the glibc build sets TZ=UTC0 first (with TZ unset it would read the host's
 * /etc/localtime). The glibc build must print the same.
 * Expect: status 0
 * Glibc: yes */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"

static const char* const formats[] = {
    "%a %A %b %B %h|%c|%C %d %D %e|%F|%g %G %V|%H %I %j %k %l|%m %M %n%p %r %R|%s %S %t%T|%u %U",
    "%w %W|%x %X|%y %Y|%z %Z|%%|%-d %_m %0e %5Y %-j %3d|%Ec %OH",
};

int main(void) {
#ifdef __GLIBC__
  setenv("TZ", "UTC0", 1);
  tzset();
#endif
  static const time_t times[] = {0,          -1,         951782400,  951868799,  1104451200,
                                 1104537600, 1230422400, 1262476800, 1704067199, 1709208000,
                                 2147483647, -2147483647 - 1, 1000000000, 1234567890};
  char buf[256];
  for (size_t i = 0; i < sizeof times / sizeof times[0]; i++) {
    struct tm tm, g; /* local time (%Z is "UTC"; glibc's gmtime says "GMT") */
    CHECK(localtime_r(&times[i], &tm) != NULL);
    printf("%ld: %d-%d-%d %d:%d:%d wday %d yday %d isdst %d\n", (long)times[i], tm.tm_year,
           tm.tm_mon, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, tm.tm_wday, tm.tm_yday,
           tm.tm_isdst);
    for (size_t f = 0; f < sizeof formats / sizeof formats[0]; f++) {
      size_t n = strftime(buf, sizeof buf, formats[f], &tm);
      printf("  [%u] %s\n", (unsigned)n, buf);
    }
    printf("  asctime %s", asctime(&tm));
    printf("  ctime   %s", ctime(&times[i]));
    CHECK(gmtime_r(&times[i], &g) && g.tm_hour == tm.tm_hour && g.tm_mday == tm.tm_mday &&
          g.tm_year == tm.tm_year && g.tm_yday == tm.tm_yday && g.tm_wday == tm.tm_wday);
    CHECK_INT(mktime(&tm), times[i]);
  }

  /* Out-of-range fields carry: 2023-13-00 24:60:-1 is 2024-01-01 01:00:59 minus a day... */
  struct tm t = {.tm_year = 123, .tm_mon = 12, .tm_mday = 0, .tm_hour = 24, .tm_min = 60,
                 .tm_sec = -1};
  time_t when = mktime(&t);
  CHECK_INT(when, 1704070799);
  strftime(buf, sizeof buf, "%F %T %a yday %j", &t);
  CHECK_STR(buf, "2024-01-01 00:59:59 Mon yday 001");
  struct tm leap = {.tm_year = 100, .tm_mon = 1, .tm_mday = 29, .tm_hour = 12};
  CHECK_INT(mktime(&leap), 951825600);
  CHECK_INT(leap.tm_wday, 2);
  struct tm neg = {.tm_year = 70, .tm_mon = -1, .tm_mday = 31};
  CHECK_INT(mktime(&neg), -86400);
  CHECK_INT(neg.tm_year, 69);
  CHECK_INT(neg.tm_mon, 11);

  memset(buf, 'x', sizeof buf);
  CHECK_INT(strftime(buf, 10, "%Y-%m-%d", &t), 0);
  CHECK_INT(strftime(buf, 11, "%Y-%m-%d", &t), 10);
  CHECK_INT(difftime(10, 4) == 6.0, 1);
  return check_done();
}
