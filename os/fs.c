/* KFS, the flat file system (include/kasane/kfs.h): mounting the disk, allocating blocks, and
 * the contents of files (dir.c has the names and the in-memory inodes). Everything goes through the
 * buffer cache and is written through at once, so the disk is consistent whenever no call is in
 * progress; a crash in the middle of one may leak blocks, which nothing here repairs.
 *
 * The bitmap and the superblock need no lock of their own: the big kernel lock covers each change
 * to a bitmap block, and a file's blocks change only under its inode's lock (fs.h). */
#include "fs.h"

#include "bio.h"
#include "defs.h"
#include "errno.h"
#include "param.h"

#define BPB (KFS_BSIZE * 8) /* blocks whose bits one bitmap block holds */

_Static_assert(sizeof(struct kfs_inode) == 128, "kfs.h: a directory entry is 128 bytes");
_Static_assert(KFS_BSIZE % sizeof(struct kfs_inode) == 0, "entries do not straddle blocks");

struct kfs_super sb; /* of the mounted disk */
static int mounted;
static uint32_t lowfree; /* no data block below it is free: where balloc starts looking */
static const uint8_t zeros[KFS_BSIZE]; /* what a hole reads as */

/* Whether the superblock s describes a KFS disk that fits in diskblocks blocks, laid out as
 * kfs.h says. If not, one console line says why. */
static int goodsuper(const struct kfs_super* s, uint32_t diskblocks) {
  uint32_t bitmap = (s->nblocks + BPB - 1) / BPB;
  uint32_t dir = (KFS_NFILES * sizeof(struct kfs_inode) + KFS_BSIZE - 1) / KFS_BSIZE;
  const char* why = 0;
  if (s->magic != KFS_MAGIC)
    why = "block 0 has no KFS magic number";
  else if (s->version != KFS_VERSION)
    why = "the superblock has a KFS version this kernel does not read";
  else if (s->nblocks > diskblocks)
    why = "the superblock claims more blocks than the disk has";
  else if (s->nfiles != KFS_NFILES || s->bitmap_start != 1 || s->bitmap_blocks != bitmap ||
           s->dir_start != 1 + bitmap || s->dir_blocks != dir ||
           s->data_start != s->dir_start + dir || s->data_start >= s->nblocks)
    why = "the superblock's layout is not KFS's";
  if (why) printf("kfs: no file system on the disk: %s\n", why);
  return why == 0;
}

/* Mount the disk, if there is one with a good superblock: set up the buffer cache and read the
 * superblock. Without it there is no file system (namei finds nothing), which is not an error
 * for programs that use none. Called once at boot, after disk_init. */
void fs_init(void) {
  if (!disk_present()) return;
  if (disk_nblocks() == 0) {
    printf("kfs: no file system on the disk: it is smaller than a block\n");
    return;
  }
  binit();
  struct buf* b = bread(0);
  memmove(&sb, b->data, sizeof sb);
  brelse(b);
  if (!goodsuper(&sb, disk_nblocks())) return;
  lowfree = sb.data_start;
  mounted = 1;
}

/* Whether a file system is mounted. */
int fs_mounted(void) { return mounted; }

/* ---- Blocks --------------------------------------------------------------------------------- */

/* Block number bno as read from file ip's entry or index blocks: 0 (a hole) or a data block. A
 * number outside the data area means the image is corrupt (tools/kfs.py refuses such images):
 * following it could overwrite the directory, so it is a panic. */
static uint32_t checked(struct inode* ip, uint32_t bno) {
  /* Not from user mode: only a corrupt disk image, which the machine's owner supplies. */
  if (bno != 0 && (bno < sb.data_start || bno >= sb.nblocks))
    panic("kfs: file %u has block %u outside the data area: corrupt disk", ip->inum, bno);
  return bno;
}

/* Take the lowest free data block in the bitmap. Its number, or 0 if the disk is full. */
static uint32_t balloc(void) {
  uint32_t start = lowfree; /* bread may sleep, and a bfree meanwhile lower lowfree */
  for (uint32_t bno = start; bno < sb.nblocks;) {
    struct buf* b = bread(sb.bitmap_start + bno / BPB);
    for (uint32_t end = MIN(sb.nblocks, (bno / BPB + 1) * BPB); bno < end; bno++) {
      uint8_t bit = 1u << (bno % 8);
      if (b->data[bno % BPB / 8] & bit) continue;
      b->data[bno % BPB / 8] |= bit;
      bwrite(b);
      brelse(b);
      if (lowfree == start) lowfree = bno + 1;
      return bno;
    }
    brelse(b);
  }
  if (lowfree == start) lowfree = sb.nblocks;
  return 0;
}

/* Mark data block bno free in the bitmap. It must be in use. */
static void bfree(uint32_t bno) {
  /* Not from user mode: a broken kernel invariant (callers inside the kernel). */
  if (bno < sb.data_start || bno >= sb.nblocks) panic("bfree: block %u is not a data block", bno);
  struct buf* b = bread(sb.bitmap_start + bno / BPB);
  uint8_t bit = 1u << (bno % 8);
  /* Not from user mode: a broken kernel invariant (callers inside the kernel). */
  if (!(b->data[bno % BPB / 8] & bit)) panic("bfree: block %u is already free", bno);
  b->data[bno % BPB / 8] &= ~bit;
  bwrite(b);
  brelse(b);
  lowfree = MIN(lowfree, bno);
}

/* A new block for an empty slot: an index block is zeroed on the disk at once (its zeros mean
 * "no block"); a data block is left for the caller to fill, which *fresh = 1 tells it (it must
 * not read the block's old contents). 0 if the disk is full. */
static uint32_t newblock(int index, int* fresh) {
  uint32_t bno = balloc();
  if (bno == 0) return 0;
  if (index) {
    struct buf* b = bclear(bno);
    bwrite(b);
    brelse(b);
  } else {
    *fresh = 1;
  }
  return bno;
}

/* The block in slot *slot of ip's entry, allocating one if it is empty and alloc (index says
 * what for, as in newblock). 0 for a hole, or if the disk is full. ip is locked. */
static uint32_t islot(struct inode* ip, uint32_t* slot, int alloc, int index, int* fresh) {
  if (*slot == 0 && alloc && (*slot = newblock(index, fresh)) != 0) ip->dirty = 1;
  return checked(ip, *slot);
}

/* The block in entry i of index block ib of file ip, allocating one as islot does. */
static uint32_t ientry(struct inode* ip, uint32_t ib, uint32_t i, int alloc, int index,
                       int* fresh) {
  struct buf* b = bread(ib);
  uint32_t* e = (uint32_t*)b->data + i;
  if (*e == 0 && alloc && (*e = newblock(index, fresh)) != 0) bwrite(b);
  uint32_t bno = checked(ip, *e);
  brelse(b);
  return bno;
}

/* The disk block holding block bn of file ip: through the direct slots, then the indirect block,
 * then the double-indirect one. With alloc, missing blocks are allocated on the way, and *fresh
 * is set if the data block itself is new. 0 for a hole, or if the disk is full. ip is locked. */
static uint32_t bmap(struct inode* ip, uint32_t bn, int alloc, int* fresh) {
  *fresh = 0;
  if (bn < KFS_NDIRECT) return islot(ip, &ip->d.direct[bn], alloc, 0, fresh);
  bn -= KFS_NDIRECT;
  if (bn < KFS_NINDIRECT) {
    uint32_t ib = islot(ip, &ip->d.indirect, alloc, 1, fresh);
    return ib ? ientry(ip, ib, bn, alloc, 0, fresh) : 0;
  }
  bn -= KFS_NINDIRECT;
  /* Not from user mode: offsets stay below 2^32, which the double-indirect block reaches. */
  if (bn >= KFS_NINDIRECT * KFS_NINDIRECT) panic("bmap: block %u beyond a file's reach", bn);
  uint32_t db = islot(ip, &ip->d.dindirect, alloc, 1, fresh);
  uint32_t ib = db ? ientry(ip, db, bn / KFS_NINDIRECT, alloc, 1, fresh) : 0;
  return ib ? ientry(ip, ib, bn % KFS_NINDIRECT, alloc, 0, fresh) : 0;
}

/* Free block bno of file ip and, if it is an index block depth levels above the data, every
 * block under it. */
static void freetree(struct inode* ip, uint32_t bno, int depth) {
  if (depth > 0) {
    struct buf* b = bread(bno);
    uint32_t* e = (uint32_t*)b->data;
    for (uint32_t i = 0; i < KFS_NINDIRECT; i++)
      if (e[i]) freetree(ip, checked(ip, e[i]), depth - 1);
    brelse(b);
  }
  bfree(bno);
}

/* Blocks in the tree under block bno, depth levels of index blocks above the data, bno
 * included. */
static uint32_t counttree(struct inode* ip, uint32_t bno, int depth) {
  uint32_t n = 1;
  if (depth > 0) {
    struct buf* b = bread(bno);
    uint32_t* e = (uint32_t*)b->data;
    for (uint32_t i = 0; i < KFS_NINDIRECT; i++)
      if (e[i]) n += counttree(ip, checked(ip, e[i]), depth - 1);
    brelse(b);
  }
  return n;
}

/* ---- File contents -------------------------------------------------------------------------- */

/* Copy n bytes from kernel address src to dst: a user address in uvm, or a kernel one if uvm is
 * 0. 0, or -1 if dst is not writable user memory. */
static int copyto(struct vmspace* uvm, uint32_t dst, const void* src, uint32_t n) {
  if (uvm) return copyout(uvm, dst, src, n);
  memmove((void*)dst, src, n);
  return 0;
}

/* Copy n bytes from src, a user address in uvm or a kernel one if uvm is 0, to kernel address
 * dst. 0, or -1 if src is not user memory. */
static int copyfrom(struct vmspace* uvm, void* dst, uint32_t src, uint32_t n) {
  if (uvm) return copyin(uvm, dst, src, n);
  memmove(dst, (const void*)src, n);
  return 0;
}

/* Read up to n bytes of file ip from offset off to dst (a user address in uvm, or a kernel
 * address if uvm is 0). Returns the count, short only at the end of the file (0 at or past it);
 * -EFAULT if dst is bad before anything was copied (else the count copied until then). A hole
 * reads as zeros. ip is locked; n < 2^31. */
int readi(struct inode* ip, struct vmspace* uvm, uint32_t dst, uint32_t off, uint32_t n) {
  /* Not from user mode: a broken kernel invariant (callers inside the kernel). */
  if (!ip->busy) panic("readi: file %u is not locked", ip->inum);
  if (off >= ip->d.size) return 0;
  n = MIN(n, ip->d.size - off);
  for (uint32_t done = 0; done < n;) {
    uint32_t m = MIN(n - done, KFS_BSIZE - off % KFS_BSIZE);
    int fresh;
    uint32_t bno = bmap(ip, off / KFS_BSIZE, 0, &fresh);
    struct buf* b = bno ? bread(bno) : 0;
    int bad = copyto(uvm, dst, b ? b->data + off % KFS_BSIZE : zeros, m);
    if (b) brelse(b);
    if (bad) return done ? (int)done : -EFAULT;
    done += m, off += m, dst += m;
  }
  return n;
}

/* Write n bytes from src (a user address in uvm, or a kernel address if uvm is 0) to file ip at
 * offset off, growing the file if it ends past it (a gap before off becomes a hole). Returns n,
 * or the count written before the disk filled up (-ENOSPC if nothing was) or src turned out bad
 * (-EFAULT if nothing was); -EFBIG if the file would pass 4 GiB - 1, its size's limit. ip is
 * locked, n < 2^31; the new size and blocks are on the disk when this returns. */
int writei(struct inode* ip, struct vmspace* uvm, uint32_t src, uint32_t off, uint32_t n) {
  /* Not from user mode: a broken kernel invariant (callers inside the kernel). */
  if (!ip->busy) panic("writei: file %u is not locked", ip->inum);
  if (n > UINT32_MAX - off) return -EFBIG;
  uint32_t done = 0;
  int err = 0;
  while (done < n) {
    uint32_t m = MIN(n - done, KFS_BSIZE - off % KFS_BSIZE);
    int fresh;
    uint32_t bno = bmap(ip, off / KFS_BSIZE, 1, &fresh);
    if (bno == 0) {
      err = -ENOSPC;
      break;
    }
    struct buf* b = fresh ? bclear(bno) : bread(bno);
    int bad = copyfrom(uvm, b->data + off % KFS_BSIZE, src, m);
    bwrite(b); /* even after a bad copy: the cached block changed, and must match the disk */
    brelse(b);
    if (bad) {
      err = -EFAULT;
      break;
    }
    done += m, off += m, src += m;
  }
  if (done > 0 && off > ip->d.size) {
    ip->d.size = off;
    ip->dirty = 1;
  }
  if (ip->dirty) iupdate(ip);
  return done ? (int)done : err;
}

/* Empty file ip: free all its blocks and make its size 0. ip is locked. */
void itrunc(struct inode* ip) {
  /* Not from user mode: a broken kernel invariant (callers inside the kernel). */
  if (!ip->busy) panic("itrunc: file %u is not locked", ip->inum);
  for (uint32_t i = 0; i < KFS_NDIRECT; i++)
    if (ip->d.direct[i]) freetree(ip, checked(ip, ip->d.direct[i]), 0);
  if (ip->d.indirect) freetree(ip, checked(ip, ip->d.indirect), 1);
  if (ip->d.dindirect) freetree(ip, checked(ip, ip->d.dindirect), 2);
  memset(ip->d.direct, 0, sizeof ip->d.direct);
  ip->d.indirect = ip->d.dindirect = 0;
  ip->d.size = 0;
  ip->dirty = 1;
  iupdate(ip);
}

/* What fstat reports about file ip. ip is locked. */
void stati(struct inode* ip, struct kstat* st) {
  /* Not from user mode: a broken kernel invariant (callers inside the kernel). */
  if (!ip->busy) panic("stati: file %u is not locked", ip->inum);
  uint32_t n = 0;
  for (uint32_t i = 0; i < KFS_NDIRECT; i++) n += ip->d.direct[i] != 0;
  if (ip->d.indirect) n += counttree(ip, checked(ip, ip->d.indirect), 1);
  if (ip->d.dindirect) n += counttree(ip, checked(ip, ip->d.dindirect), 2);
  st->ino = ip->inum + 1;
  st->size = ip->d.size;
  st->blocks = n * (KFS_BSIZE / 512);
}
