/* rename, renameat, renameat2: moving a name, replacing what the new name named, or (with
 * RENAME_EXCHANGE) swapping two. The namespace lock is held throughout, so the names and the
 * shape of the tree checked first (that a directory does not move under itself) stay as they
 * were while the entries change. On the disk, as Linux's ext2: the new entry first, then the old
 * one goes, then a moved directory's "..", then the link counts; a crash in between leaves two
 * names or a count e2fsck corrects, never no name. */
#include "defs.h"
#include "errno.h"
#include "fcntl.h"
#include "fs.h"
#include "param.h"
#include "proc.h"

/* Whether directory a is directory d or one of its ancestors: 1, 0, or -EIO. The caller holds
 * the namespace lock and no inode lock. */
static int ancestor(struct inode* a, struct inode* d) {
  struct inode* cur = idup(d);
  for (;;) {
    if (cur == a) {
      iput(cur);
      return 1;
    }
    if (cur->inum == EXT2_ROOT_INO) {
      iput(cur);
      return 0;
    }
    struct inode* up;
    int r = lookup(cur, "..", 2, &up);
    iput(cur);
    if (r < 0) return r == -ENOENT ? 0 : r;
    cur = up;
  }
}

/* Make directory ip's ".." name newparent (it moved there). ip is locked. 0 or -EIO. */
static int reparent(struct inode* ip, struct inode* newparent) {
  uint32_t inum;
  uint64_t off;
  int r = dirlookup(ip, "..", 2, &inum, &off);
  return r < 0 ? (r == -ENOENT ? fs_error("a directory has no \"..\"", ip->inum, 0) : r)
               : dirset(ip, off, newparent->inum, EXT2_S_IFDIR);
}

/* Add delta to the link count of the locked inode ip, and write it. */
static void links(struct inode* ip, int delta) {
  ip->d.i_links_count += delta;
  ip->dirty = 1;
  iupdate(ip);
}

/* Checks before anything changes: which errors renaming op (a file, in od) to np (what the new
 * name names now, or 0; in nd) gives. 0 or -errno. */
static int renamecheck(struct nameidata* o, struct nameidata* n, struct inode* op, struct inode* np,
                       uint32_t flags) {
  int odir = itype(op) == EXT2_S_IFDIR, ndir = np && itype(np) == EXT2_S_IFDIR;
  if ((flags & RENAME_NOREPLACE) && np) return -EEXIST;
  if ((flags & RENAME_EXCHANGE) && !np) return -ENOENT;
  if ((flags & RENAME_EXCHANGE) && !ndir && n->trailing) return -ENOTDIR;
  if (np && !(flags & RENAME_EXCHANGE)) {
    if (odir && !ndir) return -ENOTDIR;
    if (!odir && ndir) return -EISDIR;
  }
  int r;
  if (odir && o->dir != n->dir && (r = ancestor(op, n->dir)) != 0) return r < 0 ? r : -EINVAL;
  if (ndir && (flags & RENAME_EXCHANGE) && o->dir != n->dir && (r = ancestor(np, o->dir)) != 0)
    return r < 0 ? r : -EINVAL;
  if (ndir && !(flags & RENAME_EXCHANGE)) {
    ilock(np);
    r = dirempty(np);
    iunlock(np);
    if (r <= 0) return r < 0 ? r : -ENOTEMPTY;
  }
  if (odir && !ndir && o->dir != n->dir) {
    ilock(n->dir);
    r = n->dir->d.i_links_count >= EXT2_LINK_MAX ? -EMLINK : 0;
    iunlock(n->dir);
    if (r < 0) return r;
  }
  return 0;
}

/* Move (or with RENAME_EXCHANGE swap) the entries: the directories and inodes are locked and
 * checked. od's entry for op is at ooff, nd's for np (if any) at noff. 0 or -errno. */
static int renamemove(struct inode* od, uint64_t ooff, struct inode* op, struct nameidata* n,
                      uint64_t noff, struct inode* np, uint32_t flags) {
  struct inode* nd = n->dir;
  int odir = itype(op) == EXT2_S_IFDIR, ndir = np && itype(np) == EXT2_S_IFDIR, r;
  if (flags & RENAME_EXCHANGE) {
    if ((r = dirset(nd, noff, op->inum, op->d.i_mode)) < 0) return r;
    if ((r = dirset(od, ooff, np->inum, np->d.i_mode)) < 0) return r;
    if (od != nd && odir && (r = reparent(op, nd)) < 0) return r;
    if (od != nd && ndir && (r = reparent(np, od)) < 0) return r;
    if (od != nd && odir != ndir) links(odir ? od : nd, -1), links(odir ? nd : od, 1);
    itouch(np, TOUCH_CTIME);
    iupdate(np);
  } else {
    r = np ? dirset(nd, noff, op->inum, op->d.i_mode)
           : dirlink(nd, n->last, n->lastlen, op->inum, op->d.i_mode);
    if (r < 0) return r;
    if ((r = dirunlink(od, ooff)) < 0) return r;
    if (odir && od != nd && (r = reparent(op, nd)) < 0) return r;
    if (np) { /* what the new name named loses it: all of it for a directory, and its ".." */
      itouch(np, TOUCH_CTIME);
      links(np, ndir ? -(int)np->d.i_links_count : -1);
      if (ndir) links(nd, -1);
    }
    if (odir && od != nd) links(od, -1), links(nd, 1);
  }
  itouch(op, TOUCH_CTIME);
  iupdate(op);
  return 0;
}

/* Rename o's last component to n's (both after walkparent). The caller holds the namespace lock.
 * 0, or -ENOENT, -EXDEV (the two not on the disk both), -EBUSY ("." "..", "/", or a mount point),
 * -EACCES (synthetic), -EROFS, -EEXIST (RENAME_NOREPLACE), -ENOTDIR, -EISDIR, -ENOTEMPTY,
 * -EINVAL (a directory into itself), -EMLINK, -ENOSPC, -EIO. Renaming a file to a name of the
 * same file does nothing, as POSIX says. */
static int renamenames(struct nameidata* o, struct nameidata* n, uint32_t flags) {
  struct inode *od = o->dir, *nd = n->dir, *op = 0, *np = 0;
  if (od->dev != nd->dev) return -EXDEV;
  if (lastisdot(o)) return -EBUSY;
  if (lastisdot(n)) return (flags & RENAME_NOREPLACE) ? -EEXIST : -EBUSY;
  if (od->dev != DEV_EXT2) return -EACCES;
  int r = lookup(od, o->last, o->lastlen, &op);
  if (r == 0 && op->dev != DEV_EXT2) r = -EBUSY; /* /proc, /sys, /dev */
  if (r == 0 && (r = lookup(nd, n->last, n->lastlen, &np)) == -ENOENT) r = 0, np = 0;
  if (r == 0 && np && np->dev != DEV_EXT2) r = -EBUSY;
  if (r == 0 && fs_readonly()) r = -EROFS;
  if (r == 0 && itype(op) != EXT2_S_IFDIR &&
      (o->trailing || (!(flags & RENAME_EXCHANGE) && n->trailing)))
    r = -ENOTDIR;
  if (r == 0 && np == op) { /* one file: nothing to do */
    iput(np);
    iput(op);
    return 0;
  }
  if (r == 0) r = renamecheck(o, n, op, np, flags);
  if (r == 0) {
    uint32_t inum;
    uint64_t ooff, noff = 0;
    ilock(od);
    if (nd != od) ilock(nd);
    ilock(op);
    if (np) ilock(np);
    r = dirlookup(od, o->last, o->lastlen, &inum, &ooff);
    if (r == 0 && np) r = dirlookup(nd, n->last, n->lastlen, &inum, &noff);
    if (r == 0) r = renamemove(od, ooff, op, n, noff, np, flags);
    if (np) iunlock(np);
    iunlock(op);
    if (nd != od) iunlock(nd);
    iunlock(od);
  }
  if (np) iput(np);
  if (op) iput(op);
  return r;
}

/* renameat2(olddirfd, oldpath, newdirfd, newpath, flags): see renamenames. Flags 0,
 * RENAME_NOREPLACE or RENAME_EXCHANGE; -EINVAL for others (RENAME_WHITEOUT is for overlay file
 * systems, which ext2 does not serve) or both. */
static int32_t rename_at(uint32_t olddirfd, uint32_t uold, uint32_t newdirfd, uint32_t unew,
                         uint32_t flags) {
  if ((flags & ~(uint32_t)(RENAME_NOREPLACE | RENAME_EXCHANGE)) ||
      (flags & RENAME_NOREPLACE && flags & RENAME_EXCHANGE))
    return -EINVAL;
  struct nameidata o, n;
  int r = getpath(&o, uold);
  int r2 = getpath(&n, unew);
  if (r == 0) r = r2;
  if (r == 0) r = walkparent(&o, olddirfd);
  if (r == 0) r = walkparent(&n, newdirfd);
  if (r == 0) {
    nslock();
    r = renamenames(&o, &n, flags);
    nsunlock();
  }
  putpath(&n);
  putpath(&o);
  return r;
}

int32_t sys_rename(void) {
  uint32_t uold, unew;
  argaddr(0, &uold), argaddr(1, &unew);
  return rename_at((uint32_t)AT_FDCWD, uold, (uint32_t)AT_FDCWD, unew, 0);
}

int32_t sys_renameat(void) {
  uint32_t olddirfd, uold, newdirfd, unew;
  argint(0, &olddirfd), argaddr(1, &uold), argint(2, &newdirfd), argaddr(3, &unew);
  return rename_at(olddirfd, uold, newdirfd, unew, 0);
}

int32_t sys_renameat2(void) {
  uint32_t olddirfd, uold, newdirfd, unew, flags;
  argint(0, &olddirfd), argaddr(1, &uold), argint(2, &newdirfd), argaddr(3, &unew);
  if (argint(4, &flags) < 0) return -EFAULT;
  return rename_at(olddirfd, uold, newdirfd, unew, flags);
}
