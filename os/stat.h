/* What the stat family of calls reports about a file (sysstat.c), before each call lays it out
 * in its own Linux o32 structure: struct stat, struct stat64 or struct statx. */
#ifndef KASANE_OS_STAT_H
#define KASANE_OS_STAT_H

#include <stdint.h>

struct inode;

/* File types and permissions in st_mode (octal, as <sys/stat.h>). */
#define S_IFMT 0170000
#define S_IFDIR 0040000
#define S_IFCHR 0020000
#define S_IFREG 0100000
#define S_IFIFO 0010000

struct statinfo {
  uint32_t dev;     /* the file system (fs.h's DEV_*) */
  uint32_t ino;
  uint32_t mode;    /* S_IF* | permissions */
  uint32_t nlink;
  uint32_t uid, gid;
  uint32_t rdev;    /* a device node's number */
  uint64_t size;    /* bytes */
  uint64_t blocks;  /* 512-byte units allocated */
  uint32_t blksize; /* the preferred I/O size: stdio's buffer size */
  uint32_t atime, mtime, ctime; /* seconds since 1970 */
};

void statinfo_console(struct statinfo* si);
void statinfo_inode(struct inode* ip, struct statinfo* si);

#endif /* KASANE_OS_STAT_H */
