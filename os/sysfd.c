/* Descriptor calls: dup, dup2, dup3, fcntl, ioctl, and the scatter-gather readv and writev.
 * Like sysfile.c, each call holds its own reference to the file it works on (fdget ..
 * fileclose), since another thread may close the descriptor while the call sleeps. */
#include "defs.h"
#include "errno.h"
#include "fcntl.h"
#include "file.h"
#include "param.h"
#include "proc.h"

#define F_DUPFD 0 /* fcntl commands */
#define F_GETFD 1
#define F_SETFD 2
#define F_GETFL 3
#define F_SETFL 4
#define F_DUPFD_CLOEXEC 1030
#define FD_CLOEXEC 1
#define IOV_MAX 1024 /* the most iovecs a readv or writev takes, as Linux */

/* dup(fd): the lowest free descriptor, now naming fd's file too; -EBADF, -EMFILE. */
int32_t sys_dup(void) {
  uint32_t fd;
  argint(0, &fd);
  struct file* f = fdget(fd);
  if (f == 0) return -EBADF;
  int r = fdalloc(f, 0, 0);
  if (r < 0) fileclose(f);
  return r;
}

/* Make newfd name oldfd's file, closing what newfd named. newfd; -EBADF for a descriptor out of
 * range or oldfd not open. */
static int dupto(uint32_t oldfd, uint32_t newfd, int cloexec) {
  struct proc* p = myproc();
  if (newfd >= NOFILE) return -EBADF;
  struct file* f = fdget(oldfd);
  if (f == 0) return -EBADF;
  struct file* old = p->ofile[newfd];
  p->ofile[newfd] = 0;
  fdinstall(newfd, f, cloexec);
  if (old) fileclose(old);
  return newfd;
}

/* dup2(oldfd, newfd): newfd names oldfd's file; for oldfd == newfd, only check it is open. */
int32_t sys_dup2(void) {
  uint32_t oldfd, newfd;
  argint(0, &oldfd), argint(1, &newfd);
  if (oldfd == newfd) return oldfd < NOFILE && myproc()->ofile[oldfd] ? (int32_t)newfd : -EBADF;
  return dupto(oldfd, newfd, 0);
}

/* dup3(oldfd, newfd, flags): dup2 with O_CLOEXEC as the only flag; the same fd twice is -EINVAL. */
int32_t sys_dup3(void) {
  uint32_t oldfd, newfd, flags;
  argint(0, &oldfd), argint(1, &newfd), argint(2, &flags);
  if (oldfd == newfd || (flags & ~(uint32_t)O_CLOEXEC)) return -EINVAL;
  return dupto(oldfd, newfd, (flags & O_CLOEXEC) != 0);
}

/* fcntl(fd, cmd, arg) and fcntl64 (o32 has both; they differ only in record locks, which this
 * kernel has not): F_DUPFD and F_DUPFD_CLOEXEC (the lowest free descriptor >= arg), F_GETFD/F_SETFD
 * (the close-on-exec flag), F_GETFL (access mode, O_APPEND, O_NONBLOCK), F_SETFL (O_APPEND and
 * O_NONBLOCK; the rest is ignored, as Linux ignores what it cannot change). -EINVAL for another
 * command. */
int32_t sys_fcntl(void) {
  uint32_t fd, cmd, arg;
  argint(0, &fd), argint(1, &cmd), argint(2, &arg);
  struct proc* p = myproc();
  struct file* f = fdget(fd);
  if (f == 0) return -EBADF;
  int r = 0;
  switch (cmd) {
    case F_DUPFD:
    case F_DUPFD_CLOEXEC:
      if (arg >= NOFILE) {
        r = -EINVAL;
        break;
      }
      r = fdalloc(f, arg, cmd == F_DUPFD_CLOEXEC);
      if (r >= 0) return r; /* the new descriptor keeps fdget's reference */
      break;
    case F_GETFD: r = (p->cloexec >> fd) & 1 ? FD_CLOEXEC : 0; break;
    case F_SETFD:
      p->cloexec = (p->cloexec & ~(1u << fd)) | ((uint32_t)((arg & FD_CLOEXEC) != 0) << fd);
      break;
    case F_GETFL:
      r = (f->readable && f->writable) ? O_RDWR : f->writable ? O_WRONLY : O_RDONLY;
      if (!f->readable && !f->writable) r = O_ACCMODE;
      if (f->append) r |= O_APPEND;
      if (f->nonblock) r |= O_NONBLOCK;
      break;
    case F_SETFL:
      f->append = (arg & O_APPEND) != 0;
      f->nonblock = (arg & O_NONBLOCK) != 0;
      break;
    default: r = -EINVAL;
  }
  fileclose(f);
  return r;
}

/* ioctl(fd, request, arg): no file is a terminal or has other controls, so every request on an
 * open descriptor is -ENOTTY. That includes the console's TCGETS: glibc's isatty then says no,
 * and stdout is fully buffered, as under qemu-mipsel with stdout a pipe, so the two print in
 * the same order. */
int32_t sys_ioctl(void) {
  uint32_t fd;
  argint(0, &fd);
  struct file* f = fdget(fd);
  if (f == 0) return -EBADF;
  fileclose(f);
  return -ENOTTY;
}

struct iovec32 {
  uint32_t base, len;
};

/* readv/writev(fd, iov, iovcnt): fileread or filewrite over each of the iovcnt buffers in turn,
 * stopping at a short transfer (the console's input returns what is there). The total; an error
 * only if nothing was transferred; -EINVAL for iovcnt past IOV_MAX or a total past 2^31 - 1. */
static int rwv(int write) {
  uint32_t fd, uiov, cnt;
  argint(0, &fd), argaddr(1, &uiov), argint(2, &cnt);
  struct proc* p = myproc();
  if (cnt > IOV_MAX) return -EINVAL;
  uint32_t total = 0;
  for (uint32_t i = 0; i < cnt; i++) { /* check everything first, as Linux */
    struct iovec32 v;
    if (copyin(p->vm, &v, uiov + 8 * i, sizeof v) < 0) return -EFAULT;
    if (v.len > INT32_MAX - total) return -EINVAL;
    total += v.len;
  }
  struct file* f = fdget(fd);
  if (f == 0) return -EBADF;
  int done = 0;
  for (uint32_t i = 0; i < cnt; i++) {
    struct iovec32 v;
    if (copyin(p->vm, &v, uiov + 8 * i, sizeof v) < 0) break;
    if (v.len == 0) continue;
    int r = write ? filewrite(f, p->vm, v.base, v.len) : fileread(f, p->vm, v.base, v.len);
    if (r < 0) {
      if (done == 0) done = r;
      break;
    }
    done += r;
    if ((uint32_t)r < v.len) break;
  }
  fileclose(f);
  return done;
}

/* readv(fd, iov, iovcnt): see rwv. */
int32_t sys_readv(void) { return rwv(0); }

/* writev(fd, iov, iovcnt): see rwv. */
int32_t sys_writev(void) { return rwv(1); }
