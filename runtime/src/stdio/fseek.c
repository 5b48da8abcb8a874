/* fseek, rewind - move a stream's position: pending output is written, buffered input dropped,
 * the end-of-file flag cleared. */
#include <errno.h>
#include <unistd.h>

#include "stdio_impl.h"

static int seek_locked(FILE* f, long off, int whence) {
  if (whence != SEEK_SET && whence != SEEK_CUR && whence != SEEK_END) {
    errno = EINVAL;
    return -1;
  }
  /* The kernel's offset is past the unread buffered bytes; relative moves start before them. */
  if (whence == SEEK_CUR && f->rend) off -= f->rend - f->rpos;
  if (__stdio_flush(f)) return -1;
  f->rpos = f->rend = f->wbase = f->wpos = f->wend = 0;
  if (lseek(f->fd, off, whence) < 0) return -1;
  f->flags &= ~F_EOF;
  return 0;
}

int fseek(FILE* f, long off, int whence) {
  FLOCK(f);
  int r = seek_locked(f, off, whence);
  FUNLOCK(f);
  return r;
}

void rewind(FILE* f) {
  FLOCK(f);
  seek_locked(f, 0, SEEK_SET);
  f->flags &= ~F_ERR;
  FUNLOCK(f);
}
