/* sprintf - format into a buffer the caller promises is large enough. */
#include <stdio.h>

int sprintf(char* __restrict s, const char* __restrict fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int r = vsprintf(s, fmt, ap);
  va_end(ap);
  return r;
}
