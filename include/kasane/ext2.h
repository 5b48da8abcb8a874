/* The on-disk format of ext2 (revision 1, the "second extended file system"), as much of it as the
 * Kasane kernel reads and writes (os/ext2.c and the files beside it). The layout is Linux's
 * (fs/ext2/ext2.h, e2fsprogs' lib/ext2fs/ext2_fs.h); images come from e2fsprogs' `mke2fs -t ext2`
 * and are checked with `e2fsck -fn` (tools/ext2img.py).
 *
 * The disk is an array of blocks of 1024 << s_log_block_size bytes. The superblock lies at byte
 * 1024 whatever the block size. The blocks from s_first_data_block on are cut into groups of
 * s_blocks_per_group; each group has a block bitmap, an inode bitmap and a table of
 * s_inodes_per_group inodes, and the group descriptor table (one struct ext2_group_desc per group)
 * follows the superblock's block. Inode n (from 1) is entry (n - 1) % s_inodes_per_group of group
 * (n - 1) / s_inodes_per_group. Block 0 in a block map means "none" (a hole). Every integer is
 * little-endian, as the MIPS target and the host are. */
#ifndef KASANE_EXT2_H
#define KASANE_EXT2_H

#include <stdint.h>

#define EXT2_SUPER_OFFSET 1024u   /* byte offset of the superblock on the disk */
#define EXT2_SUPER_MAGIC 0xef53u
#define EXT2_MIN_BLOCK_LOG 10u    /* 1 KiB blocks */
#define EXT2_MAX_BLOCK_LOG 12u    /* 4 KiB: a block must fit in a page of the buffer cache */
#define EXT2_ROOT_INO 2u          /* the root directory */
#define EXT2_GOOD_OLD_REV 0u      /* revision 0: fixed inode size and first inode */
#define EXT2_DYNAMIC_REV 1u
#define EXT2_GOOD_OLD_INODE_SIZE 128u
#define EXT2_GOOD_OLD_FIRST_INO 11u
#define EXT2_NDIR_BLOCKS 12u      /* i_block[0..11]: direct blocks */
#define EXT2_IND_BLOCK 12u        /* i_block[12]: the indirect block */
#define EXT2_DIND_BLOCK 13u       /* i_block[13]: the double-indirect block */
#define EXT2_TIND_BLOCK 14u       /* i_block[14]: the triple-indirect block */
#define EXT2_N_BLOCKS 15u
#define EXT2_NAME_LEN 255u        /* bytes of a name, at most */
#define EXT2_LINK_MAX 32000u      /* links to an inode, at most (Linux's EXT2_LINK_MAX) */

/* s_state */
#define EXT2_VALID_FS 0x1u /* cleanly unmounted: Linux clears it at mount, sets it at unmount */
#define EXT2_ERROR_FS 0x2u

/* Features. compat: a kernel that does not know one may still read and write the image;
 * ro_compat: may only read it; incompat: may not use it at all. */
#define EXT2_FEATURE_COMPAT_DIR_PREALLOC 0x0001u
#define EXT2_FEATURE_COMPAT_IMAGIC_INODES 0x0002u
#define EXT2_FEATURE_COMPAT_HAS_JOURNAL 0x0004u
#define EXT2_FEATURE_COMPAT_EXT_ATTR 0x0008u
#define EXT2_FEATURE_COMPAT_RESIZE_INODE 0x0010u
#define EXT2_FEATURE_COMPAT_DIR_INDEX 0x0020u
#define EXT2_FEATURE_RO_COMPAT_SPARSE_SUPER 0x0001u
#define EXT2_FEATURE_RO_COMPAT_LARGE_FILE 0x0002u
#define EXT2_FEATURE_INCOMPAT_COMPRESSION 0x0001u
#define EXT2_FEATURE_INCOMPAT_FILETYPE 0x0002u
#define EXT2_FEATURE_INCOMPAT_RECOVER 0x0004u /* an ext3 journal waits to be replayed */
#define EXT2_FEATURE_INCOMPAT_META_BG 0x0010u
#define EXT2_FEATURE_INCOMPAT_EXTENTS 0x0040u
#define EXT2_FEATURE_INCOMPAT_64BIT 0x0080u
#define EXT2_FEATURE_INCOMPAT_FLEX_BG 0x0200u
#define EXT2_FEATURE_INCOMPAT_INLINE_DATA 0x8000u

/* The superblock: 1024 bytes at byte 1024 of the disk. Fields past s_first_meta_bg are kept as
 * they are (the kernel rewrites the block it read). */
struct ext2_super {
  uint32_t s_inodes_count;
  uint32_t s_blocks_count;
  uint32_t s_r_blocks_count;    /* reserved for the superuser (every process here is root) */
  uint32_t s_free_blocks_count;
  uint32_t s_free_inodes_count;
  uint32_t s_first_data_block;  /* 1 with 1 KiB blocks, else 0 */
  uint32_t s_log_block_size;    /* block size = 1024 << it */
  uint32_t s_log_frag_size;
  uint32_t s_blocks_per_group;
  uint32_t s_frags_per_group;
  uint32_t s_inodes_per_group;
  uint32_t s_mtime;             /* last mount, seconds since 1970 */
  uint32_t s_wtime;             /* last write of the superblock */
  uint16_t s_mnt_count;
  int16_t s_max_mnt_count;
  uint16_t s_magic;             /* EXT2_SUPER_MAGIC */
  uint16_t s_state;             /* EXT2_VALID_FS, EXT2_ERROR_FS */
  uint16_t s_errors;
  uint16_t s_minor_rev_level;
  uint32_t s_lastcheck;
  uint32_t s_checkinterval;
  uint32_t s_creator_os;
  uint32_t s_rev_level;         /* EXT2_GOOD_OLD_REV or EXT2_DYNAMIC_REV */
  uint16_t s_def_resuid;
  uint16_t s_def_resgid;
  /* EXT2_DYNAMIC_REV only */
  uint32_t s_first_ino;         /* first inode files may use; those below are reserved */
  uint16_t s_inode_size;
  uint16_t s_block_group_nr;    /* the group this copy lies in */
  uint32_t s_feature_compat;
  uint32_t s_feature_incompat;
  uint32_t s_feature_ro_compat;
  uint8_t s_uuid[16];
  char s_volume_name[16];
  char s_last_mounted[64];
  uint32_t s_algorithm_usage_bitmap;
  uint8_t s_prealloc_blocks;
  uint8_t s_prealloc_dir_blocks;
  uint16_t s_reserved_gdt_blocks;
  uint8_t s_journal_uuid[16];
  uint32_t s_journal_inum;
  uint32_t s_journal_dev;
  uint32_t s_last_orphan;
  uint32_t s_hash_seed[4];
  uint8_t s_def_hash_version;
  uint8_t s_jnl_backup_type;
  uint16_t s_desc_size;
  uint32_t s_default_mount_opts;
  uint32_t s_first_meta_bg;
  uint8_t s_rest[760];          /* to 1024 bytes */
};

/* A group's descriptor: 32 bytes, in the table after the superblock's block. */
struct ext2_group_desc {
  uint32_t bg_block_bitmap;       /* block of the group's block bitmap */
  uint32_t bg_inode_bitmap;       /* block of its inode bitmap */
  uint32_t bg_inode_table;        /* first block of its inode table */
  uint16_t bg_free_blocks_count;
  uint16_t bg_free_inodes_count;
  uint16_t bg_used_dirs_count;    /* directories among its inodes */
  uint16_t bg_flags;
  uint32_t bg_reserved[3];
};

/* i_mode: the file type in the top four bits (as st_mode), then the permissions. */
#define EXT2_S_IFMT 0170000u
#define EXT2_S_IFSOCK 0140000u
#define EXT2_S_IFLNK 0120000u
#define EXT2_S_IFREG 0100000u
#define EXT2_S_IFBLK 0060000u
#define EXT2_S_IFDIR 0040000u
#define EXT2_S_IFCHR 0020000u
#define EXT2_S_IFIFO 0010000u

/* i_flags the kernel looks at */
#define EXT2_IMMUTABLE_FL 0x00000010u
#define EXT2_APPEND_FL 0x00000020u
#define EXT2_INDEX_FL 0x00001000u   /* a hashed directory (dir_index): its blocks read linearly too */
#define EXT4_EXTENTS_FL 0x00080000u /* i_block is an extent tree: not ext2 */
#define EXT4_INLINE_DATA_FL 0x10000000u

/* An inode: the first 128 bytes of each s_inode_size-byte entry of an inode table. */
struct ext2_inode {
  uint16_t i_mode;
  uint16_t i_uid;               /* low 16 bits of the owner */
  uint32_t i_size;              /* bytes: the low 32 bits for a regular file */
  uint32_t i_atime;             /* seconds since 1970 */
  uint32_t i_ctime;
  uint32_t i_mtime;
  uint32_t i_dtime;             /* deletion time: nonzero only for a freed inode */
  uint16_t i_gid;
  uint16_t i_links_count;       /* names for it; 0: it is freed when no one has it open */
  uint32_t i_blocks;            /* 512-byte units of its blocks, index and attribute blocks too */
  uint32_t i_flags;
  uint32_t i_osd1;
  uint32_t i_block[EXT2_N_BLOCKS]; /* the block map; a short symlink's target instead */
  uint32_t i_generation;
  uint32_t i_file_acl;          /* its extended-attribute block, or 0 */
  uint32_t i_size_high;         /* a regular file's size, high 32 bits (large_file) */
  uint32_t i_faddr;
  uint16_t i_blocks_hi;
  uint16_t i_file_acl_high;
  uint16_t i_uid_high;
  uint16_t i_gid_high;
  uint16_t i_checksum_lo;
  uint16_t i_reserved;
};

/* A symlink whose target is shorter than i_block stores it there (a "fast" symlink). */
#define EXT2_FAST_SYMLINK_MAX (EXT2_N_BLOCKS * 4u - 1u)

/* A directory entry. Entries fill each directory block exactly: rec_len reaches the next entry
 * (or the block's end), a multiple of 4, at least EXT2_DIR_REC_LEN(name_len). inode 0 marks
 * an unused entry (free space). */
struct ext2_dirent {
  uint32_t inode;
  uint16_t rec_len;
  uint8_t name_len;
  uint8_t file_type;            /* EXT2_FT_* with the filetype feature, else 0 */
  char name[];                  /* name_len bytes, no NUL */
};
#define EXT2_DIR_REC_LEN(name_len) (((name_len) + 8u + 3u) & ~3u)

#define EXT2_FT_UNKNOWN 0u
#define EXT2_FT_REG_FILE 1u
#define EXT2_FT_DIR 2u
#define EXT2_FT_CHRDEV 3u
#define EXT2_FT_BLKDEV 4u
#define EXT2_FT_FIFO 5u
#define EXT2_FT_SOCK 6u
#define EXT2_FT_SYMLINK 7u

/* The header of an extended-attribute block: only its reference count matters here (a block may
 * be shared by several inodes; the last one to go frees it). */
struct ext2_xattr_header {
  uint32_t h_magic; /* EXT2_XATTR_MAGIC */
  uint32_t h_refcount;
  uint32_t h_blocks;
  uint32_t h_hash;
};
#define EXT2_XATTR_MAGIC 0xea020000u

#endif /* KASANE_EXT2_H */
