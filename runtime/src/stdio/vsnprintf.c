/* vsnprintf - format into a buffer of n bytes, always NUL-terminated when n > 0, and return the
 * length the whole result would have had (so callers can detect truncation and retry). */
#include <string.h>

#include "stdio_impl.h"

struct str_sink {
  struct __fmt_sink base;
  char* buf;
  size_t room; /* bytes still free, not counting the one kept for the NUL */
};

static void str_write(struct __fmt_sink* sink, const char* s, size_t n) {
  struct str_sink* ss = (struct str_sink*)sink;
  if (n > ss->room) n = ss->room; /* truncate; __vformat still counts the full length */
  memcpy(ss->buf, s, n);
  ss->buf += n;
  ss->room -= n;
}

int vsnprintf(char* __restrict s, size_t n, const char* __restrict fmt, va_list ap) {
  char dummy;
  struct str_sink sink = {{str_write}, n ? s : &dummy, n ? n - 1 : 0};
  int r = __vformat(&sink.base, fmt, ap);
  *sink.buf = 0;
  return r;
}
