/* fflush - write out a stream's pending output; on a stream being read, give the unread buffered
 * input back to the kernel (POSIX: the descriptor's offset becomes the stream's position) where
 * the descriptor can seek. fflush(NULL) does this for every stream. */
#include "stdio_impl.h"

int fflush(FILE* f) {
  if (!f) return __stdio_flush_all();
  FLOCK(f);
  int r = __stdio_flush(f);
  if (f->rend) __stdio_unread(f);
  if (f->flags & F_ERR) r = EOF; /* also reports an earlier failed write */
  FUNLOCK(f);
  return r;
}
