/* setvbuf, setbuf - choose a stream's buffering, before its first I/O.
 *
 * With buf NULL the stream keeps its own buffer (so _IOFBF/_IOLBF on an unbuffered stream leaves
 * it unbuffered, with the line flag having no effect). Anything already pending is flushed first
 * rather than lost, although C leaves calling this after I/O undefined. */
#include <errno.h>

#include "stdio_impl.h"

int setvbuf(FILE* __restrict f, char* __restrict buf, int mode, size_t size) {
  if (mode != _IOFBF && mode != _IOLBF && mode != _IONBF) {
    errno = EINVAL;
    return -1;
  }
  FLOCK(f);
  __stdio_flush(f);
  if (f->rend) __stdio_unread(f);
  f->rpos = f->rend = f->wbase = f->wpos = f->wend = 0;
  if (mode == _IONBF) {
    f->buf = &f->ch;
    f->size = 0;
  } else if (buf && size) {
    f->buf = (unsigned char*)buf;
    f->size = size;
  }
  if (mode == _IOLBF)
    f->flags |= F_LBF;
  else
    f->flags &= ~F_LBF;
  FUNLOCK(f);
  return 0;
}

void setbuf(FILE* __restrict f, char* __restrict buf) {
  setvbuf(f, buf, buf ? _IOFBF : _IONBF, BUFSIZ);
}
