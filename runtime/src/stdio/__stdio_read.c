/* __stdio_read, __uflow - where stdio input comes from the kernel.
 *
 * A request at least as large as the buffer goes straight into the caller's memory (one copy
 * fewer, and a 64 KiB fread is one read() instead of 64); a smaller one refills the buffer and
 * takes its share. End of file is sticky (C11): once seen, no further read() is made until
 * clearerr, fseek or rewind clears F_EOF, so a terminal's end-of-input is not read past. */
#include <string.h>
#include <unistd.h>

#include "stdio_impl.h"
#include "syscall.h"

size_t __stdio_read(FILE* f, unsigned char* dst, size_t n) {
  if (f->flags & F_EOF) return 0;
  int direct = n >= f->size;
  /* Not a cancellation point, as __stdio_write says. */
  ssize_t r = __syscall_ret(
      __syscall3(SYS_read, f->fd, (long)(direct ? dst : f->buf), (long)(direct ? n : f->size)));
  if (r <= 0) {
    f->flags |= r ? F_ERR : F_EOF;
    return 0;
  }
  if (direct) return (size_t)r;
  size_t k = (size_t)r < n ? (size_t)r : n;
  memcpy(dst, f->buf, k);
  f->rpos = f->buf + k;
  f->rend = f->buf + r;
  return k;
}

int __uflow(FILE* f) {
  unsigned char c;
  if (!f->rend && __toread(f)) return EOF;
  return __stdio_read(f, &c, 1) == 1 ? c : EOF;
}
