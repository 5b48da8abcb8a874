/* asctime.c - asctime, asctime_r, ctime, ctime_r: the fixed 26-byte form
 * "Sun Sep 16 01:03:52 1973\n" (C's definition; ctime is of local time, which is UTC here). */
#include <stdio.h>
#include <time.h>

static const char days[] = "SunMonTueWedThuFriSat";
static const char months[] = "JanFebMarAprMayJunJulAugSepOctNovDec";

char* asctime_r(const struct tm* __restrict tm, char* __restrict buf) {
  int wd = tm->tm_wday, mo = tm->tm_mon;
  snprintf(buf, 26, "%.3s %.3s%3d %.2d:%.2d:%.2d %d\n", wd >= 0 && wd < 7 ? days + 3 * wd : "???",
           mo >= 0 && mo < 12 ? months + 3 * mo : "???", tm->tm_mday, tm->tm_hour, tm->tm_min,
           tm->tm_sec, 1900 + tm->tm_year);
  return buf;
}

char* asctime(const struct tm* tm) {
  static char buf[64];
  return asctime_r(tm, buf);
}

char* ctime_r(const time_t* t, char* buf) {
  struct tm tm;
  return localtime_r(t, &tm) ? asctime_r(&tm, buf) : NULL;
}

char* ctime(const time_t* t) {
  struct tm* tm = localtime(t);
  return tm ? asctime(tm) : NULL;
}
