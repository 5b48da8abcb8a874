/* strerror.c - strerror, strerror_r: the text of an error number (glibc's texts, __strerror.h).
 *
 * The table is one block of strings with a parallel array of numbers, searched linearly: it is
 * read once per failure message, and 130 compares cost less than the code a sparse index would.
 * An unknown number gives "Unknown error N", as glibc and POSIX's "message of an unknown error"
 * allow; strerror then writes into one static buffer (so it is not thread safe for unknown
 * numbers only, as in glibc). */
#include <errno.h>
#include <stdio.h>
#include <string.h>

static const unsigned short numbers[] = {
#define E(n, s) n,
#include "__strerror.h"
#undef E
};

static const char* const texts[] = {
#define E(n, s) s,
#include "__strerror.h"
#undef E
};

/* The known text of e, or NULL. */
static const char* known(int e) {
  for (size_t i = 0; i < sizeof numbers / sizeof numbers[0]; i++)
    if (numbers[i] == e) return texts[i];
  return NULL;
}

char* strerror(int e) {
  static char unknown[32];
  const char* s = known(e);
  if (s) return (char*)s;
  snprintf(unknown, sizeof unknown, "Unknown error %d", e);
  return unknown;
}

/* POSIX's strerror_r (the XSI one, returning int): 0, or ERANGE if buf is too small for the
 * whole text (it then holds as much as fits), or EINVAL for an unknown number (buf then holds
 * "Unknown error N"). */
int strerror_r(int e, char* buf, size_t len) {
  char tmp[32];
  const char* s = known(e);
  int ret = 0;
  if (!s) {
    snprintf(tmp, sizeof tmp, "Unknown error %d", e);
    s = tmp;
    ret = EINVAL;
  }
  size_t n = strlen(s);
  if (n >= len) {
    if (len) {
      memcpy(buf, s, len - 1);
      buf[len - 1] = 0;
    }
    return ERANGE;
  }
  memcpy(buf, s, n + 1);
  return ret;
}
