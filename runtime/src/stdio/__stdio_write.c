/* __stdio_write, __stdio_flush - the two places stdio talks to the kernel. */
#include <unistd.h>

#include "stdio_impl.h"

int __stdio_write(FILE* f, const unsigned char* s, size_t n) {
  while (n) {
    ssize_t r = write(f->fd, s, n);
    /* A write of 0 bytes would loop forever; treat it as the error it is for a terminal/pipe. */
    if (r <= 0) {
      f->flags |= F_ERR;
      return -1;
    }
    s += r;
    n -= (size_t)r;
  }
  return 0;
}

int __stdio_flush(FILE* f) {
  size_t n = f->pos;
  f->pos = 0;
  if (n && __stdio_write(f, f->buf, n)) return EOF;
  return 0;
}
