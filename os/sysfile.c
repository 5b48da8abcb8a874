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
#define O_CLOEXEC 0x80000
#define AT_FDCWD (-100)

/* A reference to the file open on descriptor fd of the current process, or 0 if none is. The
 * caller gives it back with fileclose. */
struct file* fdget(uint32_t fd) {
  struct proc* p = myproc();
  if (fd >= NOFILE || p->ofile[fd] == 0) return 0;
  return filedup(p->ofile[fd]);
}

/* The lowest free descriptor of the current process from min on, or -EMFILE if all NOFILE are
 * taken. */
static int fdfree(uint32_t min) {
  struct proc* p = myproc();
  for (uint32_t fd = min; fd < NOFILE; fd++)
    if (p->ofile[fd] == 0) return fd;
  return -EMFILE;
}

/* Install f at the lowest free descriptor from min on, close-on-exec (kasane_spawn) if cloexec:
 * the descriptor, or -EMFILE. */
int fdalloc(struct file* f, uint32_t min, int cloexec) {
  int fd = fdfree(min);
  if (fd >= 0) fdinstall(fd, f, cloexec);
  return fd;
}

/* Put f at descriptor fd, which is free, with its close-on-exec flag. */
void fdinstall(uint32_t fd, struct file* f, int cloexec) {
  struct proc* p = myproc();
  p->ofile[fd] = f;
  p->cloexec = (p->cloexec & ~(1u << fd)) | ((uint32_t)(cloexec != 0) << fd);
}

/* The file that an *at call's (dirfd, path) names is path itself, the only directory being the
 * working one: 0 if path is absolute or dirfd is AT_FDCWD. No descriptor names a directory
 * (open cannot open one), so otherwise -ENOTDIR, or -EBADF if dirfd is not open. */
int atpath(uint32_t dirfd, const char* path) {
  if (path[0] == '/' || (int32_t)dirfd == AT_FDCWD) return 0;
  struct proc* p = myproc();
  return dirfd < NOFILE && p->ofile[dirfd] ? -ENOTDIR : -EBADF;
}

/* read(fd, buf, n): see fileread. */
int32_t sys_read(void) {
  uint32_t fd, buf, n;
  argint(0, &fd), argaddr(1, &buf), argint(2, &n);
  struct file* f = fdget(fd);
  if (f == 0) return -EBADF;
  int r = fileread(f, myproc()->vm, buf, n);
  fileclose(f);
  return r;
}

/* write(fd, buf, n): see filewrite. */
int32_t sys_write(void) {
  uint32_t fd, buf, n;
  argint(0, &fd), argaddr(1, &buf), argint(2, &n);
  struct file* f = fdget(fd);
  if (f == 0) return -EBADF;
  int r = filewrite(f, myproc()->vm, buf, n);
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

/* Open the KFS file at user address upath ("name", "/name" or "./name"), with the O_ flags
 * above; KFS has no permissions, so there is no mode. The access mode 3 opens for neither
 * reading nor writing, as on Linux. Other flags (O_LARGEFILE, O_NOCTTY, ...) change nothing
 * here. The lowest free descriptor; -EFAULT, -ENAMETOOLONG for path; -EMFILE, -ENFILE when the
 * tables are full; -ENOENT, -EEXIST, -EISDIR, -ENOSPC, -EROFS as icreate and namei decide. */
static int openpath(uint32_t dirfd, uint32_t upath, uint32_t flags) {
  char path[PATHMAX];
  int r = copyinstr(myproc()->vm, path, upath, sizeof path);
  if (r < 0) return r;
  if ((r = atpath(dirfd, path)) < 0) return r;
  if ((r = fdfree(0)) < 0) return r; /* as Linux: a full table fails before the name is looked at */
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
  /* fails only if other threads took the free descriptors meanwhile */
  int fd = fdalloc(f, 0, (flags & O_CLOEXEC) != 0);
  if (fd < 0) fileclose(f);
  return fd;
}

/* open(path, flags, mode): see openpath. */
int32_t sys_open(void) {
  uint32_t upath, flags;
  argaddr(0, &upath), argint(1, &flags);
  return openpath((uint32_t)AT_FDCWD, upath, flags);
}

/* openat(dirfd, path, flags, mode): open as openpath, path as atpath sees it. */
int32_t sys_openat(void) {
  uint32_t dirfd, upath, flags;
  argint(0, &dirfd), argaddr(1, &upath), argint(2, &flags);
  return openpath(dirfd, upath, flags);
}

/* close(fd): free descriptor fd. 0, or -EBADF if it is not open. */
int32_t sys_close(void) {
  uint32_t fd;
  argint(0, &fd);
  struct proc* p = myproc();
  if (fd >= NOFILE || p->ofile[fd] == 0) return -EBADF;
  struct file* f = p->ofile[fd];
  p->ofile[fd] = 0;
  p->cloexec &= ~(1u << fd);
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

/* _llseek(fd, off_hi, off_lo, result, whence): lseek with a 64-bit offset, stored in *result.
 * 0; -EOVERFLOW for an offset KFS cannot reach (past 2^31 - 1), else as fileseek. */
int32_t sys__llseek(void) {
  uint32_t fd, hi, lo, uresult, whence;
  argint(0, &fd), argint(1, &hi), argint(2, &lo), argaddr(3, &uresult);
  if (argint(4, &whence) < 0) return -EFAULT;
  int64_t off = (int64_t)((uint64_t)hi << 32 | lo);
  if (off > INT32_MAX || off < -(int64_t)INT32_MAX - 1) return whence > 2 ? -EINVAL : -EOVERFLOW;
  struct file* f = fdget(fd);
  if (f == 0) return -EBADF;
  int r = fileseek(f, (int32_t)off, whence);
  fileclose(f);
  if (r < 0) return r;
  int64_t result = r;
  return copyout(myproc()->vm, uresult, &result, sizeof result) < 0 ? -EFAULT : 0;
}

/* getcwd(buf, size): the working directory, always "/" (KFS has one directory). The length
 * stored, NUL included; -ERANGE if size is too small. */
int32_t sys_getcwd(void) {
  uint32_t ubuf, size;
  argaddr(0, &ubuf), argint(1, &size);
  if (size < 2) return -ERANGE;
  return copyout(myproc()->vm, ubuf, "/", 2) < 0 ? -EFAULT : 2;
}

/* readlink(path, buf, size): KFS has no symbolic links, and there is no /proc (glibc asks for
 * /proc/self/exe at start-up and does without). -EINVAL for a file or the directory (not a
 * link), as Linux; -ENOENT for what does not exist. */
int32_t sys_readlink(void) {
  char path[PATHMAX];
  uint32_t upath;
  argaddr(0, &upath);
  int r = copyinstr(myproc()->vm, path, upath, sizeof path);
  if (r < 0) return r;
  if ((r = fs_checkname(path)) == -EISDIR) return -EINVAL;
  if (r < 0) return r;
  struct inode* ip = namei(path);
  if (ip == 0) return -ENOENT;
  iput(ip);
  return -EINVAL;
}
