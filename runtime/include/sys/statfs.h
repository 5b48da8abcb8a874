/* sys/statfs.h - file system statistics: the o32 kernel's struct statfs (68 bytes; f_type,
 * f_bsize and f_frsize come first on MIPS, and f_bavail after f_ffree), as glibc's without
 * _FILE_OFFSET_BITS=64. */
#ifndef _SYS_STATFS_H
#define _SYS_STATFS_H

typedef struct {
  int __val[2];
} fsid_t;

struct statfs {
  long f_type; /* e.g. 0xef53, ext2 */
  long f_bsize;
  long f_frsize;
  unsigned long f_blocks;
  unsigned long f_bfree;
  unsigned long f_files;
  unsigned long f_ffree;
  unsigned long f_bavail; /* free blocks for an unprivileged user */
  fsid_t f_fsid;
  long f_namelen;
  long f_flags;
  long f_spare[5];
};

int statfs(const char* path, struct statfs* buf);
int fstatfs(int fd, struct statfs* buf);

#endif /* _SYS_STATFS_H */
