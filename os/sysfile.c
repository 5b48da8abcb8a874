/* File system calls: they fetch their arguments, find the open file behind a descriptor, and
 * leave the work to file.c. Each returns a value or -errno, with Linux's errors for Linux's
 * cases, so a program sees the same under qemu-mipsel.
 *
 * A descriptor table is shared by the threads of a process, so another thread may close a
 * descriptor while a call on it sleeps: each call holds its own reference to the file (fdget ..
 * fileclose), as Linux's fdget does. */
#include "defs.h"
#include "errno.h"
#include "file.h"
#include "fs.h"
#include "param.h"
#include "proc.h"

#define O_ACCMODE 0x3 /* <fcntl.h>, Linux MIPS values */
#define O_RDONLY 0x0
#define O_WRONLY 0x1
#define O_RDWR 0x2
#define O_APPEND 0x8
#define O_CREAT 0x100
#define O_TRUNC 0x200
#define O_EXCL 0x400

/* A reference to the file open on descriptor fd of the current process, or 0 if none is. The
 * caller gives it back with fileclose. */
static struct file* fdget(uint32_t fd) {
  struct proc* p = myproc();
  if (fd >= NOFILE || p->ofile[fd] == 0) return 0;
  return filedup(p->ofile[fd]);
}

/* The lowest free descriptor of the current process, or -EMFILE if all NOFILE are taken. */
static int fdfree(void) {
  struct proc* p = myproc();
  for (int fd = 0; fd < NOFILE; fd++)
    if (p->ofile[fd] == 0) return fd;
  return -EMFILE;
}

/* Install f at the lowest free descriptor: the descriptor, or -EMFILE. */
static int fdalloc(struct file* f) {
  int fd = fdfree();
  if (fd >= 0) myproc()->ofile[fd] = f;
  return fd;
}

/* read(fd, buf, n): see fileread. */
int32_t sys_read(void) {
  uint32_t fd, buf, n;
  argint(0, &fd), argaddr(1, &buf), argint(2, &n);
  struct file* f = fdget(fd);
  if (f == 0) return -EBADF;
  int r = fileread(f, &myproc()->vm, buf, n);
  fileclose(f);
  return r;
}

/* write(fd, buf, n): see filewrite. */
int32_t sys_write(void) {
  uint32_t fd, buf, n;
  argint(0, &fd), argaddr(1, &buf), argint(2, &n);
  struct file* f = fdget(fd);
  if (f == 0) return -EBADF;
  int r = filewrite(f, &myproc()->vm, buf, n);
  fileclose(f);
  return r;
}

/* The inode an open(path, flags) gives, referenced: the file, created if O_CREAT (and only then,
 * if O_EXCL), emptied if O_TRUNC. 0 with it in *ipp, or -errno. */
static int openinode(const char* path, uint32_t flags, struct inode** ipp) {
  int err = 0;
  if (flags & O_CREAT)
    err = icreate(path, (flags & O_EXCL) != 0, ipp);
  else if ((err = fs_checkname(path)) == 0 && (*ipp = namei(path)) == 0)
    err = -ENOENT;
  if (err) return err;
  if (flags & O_TRUNC) { /* as Linux: even with O_RDONLY */
    ilock(*ipp);
    if ((*ipp)->d.size) itrunc(*ipp);
    iunlock(*ipp);
  }
  return 0;
}

/* open(path, flags, mode): open the KFS file path ("name", "/name" or "./name"), with the
 * O_ flags above; mode is ignored (KFS has no permissions). The access mode 3 opens for neither
 * reading nor writing, as on Linux. The lowest free descriptor; -EFAULT, -ENAMETOOLONG for path;
 * -EMFILE, -ENFILE when the tables are full; -ENOENT, -EEXIST, -EISDIR, -ENOSPC, -EROFS as
 * icreate and namei decide. */
int32_t sys_open(void) {
  char path[PATHMAX];
  uint32_t upath, flags;
  argaddr(0, &upath), argint(1, &flags);
  int r = copyinstr(&myproc()->vm, path, upath, sizeof path);
  if (r < 0) return r;
  if ((r = fdfree()) < 0) return r; /* as Linux: a full table fails before the name is looked at */
  struct file* f = filealloc();
  if (f == 0) return -ENFILE;
  struct inode* ip;
  r = openinode(path, flags, &ip); /* may sleep; nobody else can reach f yet */
  if (r < 0) {
    fileclose(f);
    return r;
  }
  f->ip = ip;
  f->readable = (flags & O_ACCMODE) == O_RDONLY || (flags & O_ACCMODE) == O_RDWR;
  f->writable = (flags & O_ACCMODE) == O_WRONLY || (flags & O_ACCMODE) == O_RDWR;
  f->append = (flags & O_APPEND) != 0;
  f->type = FD_INODE;
  int fd = fdalloc(f); /* fails only if other threads took the free descriptors meanwhile */
  if (fd < 0) fileclose(f);
  return fd;
}

/* close(fd): free descriptor fd. 0, or -EBADF if it is not open. */
int32_t sys_close(void) {
  uint32_t fd;
  argint(0, &fd);
  struct proc* p = myproc();
  if (fd >= NOFILE || p->ofile[fd] == 0) return -EBADF;
  struct file* f = p->ofile[fd];
  p->ofile[fd] = 0;
  fileclose(f);
  return 0;
}

/* lseek(fd, off, whence): see fileseek. */
int32_t sys_lseek(void) {
  uint32_t fd, off, whence;
  argint(0, &fd), argint(1, &off), argint(2, &whence);
  struct file* f = fdget(fd);
  if (f == 0) return -EBADF;
  int r = fileseek(f, (int32_t)off, whence);
  fileclose(f);
  return r;
}

/* fstat(fd, st): see filestat. */
int32_t sys_fstat(void) {
  uint32_t fd, st;
  argint(0, &fd), argaddr(1, &st);
  struct file* f = fdget(fd);
  if (f == 0) return -EBADF;
  int r = filestat(f, &myproc()->vm, st);
  fileclose(f);
  return r;
}
