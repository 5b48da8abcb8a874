/* ungetc - push one character back in front of a stream's input.
 *
 * It goes just before the read window, which __toread leaves at the end of the buffer and a
 * refill starts at its beginning, so after any read there is room for one. With the window empty
 * it becomes a one-byte window at the buffer's start; that is also how an unbuffered stream
 * (buf = &ch) keeps it. Like musl, ftell then reports one position less, and a seek drops it. */
#include "stdio_impl.h"

int ungetc(int c, FILE* f) {
  if (c == EOF) return EOF;
  FLOCK(f);
  if (!f->rend && __toread(f)) {
    FUNLOCK(f);
    return EOF;
  }
  if (f->rpos > f->buf) {
    *--f->rpos = (unsigned char)c;
  } else if (f->rpos == f->rend) {
    f->rpos = f->buf;
    f->rend = f->buf + 1;
    *f->rpos = (unsigned char)c;
  } else {
    FUNLOCK(f);
    return EOF; /* no room: a second ungetc right after a refill */
  }
  f->flags &= ~F_EOF;
  FUNLOCK(f);
  return (unsigned char)c;
}
