/* The stat family: fstat, fstat64, stat64, lstat64, fstatat64 and statx, and access/faccessat.
 * Each describes a file as a struct statinfo (stat.h) and lays it out in the structure its
 * Linux o32 call fills: glibc 2.36 calls statx first and falls back to fstatat64 only if the
 * kernel answers ENOSYS; older C libraries call fstat64 and stat64; the runtime calls fstat.
 *
 * KFS has one directory, so a path is "name", "/name" or "./name", and "/", "." and "./" are the
 * directory itself (fs_checkname). Files have no owners, permissions or times: the owner is
 * root, files are rw-r--r--, the directory rwxr-xr-x, and every time is 0. */
#include <kasane/kfs.h>

#include "defs.h"
#include "errno.h"
#include "file.h"
#include "fs.h"
#include "param.h"
#include "proc.h"
#include "stat.h"

#define AT_FDCWD (-100)            /* <fcntl.h> */
#define AT_SYMLINK_NOFOLLOW 0x100
#define AT_EMPTY_PATH 0x1000
#define STATX_BASIC_STATS 0x7ffu   /* type, mode, nlink, uid, gid, times, ino, size, blocks */
#define F_OK 0                     /* access() modes */
#define X_OK 1
#define W_OK 2
#define R_OK 4

/* struct stat of the Linux MIPS o32 kernel (<asm/stat.h>), which fstat fills. */
struct linux_stat {
  uint32_t st_dev;
  int32_t st_pad1[3];
  uint32_t st_ino;
  uint32_t st_mode;
  uint32_t st_nlink;
  uint32_t st_uid;
  uint32_t st_gid;
  uint32_t st_rdev;
  int32_t st_pad2[2];
  int32_t st_size;
  int32_t st_pad3;
  int32_t st_times[6]; /* atime, atime_nsec, mtime, mtime_nsec, ctime, ctime_nsec */
  int32_t st_blksize;
  int32_t st_blocks;
  int32_t st_pad4[14];
};
_Static_assert(sizeof(struct linux_stat) == 144, "o32 struct stat is 144 bytes");

/* struct stat64 of the Linux MIPS o32 kernel (<asm/stat.h>): fstat64, stat64, fstatat64. */
struct linux_stat64 {
  uint32_t st_dev;
  uint32_t st_pad0[3];
  uint64_t st_ino;
  uint32_t st_mode;
  uint32_t st_nlink;
  uint32_t st_uid;
  uint32_t st_gid;
  uint32_t st_rdev;
  uint32_t st_pad1[3];
  int64_t st_size;
  int32_t st_times[6]; /* atime, atime_nsec, mtime, mtime_nsec, ctime, ctime_nsec */
  uint32_t st_blksize;
  uint32_t st_pad2;
  int64_t st_blocks;
};
_Static_assert(sizeof(struct linux_stat64) == 104, "o32 struct stat64 is 104 bytes");

/* struct statx (<linux/stat.h>), the same on every architecture. */
struct linux_statx {
  uint32_t stx_mask;
  uint32_t stx_blksize;
  uint64_t stx_attributes;
  uint32_t stx_nlink;
  uint32_t stx_uid;
  uint32_t stx_gid;
  uint16_t stx_mode;
  uint16_t spare0;
  uint64_t stx_ino;
  uint64_t stx_size;
  uint64_t stx_blocks;
  uint64_t stx_attributes_mask;
  struct {
    int64_t tv_sec;
    uint32_t tv_nsec;
    int32_t reserved;
  } stx_atime, stx_btime, stx_ctime, stx_mtime;
  uint32_t stx_rdev_major, stx_rdev_minor;
  uint32_t stx_dev_major, stx_dev_minor;
  uint64_t spare[14];
};
_Static_assert(sizeof(struct linux_statx) == 256, "struct statx is 256 bytes");

/* The console: a character device, but not a terminal (ioctl TCGETS fails), like a pipe to
 * the simulator; a page as its I/O size, as Linux gives a pipe. */
void statinfo_console(struct statinfo* si) {
  memset(si, 0, sizeof *si);
  si->mode = S_IFCHR | 0620;
  si->blksize = PGSIZE;
}

/* The directory. */
static void statinfo_dir(struct statinfo* si) {
  memset(si, 0, sizeof *si);
  si->mode = S_IFDIR | 0755;
  si->ino = KFS_NFILES + 1;
  si->blksize = KFS_BSIZE;
}

/* The locked KFS file ip. 0, or -EOVERFLOW for one past 2^31 - 1 bytes (o32's off_t). */
int statinfo_inode(struct inode* ip, struct statinfo* si) {
  struct kstat ks;
  stati(ip, &ks);
  if (ks.size > INT32_MAX) return -EOVERFLOW;
  memset(si, 0, sizeof *si);
  si->mode = S_IFREG | 0644;
  si->ino = ks.ino;
  si->size = ks.size;
  si->blocks = ks.blocks;
  si->blksize = KFS_BSIZE;
  return 0;
}

/* The file path names (the directory, or a file). 0, or -ENOENT and fs_checkname's errors. */
static int statinfo_path(const char* path, struct statinfo* si) {
  int err = fs_checkname(path);
  if (err == -EISDIR) {
    statinfo_dir(si);
    return 0;
  }
  if (err) return err;
  struct inode* ip = namei(path);
  if (ip == 0) return -ENOENT;
  ilock(ip);
  err = statinfo_inode(ip, si);
  iunlock(ip);
  iput(ip);
  return err;
}

/* The file open on fd. 0, or -EBADF, or filestat's error. */
static int statinfo_fd(uint32_t fd, struct statinfo* si) {
  struct file* f = fdget(fd);
  if (f == 0) return -EBADF;
  int r = filestat(f, si);
  fileclose(f);
  return r;
}

/* The file that (dirfd, path, flags) of an *at call names: dirfd and the empty path with
 * AT_EMPTY_PATH, else path, which must be absolute or relative to AT_FDCWD (the only directory
 * is the working one: no descriptor names a directory, so a relative path with another dirfd
 * is -ENOTDIR, or -EBADF if dirfd is not open). */
static int statinfo_at(uint32_t dirfd, uint32_t upath, uint32_t flags, struct statinfo* si) {
  char path[PATHMAX];
  int r = copyinstr(myproc()->vm, path, upath, sizeof path);
  if (r < 0) return r;
  if (path[0] == 0 && (flags & AT_EMPTY_PATH))
    return (int32_t)dirfd == AT_FDCWD ? statinfo_path(".", si) : statinfo_fd(dirfd, si);
  if ((r = atpath(dirfd, path)) < 0) return r;
  return statinfo_path(path, si);
}

/* si as an o32 struct stat at user address dst. 0 or -EFAULT. */
static int put_stat(const struct statinfo* si, uint32_t dst) {
  struct linux_stat st;
  memset(&st, 0, sizeof st);
  st.st_ino = si->ino;
  st.st_mode = si->mode;
  st.st_nlink = 1;
  st.st_size = (int32_t)si->size;
  st.st_blksize = (int32_t)si->blksize;
  st.st_blocks = (int32_t)si->blocks;
  return copyout(myproc()->vm, dst, &st, sizeof st) < 0 ? -EFAULT : 0;
}

/* si as an o32 struct stat64 at user address dst. 0 or -EFAULT. */
static int put_stat64(const struct statinfo* si, uint32_t dst) {
  struct linux_stat64 st;
  memset(&st, 0, sizeof st);
  st.st_ino = si->ino;
  st.st_mode = si->mode;
  st.st_nlink = 1;
  st.st_size = si->size;
  st.st_blksize = si->blksize;
  st.st_blocks = si->blocks;
  return copyout(myproc()->vm, dst, &st, sizeof st) < 0 ? -EFAULT : 0;
}

/* fstat(fd, st): the o32 struct stat of the file open on fd. */
int32_t sys_fstat(void) {
  uint32_t fd, dst;
  argint(0, &fd), argaddr(1, &dst);
  struct statinfo si;
  int r = statinfo_fd(fd, &si);
  return r < 0 ? r : put_stat(&si, dst);
}

/* fstat64(fd, st): the same as a struct stat64. */
int32_t sys_fstat64(void) {
  uint32_t fd, dst;
  argint(0, &fd), argaddr(1, &dst);
  struct statinfo si;
  int r = statinfo_fd(fd, &si);
  return r < 0 ? r : put_stat64(&si, dst);
}

/* stat64(path, st) and lstat64(path, st) (KFS has no links): path's struct stat64. */
int32_t sys_stat64(void) {
  uint32_t upath, dst;
  argaddr(0, &upath), argaddr(1, &dst);
  struct statinfo si;
  int r = statinfo_at((uint32_t)AT_FDCWD, upath, 0, &si);
  return r < 0 ? r : put_stat64(&si, dst);
}

/* fstatat64(dirfd, path, st, flags): as stat64, for the file statinfo_at names. */
int32_t sys_fstatat64(void) {
  uint32_t dirfd, upath, dst, flags;
  argint(0, &dirfd), argaddr(1, &upath), argaddr(2, &dst), argint(3, &flags);
  if (flags & ~(AT_SYMLINK_NOFOLLOW | AT_EMPTY_PATH)) return -EINVAL;
  struct statinfo si;
  int r = statinfo_at(dirfd, upath, flags, &si);
  return r < 0 ? r : put_stat64(&si, dst);
}

/* statx(dirfd, path, flags, mask, stx): the struct statx of the file statinfo_at names. Every
 * basic field is filled whatever mask asks for, as Linux may; there is no birth time. */
int32_t sys_statx(void) {
  uint32_t dirfd, upath, flags, mask, dst;
  argint(0, &dirfd), argaddr(1, &upath), argint(2, &flags), argint(3, &mask);
  if (argaddr(4, &dst) < 0) return -EFAULT;
  if (mask & 0x80000000u) return -EINVAL; /* STATX__RESERVED */
  struct statinfo si;
  int r = statinfo_at(dirfd, upath, flags, &si);
  if (r < 0) return r;
  struct linux_statx stx;
  memset(&stx, 0, sizeof stx);
  stx.stx_mask = STATX_BASIC_STATS;
  stx.stx_blksize = si.blksize;
  stx.stx_nlink = 1;
  stx.stx_mode = (uint16_t)si.mode;
  stx.stx_ino = si.ino;
  stx.stx_size = si.size;
  stx.stx_blocks = si.blocks;
  return copyout(myproc()->vm, dst, &stx, sizeof stx) < 0 ? -EFAULT : 0;
}

/* Whether the file (dirfd, path) exists and allows mode, as its st_mode says to root: every
 * file may be read and written but not executed (0644), the directory also searched. 0, or -EACCES, -EINVAL for a bad mode, or the lookup's error. */
static int access_at(uint32_t dirfd, uint32_t upath, uint32_t mode) {
  if (mode & ~(uint32_t)(R_OK | W_OK | X_OK)) return -EINVAL;
  struct statinfo si;
  int r = statinfo_at(dirfd, upath, 0, &si);
  if (r < 0) return r;
  if ((mode & X_OK) && (si.mode & S_IFMT) != S_IFDIR) return -EACCES;
  return 0;
}

/* access(path, mode). */
int32_t sys_access(void) {
  uint32_t upath, mode;
  argaddr(0, &upath), argint(1, &mode);
  return access_at((uint32_t)AT_FDCWD, upath, mode);
}

/* faccessat(dirfd, path, mode) (the system call has no flags argument). */
int32_t sys_faccessat(void) {
  uint32_t dirfd, upath, mode;
  argint(0, &dirfd), argaddr(1, &upath), argint(2, &mode);
  return access_at(dirfd, upath, mode);
}
