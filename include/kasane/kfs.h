/* The on-disk format of KFS, Kasane's flat file system, shared by the kernel (os/fs.c, os/dir.c)
 * and the host tool that builds and reads images (tools/kfs.py). One directory, named files, no
 * subdirectories, no permissions: what a student can read in one sitting.
 *
 * The disk is an array of KFS_BSIZE-byte blocks (KFS_BSIZE / 512 device sectors each):
 *
 *   block 0                    superblock (struct kfs_super, rest zero)
 *   bitmap_blocks from 1       free-block bitmap: bit b (byte b/8, bit b%8) set = block b used
 *   then dir_blocks            the directory: KFS_NFILES struct kfs_inode, packed
 *   then data blocks           file contents and indirect blocks
 *
 * The layout follows from nblocks alone (the superblock's other fields are checked against it),
 * so a disk of any size is valid as long as data_start < nblocks.
 *
 * A file is its directory entry (the inode holds the name: there are no hard links). Its blocks
 * are direct[0..KFS_NDIRECT-1], then the KFS_NINDIRECT block numbers in block `indirect`, then
 * those reached through the double-indirect block, KFS_NINDIRECT indirect blocks: far past the
 * 4 GiB - 1 that `size` can say. Block number 0 means "none" (a hole reads as zeros, as after a
 * write past the end); any other number lies in the data area, is marked used in the bitmap and
 * belongs to one file only. Every integer is little-endian, as the MIPS target and the host are. */
#ifndef KASANE_KFS_H
#define KASANE_KFS_H

#include <stdint.h>

#define KFS_MAGIC 0x3153464bu /* "KFS1" */
#define KFS_VERSION 1u
#define KFS_BSIZE 4096u       /* bytes per block: one page, so the buffer cache maps pages */
#define KFS_SECTOR 512u       /* bytes per device sector */
#define KFS_NFILES 128u       /* directory entries: the most files a disk holds */
#define KFS_NAMELEN 48u       /* bytes of a name, NUL included: names are 1..47 bytes, no '/' */
#define KFS_NDIRECT 16u       /* direct block numbers in an inode */
#define KFS_NINDIRECT (KFS_BSIZE / 4u) /* block numbers in an indirect block */

struct kfs_super {
  uint32_t magic;         /* KFS_MAGIC */
  uint32_t version;       /* KFS_VERSION */
  uint32_t nblocks;       /* blocks on the disk, all areas included */
  uint32_t nfiles;        /* directory entries (KFS_NFILES) */
  uint32_t bitmap_start;  /* first bitmap block (1) */
  uint32_t bitmap_blocks; /* bitmap blocks: ceil(nblocks / (8 * KFS_BSIZE)) */
  uint32_t dir_start;     /* first directory block */
  uint32_t dir_blocks;    /* ceil(nfiles * sizeof(struct kfs_inode) / KFS_BSIZE) */
  uint32_t data_start;    /* first data block; blocks below it are always marked used */
};

#define KFS_INODE_USED 0x1u /* flags: this directory entry is a file */

struct kfs_inode {             /* 128 bytes */
  char name[KFS_NAMELEN];      /* NUL-terminated, NUL-padded */
  uint32_t flags;              /* KFS_INODE_USED */
  uint32_t size;               /* bytes */
  uint32_t direct[KFS_NDIRECT];
  uint32_t indirect;           /* block of KFS_NINDIRECT block numbers, or 0 */
  uint32_t dindirect;          /* block of KFS_NINDIRECT indirect blocks, or 0 */
};

#define KFS_INODES_PER_BLOCK (KFS_BSIZE / sizeof(struct kfs_inode))

#endif /* KASANE_KFS_H */
