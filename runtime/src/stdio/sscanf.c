/* sscanf.c - sscanf, vsscanf: scanf on a string (the engine is __vscan.c). */
#include <stdarg.h>
#include <stdio.h>

#include "scan_impl.h"

int vsscanf(const char* __restrict s, const char* __restrict fmt, va_list ap) {
  struct __scan_in in = {NULL, (const unsigned char*)s, 0};
  return __vscan(&in, fmt, ap);
}

int sscanf(const char* __restrict s, const char* __restrict fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int r = vsscanf(s, fmt, ap);
  va_end(ap);
  return r;
}
