/* fgetc, getc - read one character. */
#include "stdio_impl.h"

int fgetc(FILE* f) {
  FLOCK(f);
  int c = f->rpos != f->rend ? *f->rpos++ : __uflow(f); /* fast path: a byte is buffered */
  FUNLOCK(f);
  return c;
}

int getc(FILE* f) { return fgetc(f); }
