/* fputc, putc - write one character. */
#include "stdio_impl.h"

int fputc(int c, FILE* f) {
  unsigned char ch = (unsigned char)c;
  int r = ch;
  FLOCK(f);
  /* Fast path: in write mode, room in the buffer and no line to end. */
  if (f->wpos != f->wend && !(ch == '\n' && (f->flags & F_LBF)))
    *f->wpos++ = ch;
  else if (__fwritex(&ch, 1, f) != 1)
    r = EOF;
  FUNLOCK(f);
  return r;
}

int putc(int c, FILE* f) { return fputc(c, f); }
