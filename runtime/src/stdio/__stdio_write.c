/* __stdio_write, __stdio_flush - where stdio output reaches the kernel. The write is not a
 * cancellation point (as in musl): the FILE's lock is held across it, and a thread cancelled
 * there would leave the stream locked for good. */
#include <unistd.h>

#include "stdio_impl.h"
#include "syscall.h"

int __stdio_write(FILE* f, const unsigned char* s, size_t n) {
  while (n) {
    ssize_t r = __syscall_ret(__syscall3(SYS_write, f->fd, (long)s, (long)n));
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
  if (!f->wend) return 0; /* not in write mode: nothing pending */
  size_t n = (size_t)(f->wpos - f->wbase);
  f->wpos = f->wbase;
  if (n && __stdio_write(f, f->wbase, n)) return EOF;
  return 0;
}
