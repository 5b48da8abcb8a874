/* time_impl.h - the calendar arithmetic that gmtime, mktime and strftime share (UTC only).
 *
 * Days are counted from 1970-01-01 with the proleptic Gregorian calendar, in long long so that
 * every 32-bit time_t and every int year a struct tm can hold is in range. */
#ifndef KASANE_TIME_IMPL_H
#define KASANE_TIME_IMPL_H

#include <time.h>

/* Fills *tm (tm_isdst 0, tm_gmtoff 0, tm_zone "UTC") from seconds since the Epoch: 0, or -1 if
 * the year does not fit an int. */
int __secs_to_tm(long long t, struct tm* tm);
/* Seconds since the Epoch of the fields of *tm, which may be out of their ranges (month 13, day
 * 0, second -1, ...): they carry into the next field up, as mktime must. */
long long __tm_to_secs(const struct tm* tm);
/* The day number of year y (full year, e.g. 2024), month m (1..12), day d (1..31). */
long long __days_from_civil(long long y, int m, int d);
/* 1 if y (full year) is a leap year. */
int __is_leap(long long y);

#endif /* KASANE_TIME_IMPL_H */
