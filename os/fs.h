/* KFS in the kernel (fs.c): the mounted disk's files as in-memory inodes. The on-disk format is
 * include/kasane/kfs.h.
 *
 * An inode is a file's directory entry, cached: namei() or icreate() hands out a reference,
 * iput() gives it back. To look at or change the file (readi, writei, itrunc, stati) a thread
 * holds the inode's lock, ilock() .. iunlock(), which it keeps across the disk accesses those
 * sleep in; every change is written through to the directory block before the call returns. */
#ifndef KASANE_OS_FS_H
#define KASANE_OS_FS_H

#include <kasane/kfs.h>
#include <stdint.h>

struct vmspace;

struct inode {
  uint32_t inum; /* directory entry number: 0 .. KFS_NFILES - 1 */
  int ref;       /* references handed out; the slot is free at 0 */
  int busy;      /* locked: ilock .. iunlock */
  int valid;     /* d has been read from the directory */
  int dirty;     /* d changed since it was last written (only while locked) */
  int unlinked;  /* unlink took its name while it was open: the last iput frees it (unlink.c) */
  struct kfs_inode d; /* the directory entry */
};

/* What fstat reports about a file. */
struct kstat {
  uint32_t ino;    /* inum + 1: inode numbers start at 1 */
  uint32_t size;   /* bytes */
  uint32_t blocks; /* 512-byte units allocated, index blocks included */
};

void fs_init(void);
int fs_mounted(void);
int fs_checkname(const char* path);
struct inode* namei(const char* path);
int icreate(const char* path, int excl, struct inode** ipp);
struct inode* idup(struct inode* ip);
void iput(struct inode* ip);
void ilock(struct inode* ip);
void iunlock(struct inode* ip);
int readi(struct inode* ip, struct vmspace* uvm, uint32_t dst, uint32_t off, uint32_t n);
int writei(struct inode* ip, struct vmspace* uvm, uint32_t src, uint32_t off, uint32_t n);
void itrunc(struct inode* ip);
void stati(struct inode* ip, struct kstat* st);
void ifree(struct inode* ip);

/* Between fs.c and dir.c only. */
extern struct kfs_super sb; /* the mounted disk's superblock */
void iupdate(struct inode* ip);

#endif /* KASANE_OS_FS_H */
