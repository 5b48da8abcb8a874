/* puts - write a string and a newline to stdout, as one unit with respect to other threads. */
#include <string.h>

#include "stdio_impl.h"

int puts(const char* s) {
  size_t n = strlen(s);
  int r = 0;
  FLOCK(stdout);
  if (__fwritex((const unsigned char*)s, n, stdout) != n ||
      __fwritex((const unsigned char*)"\n", 1, stdout) != 1)
    r = EOF;
  FUNLOCK(stdout);
  return r;
}
