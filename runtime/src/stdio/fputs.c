/* fputs - write a string without adding a newline. */
#include <string.h>

#include "stdio_impl.h"

int fputs(const char* __restrict s, FILE* __restrict f) {
  size_t n = strlen(s);
  return __fwritex((const unsigned char*)s, n, f) == n ? 0 : EOF;
}
