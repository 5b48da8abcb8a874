/* KFS's one directory and the in-memory inodes: looking up and creating names, and the inode
 * table whose entries stand for the files in use (fs.h says how they are shared and locked).
 * The directory is KFS_NFILES entries in the blocks from sb.dir_start; an entry is a file's name
 * and its inode at once. */
#include "bio.h"
#include "defs.h"
#include "errno.h"
#include "fs.h"
#include "param.h"

static struct inode itable[NINODE];
static int dirbusy; /* the directory lock: held while a thread looks up or creates a name */

/* ---- The inode table ------------------------------------------------------------------------ */

static struct inode* iinit(struct inode* empty, uint32_t inum);

/* A reference to the in-memory inode of directory entry inum, not locked and maybe not read yet.
 * Most references belong to a struct file (an open in progress has allocated its file first) or
 * to an exec loading a program into a process slot, which NINODE = NFILE + NPROC covers; but a
 * stat or readlink holds one too, for as long as its disk read takes, and any number of threads
 * may be in one. So a full table waits for a reference to go: every holder that is not a file
 * gives its one back without waiting for another inode. */
static struct inode* iget(uint32_t inum) {
  for (;;) {
    struct inode* empty = 0;
    for (struct inode* ip = itable; ip < &itable[NINODE]; ip++) {
      if (ip->ref > 0 && ip->inum == inum) {
        ip->ref++;
        return ip;
      }
      if (empty == 0 && ip->ref == 0) empty = ip;
    }
    if (empty) return iinit(empty, inum);
    sleep(itable);
  }
}

/* Make the unused table entry ip the inode of entry inum, with one reference. */
static struct inode* iinit(struct inode* empty, uint32_t inum) {
  empty->inum = inum;
  empty->ref = 1;
  empty->busy = empty->valid = empty->dirty = empty->unlinked = 0;
  return empty;
}

/* Another reference to ip, which the caller holds one of. */
struct inode* idup(struct inode* ip) {
  /* Not from user mode: a broken kernel invariant (callers inside the kernel). */
  if (ip->ref < 1) panic("idup: file %u has no references", ip->inum);
  ip->ref++;
  return ip;
}

/* Give back a reference to ip. The last one must not be locked: nobody could unlock it. */
void iput(struct inode* ip) {
  /* Not from user mode: a broken kernel invariant (callers inside the kernel). */
  if (ip->ref < 1) panic("iput: file %u has no references", ip->inum);
  if (ip->ref == 1 && ip->busy) panic("iput: last reference to file %u, still locked", ip->inum);
  if (ip->ref == 1 && ip->unlinked) { /* the last close of a file unlink has taken the name of */
    ilock(ip);
    ifree(ip);
    iunlock(ip);
  }
  if (--ip->ref == 0) wakeup(itable); /* an iget may wait for a free entry */
}

/* The buffer of the directory block holding entry inum, and the entry in it. */
static struct buf* direntry(uint32_t inum, struct kfs_inode** d) {
  struct buf* b = bread(sb.dir_start + inum / KFS_INODES_PER_BLOCK);
  *d = (struct kfs_inode*)b->data + inum % KFS_INODES_PER_BLOCK;
  return b;
}

/* Lock ip, waiting while another thread holds it, and read its entry if it has not been read.
 * The caller holds a reference. */
void ilock(struct inode* ip) {
  /* Not from user mode: a broken kernel invariant (callers inside the kernel). */
  if (ip->ref < 1) panic("ilock: file %u has no references", ip->inum);
  while (ip->busy) sleep(ip);
  ip->busy = 1;
  if (ip->valid) return;
  struct kfs_inode* d;
  struct buf* b = direntry(ip->inum, &d);
  ip->d = *d;
  brelse(b);
  ip->valid = 1;
  ip->dirty = 0;
  /* Not from user mode: namei and icreate give only used entries, and unlink.c frees an entry
   * only under its last reference (or blanks its name first, so no namei finds it again). */
  if (!(ip->d.flags & KFS_INODE_USED)) panic("ilock: entry %u is not a file", ip->inum);
}

/* Unlock ip, which the caller locked, and let a waiting thread have it. */
void iunlock(struct inode* ip) {
  /* Not from user mode: a broken kernel invariant (callers inside the kernel). */
  if (!ip->busy) panic("iunlock: file %u is not locked", ip->inum);
  if (ip->dirty) panic("iunlock: file %u changed but not written", ip->inum);
  ip->busy = 0;
  wakeup(ip);
}

/* Write ip's entry to the directory on the disk. ip is locked. */
void iupdate(struct inode* ip) {
  /* Not from user mode: a broken kernel invariant (callers inside the kernel). */
  if (!ip->busy) panic("iupdate: file %u is not locked", ip->inum);
  struct kfs_inode* d;
  struct buf* b = direntry(ip->inum, &d);
  *d = ip->d;
  bwrite(b);
  brelse(b);
  ip->dirty = 0;
}

/* ---- Names ---------------------------------------------------------------------------------- */

/* path without the leading "/" and "./" that all name the one directory. */
static const char* basename(const char* path) {
  for (;;) {
    if (path[0] == '/')
      path++;
    else if (path[0] == '.' && path[1] == '/')
      path += 2;
    else
      return path;
  }
}

/* Whether path names a file KFS could hold: "name", "/name" or "./name" with a name of 1 to
 * KFS_NAMELEN - 1 bytes. 0 if so; else -ENOENT ("" or a subdirectory: there are none), -EISDIR
 * (the directory itself) or -ENAMETOOLONG. */
int fs_checkname(const char* path) {
  const char* name = basename(path);
  if (path[0] == 0) return -ENOENT;
  if (name[0] == 0 || (name[0] == '.' && name[1] == 0) ||
      (name[0] == '.' && name[1] == '.' && name[2] == 0))
    return -EISDIR;
  uint32_t len = strnlen(name, KFS_NAMELEN);
  for (uint32_t i = 0; i < len; i++)
    if (name[i] == '/') return -ENOENT;
  return len < KFS_NAMELEN ? 0 : -ENAMETOOLONG;
}

static void dirlock(void) {
  while (dirbusy) sleep(&dirbusy);
  dirbusy = 1;
}

static void dirunlock(void) {
  dirbusy = 0;
  wakeup(&dirbusy);
}

/* Whether directory entry d, which may come from a corrupt disk, is a file called name. */
static int named(const struct kfs_inode* d, const char* name) {
  if (!(d->flags & KFS_INODE_USED)) return 0;
  for (uint32_t i = 0; i < KFS_NAMELEN; i++) {
    if (d->name[i] != name[i]) return 0;
    if (name[i] == 0) return 1;
  }
  return 0;
}

/* The entry number of the file called name, or -1; the lowest free entry number in *freep (-1 if
 * the directory is full). The caller holds the directory lock. */
static int dirlookup(const char* name, int* freep) {
  *freep = -1;
  for (uint32_t blk = 0; blk < sb.dir_blocks; blk++) {
    struct buf* b = bread(sb.dir_start + blk);
    const struct kfs_inode* d = (const struct kfs_inode*)b->data;
    for (uint32_t i = 0; i < KFS_INODES_PER_BLOCK; i++) {
      int inum = blk * KFS_INODES_PER_BLOCK + i;
      if (named(&d[i], name)) {
        brelse(b);
        return inum;
      }
      if (!(d[i].flags & KFS_INODE_USED) && *freep < 0) *freep = inum;
    }
    brelse(b);
  }
  return -1;
}

/* A reference to the file path names ("name", "/name" or "./name"), not locked; 0 if there is
 * no such file (or no file system, or path is not a name fs_checkname accepts). */
struct inode* namei(const char* path) {
  if (!fs_mounted() || fs_checkname(path) != 0) return 0;
  int freeinum;
  dirlock();
  int inum = dirlookup(basename(path), &freeinum);
  dirunlock();
  return inum < 0 ? 0 : iget(inum);
}

/* The file path names, created empty if there is none: 0 with a reference to it, not locked, in
 * *ipp. Fails with -EEXIST if it exists and excl, -ENOSPC if the directory is full, -EROFS if
 * there is no file system, or fs_checkname's error. Two threads creating one name make one
 * file. */
int icreate(const char* path, int excl, struct inode** ipp) {
  if (!fs_mounted()) return -EROFS;
  int err = fs_checkname(path);
  if (err) return err;
  const char* name = basename(path);
  int freeinum;
  dirlock();
  int inum = dirlookup(name, &freeinum);
  if (inum >= 0 && excl) {
    err = -EEXIST;
  } else if (inum < 0 && freeinum < 0) {
    err = -ENOSPC;
  } else if (inum < 0) {
    inum = freeinum;
    struct kfs_inode* d;
    struct buf* b = direntry(inum, &d);
    memset(d, 0, sizeof *d);
    memmove(d->name, name, strlen(name));
    d->flags = KFS_INODE_USED;
    bwrite(b);
    brelse(b);
  }
  dirunlock();
  if (err == 0) *ipp = iget(inum);
  return err;
}
