/* ftell - a stream's position: the kernel's offset, less what is read ahead, plus what waits to
 * be written. -1 with errno if the descriptor cannot seek. */
#include <unistd.h>

#include "stdio_impl.h"

long ftell(FILE* f) {
  FLOCK(f);
  /* Pending output of an append stream will land at the end of the file, wherever the offset is. */
  int whence = (f->flags & F_APP) && f->wpos != f->wbase ? SEEK_END : SEEK_CUR;
  off_t pos = lseek(f->fd, 0, whence);
  if (pos >= 0) {
    if (f->rend)
      pos -= f->rend - f->rpos;
    else if (f->wend)
      pos += f->wpos - f->wbase;
  }
  FUNLOCK(f);
  return pos;
}
