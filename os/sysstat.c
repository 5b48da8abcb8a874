/* The stat family: stat, lstat, fstat, stat64, lstat64, fstat64, fstatat64 and statx, and
 * access/faccessat/faccessat2. Each describes a file as a struct statinfo (stat.h) and lays it
 * out in the structure its Linux o32 call fills: glibc 2.36 calls statx first and falls back to
 * fstatat64 only if the kernel answers ENOSYS; older C libraries call fstat64 and stat64; the
 * runtime calls fstat. Times are whole seconds (ext2's 128-byte inodes have no nanoseconds). */
#include "defs.h"
#include "errno.h"
#include "fcntl.h"
#include "file.h"
#include "fs.h"
#include "param.h"
#include "proc.h"
#include "stat.h"

#define STATX_BASIC_STATS 0x7ffu   /* type, mode, nlink, uid, gid, times, ino, size, blocks */

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
  si->nlink = 1;
  si->blksize = PGSIZE;
}

/* The locked inode ip: as its ext2 inode says (synth.c fills a synthetic one alike). */
void statinfo_inode(struct inode* ip, struct statinfo* si) {
  const struct ext2_inode* d = &ip->d;
  memset(si, 0, sizeof *si);
  si->dev = ip->dev;
  si->ino = ip->dev == DEV_EXT2 ? ip->inum : synth_ino(ip);
  si->mode = d->i_mode;
  si->nlink = d->i_links_count;
  si->uid = (uint32_t)d->i_uid_high << 16 | d->i_uid;
  si->gid = (uint32_t)d->i_gid_high << 16 | d->i_gid;
  uint32_t type = d->i_mode & EXT2_S_IFMT;
  if (type == EXT2_S_IFCHR || type == EXT2_S_IFBLK) /* old encoding, else the new one */
    si->rdev = d->i_block[0] ? d->i_block[0] : d->i_block[1];
  si->size = isize(ip);
  si->blocks = d->i_blocks;
  si->blksize = ip->dev == DEV_EXT2 ? fs_bsize : PGSIZE;
  si->atime = d->i_atime;
  si->mtime = d->i_mtime;
  si->ctime = d->i_ctime;
}

/* The file open on fd. 0, or -EBADF. */
static int statinfo_fd(uint32_t fd, struct statinfo* si) {
  struct file* f = fdget(fd);
  if (f == 0) return -EBADF;
  int r = filestat(f, si);
  fileclose(f);
  return r;
}

/* The file (dirfd, upath) names with the *at flags (AT_SYMLINK_NOFOLLOW; AT_EMPTY_PATH, which
 * with "" names dirfd's file, the console too; the others that statx takes change nothing
 * here). 0, or the walk's errors. */
static int statinfo_at(uint32_t dirfd, uint32_t upath, uint32_t flags, struct statinfo* si) {
  char c;
  if ((flags & AT_EMPTY_PATH) && (int32_t)dirfd != AT_FDCWD &&
      copyin(myproc()->vm, &c, upath, 1) == 0 && c == 0)
    return statinfo_fd(dirfd, si);
  struct inode* ip;
  int r = walk(dirfd, upath, ((flags & AT_SYMLINK_NOFOLLOW) ? 0 : WALK_FOLLOW) |
                                 ((flags & AT_EMPTY_PATH) ? WALK_EMPTY : 0), &ip);
  if (r < 0) return r;
  ilock(ip);
  statinfo_inode(ip, si);
  iunlock(ip);
  iput(ip);
  return 0;
}

/* si as an o32 struct stat at user address dst. 0, -EFAULT, or -EOVERFLOW for a size past
 * 2^31 - 1 (its st_size is 32 bits). */
static int put_stat(const struct statinfo* si, uint32_t dst) {
  struct linux_stat st;
  if (si->size > INT32_MAX) return -EOVERFLOW;
  memset(&st, 0, sizeof st);
  st.st_dev = si->dev;
  st.st_ino = si->ino;
  st.st_mode = si->mode;
  st.st_nlink = si->nlink;
  st.st_uid = si->uid;
  st.st_gid = si->gid;
  st.st_rdev = si->rdev;
  st.st_size = (int32_t)si->size;
  st.st_times[0] = (int32_t)si->atime;
  st.st_times[2] = (int32_t)si->mtime;
  st.st_times[4] = (int32_t)si->ctime;
  st.st_blksize = (int32_t)si->blksize;
  st.st_blocks = (int32_t)si->blocks;
  return copyout(myproc()->vm, dst, &st, sizeof st) < 0 ? -EFAULT : 0;
}

/* si as an o32 struct stat64 at user address dst. 0 or -EFAULT. */
static int put_stat64(const struct statinfo* si, uint32_t dst) {
  struct linux_stat64 st;
  memset(&st, 0, sizeof st);
  st.st_dev = si->dev;
  st.st_ino = si->ino;
  st.st_mode = si->mode;
  st.st_nlink = si->nlink;
  st.st_uid = si->uid;
  st.st_gid = si->gid;
  st.st_rdev = si->rdev;
  st.st_size = (int64_t)si->size;
  st.st_times[0] = (int32_t)si->atime;
  st.st_times[2] = (int32_t)si->mtime;
  st.st_times[4] = (int32_t)si->ctime;
  st.st_blksize = si->blksize;
  st.st_blocks = (int64_t)si->blocks;
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

/* stat(path, st), lstat, stat64 and lstat64: path's struct stat (put_stat) or stat64
 * (put_stat64), following a symbolic link at its end or not (AT_SYMLINK_NOFOLLOW: lstat). */
static int32_t stat_path(uint32_t flags, int (*put)(const struct statinfo*, uint32_t)) {
  uint32_t upath, dst;
  argaddr(0, &upath), argaddr(1, &dst);
  struct statinfo si;
  int r = statinfo_at((uint32_t)AT_FDCWD, upath, flags, &si);
  return r < 0 ? r : put(&si, dst);
}

int32_t sys_stat(void) { return stat_path(0, put_stat); }
int32_t sys_lstat(void) { return stat_path(AT_SYMLINK_NOFOLLOW, put_stat); }
int32_t sys_stat64(void) { return stat_path(0, put_stat64); }
int32_t sys_lstat64(void) { return stat_path(AT_SYMLINK_NOFOLLOW, put_stat64); }

/* fstat64(fd, st): the same as a struct stat64. */
int32_t sys_fstat64(void) {
  uint32_t fd, dst;
  argint(0, &fd), argaddr(1, &dst);
  struct statinfo si;
  int r = statinfo_fd(fd, &si);
  return r < 0 ? r : put_stat64(&si, dst);
}

/* fstatat64(dirfd, path, st, flags): as stat64, for the file statinfo_at names. */
int32_t sys_fstatat64(void) {
  uint32_t dirfd, upath, dst, flags;
  argint(0, &dirfd), argaddr(1, &upath), argaddr(2, &dst), argint(3, &flags);
  if (flags & ~(uint32_t)(AT_SYMLINK_NOFOLLOW | AT_EMPTY_PATH | AT_NO_AUTOMOUNT)) return -EINVAL;
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
  if ((flags & ~(uint32_t)(AT_SYMLINK_NOFOLLOW | AT_EMPTY_PATH | AT_NO_AUTOMOUNT |
                           AT_STATX_SYNC_TYPE)) ||
      (flags & AT_STATX_SYNC_TYPE) == AT_STATX_SYNC_TYPE)
    return -EINVAL;
  struct statinfo si;
  int r = statinfo_at(dirfd, upath, flags, &si);
  if (r < 0) return r;
  struct linux_statx stx;
  memset(&stx, 0, sizeof stx);
  stx.stx_mask = STATX_BASIC_STATS;
  stx.stx_blksize = si.blksize;
  stx.stx_nlink = si.nlink;
  stx.stx_uid = si.uid;
  stx.stx_gid = si.gid;
  stx.stx_mode = (uint16_t)si.mode;
  stx.stx_ino = si.ino;
  stx.stx_size = si.size;
  stx.stx_blocks = si.blocks;
  stx.stx_atime.tv_sec = si.atime;
  stx.stx_mtime.tv_sec = si.mtime;
  stx.stx_ctime.tv_sec = si.ctime;
  stx.stx_rdev_major = si.rdev >> 8 & 0xfff;
  stx.stx_rdev_minor = (si.rdev & 0xff) | (si.rdev >> 12 & 0xfff00);
  stx.stx_dev_major = si.dev >> 8 & 0xfff;
  stx.stx_dev_minor = si.dev & 0xff;
  return copyout(myproc()->vm, dst, &stx, sizeof stx) < 0 ? -EFAULT : 0;
}

/* Whether the file (dirfd, path) exists and allows mode to root (Linux's rules for it): reading
 * and writing always, but not writing to a read-only disk, executing if any execute bit is set
 * or it is a directory. 0, or -EACCES, -EROFS, -EINVAL for a bad mode or flag, or the walk's
 * error. */
static int access_at(uint32_t dirfd, uint32_t upath, uint32_t mode, uint32_t flags) {
  if (mode & ~(uint32_t)(R_OK | W_OK | X_OK)) return -EINVAL;
  if (flags & ~(uint32_t)(AT_EACCESS | AT_SYMLINK_NOFOLLOW | AT_EMPTY_PATH)) return -EINVAL;
  struct statinfo si;
  int r = statinfo_at(dirfd, upath, flags & ~(uint32_t)AT_EACCESS, &si);
  if (r < 0) return r;
  uint32_t type = si.mode & S_IFMT;
  if ((mode & X_OK) && type != S_IFDIR && !(si.mode & 0111)) return -EACCES;
  if ((mode & W_OK) && si.dev == DEV_EXT2 && fs_readonly() &&
      (type == S_IFREG || type == S_IFDIR || type == EXT2_S_IFLNK))
    return -EROFS;
  return 0;
}

/* access(path, mode). */
int32_t sys_access(void) {
  uint32_t upath, mode;
  argaddr(0, &upath), argint(1, &mode);
  return access_at((uint32_t)AT_FDCWD, upath, mode, 0);
}

/* faccessat(dirfd, path, mode) (the system call has no flags argument). */
int32_t sys_faccessat(void) {
  uint32_t dirfd, upath, mode;
  argint(0, &dirfd), argaddr(1, &upath), argint(2, &mode);
  return access_at(dirfd, upath, mode, 0);
}

/* faccessat2(dirfd, path, mode, flags): with AT_EACCESS (the same here: one user),
 * AT_SYMLINK_NOFOLLOW and AT_EMPTY_PATH. glibc 2.36 tries it first. */
int32_t sys_faccessat2(void) {
  uint32_t dirfd, upath, mode, flags;
  argint(0, &dirfd), argaddr(1, &upath), argint(2, &mode), argint(3, &flags);
  return access_at(dirfd, upath, mode, flags);
}
