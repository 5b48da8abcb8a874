/* strftime.c - strftime: broken-down time as text, in the C locale (English names, %c as
 * "%a %b %e %H:%M:%S %Y"), every conversion of C and POSIX plus the GNU %k %l %s %P.
 *
 * Modifiers E and O are accepted and ignored (the C locale has no alternatives). For numeric
 * conversions glibc's flags are honoured: '-' no padding, '_' pad with spaces, '0' with zeros,
 * and a field width. The zone is UTC: %z is +0000, %Z tm_zone. Returns the length written, or 0
 * (and the buffer's contents undefined) if the result and its NUL do not fit in n bytes. */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "time_impl.h"

static const char* const day_names[] = {"Sunday",   "Monday", "Tuesday", "Wednesday",
                                        "Thursday", "Friday", "Saturday"};
static const char* const month_names[] = {"January", "February", "March",     "April",
                                          "May",     "June",     "July",      "August",
                                          "September", "October", "November", "December"};

/* ISO 8601 week number (1..53) of tm; *year gets the ISO year it belongs to (%G). musl's. */
static int iso_week(const struct tm* tm, long long* year) {
  long long y = (long long)tm->tm_year + 1900;
  int val = (tm->tm_yday + 7 - (tm->tm_wday + 6) % 7) / 7;
  /* If 1 January is 1-3 days past Monday, the week before is also this year's. */
  if ((tm->tm_wday + 371 - tm->tm_yday - 2) % 7 <= 2) val++;
  if (!val) {
    val = 52; /* the last week of last year: 53 if 31 December was a Thursday, or a leap Friday */
    int dec31 = (tm->tm_wday + 7 - tm->tm_yday - 1) % 7;
    if (dec31 == 4 || (dec31 == 5 && __is_leap(y - 1))) val++;
    y--;
  } else if (val == 53) {
    /* Only a year starting on Thursday (or a leap one on Wednesday) has 53 weeks. */
    int jan1 = (tm->tm_wday + 371 - tm->tm_yday) % 7;
    if (jan1 != 4 && (jan1 != 3 || !__is_leap(y))) {
      val = 1;
      y++;
    }
  }
  *year = y;
  return val;
}

struct out {
  char* s;
  size_t n, len; /* room (with the NUL), bytes written */
};

static void put(struct out* o, const char* s, size_t k) {
  for (size_t i = 0; i < k; i++, o->len++)
    if (o->len + 1 < o->n) o->s[o->len] = s[i];
}

/* A number with the conversion's default pad ('0' or ' ') and width, as the flag says. */
static void num(struct out* o, long long v, char pad, int width, char flag, int fwidth) {
  char buf[32];
  if (flag == '-') width = 0;
  else if (flag == '_') pad = ' ';
  else if (flag == '0') pad = '0';
  if (fwidth) width = fwidth;
  int neg = v < 0;
  unsigned long long u = neg ? -(unsigned long long)v : (unsigned long long)v;
  int k = 0;
  do buf[sizeof buf - 1 - k++] = (char)('0' + u % 10);
  while ((u /= 10) && k < 30);
  int digits = k + neg;
  if (pad == '0' && neg) put(o, "-", 1);
  for (; digits < width; digits++) put(o, &pad, 1);
  if (pad != '0' && neg) put(o, "-", 1);
  put(o, buf + sizeof buf - k, (size_t)k);
}

static void str(struct out* o, const char* s) { put(o, s, strlen(s)); }

static void conv(struct out* o, char c, const struct tm* tm, char flag, int width);

static void sub(struct out* o, const char* fmt, const struct tm* tm) {
  for (; *fmt; fmt++)
    if (*fmt == '%' && fmt[1])
      conv(o, *++fmt, tm, 0, 0);
    else
      put(o, fmt, 1);
}

static void conv(struct out* o, char c, const struct tm* tm, char flag, int width) {
  long long year = (long long)tm->tm_year + 1900, iso_year;
  int hour12 = tm->tm_hour % 12 ? tm->tm_hour % 12 : 12;
  int wd = tm->tm_wday >= 0 && tm->tm_wday < 7 ? tm->tm_wday : 0;
  int mo = tm->tm_mon >= 0 && tm->tm_mon < 12 ? tm->tm_mon : 0;
  switch (c) {
    case 'a': put(o, day_names[wd], 3); break;
    case 'A': str(o, day_names[wd]); break;
    case 'b':
    case 'h': put(o, month_names[mo], 3); break;
    case 'B': str(o, month_names[mo]); break;
    case 'c': sub(o, "%a %b %e %H:%M:%S %Y", tm); break;
    case 'C': num(o, year / 100, '0', 2, flag, width); break;
    case 'd': num(o, tm->tm_mday, '0', 2, flag, width); break;
    case 'D': sub(o, "%m/%d/%y", tm); break;
    case 'e': num(o, tm->tm_mday, ' ', 2, flag, width); break;
    case 'F': sub(o, "%Y-%m-%d", tm); break;
    case 'g':
      iso_week(tm, &iso_year);
      num(o, (iso_year % 100 + 100) % 100, '0', 2, flag, width);
      break;
    case 'G': iso_week(tm, &iso_year); num(o, iso_year, '0', 1, flag, width); break;
    case 'H': num(o, tm->tm_hour, '0', 2, flag, width); break;
    case 'I': num(o, hour12, '0', 2, flag, width); break;
    case 'j': num(o, tm->tm_yday + 1, '0', 3, flag, width); break;
    case 'k': num(o, tm->tm_hour, ' ', 2, flag, width); break;
    case 'l': num(o, hour12, ' ', 2, flag, width); break;
    case 'm': num(o, tm->tm_mon + 1, '0', 2, flag, width); break;
    case 'M': num(o, tm->tm_min, '0', 2, flag, width); break;
    case 'n': put(o, "\n", 1); break;
    case 'p': str(o, tm->tm_hour < 12 ? "AM" : "PM"); break;
    case 'P': str(o, tm->tm_hour < 12 ? "am" : "pm"); break;
    case 'r': sub(o, "%I:%M:%S %p", tm); break;
    case 'R': sub(o, "%H:%M", tm); break;
    case 's': num(o, __tm_to_secs(tm), '0', 1, flag, width); break;
    case 'S': num(o, tm->tm_sec, '0', 2, flag, width); break;
    case 't': put(o, "\t", 1); break;
    case 'T': sub(o, "%H:%M:%S", tm); break;
    case 'u': num(o, wd ? wd : 7, '0', 1, flag, width); break;
    case 'U': num(o, (tm->tm_yday + 7 - wd) / 7, '0', 2, flag, width); break;
    case 'V': num(o, iso_week(tm, &iso_year), '0', 2, flag, width); break;
    case 'w': num(o, wd, '0', 1, flag, width); break;
    case 'W': num(o, (tm->tm_yday + 7 - (wd + 6) % 7) / 7, '0', 2, flag, width); break;
    case 'x': sub(o, "%m/%d/%y", tm); break;
    case 'X': sub(o, "%H:%M:%S", tm); break;
    case 'y': num(o, (year % 100 + 100) % 100, '0', 2, flag, width); break;
    case 'Y': num(o, year, '0', 1, flag, width); break;
    case 'z': str(o, "+0000"); break;
    case 'Z': str(o, tm->tm_zone ? tm->tm_zone : "UTC"); break;
    case '%': put(o, "%", 1); break;
    default: /* not a conversion: copied as it stands, as glibc does */
      put(o, "%", 1);
      put(o, &c, 1);
  }
}

size_t strftime(char* __restrict s, size_t n, const char* __restrict fmt,
                const struct tm* __restrict tm) {
  struct out o = {s, n, 0};
  for (; *fmt; fmt++) {
    if (*fmt != '%' || !fmt[1]) {
      put(&o, fmt, 1);
      continue;
    }
    fmt++;
    char flag = 0;
    int width = 0;
    if (*fmt == '-' || *fmt == '_' || *fmt == '0' || *fmt == '^' || *fmt == '#') flag = *fmt++;
    while (*fmt >= '0' && *fmt <= '9') width = width * 10 + (*fmt++ - '0');
    if (*fmt == 'E' || *fmt == 'O') fmt++;
    if (!*fmt) break;
    conv(&o, *fmt, tm, flag, width);
  }
  if (o.len + 1 > n) return 0;
  s[o.len] = 0;
  return o.len;
}
