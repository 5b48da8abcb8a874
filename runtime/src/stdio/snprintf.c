/* snprintf - format into a buffer of n bytes; see vsnprintf. */
#include <stdio.h>

int snprintf(char* __restrict s, size_t n, const char* __restrict fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int r = vsnprintf(s, n, fmt, ap);
  va_end(ap);
  return r;
}
