/* File system calls: they fetch their arguments, find the open file behind a descriptor, and
 * leave the work to file.c. Each returns a value or -errno, with Linux's errors for Linux's
 * cases, so a program sees the same under qemu-mipsel.
 *
 * A descriptor table is shared by the threads of a process, so another thread may close a
 * descriptor while a call on it sleeps: each call holds its own reference to the file (fdget ..
 * fileclose), as Linux's fdget does. */
#include "defs.h"
#include "errno.h"
#include "fcntl.h"
#include "file.h"
#include "fs.h"
#include "param.h"
#include "proc.h"

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

/* pread64 and pwrite64(fd, buf, n, pad, off_lo, off_hi): read or write at offset off (o32 puts
 * the 64-bit argument in an aligned pair, the 5th and 6th words), leaving fd's offset alone.
 * -ESPIPE for the console, -EINVAL for a negative offset, else as fileread and filewrite. */
static int32_t prw(int write) {
  uint32_t fd, buf, n, lo, hi;
  argint(0, &fd), argaddr(1, &buf), argint(2, &n);
  if (argint(4, &lo) < 0 || argint(5, &hi) < 0) return -EFAULT;
  int64_t off = (int64_t)((uint64_t)hi << 32 | lo);
  struct file* f = fdget(fd);
  if (f == 0) return -EBADF;
  uint64_t at = (uint64_t)off;
  int r = f->type != FD_INODE ? -ESPIPE : off < 0 ? -EINVAL
        : write ? filewrite_at(f, myproc()->vm, buf, n, &at)
                : fileread_at(f, myproc()->vm, buf, n, &at);
  fileclose(f);
  return r;
}

int32_t sys_pread64(void) { return prw(0); }
int32_t sys_pwrite64(void) { return prw(1); }

/* Check that inode ip may be opened with flags (and make it so: O_TRUNC): 0, or -ELOOP (a
 * symbolic link with O_NOFOLLOW), -ENOTDIR (O_DIRECTORY), -EISDIR (a directory to write, create
 * or truncate), -EACCES (a synthetic file to write that takes no writes), -ENXIO (a device node,
 * FIFO or socket on the disk: nothing serves it), -EROFS. */
static int openable(struct inode* ip, uint32_t flags) {
  uint32_t type = itype(ip), acc = flags & O_ACCMODE;
  int write = acc == O_WRONLY || acc == O_RDWR || (flags & O_TRUNC);
  if (flags & O_PATH) return (flags & O_DIRECTORY) && type != EXT2_S_IFDIR ? -ENOTDIR : 0;
  if (type == EXT2_S_IFLNK) return -ELOOP; /* only reached with O_NOFOLLOW */
  if ((flags & O_DIRECTORY) && type != EXT2_S_IFDIR) return -ENOTDIR;
  if (type == EXT2_S_IFDIR && (write || (flags & O_CREAT))) return -EISDIR;
  if (ip->dev != DEV_EXT2) return write && type != EXT2_S_IFCHR ? -EACCES : 0;
  if (type != EXT2_S_IFREG && type != EXT2_S_IFDIR) return -ENXIO; /* no driver behind it */
  if (write && fs_readonly()) return -EROFS;
  if (!(flags & O_TRUNC) || type != EXT2_S_IFREG) return 0;
  ilock(ip);
  int r = isize(ip) ? itrunc(ip, 0) : 0; /* as Linux: even with O_RDONLY */
  iunlock(ip);
  return r;
}

/* The inode open(dirfd, upath, flags, mode) opens: what the path names (following a symbolic
 * link at its end unless O_NOFOLLOW, or O_CREAT with O_EXCL), or with O_CREAT a new regular file
 * of mode less the umask where the name is missing (and only there, with O_EXCL). 0 with a
 * reference in *ipp, or -errno. */
static int openinode(uint32_t dirfd, uint32_t upath, uint32_t flags, uint32_t mode,
                     struct inode** ipp) {
  struct nameidata nd;
  int creat = (flags & O_CREAT) && !(flags & O_PATH);
  int follow = !(flags & O_NOFOLLOW) && !(creat && (flags & O_EXCL)) ? WALK_FOLLOW : 0;
  int r = getpath(&nd, upath);
  if (r == 0) r = walkparent(&nd, dirfd);
  int locked = r == 0 && creat;
  if (locked) nslock(); /* the name stays missing until it is made */
  if (r == 0) r = walklast(&nd, follow, ipp);
  if (r == 0 && creat && (flags & O_EXCL)) {
    iput(*ipp);
    r = -EEXIST;
  } else if (r == -ENOENT && creat && nd.dir) {
    r = nd.trailing ? -EISDIR
                    : icreate(&nd, EXT2_S_IFREG | (mode & ~myproc()->umask & 07777), ipp);
    if (r == 0) iunlock(*ipp);
  }
  if (locked) nsunlock();
  putpath(&nd);
  if (r == 0 && (r = openable(*ipp, flags)) < 0) iput(*ipp);
  return r;
}

/* Open the file at user address upath as seen from dirfd (the *at calls' rules), with the O_
 * flags of fcntl.h. The access mode 3 opens for neither reading nor writing, as on Linux, and so
 * does O_PATH. Other flags (O_LARGEFILE, O_NOCTTY, O_SYNC: every write is synchronous here...)
 * change nothing. The lowest free descriptor; -EMFILE, -ENFILE when the tables are full; the
 * walk's and openinode's errors; -EOPNOTSUPP for O_TMPFILE, which ext2 has not. */
static int openpath(uint32_t dirfd, uint32_t upath, uint32_t flags, uint32_t mode) {
  if ((flags & O_TMPFILE) == O_TMPFILE) return -EOPNOTSUPP;
  int r = fdfree(0); /* as Linux: a full table fails before the name is looked at */
  if (r < 0) return r;
  struct file* f = filealloc();
  if (f == 0) return -ENFILE;
  struct inode* ip;
  r = openinode(dirfd, upath, flags, mode, &ip); /* may sleep; nobody else can reach f yet */
  if (r < 0) {
    fileclose(f);
    return r;
  }
  uint32_t acc = flags & O_ACCMODE;
  f->ip = ip;
  f->readable = !(flags & O_PATH) && (acc == O_RDONLY || acc == O_RDWR);
  f->writable = !(flags & O_PATH) && (acc == O_WRONLY || acc == O_RDWR);
  f->append = (flags & O_APPEND) != 0;
  f->type = FD_INODE;
  /* fails only if other threads took the free descriptors meanwhile */
  int fd = fdalloc(f, 0, (flags & O_CLOEXEC) != 0);
  if (fd < 0) fileclose(f);
  return fd;
}

/* open(path, flags, mode): see openpath. */
int32_t sys_open(void) {
  uint32_t upath, flags, mode;
  argaddr(0, &upath), argint(1, &flags), argint(2, &mode);
  return openpath((uint32_t)AT_FDCWD, upath, flags, mode);
}

/* openat(dirfd, path, flags, mode): open as openpath. */
int32_t sys_openat(void) {
  uint32_t dirfd, upath, flags, mode;
  argint(0, &dirfd), argaddr(1, &upath), argint(2, &flags), argint(3, &mode);
  return openpath(dirfd, upath, flags, mode);
}

/* creat(path, mode): open(path, O_CREAT | O_WRONLY | O_TRUNC, mode). */
int32_t sys_creat(void) {
  uint32_t upath, mode;
  argaddr(0, &upath), argint(1, &mode);
  return openpath((uint32_t)AT_FDCWD, upath, O_CREAT | O_WRONLY | O_TRUNC, mode);
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

/* lseek(fd, off, whence): see fileseek; -EOVERFLOW for a result past 2^31 - 1 (o32's off_t),
 * which leaves the offset unchanged. */
int32_t sys_lseek(void) {
  uint32_t fd, off, whence;
  argint(0, &fd), argint(1, &off), argint(2, &whence);
  struct file* f = fdget(fd);
  if (f == 0) return -EBADF;
  uint64_t was = f->off;
  int64_t pos;
  int r = fileseek(f, (int32_t)off, whence, &pos);
  if (r == 0 && pos > INT32_MAX) {
    f->off = was;
    r = -EOVERFLOW;
  }
  fileclose(f);
  return r < 0 ? r : (int32_t)pos;
}

/* _llseek(fd, off_hi, off_lo, result, whence): lseek with a 64-bit offset, stored in *result. */
int32_t sys__llseek(void) {
  uint32_t fd, hi, lo, uresult, whence;
  argint(0, &fd), argint(1, &hi), argint(2, &lo), argaddr(3, &uresult);
  if (argint(4, &whence) < 0) return -EFAULT;
  struct file* f = fdget(fd);
  if (f == 0) return -EBADF;
  int64_t pos;
  int r = fileseek(f, (int64_t)((uint64_t)hi << 32 | lo), whence, &pos);
  fileclose(f);
  if (r < 0) return r;
  return copyout(myproc()->vm, uresult, &pos, sizeof pos) < 0 ? -EFAULT : 0;
}
