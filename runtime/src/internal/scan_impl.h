/* scan_impl.h - the input the scanf engine (src/stdio/__vscan.c) reads: a FILE, whose lock the
 * caller holds, or a NUL-terminated string. */
#ifndef KASANE_INTERNAL_SCAN_IMPL_H
#define KASANE_INTERNAL_SCAN_IMPL_H

#include <stdarg.h>

#include "stdio_impl.h"

#define SCAN_BUF 128 /* the longest numeric item read, with its NUL */

struct __scan_in {
  FILE* f;                  /* the stream, or NULL for a string */
  const unsigned char* s;   /* the string's next character */
  long count;               /* characters consumed: what %n stores */
};

int __vscan(struct __scan_in* in, const char* fmt, va_list ap);

#endif /* KASANE_INTERNAL_SCAN_IMPL_H */
