/* vsprintf - format into a buffer the caller promises is large enough. */
#include <limits.h>
#include <stdio.h>

int vsprintf(char* __restrict s, const char* __restrict fmt, va_list ap) {
  return vsnprintf(s, INT_MAX, fmt, ap);
}
