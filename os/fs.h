/* The file system in the kernel: ext2 on the disk (ext2.c: the superblock, groups and bitmaps;
 * inode.c: the in-memory inodes; bmap.c: file contents; dir.c: directories), the synthetic files
 * of /proc, /sys and /dev (synth.c), and the path walk that joins them (namei.c). The on-disk
 * format is include/kasane/ext2.h.
 *
 * An inode is shared: iget() hands out a reference, iput() gives it back. To look at or change
 * the file a thread holds the inode's lock, ilock() .. iunlock(), which it keeps across the disk
 * accesses those sleep in. Every change is written through to the disk before the call that made
 * it returns (iunlock writes the superblock and group descriptors last), so the disk is
 * consistent whenever no call is in progress, which is what e2fsck checks after a run.
 *
 * Locks, outermost first: the namespace lock (namei.c: every call that adds, removes or moves a
 * name holds it, so only its holder takes two inode locks), inode locks, then buffers: a thread
 * owns at most one buffer at a time, so a wait for a buffer always ends. */
#ifndef KASANE_OS_FS_H
#define KASANE_OS_FS_H

#include <kasane/ext2.h>
#include <stdint.h>

struct vmspace;
struct proc;

/* Which file system an inode is on: its st_dev, in Linux's encoding (major << 8 | minor). */
#define DEV_EXT2 0x0800u /* 8:0, the disk */
#define DEV_PROC 0x0014u /* 0:20, /proc */
#define DEV_SYS 0x0015u  /* 0:21, /sys */
#define DEV_DEVFS 0x0005u /* 0:5, /dev */
#define DEV_ROOTFS 0x0001u /* 0:1, the root that holds those without a disk */

#define PATH_MAX 4096u /* bytes of a path, NUL included, as Linux */

struct inode {
  uint32_t dev;  /* DEV_EXT2, or a synthetic file system's */
  uint32_t inum; /* ext2: the inode number; synthetic: the node (synth.c) */
  int pid;       /* synthetic /proc/PID nodes: that pid; else 0 */
  int ref;       /* references handed out; the slot is free at 0 */
  int busy;      /* locked: ilock .. iunlock */
  int valid;     /* d has been read from the disk */
  int dirty;     /* d changed since it was last written (only while locked) */
  int bad;       /* the disk's inode is not a file (a corrupt image): lookups give EIO */
  int orphan;    /* the last reference went where nothing may sleep: freed later (inode.c) */
  int fresh;     /* made by inew, not yet written: iupdate zeroes the disk's whole inode */
  uint32_t goal; /* where its next new block is looked for: after its last one (bmap.c) */
  struct ext2_inode d; /* ext2: the first 128 bytes of the disk's inode; synthetic: synth.c's */
};

/* The type bits of an inode's mode, and its size (64 bits for a regular file). */
static inline uint32_t itype(const struct inode* ip) { return ip->d.i_mode & EXT2_S_IFMT; }
static inline uint64_t isize(const struct inode* ip) {
  uint64_t hi = itype(ip) == EXT2_S_IFREG ? ip->d.i_size_high : 0;
  return hi << 32 | ip->d.i_size;
}

/* ext2.c: the mounted disk */
struct fsinfo {
  uint32_t bsize, blocks, freeblocks, reserved, inodes, freeinodes;
};
void fs_init(void);
int fs_mounted(void);
int fs_readonly(void);
void fs_unmount(void);
void fs_statfs(struct fsinfo* fi);
uint32_t fs_now(void);
uint32_t fs_dtime(void);
void fs_commit(void);
uint32_t balloc(uint32_t goal, int* err);
void bfree_run(uint32_t start, uint32_t n);
uint32_t ialloc(uint32_t parent, uint32_t mode, int* err);
void ifree_bitmap(uint32_t inum, int dir);
int inode_where(uint32_t inum, uint32_t* block, uint32_t* off);
int fs_inodeok(uint32_t inum);
int fs_blockok(uint32_t bno);
uint32_t fs_group(uint32_t bno);
uint32_t fs_groupstart(uint32_t inum);
int fs_error(const char* what, uint32_t inum, uint32_t n);
extern uint32_t fs_bsize;     /* bytes per block of the mounted disk */
extern uint32_t fs_inodesize; /* bytes per inode on the disk */
extern int fs_filetype;       /* directory entries carry the file type (incompat filetype) */
extern int fs_largefile;      /* files may pass 2 GiB (ro_compat large_file) */

/* inode.c */
struct inode* iget(uint32_t dev, uint32_t inum, int pid);
struct inode* iget_try(uint32_t dev, uint32_t inum, int pid);
struct inode* idup(struct inode* ip);
void iput(struct inode* ip);
void ilock(struct inode* ip);
void iunlock(struct inode* ip);
void iupdate(struct inode* ip);
void itouch(struct inode* ip, int what);
int inew(struct inode* dp, uint32_t mode, struct inode** ipp);
void fs_reap_orphans(void);
#define TOUCH_ATIME 1
#define TOUCH_MTIME 2
#define TOUCH_CTIME 4

/* bmap.c: contents (ext2 and synthetic alike: these pass synthetic files to synth.c) */
int readi(struct inode* ip, struct vmspace* uvm, uint32_t dst, uint64_t off, uint32_t n);
int writei(struct inode* ip, struct vmspace* uvm, uint32_t src, uint64_t off, uint32_t n);
int itrunc(struct inode* ip, uint64_t size);
uint64_t fs_maxsize(void);
int bmap_read(struct inode* ip, uint32_t bn, uint32_t* bno);

/* dir.c: ext2 directories; dp is locked */
struct dirent_k {
  uint32_t inum;
  uint32_t type;   /* EXT2_FT_* (0 if the disk does not say) */
  uint32_t len;
  char name[EXT2_NAME_LEN + 1];
};
int dirlookup(struct inode* dp, const char* name, uint32_t len, uint32_t* inum, uint64_t* off);
int dirlink(struct inode* dp, const char* name, uint32_t len, uint32_t inum, uint32_t mode);
int dirunlink(struct inode* dp, uint64_t off);
int dirset(struct inode* dp, uint64_t off, uint32_t inum, uint32_t mode);
int dirempty(struct inode* dp);
int dirinit(struct inode* dp, uint32_t parent);
int dirnext(struct inode* dp, uint64_t* pos, struct dirent_k* de);
uint32_t ftype(uint32_t mode);

/* create.c */
struct nameidata;
int icreate(struct nameidata* nd, uint32_t mode, struct inode** ipp);

/* namei.c: paths */
struct nameidata {
  char* path;        /* a page from kalloc: the path, with symlink targets spliced in */
  const char* rest;  /* what is left to walk */
  struct inode* dir; /* the directory of the last component, referenced (walkparent) */
  const char* last;  /* the last component, in path (not NUL-terminated) */
  uint32_t lastlen;
  int trailing;      /* the path ends in '/' */
  int links;         /* symbolic links followed so far */
};
#define WALK_FOLLOW 0x1   /* follow a symbolic link in the last component */
#define WALK_EMPTY 0x2    /* "" names the starting directory (AT_EMPTY_PATH) */
int getpath(struct nameidata* nd, uint32_t upath);
void putpath(struct nameidata* nd);
int walkparent(struct nameidata* nd, uint32_t dirfd);
int walklast(struct nameidata* nd, int flags, struct inode** ipp);
int walk(uint32_t dirfd, uint32_t upath, int flags, struct inode** ipp);
int lookup(struct inode* dp, const char* name, uint32_t len, struct inode** ipp);
int lastisdot(struct nameidata* nd);
struct inode* namei(const char* path, char* abs, uint32_t size);
int dirpath(struct inode* ip, char* page, uint32_t* at);
struct inode* rootdir(void);
struct inode* cwdof(struct proc* p);
void nslock(void);
void nsunlock(void);

/* synth.c: /proc, /sys and /dev */
struct inode* synth_mount(const char* name, uint32_t len);
int synth_lookup(struct inode* dp, const char* name, uint32_t len, struct inode** ipp);
void synth_fill(struct inode* ip);
int synth_parent(struct inode* ip, struct inode** ipp);
int synth_read(struct inode* ip, struct vmspace* uvm, uint32_t dst, uint64_t off, uint32_t n);
int synth_write(struct inode* ip, struct vmspace* uvm, uint32_t src, uint32_t n);
int synth_readlink(struct inode* ip, char* buf, uint32_t size);
int synth_next(struct inode* dp, uint64_t* pos, struct dirent_k* de);
int synth_name(struct inode* ip, struct dirent_k* de);
uint32_t synth_ino(struct inode* ip);

/* Between the files above: copies that take a user address in uvm or a kernel one if uvm is 0. */
int copyto(struct vmspace* uvm, uint32_t dst, const void* src, uint32_t n);
int copyfrom(struct vmspace* uvm, void* dst, uint32_t src, uint32_t n);
int readlinki(struct inode* ip, char* buf, uint32_t size);

#endif /* KASANE_OS_FS_H */
