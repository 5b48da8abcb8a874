/* dirent.h - reading directories: opendir/readdir over the kernel's getdents64. struct dirent
 * has glibc's o32 layout without _FILE_OFFSET_BITS=64 (32-bit d_ino and d_off); readdir fails
 * with EOVERFLOW for an inode number that does not fit, as glibc's does. */
#ifndef _DIRENT_H
#define _DIRENT_H

#include <sys/types.h>

struct dirent {
  ino_t d_ino;
  off_t d_off;
  unsigned short d_reclen;
  unsigned char d_type; /* DT_* below */
  char d_name[256];
};

#define DT_UNKNOWN 0
#define DT_FIFO 1
#define DT_CHR 2
#define DT_DIR 4
#define DT_BLK 6
#define DT_REG 8
#define DT_LNK 10
#define DT_SOCK 12

typedef struct __dirstream DIR;

DIR* opendir(const char* path);
DIR* fdopendir(int fd);
struct dirent* readdir(DIR* d); /* NULL at the end (errno unchanged) or on an error */
void rewinddir(DIR* d);
int closedir(DIR* d);
int dirfd(DIR* d);

#endif /* _DIRENT_H */
