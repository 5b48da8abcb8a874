/* fflush, ferror - push buffered output to the kernel; report a past write error. */
#include "stdio_impl.h"

int fflush(FILE* f) {
  if (!f) return (fflush(stdout) | fflush(stderr)) ? EOF : 0;
  if (__stdio_flush(f)) return EOF;
  return (f->flags & F_ERR) ? EOF : 0;
}

int ferror(FILE* f) { return (f->flags & F_ERR) != 0; }
