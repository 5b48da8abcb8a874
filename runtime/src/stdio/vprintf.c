/* vprintf - format to stdout from a va_list. */
#include <stdio.h>

int vprintf(const char* __restrict fmt, va_list ap) { return vfprintf(stdout, fmt, ap); }
