/* fprintf - format to a stream. */
#include <stdio.h>

int fprintf(FILE* __restrict f, const char* __restrict fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int r = vfprintf(f, fmt, ap);
  va_end(ap);
  return r;
}
