/* sys/stat.h - file status: struct stat with the exact layout of the Linux MIPS o32 kernel's
 * (<asm/stat.h>, 144 bytes), which is also glibc's for o32 without _FILE_OFFSET_BITS=64, so fstat
 * fills it directly. */
#ifndef _SYS_STAT_H
#define _SYS_STAT_H

#include <sys/types.h>
#include <time.h>

struct stat {
  unsigned long st_dev; /* device of the file system */
  long st_pad1[3];
  ino_t st_ino;   /* file serial number */
  mode_t st_mode; /* type (S_IFMT bits) and permissions */
  nlink_t st_nlink;
  uid_t st_uid;
  gid_t st_gid;
  unsigned long st_rdev; /* device number, for a device file */
  long st_pad2[2];
  off_t st_size; /* bytes */
  long st_pad3;
  struct timespec st_atim; /* last access */
  struct timespec st_mtim; /* last modification */
  struct timespec st_ctim; /* last status change */
  blksize_t st_blksize;    /* preferred I/O size */
  blkcnt_t st_blocks;      /* 512-byte blocks allocated */
  long st_pad4[14];
};
#define st_atime st_atim.tv_sec
#define st_mtime st_mtim.tv_sec
#define st_ctime st_ctim.tv_sec

/* The file type, in st_mode & S_IFMT (octal, as everywhere). */
#define S_IFMT 0170000
#define S_IFSOCK 0140000
#define S_IFLNK 0120000
#define S_IFREG 0100000
#define S_IFBLK 0060000
#define S_IFDIR 0040000
#define S_IFCHR 0020000
#define S_IFIFO 0010000
#define S_ISSOCK(m) (((m) & S_IFMT) == S_IFSOCK)
#define S_ISLNK(m) (((m) & S_IFMT) == S_IFLNK)
#define S_ISREG(m) (((m) & S_IFMT) == S_IFREG)
#define S_ISBLK(m) (((m) & S_IFMT) == S_IFBLK)
#define S_ISDIR(m) (((m) & S_IFMT) == S_IFDIR)
#define S_ISCHR(m) (((m) & S_IFMT) == S_IFCHR)
#define S_ISFIFO(m) (((m) & S_IFMT) == S_IFIFO)

int fstat(int fd, struct stat* st);

int stat(const char* __restrict path, struct stat* __restrict st);
int lstat(const char* __restrict path, struct stat* __restrict st); /* a link itself */
int fstatat(int dirfd, const char* __restrict path, struct stat* __restrict st, int flags);
int chmod(const char* path, mode_t mode);
int fchmod(int fd, mode_t mode);
/* AT_SYMLINK_NOFOLLOW on a symbolic link is EOPNOTSUPP, as glibc's (a link has no mode). */
int fchmodat(int dirfd, const char* path, mode_t mode, int flags);
int mkdir(const char* path, mode_t mode);
int mkdirat(int dirfd, const char* path, mode_t mode);
mode_t umask(mode_t mask); /* the old mask; cannot fail */
/* Access and modification times (times NULL: now; tv_nsec UTIME_NOW or UTIME_OMIT). */
#define UTIME_NOW ((1L << 30) - 1L)
#define UTIME_OMIT ((1L << 30) - 2L)
int utimensat(int dirfd, const char* path, const struct timespec* times, int flags); /* times[2] */

#endif /* _SYS_STAT_H */
