/* puts - write a string and a newline to stdout. */
#include <string.h>

#include "stdio_impl.h"

int puts(const char* s) {
  size_t n = strlen(s);
  if (__fwritex((const unsigned char*)s, n, stdout) != n) return EOF;
  return __fwritex((const unsigned char*)"\n", 1, stdout) == 1 ? 0 : EOF;
}
