/* vfprintf - format into a stream, holding its lock for the whole call.
 *
 * An unbuffered stream (stderr) borrows a stack buffer for the duration of the call, so one
 * message becomes one write() instead of one per piece, and does not interleave with others. */
#include "stdio_impl.h"

struct file_sink {
  struct __fmt_sink base;
  FILE* f;
};

static void file_write(struct __fmt_sink* sink, const char* s, size_t n) {
  struct file_sink* fs = (struct file_sink*)sink;
  __fwritex((const unsigned char*)s, n, fs->f);
}

int vfprintf(FILE* __restrict f, const char* __restrict fmt, va_list ap) {
  struct file_sink sink = {{file_write}, f};
  unsigned char tmp[256];

  FLOCK(f);
  if (!f->wend && __towrite(f)) {
    FUNLOCK(f);
    return -1;
  }
  unsigned old_err = f->flags & F_ERR;
  f->flags &= ~F_ERR;
  int borrowed = f->wend == f->wbase;
  if (borrowed) {
    f->wbase = f->wpos = tmp;
    f->wend = tmp + sizeof tmp;
  }
  int r = __vformat(&sink.base, fmt, ap);
  if (borrowed) {
    __stdio_flush(f);
    f->wbase = f->wpos = f->wend = f->buf;
  }
  if (f->flags & F_ERR) r = -1;
  f->flags |= old_err;
  FUNLOCK(f);
  return r;
}
