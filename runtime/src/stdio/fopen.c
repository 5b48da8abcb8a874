/* fopen, fdopen - make a stream on a file, with its buffer in the same allocation.
 *
 * Modes: r (read), w (write, create, truncate), a (write at the end, create), each with + for
 * reading and writing; b is accepted and means nothing (POSIX), x adds O_EXCL. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "stdio_impl.h"

/* The open() flags for mode, and the stream flags in *fflags; -1 (errno EINVAL) for a bad mode. */
static int mode_flags(const char* mode, unsigned* fflags) {
  int oflags;
  switch (*mode) {
    case 'r':
      oflags = O_RDONLY;
      *fflags = F_NOWR;
      break;
    case 'w':
      oflags = O_WRONLY | O_CREAT | O_TRUNC;
      *fflags = F_NORD;
      break;
    case 'a':
      oflags = O_WRONLY | O_CREAT | O_APPEND;
      *fflags = F_NORD | F_APP;
      break;
    default:
      errno = EINVAL;
      return -1;
  }
  if (strchr(mode, '+')) {
    oflags = (oflags & ~O_ACCMODE) | O_RDWR;
    *fflags &= ~(F_NORD | F_NOWR);
  }
  if (strchr(mode, 'x')) oflags |= O_EXCL;
  return oflags;
}

/* A new fully buffered stream on fd, on the list exit() flushes; NULL (ENOMEM) if out of memory. */
static FILE* new_stream(int fd, unsigned fflags) {
  FILE* f = malloc(sizeof *f + BUFSIZ);
  if (!f) return NULL;
  memset(f, 0, sizeof *f);
  f->fd = fd;
  f->flags = fflags;
  f->buf = (unsigned char*)(f + 1);
  f->size = BUFSIZ;
  __ofl_add(f);
  return f;
}

FILE* fopen(const char* __restrict path, const char* __restrict mode) {
  unsigned fflags;
  int oflags = mode_flags(mode, &fflags);
  if (oflags < 0) return NULL;
  int fd = open(path, oflags, 0666);
  if (fd < 0) return NULL;
  FILE* f = new_stream(fd, fflags);
  if (!f) close(fd);
  return f;
}

/* The descriptor's own access mode and O_APPEND stay what open() made them: without fcntl there
 * is no way to check or change them, so the mode only says what the stream allows. */
FILE* fdopen(int fd, const char* mode) {
  unsigned fflags;
  if (mode_flags(mode, &fflags) < 0) return NULL;
  return new_stream(fd, fflags);
}
