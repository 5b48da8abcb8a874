/* Making names: a new file, directory, symbolic link or device node (icreate, for open's O_CREAT
 * too), and a second name for a file (link). Each holds the namespace lock, then the directory's
 * lock, and finishes the new inode on the disk before the name that points at it, so a crash
 * leaves at worst an inode nobody names, which e2fsck frees. */
#include "defs.h"
#include "errno.h"
#include "fcntl.h"
#include "file.h"
#include "fs.h"
#include "param.h"
#include "proc.h"

/* What a new inode holds besides its mode: a symbolic link's target, a device's number. */
struct newfile {
  const char* target;
  uint32_t tlen;
  uint32_t rdev;
};

/* Give the new, locked inode ip of directory dp its contents: a directory's "." and "..", a
 * symbolic link's target (in i_block if it fits, as Linux does below 60 bytes, else in a
 * block), a device's number. 0, or -ENOSPC, -EIO. */
static int fillnew(struct inode* ip, struct inode* dp, const struct newfile* nf) {
  switch (itype(ip)) {
    case EXT2_S_IFDIR: return dirinit(ip, dp->inum);
    case EXT2_S_IFLNK:
      if (nf->tlen <= EXT2_FAST_SYMLINK_MAX) {
        memmove(ip->d.i_block, nf->target, nf->tlen);
        ip->d.i_size = nf->tlen;
        return 0;
      } else {
        int r = writei(ip, 0, (uint32_t)nf->target, 0, nf->tlen);
        return r < 0 ? r : 0;
      }
    case EXT2_S_IFCHR:
    case EXT2_S_IFBLK: /* Linux's old encoding when it fits, else its new one in i_block[1] */
      if ((nf->rdev >> 8) < 256 && (nf->rdev & 0xff) == (nf->rdev & 0xfffff))
        ip->d.i_block[0] = nf->rdev;
      else
        ip->d.i_block[1] = nf->rdev;
      return 0;
    default: return 0;
  }
}

/* Whether nd's last component may be made in nd->dir (locked): 0 if it is not there and the
 * directory has not been removed; else -EEXIST, -ENOENT, -EIO. */
static int missing(struct nameidata* nd) {
  struct inode* dp = nd->dir;
  uint32_t inum;
  uint64_t off;
  if (dp->d.i_links_count == 0) return -ENOENT;
  int r = dirlookup(dp, nd->last, nd->lastlen, &inum, &off);
  return r == 0 ? -EEXIST : r == -ENOENT ? 0 : r;
}

/* Make nd's last component (after walkparent, which must have found it missing or not looked)
 * a new file of mode in nd->dir, with nf's contents: 0 with the new inode locked and referenced
 * in *ipp, or -EEXIST, -ENOENT (the directory was removed), -EMLINK (a directory in a directory
 * with EXT2_LINK_MAX links), -EACCES (a synthetic directory: nothing is made there), -EROFS,
 * -ENOSPC, -EIO. The caller holds the namespace lock. */
static int makefile(struct nameidata* nd, uint32_t mode, const struct newfile* nf,
                    struct inode** ipp) {
  struct inode* dp = nd->dir;
  int dir = (mode & EXT2_S_IFMT) == EXT2_S_IFDIR;
  if (dp->dev != DEV_EXT2) return -EACCES;
  if (fs_readonly()) return -EROFS;
  if (lastisdot(nd)) return -EEXIST;
  ilock(dp);
  int r = missing(nd);
  if (r == 0 && dir && dp->d.i_links_count >= EXT2_LINK_MAX) r = -EMLINK;
  struct inode* ip = 0;
  if (r == 0) r = inew(dp, mode, &ip);
  if (r == 0) {
    ip->d.i_links_count = dir ? 2 : 1;
    r = fillnew(ip, dp, nf);
    if (r == 0) iupdate(ip);
    if (r == 0) r = dirlink(dp, nd->last, nd->lastlen, ip->inum, mode);
    if (r == 0 && dir) { /* the new directory's ".." */
      dp->d.i_links_count++;
      dp->dirty = 1;
      iupdate(dp);
    }
    if (r < 0) { /* unmade: the last iput frees it */
      ip->d.i_links_count = 0;
      iupdate(ip);
      iunlock(ip);
      iunlock(dp);
      iput(ip);
      return r;
    }
  }
  iunlock(dp);
  if (r == 0) *ipp = ip;
  return r;
}

/* icreate for open's O_CREAT: a regular file of mode. */
int icreate(struct nameidata* nd, uint32_t mode, struct inode** ipp) {
  struct newfile nf = {0, 0, 0};
  return makefile(nd, mode, &nf, ipp);
}

/* Make (dirfd, upath) a new file of mode with nf's contents, as mkdirat, mknodat and symlinkat
 * do. 0, or the walk's and makefile's errors. */
static int makeat(uint32_t dirfd, uint32_t upath, uint32_t mode, const struct newfile* nf) {
  struct nameidata nd;
  int r = getpath(&nd, upath);
  if (r == 0) r = walkparent(&nd, dirfd);
  if (r == 0 && nd.trailing && (mode & EXT2_S_IFMT) != EXT2_S_IFDIR) r = -ENOENT;
  if (r == 0) {
    struct inode* ip;
    nslock();
    r = makefile(&nd, mode, nf, &ip);
    nsunlock();
    if (r == 0) {
      iunlock(ip);
      iput(ip);
    }
  }
  putpath(&nd);
  return r;
}

/* mkdirat(dirfd, path, mode) and mkdir(path, mode): a new, empty directory (its mode's
 * permission and sticky bits, less the umask). 0; -EEXIST (also for ".", ".." and "/"), -ENOENT,
 * -ENOTDIR, -EMLINK, -ENOSPC, -EROFS, -EACCES, -ENAMETOOLONG, -EFAULT. */
static int32_t mkdir_at(uint32_t dirfd, uint32_t upath, uint32_t mode) {
  struct newfile nf = {0, 0, 0};
  return makeat(dirfd, upath, EXT2_S_IFDIR | (mode & 01777 & ~myproc()->umask), &nf);
}

int32_t sys_mkdir(void) {
  uint32_t upath, mode;
  argaddr(0, &upath), argint(1, &mode);
  return mkdir_at((uint32_t)AT_FDCWD, upath, mode);
}

int32_t sys_mkdirat(void) {
  uint32_t dirfd, upath, mode;
  argint(0, &dirfd), argaddr(1, &upath), argint(2, &mode);
  return mkdir_at(dirfd, upath, mode);
}

/* mknodat(dirfd, path, mode, dev) and mknod(path, mode, dev): a regular file (type 0 too), a
 * FIFO, a socket or a device node (o32's dev_t is 32 bits, Linux's new encoding), its
 * permissions less the umask. Opening a FIFO or a device node of the disk gives ENXIO (no
 * driver sits behind it). -EINVAL for another type, -EEXIST, and mkdir's errors. */
static int32_t mknod_at(uint32_t dirfd, uint32_t upath, uint32_t mode, uint32_t dev) {
  uint32_t type = mode & EXT2_S_IFMT;
  if (type == 0) type = EXT2_S_IFREG;
  if (type != EXT2_S_IFREG && type != EXT2_S_IFIFO && type != EXT2_S_IFSOCK &&
      type != EXT2_S_IFCHR && type != EXT2_S_IFBLK)
    return -EINVAL;
  struct newfile nf = {0, 0, dev};
  return makeat(dirfd, upath, type | (mode & 07777 & ~myproc()->umask), &nf);
}

int32_t sys_mknod(void) {
  uint32_t upath, mode, dev;
  argaddr(0, &upath), argint(1, &mode), argint(2, &dev);
  return mknod_at((uint32_t)AT_FDCWD, upath, mode, dev);
}

int32_t sys_mknodat(void) {
  uint32_t dirfd, upath, mode, dev;
  argint(0, &dirfd), argaddr(1, &upath), argint(2, &mode), argint(3, &dev);
  return mknod_at(dirfd, upath, mode, dev);
}

/* symlinkat(target, dirfd, path) and symlink(target, path): a symbolic link to target (any
 * string, checked only when followed). -ENOENT for an empty target, -ENAMETOOLONG for one of a
 * block or more (ext2 keeps it in one), and mkdir's errors. */
static int32_t symlink_at(uint32_t utarget, uint32_t dirfd, uint32_t upath) {
  struct nameidata t;
  int r = getpath(&t, utarget);
  uint32_t len = r == 0 ? strlen(t.path) : 0;
  if (r == 0 && len == 0) r = -ENOENT;
  if (r == 0 && len >= fs_bsize && fs_mounted()) r = -ENAMETOOLONG;
  if (r == 0) {
    struct newfile nf = {t.path, len, 0};
    r = makeat(dirfd, upath, EXT2_S_IFLNK | 0777, &nf);
  }
  putpath(&t);
  return r;
}

int32_t sys_symlink(void) {
  uint32_t utarget, upath;
  argaddr(0, &utarget), argaddr(1, &upath);
  return symlink_at(utarget, (uint32_t)AT_FDCWD, upath);
}

int32_t sys_symlinkat(void) {
  uint32_t utarget, dirfd, upath;
  argaddr(0, &utarget), argint(1, &dirfd), argaddr(2, &upath);
  return symlink_at(utarget, dirfd, upath);
}

/* Add the name nd's last component (in nd->dir) for file ip: 0, or -EEXIST, -ENOENT, -EXDEV (ip
 * or the directory not on the disk), -EPERM (a directory), -EMLINK, -ENOSPC, -EROFS, -EIO. The
 * caller holds the namespace lock. The link count goes up before the name is written. */
static int linkto(struct nameidata* nd, struct inode* ip) {
  struct inode* dp = nd->dir;
  if (ip->dev != DEV_EXT2 || dp->dev != DEV_EXT2) return -EXDEV;
  if (itype(ip) == EXT2_S_IFDIR) return -EPERM;
  if (fs_readonly()) return -EROFS;
  if (lastisdot(nd)) return -EEXIST;
  ilock(dp);
  int r = missing(nd);
  if (r == 0) {
    ilock(ip);
    r = ip->d.i_links_count == 0 ? -ENOENT : ip->d.i_links_count >= EXT2_LINK_MAX ? -EMLINK : 0;
    if (r == 0) {
      ip->d.i_links_count++;
      itouch(ip, TOUCH_CTIME);
      ip->dirty = 1;
      iupdate(ip);
      r = dirlink(dp, nd->last, nd->lastlen, ip->inum, ip->d.i_mode);
      if (r < 0) {
        ip->d.i_links_count--;
        ip->dirty = 1;
        iupdate(ip);
      }
    }
    iunlock(ip);
  }
  iunlock(dp);
  return r;
}

/* linkat(olddirfd, oldpath, newdirfd, newpath, flags) and link(oldpath, newpath): a new name for
 * an existing file. A symbolic link at the end of oldpath is linked itself unless
 * AT_SYMLINK_FOLLOW; AT_EMPTY_PATH links the file open on olddirfd. -EINVAL for other flags, and
 * linkto's and the walks' errors. */
static int32_t link_at(uint32_t olddirfd, uint32_t uold, uint32_t newdirfd, uint32_t unew,
                       uint32_t flags) {
  if (flags & ~(uint32_t)(AT_SYMLINK_FOLLOW | AT_EMPTY_PATH)) return -EINVAL;
  struct inode* ip;
  int r = walk(olddirfd, uold,
               ((flags & AT_SYMLINK_FOLLOW) ? WALK_FOLLOW : 0) |
                   ((flags & AT_EMPTY_PATH) ? WALK_EMPTY : 0), &ip);
  if (r < 0) return r;
  struct nameidata nd;
  r = getpath(&nd, unew);
  if (r == 0) r = walkparent(&nd, newdirfd);
  if (r == 0 && nd.trailing) r = itype(ip) == EXT2_S_IFDIR ? -EPERM : -ENOENT;
  if (r == 0) {
    nslock();
    r = linkto(&nd, ip);
    nsunlock();
  }
  putpath(&nd);
  iput(ip);
  return r;
}

int32_t sys_link(void) {
  uint32_t uold, unew;
  argaddr(0, &uold), argaddr(1, &unew);
  return link_at((uint32_t)AT_FDCWD, uold, (uint32_t)AT_FDCWD, unew, 0);
}

int32_t sys_linkat(void) {
  uint32_t olddirfd, uold, newdirfd, unew, flags;
  argint(0, &olddirfd), argaddr(1, &uold), argint(2, &newdirfd), argaddr(3, &unew);
  if (argint(4, &flags) < 0) return -EFAULT;
  return link_at(olddirfd, uold, newdirfd, unew, flags);
}
