/* __toread, __towrite, __stdio_unread - switching a stream between reading and writing.
 *
 * A stream has one buffer, used for one direction at a time. Going from writing to reading
 * writes the pending output first. Going from reading to writing must not lose the file position:
 * the kernel's offset is past the bytes still unread in the buffer, so move it back over them
 * (C asks programs to fseek between the two, but this makes r+ streams behave even without). */
#include <errno.h>
#include <unistd.h>

#include "stdio_impl.h"

void __stdio_unread(FILE* f) {
  if (f->rpos != f->rend) {
    int saved = errno;
    off_t r = lseek(f->fd, f->rpos - f->rend, SEEK_CUR);
    errno = saved;
    if (r < 0) return; /* a pipe or terminal: the bytes exist only here, keep them */
  }
  f->rpos = f->rend = 0;
}

int __toread(FILE* f) {
  if (f->flags & F_NORD) {
    f->flags |= F_ERR;
    errno = EBADF;
    return EOF;
  }
  if (f->wend) {
    int r = __stdio_flush(f);
    f->wbase = f->wpos = f->wend = 0;
    if (r) return EOF;
  }
  /* An empty window at the end of the buffer: the first getc refills, and ungetc has room. */
  f->rpos = f->rend = f->buf + f->size;
  return 0;
}

int __towrite(FILE* f) {
  if (f->flags & F_NOWR) {
    f->flags |= F_ERR;
    errno = EBADF;
    return EOF;
  }
  if (f->rend) {
    __stdio_unread(f);
    f->rpos = f->rend = 0;
  }
  f->wbase = f->wpos = f->buf;
  f->wend = f->buf + f->size;
  return 0;
}
