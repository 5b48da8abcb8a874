/* fscanf.c - fscanf, vfscanf, scanf, vscanf: scanf on a stream, holding its lock for the whole
 * call (the engine is __vscan.c). The one character read past an item is given back to the
 * stream, so the next read sees it. */
#include <stdarg.h>
#include <stdio.h>

#include "scan_impl.h"

int vfscanf(FILE* __restrict f, const char* __restrict fmt, va_list ap) {
  struct __scan_in in = {f, NULL, 0};
  FLOCK(f);
  int r = __vscan(&in, fmt, ap);
  FUNLOCK(f);
  return r;
}

int fscanf(FILE* __restrict f, const char* __restrict fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int r = vfscanf(f, fmt, ap);
  va_end(ap);
  return r;
}

int vscanf(const char* __restrict fmt, va_list ap) { return vfscanf(stdin, fmt, ap); }

int scanf(const char* __restrict fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int r = vfscanf(stdin, fmt, ap);
  va_end(ap);
  return r;
}
