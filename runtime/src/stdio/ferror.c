/* feof, ferror, clearerr, fileno - a stream's status flags and descriptor. */
#include "stdio_impl.h"

int feof(FILE* f) {
  FLOCK(f);
  int r = (f->flags & F_EOF) != 0;
  FUNLOCK(f);
  return r;
}

int ferror(FILE* f) {
  FLOCK(f);
  int r = (f->flags & F_ERR) != 0;
  FUNLOCK(f);
  return r;
}

void clearerr(FILE* f) {
  FLOCK(f);
  f->flags &= ~(F_EOF | F_ERR);
  FUNLOCK(f);
}

int fileno(FILE* f) { return f->fd; }
