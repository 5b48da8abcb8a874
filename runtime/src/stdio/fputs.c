/* fputs - write a string without adding a newline. */
#include <string.h>

#include "stdio_impl.h"

int fputs(const char* __restrict s, FILE* __restrict f) {
  size_t n = strlen(s);
  FLOCK(f);
  int r = __fwritex((const unsigned char*)s, n, f) == n ? 0 : EOF;
  FUNLOCK(f);
  return r;
}
