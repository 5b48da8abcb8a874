/* Removing names: unlink, rmdir, unlinkat. A file goes with its last name once nobody has it
 * open (POSIX): the name goes now, and the inode's link count with it; the last iput (inode.c)
 * frees a file with no links. A removed directory that is still some process's working
 * directory stays, empty and nameless, until that reference goes: nothing can be made in it. */
#include "defs.h"
#include "errno.h"
#include "fcntl.h"
#include "fs.h"
#include "param.h"
#include "proc.h"

/* Remove nd's last component from nd->dir: a file that is not a directory (rmdir 0), or an empty
 * directory (rmdir 1). 0, or -ENOENT, -EISDIR (unlink of a directory), -ENOTDIR (rmdir of a
 * file), -ENOTEMPTY, -EINVAL (rmdir of "."), -EBUSY (the root, or a synthetic file system's
 * mount point), -EACCES (a synthetic file), -EROFS, -EIO. The caller holds the namespace lock. */
static int removename(struct nameidata* nd, int rmdir) {
  struct inode* dp = nd->dir;
  const char* s = nd->last;
  if (nd->lastlen == 0) return rmdir ? -EBUSY : -EISDIR;
  if (nd->lastlen == 1 && s[0] == '.') return rmdir ? -EINVAL : -EISDIR;
  if (nd->lastlen == 2 && s[0] == '.' && s[1] == '.') return rmdir ? -ENOTEMPTY : -EISDIR;
  struct inode* mnt = dp->dev == DEV_EXT2 && dp->inum == EXT2_ROOT_INO ? synth_mount(s, nd->lastlen) : 0;
  if (mnt) {
    iput(mnt);
    return -EBUSY;
  }
  if (dp->dev != DEV_EXT2) return -EACCES;
  if (fs_readonly()) return -EROFS;
  ilock(dp);
  uint32_t inum;
  uint64_t off;
  int r = dp->d.i_links_count == 0 ? -ENOENT : dirlookup(dp, nd->last, nd->lastlen, &inum, &off);
  struct inode* ip = r == 0 ? iget(DEV_EXT2, inum, 0) : 0;
  if (ip) {
    ilock(ip);
    int isdir = itype(ip) == EXT2_S_IFDIR;
    r = ip->bad ? fs_error("a name's inode is not a file", ip->inum, 0)
        : rmdir && !isdir ? -ENOTDIR
        : !rmdir && isdir ? -EISDIR
        : !rmdir && nd->trailing ? -ENOTDIR : 0;
    if (r == 0 && isdir && (r = dirempty(ip)) == 0) r = -ENOTEMPTY;
    if (r > 0) r = 0;
    if (r == 0) r = dirunlink(dp, off);
    if (r == 0) {
      ip->d.i_links_count = isdir ? 0 : ip->d.i_links_count - 1;
      itouch(ip, TOUCH_CTIME);
      ip->dirty = 1;
      iupdate(ip);
      if (isdir && dp->d.i_links_count > 1) { /* its ".." */
        dp->d.i_links_count--;
        dp->dirty = 1;
        iupdate(dp);
      }
    }
    iunlock(ip);
  }
  iunlock(dp);
  if (ip) iput(ip); /* the last reference frees it */
  return r;
}

/* Remove (dirfd, upath): see removename. */
static int remove_at(uint32_t dirfd, uint32_t upath, int rmdir) {
  struct nameidata nd;
  int r = getpath(&nd, upath);
  if (r == 0) r = walkparent(&nd, dirfd);
  if (r == 0) {
    nslock();
    r = removename(&nd, rmdir);
    nsunlock();
  }
  putpath(&nd);
  return r;
}

/* unlink(path): remove a name that is not a directory's. */
int32_t sys_unlink(void) {
  uint32_t upath;
  argaddr(0, &upath);
  return remove_at((uint32_t)AT_FDCWD, upath, 0);
}

/* rmdir(path): remove an empty directory. */
int32_t sys_rmdir(void) {
  uint32_t upath;
  argaddr(0, &upath);
  return remove_at((uint32_t)AT_FDCWD, upath, 1);
}

/* unlinkat(dirfd, path, flags): unlink, or rmdir with AT_REMOVEDIR; -EINVAL for other flags. */
int32_t sys_unlinkat(void) {
  uint32_t dirfd, upath, flags;
  argint(0, &dirfd), argaddr(1, &upath), argint(2, &flags);
  if (flags & ~(uint32_t)AT_REMOVEDIR) return -EINVAL;
  return remove_at(dirfd, upath, (flags & AT_REMOVEDIR) != 0);
}
