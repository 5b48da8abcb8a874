/* fputc, putc - write one character. */
#include "stdio_impl.h"

int fputc(int c, FILE* f) {
  unsigned char ch = (unsigned char)c;
  /* Fast path: room in the buffer and no line to end. */
  if (f->pos < f->size && !(ch == '\n' && (f->flags & F_LBF))) {
    f->buf[f->pos++] = ch;
    return ch;
  }
  return __fwritex(&ch, 1, f) == 1 ? ch : EOF;
}

int putc(int c, FILE* f) { return fputc(c, f); }
