/* opendir, fdopendir, readdir, rewinddir, closedir, dirfd - directory streams over the kernel's
 * getdents64, which fills a buffer with struct linux_dirent64 records (ino 8 bytes, off 8,
 * reclen 2, type 1, then the name and its NUL, padded to 8). readdir hands them out one at a
 * time in the stream's own struct dirent. One file for the family: each needs the stream's
 * layout and opendir is useless without the others. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "syscall.h"

struct __dirstream {
  int fd;
  int pos, end; /* the unread records: buf[pos, end) */
  struct dirent ent;
  _Alignas(8) char buf[2048];
};

DIR* fdopendir(int fd) {
  DIR* d = malloc(sizeof *d);
  if (!d) return NULL;
  d->fd = fd;
  d->pos = d->end = 0;
  return d;
}

DIR* opendir(const char* path) {
  int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return NULL;
  DIR* d = fdopendir(fd);
  if (!d) close(fd);
  return d;
}

struct dirent* readdir(DIR* d) {
  if (d->pos >= d->end) {
    long n = __syscall3(SYS_getdents64, (long)d->fd, (long)d->buf, (long)sizeof d->buf);
    if (n <= 0) {
      if (n < 0) errno = (int)-n;
      return NULL; /* the end: errno unchanged */
    }
    d->pos = 0;
    d->end = (int)n;
  }
  const char* r = d->buf + d->pos;
  unsigned long long ino, off;
  unsigned short reclen;
  memcpy(&ino, r, 8);
  memcpy(&off, r + 8, 8);
  memcpy(&reclen, r + 16, 2);
  d->pos += reclen;
  if (ino >> 32) {
    errno = EOVERFLOW;
    return NULL;
  }
  d->ent.d_ino = (ino_t)ino;
  d->ent.d_off = (off_t)off; /* a 64-bit offset (a host's hash, under qemu) is cut short */
  d->ent.d_reclen = sizeof d->ent;
  d->ent.d_type = (unsigned char)r[18];
  strncpy(d->ent.d_name, r + 19, sizeof d->ent.d_name - 1);
  d->ent.d_name[sizeof d->ent.d_name - 1] = 0;
  return &d->ent;
}

void rewinddir(DIR* d) {
  lseek(d->fd, 0, SEEK_SET);
  d->pos = d->end = 0;
}

int closedir(DIR* d) {
  int r = close(d->fd);
  free(d);
  return r;
}

int dirfd(DIR* d) { return d->fd; }
