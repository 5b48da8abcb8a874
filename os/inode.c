/* The in-memory inodes: a table of the files in use (fs.h says how they are shared and locked),
 * reading and writing ext2 inodes, making new ones and freeing those whose last name and last
 * reference are gone. */
#include "bio.h"
#include "defs.h"
#include "errno.h"
#include "fs.h"
#include "param.h"

static struct inode itable[NINODE];
static int norphans; /* inodes with orphan set */
static int itablefree; /* the channel of iget's wait for a free entry (not itable: that is
                       * &itable[0], whose lock has waiters of its own) */

/* Make the unused table entry ip the inode (dev, inum, pid), with one reference. A synthetic
 * one is made up at once; an ext2 one is read at its first ilock. */
static struct inode* iinit(struct inode* ip, uint32_t dev, uint32_t inum, int pid) {
  ip->dev = dev;
  ip->inum = inum;
  ip->pid = pid;
  ip->ref = 1;
  ip->busy = ip->valid = ip->dirty = ip->bad = ip->orphan = ip->fresh = 0;
  ip->goal = 0;
  memset(&ip->d, 0, sizeof ip->d); /* no type until it is read: nothing of the slot's last file */
  if (dev != DEV_EXT2) {
    synth_fill(ip);
    ip->valid = 1;
  }
  return ip;
}

/* iget, but 0 rather than a wait when the table is full: for a caller that holds a lock. */
struct inode* iget_try(uint32_t dev, uint32_t inum, int pid) {
  struct inode* empty = 0;
  for (struct inode* ip = itable; ip < &itable[NINODE]; ip++) {
    if (ip->ref > 0 && ip->dev == dev && ip->inum == inum && ip->pid == pid) {
      ip->ref++;
      return ip;
    }
    if (empty == 0 && ip->ref == 0) empty = ip;
  }
  return empty ? iinit(empty, dev, inum, pid) : 0;
}

/* A reference to the inode (dev, inum, pid), not locked and maybe not read yet. Most references
 * belong to a struct file, to a process's working directory or to an exec loading a program,
 * which NINODE covers; but a path walk or a stat holds one for as long as its disk reads take,
 * and any number of threads may be in one. So a full table waits for a reference to go: every
 * holder that is not a file gives its one back without waiting for another inode. */
struct inode* iget(uint32_t dev, uint32_t inum, int pid) {
  struct inode* ip;
  while ((ip = iget_try(dev, inum, pid)) == 0) sleep(&itablefree);
  return ip;
}

/* Another reference to ip, which the caller holds one of. */
struct inode* idup(struct inode* ip) {
  /* Not from user mode: a broken kernel invariant (callers inside the kernel). */
  if (ip->ref < 1) panic("idup: inode %u has no references", ip->inum);
  ip->ref++;
  return ip;
}

/* Whether ip's i_block is a block map: a regular file's, a directory's or a long symbolic
 * link's. A short link keeps its target there, a device node its number, a FIFO or socket
 * nothing. */
static int mapped(struct inode* ip) {
  uint32_t acl = ip->d.i_file_acl ? fs_bsize / 512 : 0;
  uint32_t t = itype(ip);
  return t == EXT2_S_IFREG || t == EXT2_S_IFDIR || (t == EXT2_S_IFLNK && ip->d.i_blocks != acl);
}

/* Drop ip's reference to its extended-attribute block, freeing the block with the last one. */
static void freexattr(struct inode* ip) {
  uint32_t bno = ip->d.i_file_acl;
  ip->d.i_file_acl = 0;
  ip->dirty = 1;
  if (!fs_blockok(bno)) {
    fs_error("an attribute block lies outside the disk", ip->inum, bno);
    return;
  }
  ip->d.i_blocks -= fs_bsize / 512;
  struct buf* b = bread(bno);
  struct ext2_xattr_header* h = (struct ext2_xattr_header*)b->data;
  int last = h->h_magic != EXT2_XATTR_MAGIC || h->h_refcount <= 1;
  if (!last) {
    h->h_refcount--;
    bwrite(b);
  }
  brelse(b);
  if (last) bfree_run(bno, 1);
}

/* Free file ip, whose last name and last reference are gone: its blocks, its attribute block,
 * its inode (the disk's copy keeps a deletion time, as Linux leaves it). ip is locked. */
static void ifree(struct inode* ip) {
  if (mapped(ip)) {
    itrunc(ip, 0);
  } else {
    memset(ip->d.i_block, 0, sizeof ip->d.i_block);
    ip->d.i_size = 0;
  }
  if (ip->d.i_file_acl) freexattr(ip);
  ip->d.i_dtime = fs_dtime();
  ip->dirty = 1;
  iupdate(ip);
  ifree_bitmap(ip->inum, itype(ip) == EXT2_S_IFDIR);
  ip->valid = 0;
}

/* Free the inodes whose last reference went where nothing may sleep (the scheduler closing an
 * ended process's files). Called where a thread may wait: at the start of path walks, at iput,
 * and at unmount (with the disk polled, and only when no buffer is owned). */
void fs_reap_orphans(void) {
  for (struct inode* ip = itable; norphans > 0 && ip < &itable[NINODE]; ip++) {
    if (!ip->orphan) continue;
    ip->orphan = 0;
    norphans--;
    ilock(ip);
    ifree(ip);
    iunlock(ip);
    if (--ip->ref == 0) wakeup(&itablefree);
  }
}

/* Give back a reference to ip. The last one must not be locked: nobody could unlock it. The
 * last reference to a file with no name left frees it; where nothing may sleep (no kernel
 * thread) that waits for fs_reap_orphans. */
void iput(struct inode* ip) {
  /* Not from user mode: a broken kernel invariant (callers inside the kernel). */
  if (ip->ref < 1) panic("iput: inode %u has no references", ip->inum);
  if (ip->ref == 1 && ip->busy) panic("iput: last reference to inode %u, still locked", ip->inum);
  if (ip->ref == 1 && ip->dev == DEV_EXT2 && ip->valid && !ip->bad && ip->d.i_links_count == 0) {
    if (mykt() == 0) {
      ip->orphan = 1;
      norphans++;
      return;
    }
    ilock(ip);
    ifree(ip);
    iunlock(ip);
  }
  if (--ip->ref == 0) wakeup(&itablefree); /* an iget may wait for a free entry */
  if (norphans && mykt()) fs_reap_orphans();
}

/* Lock ip, waiting while another thread holds it, and read its ext2 inode if it has not been
 * read. A number past the disk's inodes, or an inode that is not a file (freed, or an extent or
 * inline-data inode of ext4), sets bad: its callers give EIO or ENOENT. The caller holds a
 * reference. */
void ilock(struct inode* ip) {
  /* Not from user mode: a broken kernel invariant (callers inside the kernel). */
  if (ip->ref < 1) panic("ilock: inode %u has no references", ip->inum);
  while (ip->busy) sleep(ip);
  ip->busy = 1;
  if (ip->valid) return;
  uint32_t block, off;
  ip->dirty = 0;
  ip->valid = 1;
  if (inode_where(ip->inum, &block, &off) < 0) {
    memset(&ip->d, 0, sizeof ip->d);
    ip->bad = 1;
    return;
  }
  struct buf* b = bread(block);
  memmove(&ip->d, b->data + off, sizeof ip->d);
  brelse(b);
  ip->bad = ip->d.i_links_count == 0 || ip->d.i_mode == 0 ||
            (ip->d.i_flags & (EXT4_EXTENTS_FL | EXT4_INLINE_DATA_FL));
}

/* Unlock ip, which the caller locked, and let a waiting thread have it. The end of a change:
 * the superblock and group descriptors it changed go to the disk now (fs_commit). */
void iunlock(struct inode* ip) {
  /* Not from user mode: a broken kernel invariant (callers inside the kernel). */
  if (!ip->busy) panic("iunlock: inode %u is not locked", ip->inum);
  if (ip->dirty) panic("iunlock: inode %u changed but not written", ip->inum);
  ip->busy = 0;
  wakeup(ip);
  fs_commit();
}

/* Write ip's inode to the disk (the first 128 bytes of its slot; the rest stays). ip is locked.
 * A synthetic inode has nowhere to go. */
void iupdate(struct inode* ip) {
  /* Not from user mode: a broken kernel invariant (callers inside the kernel). */
  if (!ip->busy) panic("iupdate: inode %u is not locked", ip->inum);
  ip->dirty = 0;
  uint32_t block, off;
  if (ip->dev != DEV_EXT2 || inode_where(ip->inum, &block, &off) < 0) return;
  struct buf* b = bread(block);
  if (ip->fresh) memset(b->data + off, 0, fs_inodesize); /* a new inode: its tail too */
  ip->fresh = 0;
  memmove(b->data + off, &ip->d, sizeof ip->d);
  bwrite(b);
  brelse(b);
}

/* Set the times of ip that what names (TOUCH_*) to now, marking it dirty if one changed (times
 * are whole seconds: most calls in a run change nothing). ip is locked. */
void itouch(struct inode* ip, int what) {
  uint32_t now = fs_now();
  if ((what & TOUCH_ATIME) && ip->d.i_atime != now) ip->d.i_atime = now, ip->dirty = 1;
  if ((what & TOUCH_MTIME) && ip->d.i_mtime != now) ip->d.i_mtime = now, ip->dirty = 1;
  if ((what & TOUCH_CTIME) && ip->d.i_ctime != now) ip->d.i_ctime = now, ip->dirty = 1;
}

/* A new inode of the given mode for a file in directory dp (which picks its group), with no
 * links yet and its times now; 0 with it locked, referenced and dirty in *ipp (the caller sets
 * the rest and writes it: iupdate zeroes the whole on-disk inode first, as Linux's ext2 does),
 * or -ENOSPC, -EROFS, -EIO. */
int inew(struct inode* dp, uint32_t mode, struct inode** ipp) {
  int err;
  uint32_t inum = ialloc(dp->inum, mode, &err);
  if (inum == 0) return err;
  struct inode* ip = iget(DEV_EXT2, inum, 0);
  ilock(ip);
  memset(&ip->d, 0, sizeof ip->d);
  ip->d.i_mode = mode;
  ip->d.i_atime = ip->d.i_ctime = ip->d.i_mtime = fs_now();
  ip->valid = 1;
  ip->bad = 0;
  ip->fresh = 1;
  ip->dirty = 1;
  *ipp = ip;
  return 0;
}
