/* asprintf, vasprintf - print into a string malloc makes the right size: measure with
 * vsnprintf, then print. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

int vasprintf(char** __restrict s, const char* __restrict fmt, va_list ap) {
  va_list ap2;
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, fmt, ap2);
  va_end(ap2);
  if (n < 0 || !(*s = malloc((size_t)n + 1))) return -1;
  return vsnprintf(*s, (size_t)n + 1, fmt, ap);
}

int asprintf(char** __restrict s, const char* __restrict fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vasprintf(s, fmt, ap);
  va_end(ap);
  return n;
}
