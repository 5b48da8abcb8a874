/* ext2 on the disk: mounting it (the superblock's checks and features), the group descriptors,
 * and the bitmaps that say which blocks and inodes are free. The files and directories are in
 * inode.c, bmap.c and dir.c.
 *
 * The superblock and the group descriptor table stay in memory from mount on. An allocation or a
 * free writes its bitmap block at once and marks the counts it changed; fs_commit() writes the
 * superblock and the descriptor blocks that changed, once per call (iunlock calls it), so the
 * counts on the disk match the bitmaps whenever no call is in progress. Order on the disk: a
 * block is marked used before anything points at it, and nothing points at a block when it is
 * marked free, except during a truncate (bmap.c); a crash in between leaves what e2fsck repairs.
 *
 * Everything here is guarded by the big kernel lock; a bitmap change is made while its buffer is
 * owned, so two threads never take the same bit. */
#include "bio.h"
#include "defs.h"
#include "errno.h"
#include "fs.h"
#include "param.h"

_Static_assert(sizeof(struct ext2_super) == 1024, "ext2.h: the superblock is 1024 bytes");
_Static_assert(sizeof(struct ext2_group_desc) == 32, "ext2.h: a group descriptor is 32 bytes");
_Static_assert(sizeof(struct ext2_inode) == 128, "ext2.h: an inode's first part is 128 bytes");

#define NGDPAGE 4 /* pages holding the group descriptors: 512 groups, a 64 GiB disk of 4 KiB
                   * blocks (a group covers 8 * block size blocks) */
#define GDPERPAGE (PGSIZE / sizeof(struct ext2_group_desc))
#define MAXERRORS 10 /* console lines about a corrupt disk, at most */

/* Incompatible features this kernel implements; compat ones need nothing; read-only
 * compatible ones it writes correctly. Any other ro_compat feature mounts the disk read-only. */
#define INCOMPAT_OK EXT2_FEATURE_INCOMPAT_FILETYPE
#define RO_COMPAT_OK (EXT2_FEATURE_RO_COMPAT_SPARSE_SUPER | EXT2_FEATURE_RO_COMPAT_LARGE_FILE)

static struct ext2_super sb;            /* the mounted disk's, as on the disk but the counts */
static struct ext2_group_desc* gdpage[NGDPAGE];
static uint32_t ngroups, gdblocks, gdstart; /* descriptor table: gdblocks from block gdstart */
static uint32_t gddirty;                /* bit i: descriptor block i changed since written */
static int sbdirty, mounted, readonly, errors;
static uint16_t mountstate;             /* s_state as mounted, put back at unmount */
uint32_t fs_bsize;
int fs_filetype, fs_largefile;
uint32_t fs_inodesize;

static struct ext2_group_desc* gd(uint32_t g) { return &gdpage[g / GDPERPAGE][g % GDPERPAGE]; }

/* Seconds since 1970 by the simulated clock: file times. */
uint32_t fs_now(void) { return (uint32_t)(realtime_ns() / 1000000000u); }

/* The deletion time a freed inode gets: now, but never below the inode count, which e2fsck
 * would read as a link of ext3's orphan list (a clock near 1970, os.epoch 0, is there). */
uint32_t fs_dtime(void) {
  uint32_t now = fs_now();
  return now > sb.s_inodes_count ? now : sb.s_inodes_count + 1;
}

/* Report a corrupt disk (what, about inode inum or block n): one console line, the first
 * MAXERRORS times, and the superblock's error state set, as Linux's ext2_error. -EIO, for the
 * call to return. */
int fs_error(const char* what, uint32_t inum, uint32_t n) {
  if (errors++ < MAXERRORS) printf("ext2: corrupt disk: %s (inode %u, block %u)\n", what, inum, n);
  if (!readonly && !(sb.s_state & EXT2_ERROR_FS)) {
    sb.s_state |= EXT2_ERROR_FS;
    mountstate |= EXT2_ERROR_FS;
    sbdirty = 1;
  }
  return -EIO;
}

/* Whether bno may be a block of a file: inside the disk and not the boot area. */
int fs_blockok(uint32_t bno) { return bno >= sb.s_first_data_block && bno < sb.s_blocks_count; }

/* The group block bno (fs_blockok) is in. */
uint32_t fs_group(uint32_t bno) { return (bno - sb.s_first_data_block) / sb.s_blocks_per_group; }

/* The first block of the group of inode inum: where its file's blocks are looked for first. */
uint32_t fs_groupstart(uint32_t inum) {
  uint32_t g = (inum - 1) / sb.s_inodes_per_group;
  return sb.s_first_data_block + g * sb.s_blocks_per_group;
}

/* ---- Mounting ------------------------------------------------------------------------------- */

/* The names of feature bits, for the messages (e2fsprogs' names). */
static const char* const incompat_names[] = {
    "compression", "filetype", "needs_recovery", "journal_dev", "meta_bg", "bit5", "extent",
    "64bit", "mmp", "flex_bg", "ea_inode", "bit11", "dirdata", "metadata_csum_seed",
    "large_dir", "inline_data", "encrypt", "casefold"};
static const char* const rocompat_names[] = {
    "sparse_super", "large_file", "btree_dir", "huge_file", "uninit_bg", "dir_nlink",
    "extra_isize", "has_snapshot", "quota", "bigalloc", "metadata_csum", "replica", "read-only",
    "project", "shared_blocks", "verity", "orphan_present"};

/* Print the names of the bits of mask, separated by commas. */
static void printfeatures(uint32_t mask, const char* const* names, uint32_t nnames) {
  const char* sep = "";
  for (uint32_t i = 0; i < 32; i++) {
    if (!(mask >> i & 1)) continue;
    if (i < nnames)
      printf("%s%s", sep, names[i]);
    else
      printf("%sbit%u", sep, i);
    sep = ", ";
  }
}

/* Whether sb describes an ext2 file system this kernel can mount on a disk of diskbytes bytes
 * (a size past 4 GiB reads as 4 GiB: no image here is that large). If not, a console line says
 * why. Sets readonly for a read-only compatible feature it does not know. */
static int goodsuper(uint64_t diskbytes) {
  const char* why = 0;
  uint32_t log = sb.s_log_block_size;
  if (sb.s_magic != EXT2_SUPER_MAGIC) {
    why = "no ext2 magic number in the superblock";
  } else if (sb.s_rev_level > EXT2_DYNAMIC_REV) {
    why = "its revision is newer than ext2's revision 1";
  } else if (log > EXT2_MAX_BLOCK_LOG - EXT2_MIN_BLOCK_LOG) {
    why = "its blocks are larger than a page (4 KiB)";
  } else if (sb.s_feature_incompat & ~INCOMPAT_OK) {
    printf("ext2: cannot mount the disk: it has features this kernel does not implement: ");
    printfeatures(sb.s_feature_incompat & ~INCOMPAT_OK, incompat_names,
                  sizeof incompat_names / sizeof incompat_names[0]);
    printf(" (make it with mke2fs -t ext2)\n");
    return 0;
  }
  uint32_t bs = 1024u << (log < 3 ? log : 0);
  fs_inodesize = sb.s_rev_level == EXT2_GOOD_OLD_REV ? EXT2_GOOD_OLD_INODE_SIZE : sb.s_inode_size;
  uint32_t firstino =
      sb.s_rev_level == EXT2_GOOD_OLD_REV ? EXT2_GOOD_OLD_FIRST_INO : sb.s_first_ino;
  if (why == 0) {
    uint32_t groups = sb.s_blocks_per_group
        ? (sb.s_blocks_count - sb.s_first_data_block + sb.s_blocks_per_group - 1) /
              sb.s_blocks_per_group : 0;
    if ((uint64_t)sb.s_blocks_count * bs > diskbytes)
      why = "the superblock claims more blocks than the disk has";
    else if (sb.s_first_data_block != (bs == 1024 ? 1u : 0u) ||
             sb.s_blocks_count <= sb.s_first_data_block)
      why = "the superblock's first data block is wrong";
    else if (sb.s_blocks_per_group == 0 || sb.s_blocks_per_group > 8 * bs ||
             sb.s_inodes_per_group == 0 || sb.s_inodes_per_group > 8 * bs)
      why = "the superblock's group sizes are wrong";
    else if (fs_inodesize < EXT2_GOOD_OLD_INODE_SIZE || fs_inodesize > bs ||
             (fs_inodesize & (fs_inodesize - 1)))
      why = "the superblock's inode size is wrong";
    else if (firstino <= EXT2_ROOT_INO || firstino > sb.s_inodes_count ||
             (uint64_t)groups * sb.s_inodes_per_group != sb.s_inodes_count)
      why = "the superblock's inode counts are wrong";
    else if (groups > NGDPAGE * GDPERPAGE)
      why = "it has more block groups than this kernel keeps (512)";
  }
  if (why) {
    printf("ext2: no file system on the disk: %s\n", why);
    return 0;
  }
  if (sb.s_feature_ro_compat & ~RO_COMPAT_OK) {
    printf("ext2: the disk is mounted read-only: it has features this kernel does not write: ");
    printfeatures(sb.s_feature_ro_compat & ~RO_COMPAT_OK, rocompat_names,
                  sizeof rocompat_names / sizeof rocompat_names[0]);
    printf("\n");
    readonly = 1;
  }
  return 1;
}

/* Read the group descriptor table into gdpage and check where each group's bitmaps and inode
 * table lie. 0, or -1 with a console line. */
static int readgroups(void) {
  ngroups = (sb.s_blocks_count - sb.s_first_data_block + sb.s_blocks_per_group - 1) /
            sb.s_blocks_per_group;
  gdblocks = (ngroups * sizeof(struct ext2_group_desc) + fs_bsize - 1) / fs_bsize;
  gdstart = sb.s_first_data_block + 1;
  for (uint32_t p = 0; p * GDPERPAGE < ngroups; p++) {
    if (gdpage[p] == 0 && (gdpage[p] = kalloc()) == 0) {
      printf("ext2: no memory for the group descriptors\n");
      return -1;
    }
  }
  for (uint32_t i = 0; i < gdblocks; i++) {
    struct buf* b = bread(gdstart + i);
    uint32_t at = i * fs_bsize, n = MIN(fs_bsize, ngroups * sizeof(struct ext2_group_desc) - at);
    memmove((uint8_t*)gdpage[at / PGSIZE] + at % PGSIZE, b->data, n);
    brelse(b);
  }
  uint32_t itblocks = (sb.s_inodes_per_group * fs_inodesize + fs_bsize - 1) / fs_bsize;
  for (uint32_t g = 0; g < ngroups; g++) {
    struct ext2_group_desc* d = gd(g);
    if (!fs_blockok(d->bg_block_bitmap) || !fs_blockok(d->bg_inode_bitmap) ||
        !fs_blockok(d->bg_inode_table) || d->bg_inode_table + itblocks > sb.s_blocks_count) {
      printf("ext2: no file system on the disk: group %u's bitmaps or inode table lie outside "
             "it\n", g);
      return -1;
    }
  }
  return 0;
}

/* Write the superblock from memory to the disk (it lies at byte 1024 of the block it is in). */
static void writesuper(void) {
  struct buf* b = bread(EXT2_SUPER_OFFSET / fs_bsize);
  memmove(b->data + EXT2_SUPER_OFFSET % fs_bsize, &sb, sizeof sb);
  bwrite(b);
  brelse(b);
}

/* Mount the disk, if it holds an ext2 file system this kernel reads: set up the buffer cache,
 * read the superblock and the group descriptors, and (unless it is mounted read-only) mark it
 * in use on the disk, as Linux does: a run that ends without fs_unmount leaves it marked "not
 * clean". Without a disk there is no file system, which is not an error for programs that use
 * none. Called once at boot, after disk_init. */
void fs_init(void) {
  if (!disk_present()) return;
  binit();
  bsetsize(1024); /* the superblock is bytes 1024..2047 whatever the block size */
  if (disk_nblocks() < 2) {
    printf("ext2: no file system on the disk: it is smaller than 2 KiB\n");
    return;
  }
  struct buf* b = bread(EXT2_SUPER_OFFSET / 1024);
  memmove(&sb, b->data, sizeof sb);
  brelse(b);
  if (!goodsuper((uint64_t)disk_nblocks() * 1024)) return;
  fs_bsize = 1024u << sb.s_log_block_size;
  bsetsize(fs_bsize);
  if (readgroups() < 0) return;
  fs_filetype = (sb.s_feature_incompat & EXT2_FEATURE_INCOMPAT_FILETYPE) != 0;
  fs_largefile = (sb.s_feature_ro_compat & EXT2_FEATURE_RO_COMPAT_LARGE_FILE) != 0;
  mounted = 1;
  mountstate = sb.s_state;
  if (!(sb.s_state & EXT2_VALID_FS))
    printf("ext2: the disk was not cleanly unmounted; e2fsck it\n");
  if (readonly) return;
  sb.s_state &= ~EXT2_VALID_FS;
  sb.s_mnt_count++;
  sb.s_mtime = fs_now();
  writesuper();
}

/* Whether a file system is mounted; whether it is read-only (EROFS for every change). */
int fs_mounted(void) { return mounted; }
int fs_readonly(void) { return readonly; }

/* Write the superblock and the group descriptors that changed since the last call. */
void fs_commit(void) {
  if (!mounted || readonly) return;
  if (sbdirty) {
    sbdirty = 0; /* before the write sleeps: a change meanwhile writes it again */
    sb.s_wtime = fs_now();
    writesuper();
  }
  while (gddirty) {
    uint32_t i = __builtin_ctz(gddirty);
    gddirty &= ~(1u << i);
    uint32_t at = i * fs_bsize, n = MIN(fs_bsize, ngroups * sizeof(struct ext2_group_desc) - at);
    struct buf* b = bread(gdstart + i);
    memmove(b->data, (uint8_t*)gdpage[at / PGSIZE] + at % PGSIZE, n);
    bwrite(b);
    brelse(b);
  }
}

/* Unmount at the end of the run: free what waits to be freed, and mark the disk clean. Called
 * by the scheduler when the first process has ended, so nothing may sleep: the disk is polled.
 * If a thread of another process is in the middle of a call (it owns a buffer or an inode), the
 * disk is left as a crash would leave it, "not clean". */
void fs_unmount(void) {
  if (!mounted || readonly || bbusy()) return;
  fs_reap_orphans();
  if (bbusy()) return;
  sb.s_state = mountstate;
  sbdirty = 1;
  fs_commit();
  mounted = 0;
}

/* The numbers statfs gives: sizes, blocks and inodes, free ones. f_blocks leaves out the
 * groups' metadata, as Linux's ext2 (its "bsddf" default) does. */
void fs_statfs(struct fsinfo* fi) {
  uint32_t overhead = sb.s_first_data_block;
  uint32_t itblocks = (sb.s_inodes_per_group * fs_inodesize + fs_bsize - 1) / fs_bsize;
  int sparse = (sb.s_feature_ro_compat & EXT2_FEATURE_RO_COMPAT_SPARSE_SUPER) != 0;
  for (uint32_t g = 0; g < ngroups; g++) {
    int backup = g <= 1 || !sparse;
    for (uint32_t p = 3; !backup && p <= 7; p += 2) { /* powers of 3, 5 and 7 */
      uint32_t x = p;
      while (x < g) x *= p;
      backup = x == g;
    }
    overhead += 2 + itblocks + (backup ? 1 + gdblocks + sb.s_reserved_gdt_blocks : 0);
  }
  fi->bsize = fs_bsize;
  fi->blocks = sb.s_blocks_count - overhead;
  fi->freeblocks = sb.s_free_blocks_count;
  fi->reserved = sb.s_r_blocks_count;
  fi->inodes = sb.s_inodes_count;
  fi->freeinodes = sb.s_free_inodes_count;
}

/* ---- Bitmaps -------------------------------------------------------------------------------- */

/* The first clear bit of bitmap map in [from, to), or to if there is none. */
static uint32_t findzero(const uint8_t* map, uint32_t from, uint32_t to) {
  while (from < to) {
    if ((from & 7) == 0 && map[from / 8] == 0xff) {
      from += 8;
      continue;
    }
    if (!(map[from / 8] >> (from & 7) & 1)) return from;
    from++;
  }
  return to;
}

/* Blocks in group g: blocks_per_group, but the last group may be shorter. */
static uint32_t groupblocks(uint32_t g) {
  return MIN(sb.s_blocks_per_group, sb.s_blocks_count - sb.s_first_data_block -
                                        g * sb.s_blocks_per_group);
}

/* Mark the counts of group g and the superblock changed. */
static void dirtygroup(uint32_t g) {
  gddirty |= 1u << (g * sizeof(struct ext2_group_desc) / fs_bsize);
  sbdirty = 1;
}

/* Take a free block in group g at or after bit from, else any in g: its number, or 0 if the
 * bitmap has none free (a count that says otherwise is a corrupt disk). */
static uint32_t takeblock(uint32_t g, uint32_t from) {
  uint32_t n = groupblocks(g), base = sb.s_first_data_block + g * sb.s_blocks_per_group;
  struct ext2_group_desc* d = gd(g);
  struct buf* b = bread(d->bg_block_bitmap);
  uint32_t bit = findzero(b->data, from, n);
  if (bit == n) bit = findzero(b->data, 0, from);
  uint32_t bno = 0;
  if (bit < n) {
    bno = base + bit;
    uint32_t itblocks = (sb.s_inodes_per_group * fs_inodesize + fs_bsize - 1) / fs_bsize;
    if (bno == d->bg_block_bitmap || bno == d->bg_inode_bitmap ||
        (bno >= d->bg_inode_table && bno < d->bg_inode_table + itblocks)) {
      fs_error("a block bitmap marks its group's own metadata free", 0, bno);
      bno = 0;
    } else {
      b->data[bit / 8] |= 1u << (bit & 7);
      bwrite(b);
      d->bg_free_blocks_count--;
      sb.s_free_blocks_count--;
      dirtygroup(g);
    }
  } else {
    fs_error("a group's free block count says it has free blocks, its bitmap none", 0, g);
    d->bg_free_blocks_count = 0; /* look elsewhere from now on */
  }
  brelse(b);
  return bno;
}

/* A free block, as near after goal as there is one (in goal's group first, then the groups
 * after it), marked used. Its number; or 0 with *err -ENOSPC if the disk is full, -EROFS if it
 * is read-only, -EIO if it is corrupt. Every process is root's, so the blocks reserved for
 * root are used too. */
uint32_t balloc(uint32_t goal, int* err) {
  *err = readonly ? -EROFS : -ENOSPC;
  if (readonly || sb.s_free_blocks_count == 0) return 0;
  uint32_t g0 = 0, from = 0;
  if (fs_blockok(goal)) {
    g0 = (goal - sb.s_first_data_block) / sb.s_blocks_per_group;
    from = (goal - sb.s_first_data_block) % sb.s_blocks_per_group;
  }
  for (uint32_t i = 0; i < ngroups; i++) {
    uint32_t g = (g0 + i) % ngroups;
    if (gd(g)->bg_free_blocks_count == 0) continue;
    uint32_t bno = takeblock(g, i == 0 ? from : 0);
    if (bno) return bno;
  }
  if (sb.s_free_blocks_count) {
    fs_error("the superblock's free block count says the disk has free blocks", 0, 0);
    sb.s_free_blocks_count = 0;
  }
  return 0;
}

/* Mark blocks [start, start + n) free; they lie in one group and are in use. */
void bfree_run(uint32_t start, uint32_t n) {
  if (n == 0) return;
  uint32_t g = (start - sb.s_first_data_block) / sb.s_blocks_per_group;
  uint32_t bit = (start - sb.s_first_data_block) % sb.s_blocks_per_group;
  /* Not from user mode: a broken kernel invariant (bmap.c checks the numbers it frees). */
  if (!fs_blockok(start) || bit + n > groupblocks(g)) panic("bfree_run: %u + %u", start, n);
  struct buf* b = bread(gd(g)->bg_block_bitmap);
  uint32_t freed = 0;
  for (uint32_t i = bit; i < bit + n; i++) {
    uint8_t m = 1u << (i & 7);
    if (!(b->data[i / 8] & m)) {
      fs_error("a file's block is already free in the bitmap", 0, start + i - bit);
      continue;
    }
    b->data[i / 8] &= ~m;
    freed++;
  }
  bwrite(b);
  brelse(b);
  gd(g)->bg_free_blocks_count += freed;
  sb.s_free_blocks_count += freed;
  dirtygroup(g);
}

/* The group a new inode goes to (Linux's ext2 before Orlov): a directory to a group with at
 * least the average free inodes and the most free blocks, spreading directories out; another
 * file to its parent directory's group, else one found by a quadratic probe, else any with a free
 * inode. ngroups if none has one. */
static uint32_t inodegroup(uint32_t parent, int dir) {
  if (dir) {
    uint32_t avg = sb.s_free_inodes_count / ngroups, best = ngroups;
    for (uint32_t g = 0; g < ngroups; g++) {
      struct ext2_group_desc* d = gd(g);
      if (d->bg_free_inodes_count == 0 || d->bg_free_inodes_count < avg) continue;
      if (best == ngroups || d->bg_free_blocks_count > gd(best)->bg_free_blocks_count) best = g;
    }
    if (best < ngroups) return best;
  }
  uint32_t pg = (parent - 1) / sb.s_inodes_per_group % ngroups;
  if (gd(pg)->bg_free_inodes_count && gd(pg)->bg_free_blocks_count) return pg;
  for (uint32_t i = 1, g = pg; i < ngroups; i <<= 1) {
    g = (g + i) % ngroups;
    if (gd(g)->bg_free_inodes_count && gd(g)->bg_free_blocks_count) return g;
  }
  for (uint32_t i = 0; i < ngroups; i++)
    if (gd((pg + i) % ngroups)->bg_free_inodes_count) return (pg + i) % ngroups;
  return ngroups;
}

/* Take a free inode for a file of the given mode, in the group inodegroup picks from parent's,
 * marked used in its bitmap. Its number; or 0 with *err -ENOSPC (no free inode), -EROFS, -EIO. */
uint32_t ialloc(uint32_t parent, uint32_t mode, int* err) {
  *err = readonly ? -EROFS : -ENOSPC;
  if (readonly || sb.s_free_inodes_count == 0) return 0;
  int dir = (mode & EXT2_S_IFMT) == EXT2_S_IFDIR;
  uint32_t firstino =
      sb.s_rev_level == EXT2_GOOD_OLD_REV ? EXT2_GOOD_OLD_FIRST_INO : sb.s_first_ino;
  for (;;) {
    uint32_t g = inodegroup(parent, dir);
    if (g == ngroups) return 0;
    struct ext2_group_desc* d = gd(g);
    struct buf* b = bread(d->bg_inode_bitmap);
    uint32_t bit = findzero(b->data, 0, sb.s_inodes_per_group);
    uint32_t inum = g * sb.s_inodes_per_group + bit + 1;
    if (bit == sb.s_inodes_per_group || inum < firstino) {
      brelse(b);
      d->bg_free_inodes_count = 0; /* look elsewhere from now on */
      *err = fs_error(bit == sb.s_inodes_per_group ? "a group's free inode count is wrong"
                                                   : "a reserved inode is marked free", inum, 0);
      continue;
    }
    b->data[bit / 8] |= 1u << (bit & 7);
    bwrite(b);
    brelse(b);
    d->bg_free_inodes_count--;
    if (dir) d->bg_used_dirs_count++;
    sb.s_free_inodes_count--;
    dirtygroup(g);
    return inum;
  }
}

/* Mark inode inum free in its bitmap (dir: it was a directory). */
void ifree_bitmap(uint32_t inum, int dir) {
  uint32_t g = (inum - 1) / sb.s_inodes_per_group, bit = (inum - 1) % sb.s_inodes_per_group;
  struct buf* b = bread(gd(g)->bg_inode_bitmap);
  uint8_t m = 1u << (bit & 7);
  int was = (b->data[bit / 8] & m) != 0;
  b->data[bit / 8] &= ~m;
  bwrite(b);
  brelse(b);
  if (!was) {
    fs_error("a file's inode is already free in the bitmap", inum, 0);
    return;
  }
  gd(g)->bg_free_inodes_count++;
  if (dir && gd(g)->bg_used_dirs_count) gd(g)->bg_used_dirs_count--;
  sb.s_free_inodes_count++;
  dirtygroup(g);
}

/* Whether inum names an inode of the disk. */
int fs_inodeok(uint32_t inum) { return inum >= 1 && inum <= sb.s_inodes_count; }

/* Where inode inum lies on the disk: its block and its byte offset in it. 0, or -EIO for a
 * number past the inode count (a corrupt directory entry). */
int inode_where(uint32_t inum, uint32_t* block, uint32_t* off) {
  if (!fs_inodeok(inum)) return -EIO;
  uint32_t g = (inum - 1) / sb.s_inodes_per_group, i = (inum - 1) % sb.s_inodes_per_group;
  uint32_t byte = i * fs_inodesize;
  *block = gd(g)->bg_inode_table + byte / fs_bsize;
  *off = byte % fs_bsize;
  return 0;
}
