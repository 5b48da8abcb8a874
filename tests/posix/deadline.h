/* deadline.h - the absolute times the timed-wait tests of tests/posix pass: now by a clock plus
 * some microseconds, and how far one time is past another. Header-only, like check.h. */
#ifndef KASANE_TEST_DEADLINE_H
#define KASANE_TEST_DEADLINE_H

#include <time.h>

static inline long long deadline_ns(const struct timespec* t) {
  return (long long)t->tv_sec * 1000000000 + t->tv_nsec;
}

/* Now by clock, plus us microseconds. */
static inline struct timespec deadline_in_us(clockid_t clock, long us) {
  struct timespec t;
  clock_gettime(clock, &t);
  long long n = deadline_ns(&t) + (long long)us * 1000;
  t.tv_sec = (time_t)(n / 1000000000);
  t.tv_nsec = (long)(n % 1000000000);
  return t;
}

/* Whether clock has reached t. */
static inline int deadline_passed(clockid_t clock, const struct timespec* t) {
  struct timespec now;
  clock_gettime(clock, &now);
  return deadline_ns(&now) >= deadline_ns(t);
}

#endif /* KASANE_TEST_DEADLINE_H */
