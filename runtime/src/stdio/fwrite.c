/* fwrite and __fwritex - put bytes into a stream's buffer, writing it out when needed. */
#include <string.h>

#include "stdio_impl.h"

size_t __fwritex(const unsigned char* s, size_t n, FILE* f) {
  size_t done = 0;

  if (f->flags & F_LBF) {
    /* Everything up to the last newline must reach the kernel now; the rest may wait. */
    size_t i = n;
    while (i && s[i - 1] != '\n') i--;
    if (i) {
      if (i <= f->size - f->pos) {
        memcpy(f->buf + f->pos, s, i); /* usually one write() for buffer and line together */
        f->pos += i;
        if (__stdio_flush(f)) return 0;
      } else if (__stdio_flush(f) || __stdio_write(f, s, i)) {
        return 0;
      }
      s += i;
      n -= i;
      done = i;
    }
  }

  if (n > f->size - f->pos) {
    if (__stdio_flush(f)) return done;
    /* Too big to be worth buffering (always the case for an unbuffered stream): write it. */
    if (n >= f->size) return __stdio_write(f, s, n) ? done : done + n;
  }
  if (n) {
    memcpy(f->buf + f->pos, s, n);
    f->pos += n;
  }
  return done + n;
}

size_t fwrite(const void* __restrict p, size_t size, size_t nmemb, FILE* __restrict f) {
  size_t n = size * nmemb;
  if (!size || !nmemb) return 0;
  if (n / size != nmemb) return 0; /* the product overflowed */
  return __fwritex(p, n, f) / size;
}
