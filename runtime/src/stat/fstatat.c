/* fstatat - o32 has no fstatat that fills a struct stat: fstatat64 fills the 104-byte struct
 * stat64, whose fields are copied (an inode number or size past 32 bits is EOVERFLOW, as glibc
 * says for its 32-bit struct stat). */
#include <errno.h>
#include <string.h>
#include <sys/stat.h>

#include "syscall.h"

struct kstat64 { /* <asm/stat.h>, struct stat64 */
  unsigned long dev, pad0[3];
  unsigned long long ino;
  unsigned long mode, nlink, uid, gid, rdev, pad1[3];
  long long size;
  long times[6]; /* atime, its ns, mtime, its ns, ctime, its ns */
  unsigned long blksize, pad2;
  long long blocks;
};
_Static_assert(sizeof(struct kstat64) == 104, "o32 struct stat64 is 104 bytes");

int fstatat(int dirfd, const char* __restrict path, struct stat* __restrict st, int flags) {
  struct kstat64 k;
  long r = __syscall4(SYS_fstatat64, (long)dirfd, (long)path, (long)&k, (long)flags);
  if (r < 0) return (int)__syscall_ret(r);
  if (k.ino >> 32 || k.size != (off_t)k.size || k.blocks != (blkcnt_t)k.blocks) {
    errno = EOVERFLOW;
    return -1;
  }
  memset(st, 0, sizeof *st);
  st->st_dev = k.dev;
  st->st_ino = (ino_t)k.ino;
  st->st_mode = k.mode;
  st->st_nlink = k.nlink;
  st->st_uid = k.uid;
  st->st_gid = k.gid;
  st->st_rdev = k.rdev;
  st->st_size = (off_t)k.size;
  st->st_atim = (struct timespec){k.times[0], k.times[1]};
  st->st_mtim = (struct timespec){k.times[2], k.times[3]};
  st->st_ctim = (struct timespec){k.times[4], k.times[5]};
  st->st_blksize = (blksize_t)k.blksize;
  st->st_blocks = (blkcnt_t)k.blocks;
  return 0;
}
