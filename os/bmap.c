/* File contents on ext2: the block map (12 direct blocks, then an indirect, a double-indirect
 * and a triple-indirect block), and reading, writing and truncating through it. A block that
 * the map does not have is a hole: it reads as zeros and takes no space (sparse files). Synthetic
 * files (synth.c) get their reads and writes passed on from here.
 *
 * Ordering on the disk: a new index block is zeroed before anything points at it, and the inode
 * (its size, its direct slots) is written after the data, so a crash in a write leaves at worst
 * blocks that e2fsck finds marked used but unreferenced. All of it runs with the inode locked. */
#include "bio.h"
#include "defs.h"
#include "errno.h"
#include "fs.h"
#include "param.h"

#define BATCH 32 /* index entries read at a time while freeing: 128 bytes of kernel stack */

static const uint8_t zeros[PGSIZE]; /* what a hole reads as */

/* Block numbers in an index block. */
static uint32_t apb(void) { return fs_bsize / 4; }

/* The path to block bn of a file in its map: idx[0] is the slot of i_block, idx[1..depth] the
 * entries of the index blocks below it. The depth (0 for a direct block), or -1 if bn is past
 * what the triple-indirect block reaches. */
static int mappath(uint32_t bn, uint32_t idx[4]) {
  uint64_t a = apb(), b = bn;
  if (b < EXT2_NDIR_BLOCKS) {
    idx[0] = (uint32_t)b;
    return 0;
  }
  b -= EXT2_NDIR_BLOCKS;
  uint64_t span = 1;
  for (int depth = 1; depth <= 3; depth++) {
    span *= a;
    if (b < span) {
      idx[0] = EXT2_IND_BLOCK + depth - 1;
      for (int l = depth; l >= 1; l--, b /= a) idx[l] = (uint32_t)(b % a);
      return depth;
    }
    b -= span;
  }
  return -1;
}

/* The largest size a file may have, as Linux's ext2_max_size computes it: what the map reaches
 * (16 GiB with 1 KiB blocks), unless i_blocks, 512-byte units in 32 bits, runs out first with the
 * index blocks counted (4 KiB blocks: just under 2 TiB); 2 GiB - 1 without large_file. */
uint64_t fs_maxsize(void) {
  uint64_t a = apb(), blocks = EXT2_NDIR_BLOCKS + a + a * a + a * a * a;
  uint64_t limit = 0xffffffffull / (fs_bsize / 512); /* i_blocks, in blocks */
  if (blocks + 3 + 2 * a + a * a > limit) { /* the index blocks of limit blocks count too */
    uint64_t rest = limit - EXT2_NDIR_BLOCKS - a - a * a;
    blocks = limit - (1 + (1 + a) + (1 + (rest + a - 1) / a + (rest + a * a - 1) / (a * a)));
  }
  return fs_largefile ? blocks * fs_bsize : 0x7fffffffu;
}

/* bno, read from ip's map, if it lies in the disk; else 0 with *err = -EIO (a corrupt disk:
 * following it could overwrite anything). */
static uint32_t checked(struct inode* ip, uint32_t bno, int* err) {
  if (bno == 0 || fs_blockok(bno)) return bno;
  *err = fs_error("a file's block map points outside the disk", ip->inum, bno);
  return 0;
}

/* A new block for ip near its last one: an index block (index) is zeroed on the disk at once
 * (its zeros mean "no block"); a data block is left for the caller to fill, which *fresh = 1 tells
 * it (it must not read the old contents). 0 with *err if there is none. */
static uint32_t newblock(struct inode* ip, int index, int* fresh, int* err) {
  uint32_t bno = balloc(ip->goal ? ip->goal : fs_groupstart(ip->inum), err);
  if (bno == 0) return 0;
  ip->goal = bno + 1;
  ip->d.i_blocks += fs_bsize / 512;
  ip->dirty = 1;
  if (index) {
    struct buf* b = bclear(bno);
    bwrite(b);
    brelse(b);
  } else {
    *fresh = 1;
  }
  return bno;
}

/* Entry i of index block ib of ip, allocating a block for it (as newblock) if it is empty and
 * alloc. 0 for a hole, or with *err. */
static uint32_t ientry(struct inode* ip, uint32_t ib, uint32_t i, int alloc, int index,
                       int* fresh, int* err) {
  struct buf* b = bread(ib);
  uint32_t bno = ((uint32_t*)b->data)[i];
  brelse(b);
  if (bno || !alloc) return checked(ip, bno, err);
  if ((bno = newblock(ip, index, fresh, err)) == 0) return 0;
  b = bread(ib); /* again: a thread owns one buffer at a time (fs.h) */
  ((uint32_t*)b->data)[i] = bno;
  bwrite(b);
  brelse(b);
  return bno;
}

/* The disk block holding block bn of file ip, allocating it and the index blocks above it if
 * alloc; *fresh says the data block is new. 0 for a hole, or with *err (-ENOSPC, -EFBIG, -EIO).
 * ip is locked. */
static uint32_t bmap(struct inode* ip, uint32_t bn, int alloc, int* fresh, int* err) {
  uint32_t idx[4];
  int depth = mappath(bn, idx);
  *fresh = 0;
  *err = 0;
  if (depth < 0) {
    *err = -EFBIG;
    return 0;
  }
  uint32_t* slot = &ip->d.i_block[idx[0]];
  uint32_t bno = checked(ip, *slot, err);
  if (*slot == 0 && alloc && (bno = newblock(ip, depth > 0, fresh, err)) != 0) *slot = bno;
  for (int l = 1; l <= depth && bno; l++) bno = ientry(ip, bno, idx[l], alloc, l < depth, fresh, err);
  return bno;
}

/* Block bn of ip for reading: 0 with the disk block (0 for a hole) in *bno, or -EIO. */
int bmap_read(struct inode* ip, uint32_t bn, uint32_t* bno) {
  int fresh, err;
  *bno = bmap(ip, bn, 0, &fresh, &err);
  return err == -EFBIG ? 0 : err;
}

static void freemap(struct inode* ip, uint64_t first);

/* ---- Reading and writing -------------------------------------------------------------------- */

/* Copy n bytes from kernel address src to dst: a user address in uvm, or a kernel one if uvm is
 * 0. 0, or -1 if dst is not writable user memory. */
int copyto(struct vmspace* uvm, uint32_t dst, const void* src, uint32_t n) {
  if (uvm) return copyout(uvm, dst, src, n);
  memmove((void*)dst, src, n);
  return 0;
}

/* Copy n bytes from src, a user address in uvm or a kernel one if uvm is 0, to kernel address
 * dst. 0, or -1 if src is not user memory. */
int copyfrom(struct vmspace* uvm, void* dst, uint32_t src, uint32_t n) {
  if (uvm) return copyin(uvm, dst, src, n);
  memmove(dst, (const void*)src, n);
  return 0;
}

/* Read up to n bytes of file ip from offset off to dst (a user address in uvm, or a kernel
 * address if uvm is 0). Returns the count, short only at the end of the file (0 at or past it);
 * -EFAULT if dst is bad before anything was copied (else the count copied until then), -EIO for
 * a corrupt map. A hole reads as zeros. ip is locked; n < 2^31. */
int readi(struct inode* ip, struct vmspace* uvm, uint32_t dst, uint64_t off, uint32_t n) {
  /* Not from user mode: a broken kernel invariant (callers inside the kernel). */
  if (!ip->busy) panic("readi: inode %u is not locked", ip->inum);
  if (ip->dev != DEV_EXT2) return synth_read(ip, uvm, dst, off, n);
  uint64_t size = isize(ip);
  if (off >= size) return 0;
  if (n > size - off) n = (uint32_t)(size - off);
  for (uint32_t done = 0; done < n;) {
    uint32_t m = MIN(n - done, fs_bsize - (uint32_t)(off % fs_bsize)), bno;
    int err = bmap_read(ip, (uint32_t)(off / fs_bsize), &bno);
    if (err) return done ? (int)done : err;
    struct buf* b = bno ? bread(bno) : 0;
    int bad = copyto(uvm, dst, b ? b->data + off % fs_bsize : zeros, m);
    if (b) brelse(b);
    if (bad) return done ? (int)done : -EFAULT;
    done += m, off += m, dst += m;
  }
  return n;
}

/* Set ip's size (the high word only for a regular file). */
static void setsize(struct inode* ip, uint64_t size) {
  ip->d.i_size = (uint32_t)size;
  if (itype(ip) == EXT2_S_IFREG) ip->d.i_size_high = (uint32_t)(size >> 32);
  ip->dirty = 1;
}

/* Write n bytes from src (a user address in uvm, or a kernel address if uvm is 0) to file ip at
 * offset off, growing the file if it ends past it (a gap before off stays a hole). Returns n, or
 * the count written before the disk filled up (-ENOSPC if nothing was) or src turned out bad
 * (-EFAULT if nothing was); -EFBIG at fs_maxsize, -EROFS on a read-only disk. ip is locked, n <
 * 2^31; the data, the new size and the modification time are on the disk when this returns. */
int writei(struct inode* ip, struct vmspace* uvm, uint32_t src, uint64_t off, uint32_t n) {
  /* Not from user mode: a broken kernel invariant (callers inside the kernel). */
  if (!ip->busy) panic("writei: inode %u is not locked", ip->inum);
  if (ip->dev != DEV_EXT2) return synth_write(ip, uvm, src, n);
  if (fs_readonly()) return -EROFS;
  uint64_t max = fs_maxsize();
  if (n > 0 && off >= max) return -EFBIG;
  if (n > max - off) n = (uint32_t)(max - off);
  uint32_t done = 0, blocks = ip->d.i_blocks;
  int err = 0;
  while (done < n) {
    uint32_t m = MIN(n - done, fs_bsize - (uint32_t)(off % fs_bsize));
    int fresh;
    uint32_t bno = bmap(ip, (uint32_t)(off / fs_bsize), 1, &fresh, &err);
    if (bno == 0) break;
    struct buf* b = fresh ? bclear(bno) : bread(bno);
    int bad = copyfrom(uvm, b->data + off % fs_bsize, src, m);
    bwrite(b); /* even after a bad copy: the cached block changed, and must match the disk */
    brelse(b);
    if (bad) {
      err = -EFAULT;
      break;
    }
    done += m, off += m, src += m;
  }
  if (done > 0) {
    if (off > isize(ip)) setsize(ip, off);
    itouch(ip, TOUCH_MTIME | TOUCH_CTIME);
  }
  /* A write that stopped (a bad buffer, a full disk) after it took blocks past the end: they go
   * again, as Linux's ext2_write_failed does, so no block lies past the file's size. */
  if (err && ip->d.i_blocks != blocks) freemap(ip, (isize(ip) + fs_bsize - 1) / fs_bsize);
  if (ip->dirty) iupdate(ip);
  return done ? (int)done : err;
}

/* ---- Truncating ----------------------------------------------------------------------------- */

/* Blocks being freed, gathered into a run of consecutive blocks in one group, so that freeing a
 * file writes each bitmap block about once rather than once per block. */
struct freerun {
  uint32_t start, n;
};

static void flushrun(struct freerun* r) {
  bfree_run(r->start, r->n);
  r->n = 0;
}

/* Free block bno of ip (data or index), through the run r. */
static void freeblock(struct inode* ip, struct freerun* r, uint32_t bno) {
  if (!fs_blockok(bno)) {
    fs_error("a file's block map points outside the disk", ip->inum, bno);
    return;
  }
  ip->d.i_blocks -= fs_bsize / 512;
  ip->dirty = 1;
  if (r->n && bno == r->start + r->n && fs_group(bno) == fs_group(r->start)) {
    r->n++;
    return;
  }
  if (r->n) flushrun(r);
  r->start = bno;
  r->n = 1;
}

/* Free block bno of ip and, if it is an index block depth levels above the data, every block
 * under it. Nothing points at it any more. */
static void freetree(struct inode* ip, struct freerun* r, uint32_t bno, int depth) {
  if (depth > 0 && fs_blockok(bno)) {
    for (uint32_t i = 0; i < apb(); i += BATCH) {
      uint32_t e[BATCH];
      struct buf* b = bread(bno);
      memmove(e, b->data + 4 * i, sizeof e);
      brelse(b);
      for (uint32_t j = 0; j < BATCH; j++)
        if (e[j]) freetree(ip, r, e[j], depth - 1);
    }
  }
  freeblock(ip, r, bno);
}

/* Free the blocks under index block ib (depth levels above the data) from block first on,
 * counted within ib's part of the file (0 < first), and clear their entries; ib itself stays,
 * as it still maps the blocks before first. The blocks are freed before their entries are
 * cleared: ip's lock keeps everyone else from its map meanwhile. */
static void freefrom(struct inode* ip, struct freerun* r, uint32_t ib, int depth, uint64_t first) {
  if (!fs_blockok(ib)) return;
  uint64_t span = 1;
  for (int l = 1; l < depth; l++) span *= apb();
  uint32_t i0 = (uint32_t)(first / span);
  if (first % span) { /* entry i0 keeps its first blocks */
    struct buf* b = bread(ib);
    uint32_t child = ((uint32_t*)b->data)[i0];
    brelse(b);
    if (child) freefrom(ip, r, child, depth - 1, first % span);
    i0++;
  }
  int any = 0;
  for (uint32_t i = i0; i < apb(); i += BATCH) {
    uint32_t e[BATCH], k = MIN(BATCH, apb() - i);
    struct buf* b = bread(ib);
    memmove(e, b->data + 4 * i, 4 * k);
    brelse(b);
    for (uint32_t j = 0; j < k; j++)
      if (e[j]) freetree(ip, r, e[j], depth - 1), any = 1;
  }
  if (any) {
    struct buf* b = bread(ib);
    memset(b->data + 4 * i0, 0, 4 * (apb() - i0));
    bwrite(b);
    brelse(b);
  }
}

/* Make file ip size bytes long: longer leaves a hole; shorter frees the blocks past the new end
 * and zeroes the rest of its last block (it reads as zeros if the file grows again). The new
 * size is on the disk first, then the map. 0, or -EFBIG, -EROFS, -EIO. ip is locked and an ext2
 * file whose map is blocks (not a fast symlink). */
int itrunc(struct inode* ip, uint64_t size) {
  /* Not from user mode: a broken kernel invariant (callers inside the kernel). */
  if (!ip->busy || ip->dev != DEV_EXT2) panic("itrunc: inode %u", ip->inum);
  if (fs_readonly()) return -EROFS;
  if (size > fs_maxsize()) return -EFBIG;
  uint64_t old = isize(ip);
  uint32_t bno;
  if (size < old && size % fs_bsize && bmap_read(ip, (uint32_t)(size / fs_bsize), &bno) == 0 &&
      bno) {
    struct buf* b = bread(bno);
    memset(b->data + size % fs_bsize, 0, fs_bsize - size % fs_bsize);
    bwrite(b);
    brelse(b);
  }
  setsize(ip, size);
  itouch(ip, TOUCH_MTIME | TOUCH_CTIME);
  if (size < old)
    freemap(ip, (size + fs_bsize - 1) / fs_bsize);
  else
    iupdate(ip);
  return 0;
}

/* Free ip's blocks from file block first on, and write the inode. Whole subtrees are cut from
 * the inode now and freed after it is written; a subtree that keeps some blocks is cut inside
 * (freefrom). ip is locked. */
static void freemap(struct inode* ip, uint64_t first) {
  uint64_t start = 0, span = 1;
  uint32_t cut[EXT2_N_BLOCKS];
  struct freerun r = {0, 0};
  for (uint32_t s = 0; s < EXT2_N_BLOCKS; s++) {
    int depth = s < EXT2_NDIR_BLOCKS ? 0 : (int)(s - EXT2_NDIR_BLOCKS + 1);
    if (depth > 0) span *= apb();
    cut[s] = 0;
    if (ip->d.i_block[s] && first <= start) {
      cut[s] = ip->d.i_block[s];
      ip->d.i_block[s] = 0;
    } else if (ip->d.i_block[s] && first < start + span) {
      freefrom(ip, &r, ip->d.i_block[s], depth, first - start);
    }
    start += span;
  }
  iupdate(ip);
  for (uint32_t s = 0; s < EXT2_N_BLOCKS; s++)
    if (cut[s]) freetree(ip, &r, cut[s], s < EXT2_NDIR_BLOCKS ? 0 : (int)(s - EXT2_NDIR_BLOCKS + 1));
  if (r.n) flushrun(&r);
  ip->goal = 0;
  iupdate(ip); /* i_blocks */
}

/* The target of symbolic link ip into buf (size bytes, not NUL-terminated): its length, or -EIO.
 * A short target is in i_block; a longer one in the link's first block. ip is locked. */
int readlinki(struct inode* ip, char* buf, uint32_t size) {
  if (ip->dev != DEV_EXT2) return synth_readlink(ip, buf, size);
  uint32_t len = ip->d.i_size, acl = ip->d.i_file_acl ? fs_bsize / 512 : 0;
  if (len >= fs_bsize || len >= PATH_MAX) return fs_error("a symbolic link is too long", ip->inum, 0);
  len = MIN(len, size);
  if (ip->d.i_blocks == acl) {
    memmove(buf, ip->d.i_block, MIN(len, sizeof ip->d.i_block));
    return (int)MIN(len, sizeof ip->d.i_block);
  }
  return readi(ip, 0, (uint32_t)buf, 0, len);
}
