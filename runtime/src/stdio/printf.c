/* printf - format to stdout. */
#include <stdio.h>

int printf(const char* __restrict fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int r = vfprintf(stdout, fmt, ap);
  va_end(ap);
  return r;
}
