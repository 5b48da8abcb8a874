/* fwrite and __fwritex - put bytes into a stream's buffer, writing it out when needed. */
#include <string.h>

#include "stdio_impl.h"

size_t __fwritex(const unsigned char* s, size_t n, FILE* f) {
  size_t done = 0;
  if (!f->wend && __towrite(f)) return 0;

  if (f->flags & F_LBF) {
    /* Everything up to the last newline must reach the kernel now; the rest may wait. */
    size_t i = n;
    while (i && s[i - 1] != '\n') i--;
    if (i) {
      if (i <= (size_t)(f->wend - f->wpos)) {
        memcpy(f->wpos, s, i); /* usually one write() for buffer and line together */
        f->wpos += i;
        if (__stdio_flush(f)) return 0;
      } else if (__stdio_flush(f) || __stdio_write(f, s, i)) {
        return 0;
      }
      s += i;
      n -= i;
      done = i;
    }
  }

  if (n > (size_t)(f->wend - f->wpos)) {
    if (__stdio_flush(f)) return done;
    /* Too big to be worth buffering (always the case for an unbuffered stream): write it. */
    if (n >= (size_t)(f->wend - f->wbase)) return __stdio_write(f, s, n) ? done : done + n;
  }
  if (n) {
    memcpy(f->wpos, s, n);
    f->wpos += n;
  }
  return done + n;
}

size_t fwrite(const void* __restrict p, size_t size, size_t nmemb, FILE* __restrict f) {
  size_t n = size * nmemb;
  if (!size || !nmemb) return 0;
  if (n / size != nmemb) return 0; /* the product overflowed */
  FLOCK(f);
  size_t k = __fwritex(p, n, f);
  FUNLOCK(f);
  return k / size;
}
