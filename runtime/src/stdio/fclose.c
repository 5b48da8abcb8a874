/* fclose - flush a stream, close its descriptor and free it. 0, or EOF if the flush or the close
 * failed; the stream is gone either way. The standard streams are closed but not freed. */
#include <stdlib.h>
#include <unistd.h>

#include "stdio_impl.h"
#include "syscall.h"

int fclose(FILE* f) {
  int perm = f->flags & F_PERM;
  if (!perm) __ofl_remove(f); /* before taking f's lock: the list lock comes first */
  FLOCK(f);
  int r = __stdio_flush(f);
  if (f->rend) __stdio_unread(f);
  r |= (int)__syscall_ret(__syscall1(SYS_close, f->fd)); /* not a cancellation point (musl) */
  if (perm) {
    f->rpos = f->rend = f->wbase = f->wpos = f->wend = 0;
    FUNLOCK(f);
  } else {
    free(f);
  }
  return r ? EOF : 0;
}
