/* ext2 directories: files whose blocks hold variable-length entries (ext2.h), each naming an
 * inode. Looking a name up, adding one, removing one, changing the inode an entry names, and
 * walking the entries for getdents. Every block is checked as it is read (Linux's
 * ext2_check_page): an entry that breaks the format is a corrupt disk, EIO, never followed.
 *
 * A directory is locked (ilock) by its caller for each of these. A directory of a dir_index
 * image may carry a hash tree (EXT2_INDEX_FL); its blocks read linearly all the same, and the
 * first entry added here clears the flag, as Linux's ext4 does without its index code, so e2fsck
 * does not look for a tree that no longer matches. */
#include "bio.h"
#include "defs.h"
#include "errno.h"
#include "fs.h"
#include "param.h"

#define MINREC EXT2_DIR_REC_LEN(1) /* the smallest entry */

/* The EXT2_FT_* type of a file of the given mode. */
uint32_t ftype(uint32_t mode) {
  switch (mode & EXT2_S_IFMT) {
    case EXT2_S_IFREG: return EXT2_FT_REG_FILE;
    case EXT2_S_IFDIR: return EXT2_FT_DIR;
    case EXT2_S_IFCHR: return EXT2_FT_CHRDEV;
    case EXT2_S_IFBLK: return EXT2_FT_BLKDEV;
    case EXT2_S_IFIFO: return EXT2_FT_FIFO;
    case EXT2_S_IFSOCK: return EXT2_FT_SOCK;
    case EXT2_S_IFLNK: return EXT2_FT_SYMLINK;
    default: return EXT2_FT_UNKNOWN;
  }
}

/* The entry at byte pos of a directory block. */
static struct ext2_dirent* entry(struct buf* b, uint32_t pos) {
  return (struct ext2_dirent*)(b->data + pos);
}

/* Blocks of directory dp (its size is whole blocks). */
static uint32_t dirblocks(struct inode* dp) { return (uint32_t)(isize(dp) / fs_bsize); }

/* Block bn of directory dp, read and checked: 0 with its buffer in *bp, or -EIO (a hole, or an
 * entry that does not fit the format). */
static int dirblock(struct inode* dp, uint32_t bn, struct buf** bp) {
  uint32_t bno;
  int err = bmap_read(dp, bn, &bno);
  if (err) return err;
  if (bno == 0) return fs_error("a directory has a hole", dp->inum, bn);
  struct buf* b = bread(bno);
  for (uint32_t pos = 0; pos < fs_bsize;) {
    struct ext2_dirent* de = entry(b, pos);
    const char* why = 0;
    if (fs_bsize - pos < MINREC || de->rec_len < MINREC || (de->rec_len & 3))
      why = "a directory entry's length is wrong";
    else if (de->rec_len > fs_bsize - pos)
      why = "a directory entry runs past its block";
    else if (de->rec_len < EXT2_DIR_REC_LEN(de->name_len))
      why = "a directory entry is too short for its name";
    else if (!fs_filetype && de->file_type)
      why = "a directory entry's name is longer than 255 bytes";
    else if (de->inode && !fs_inodeok(de->inode))
      why = "a directory entry names an inode past the disk's";
    if (why) {
      brelse(b);
      return fs_error(why, dp->inum, bn);
    }
    pos += de->rec_len;
  }
  *bp = b;
  return 0;
}

/* Call visit(b, bn, pos, arg) for each entry of directory dp in turn (at byte pos of block bn,
 * whose buffer b the scan owns: visit may change it and bwrite it, not release it) until visit
 * returns nonzero. That value; 0 after the last entry; or -EIO for a corrupt block. */
static int dirscan(struct inode* dp, int (*visit)(struct buf*, uint32_t, uint32_t, void*),
                   void* arg) {
  uint32_t n = dirblocks(dp);
  for (uint32_t bn = 0; bn < n; bn++) {
    struct buf* b;
    int r = dirblock(dp, bn, &b);
    if (r) return r;
    for (uint32_t pos = 0; pos < fs_bsize && r == 0; pos += entry(b, pos)->rec_len)
      r = visit(b, bn, pos, arg);
    brelse(b);
    if (r) return r;
  }
  return 0;
}

/* What dirlookup looks for, and where it found it. */
struct wanted {
  const char* name;
  uint32_t len, inum;
  uint64_t off;
};

static int match(struct buf* b, uint32_t bn, uint32_t pos, void* arg) {
  struct wanted* w = arg;
  struct ext2_dirent* de = entry(b, pos);
  if (!de->inode || de->name_len != w->len || memcmp(de->name, w->name, w->len) != 0) return 0;
  w->inum = de->inode;
  w->off = (uint64_t)bn * fs_bsize + pos;
  return 1;
}

/* Look name (len bytes) up in directory dp: 0 with its inode number and the entry's offset in
 * the directory (for dirunlink, dirset), -ENOENT, or -EIO. dp is locked. */
int dirlookup(struct inode* dp, const char* name, uint32_t len, uint32_t* inum, uint64_t* off) {
  struct wanted w = {name, len, 0, 0};
  int r = dirscan(dp, match, &w);
  if (r <= 0) return r < 0 ? r : -ENOENT;
  *inum = w.inum;
  *off = w.off;
  return 0;
}

/* Fill the unused entry de (rec_len already set) with name and inode. */
static void fill(struct ext2_dirent* de, const char* name, uint32_t len, uint32_t inum,
                 uint32_t mode) {
  de->inode = inum;
  de->name_len = (uint8_t)len;
  de->file_type = fs_filetype ? (uint8_t)ftype(mode) : 0;
  memmove(de->name, name, len);
  memset(de->name + len, 0, EXT2_DIR_REC_LEN(len) - 8 - len); /* its padding, zero as Linux's */
}

/* dp changed: its times, and (a new entry) its hash tree is gone. Written to the disk. */
static void changed(struct inode* dp) {
  if (dp->d.i_flags & EXT2_INDEX_FL) {
    dp->d.i_flags &= ~EXT2_INDEX_FL;
    dp->dirty = 1;
  }
  itouch(dp, TOUCH_MTIME | TOUCH_CTIME);
  if (dp->dirty) iupdate(dp);
}

/* The entry dirlink adds. */
struct newentry {
  const char* name;
  uint32_t len, inum, mode;
};

/* Put the new entry in the unused entry at pos, or in the slack after the entry there, if it
 * fits: 1 if it did. */
static int place(struct buf* b, uint32_t bn, uint32_t pos, void* arg) {
  struct newentry* ne = arg;
  struct ext2_dirent* de = entry(b, pos);
  uint32_t used = de->inode ? EXT2_DIR_REC_LEN(de->name_len) : 0;
  (void)bn;
  if (de->rec_len < used + EXT2_DIR_REC_LEN(ne->len)) return 0;
  if (used) { /* split: the new entry takes de's slack */
    struct ext2_dirent* after = entry(b, pos + used);
    after->rec_len = de->rec_len - used;
    de->rec_len = used;
    de = after;
  }
  fill(de, ne->name, ne->len, ne->inum, ne->mode);
  bwrite(b);
  return 1;
}

/* Add an entry name (len bytes, 1..255, not present) for inode inum of the given mode to
 * directory dp: in the first unused entry or slack that fits, else in a new block at its end.
 * 0, or -ENOSPC, -EROFS, -EIO. dp is locked. */
int dirlink(struct inode* dp, const char* name, uint32_t len, uint32_t inum, uint32_t mode) {
  uint32_t need = EXT2_DIR_REC_LEN(len);
  struct newentry ne = {name, len, inum, mode};
  int r = dirscan(dp, place, &ne);
  if (r < 0) return r;
  if (r > 0) {
    changed(dp);
    return 0;
  }
  /* A new block, one entry across it all. */
  uint8_t raw[EXT2_DIR_REC_LEN(EXT2_NAME_LEN)];
  struct ext2_dirent* de = (struct ext2_dirent*)raw;
  memset(raw, 0, sizeof raw); /* the name's padding too: e2fsck wants it zero */
  de->rec_len = (uint16_t)fs_bsize;
  fill(de, name, len, inum, mode);
  uint64_t size = isize(dp);
  if ((r = writei(dp, 0, (uint32_t)raw, size, need)) < 0) return r;
  dp->d.i_size = (uint32_t)(size + fs_bsize); /* writei counted only the entry's bytes */
  dp->dirty = 1;
  changed(dp);
  return 0;
}

/* Remove the entry at offset off of directory dp (from dirlookup): it joins the entry before it,
 * or, first in its block, becomes unused. 0 or -EIO. dp is locked. */
int dirunlink(struct inode* dp, uint64_t off) {
  struct buf* b;
  uint32_t target = (uint32_t)(off % fs_bsize);
  int err = dirblock(dp, (uint32_t)(off / fs_bsize), &b);
  if (err) return err;
  struct ext2_dirent* prev = 0;
  uint32_t pos = 0;
  for (; pos < target; pos += entry(b, pos)->rec_len) prev = entry(b, pos);
  /* Not from user mode: off comes from a dirlookup under the same lock. */
  if (pos != target) panic("dirunlink: no entry at %u of directory %u", target, dp->inum);
  if (prev)
    prev->rec_len += entry(b, pos)->rec_len;
  else
    entry(b, pos)->inode = 0;
  bwrite(b);
  brelse(b);
  itouch(dp, TOUCH_MTIME | TOUCH_CTIME);
  if (dp->dirty) iupdate(dp);
  return 0;
}

/* Make the entry at offset off of directory dp (from dirlookup) name inode inum of the given
 * mode instead. 0 or -EIO. dp is locked. */
int dirset(struct inode* dp, uint64_t off, uint32_t inum, uint32_t mode) {
  struct buf* b;
  int err = dirblock(dp, (uint32_t)(off / fs_bsize), &b);
  if (err) return err;
  struct ext2_dirent* de = entry(b, (uint32_t)(off % fs_bsize));
  de->inode = inum;
  de->file_type = fs_filetype ? (uint8_t)ftype(mode) : 0;
  bwrite(b);
  brelse(b);
  itouch(dp, TOUCH_MTIME | TOUCH_CTIME);
  if (dp->dirty) iupdate(dp);
  return 0;
}

/* 1 if the entry at pos names a file other than "." and "..". */
static int occupied(struct buf* b, uint32_t bn, uint32_t pos, void* arg) {
  struct ext2_dirent* de = entry(b, pos);
  (void)bn, (void)arg;
  int dots = de->name[0] == '.' && (de->name_len == 1 || (de->name_len == 2 && de->name[1] == '.'));
  return de->inode && !dots;
}

/* Whether directory dp holds nothing but "." and "..": 1, 0, or -EIO. dp is locked. */
int dirempty(struct inode* dp) {
  int r = dirscan(dp, occupied, 0);
  return r < 0 ? r : !r;
}

/* Give the new directory dp its first block: "." (itself) and ".." (parent). 0, or -ENOSPC,
 * -EIO. dp is locked. */
int dirinit(struct inode* dp, uint32_t parent) {
  uint8_t raw[2 * MINREC];
  struct ext2_dirent* dot = (struct ext2_dirent*)raw;
  memset(raw, 0, sizeof raw);
  struct ext2_dirent* dotdot = (struct ext2_dirent*)(raw + MINREC);
  dot->rec_len = MINREC;
  fill(dot, ".", 1, dp->inum, EXT2_S_IFDIR);
  dotdot->rec_len = (uint16_t)(fs_bsize - MINREC);
  fill(dotdot, "..", 2, parent, EXT2_S_IFDIR);
  int r = writei(dp, 0, (uint32_t)raw, 0, sizeof raw);
  if (r < 0) return r;
  dp->d.i_size = fs_bsize;
  dp->dirty = 1;
  iupdate(dp);
  return 0;
}

/* The first entry of directory dp at or after byte *pos (the offset getdents keeps; one that is
 * not an entry's start, from an lseek, moves on to the next start): 1 with it in *de and *pos
 * past it, 0 at the end, or -EIO. dp is locked. */
int dirnext(struct inode* dp, uint64_t* pos, struct dirent_k* de) {
  uint32_t n = dirblocks(dp);
  for (uint32_t bn = (uint32_t)(*pos / fs_bsize); bn < n; bn++) {
    struct buf* b;
    int err = dirblock(dp, bn, &b);
    if (err) return err;
    uint32_t from = bn == *pos / fs_bsize ? (uint32_t)(*pos % fs_bsize) : 0;
    for (uint32_t p = 0; p < fs_bsize; p += entry(b, p)->rec_len) {
      struct ext2_dirent* e = entry(b, p);
      if (p < from || e->inode == 0) continue;
      de->inum = e->inode;
      de->type = e->file_type;
      de->len = e->name_len;
      memmove(de->name, e->name, e->name_len);
      de->name[e->name_len] = 0;
      *pos = (uint64_t)bn * fs_bsize + p + e->rec_len;
      brelse(b);
      return 1;
    }
    brelse(b);
  }
  *pos = (uint64_t)n * fs_bsize;
  return 0;
}
