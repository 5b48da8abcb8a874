/* Paths: walking them from the root, the working directory or a directory descriptor, through
 * ".", "..", symbolic links (ELOOP past 40, as Linux) and the synthetic file systems, which sit
 * on /proc, /sys and /dev of the disk's root as mounts would (synth.c). Without a disk the root
 * is synth.c's, holding just those three.
 *
 * A walk keeps the path in a page of its own (struct nameidata): a symbolic link's target is
 * spliced in place of the part already walked, so the walk is a loop, never a recursion on the
 * kernel stack. A walk holds one inode reference at a time and no lock between components: it
 * locks each directory only to look a name up. Changes to names take the namespace lock
 * (nslock), so that a rename sees no other change while it checks where its directories lie. */
#include "defs.h"
#include "errno.h"
#include "file.h"
#include "fs.h"
#include "param.h"
#include "proc.h"

#define AT_FDCWD (-100)
#define MAXLINKS 40 /* symbolic links one walk follows (Linux's MAXSYMLINKS) */

static int nsbusy; /* the namespace lock */

/* Take the namespace lock: the caller may add, remove and move names. */
void nslock(void) {
  while (nsbusy) sleep(&nsbusy);
  nsbusy = 1;
}

void nsunlock(void) {
  nsbusy = 0;
  wakeup(&nsbusy);
}

/* A reference to the root directory, read from the disk: the disk's, or synth.c's without one.
 * Every inode a walk hands out has been read (a caller looks at its type unlocked). */
struct inode* rootdir(void) {
  struct inode* ip = fs_mounted() ? iget(DEV_EXT2, EXT2_ROOT_INO, 0) : synth_mount("", 0);
  ilock(ip);
  iunlock(ip);
  return ip;
}

/* Whether ip is the root directory. */
static int isroot(struct inode* ip) {
  return fs_mounted() ? ip->dev == DEV_EXT2 && ip->inum == EXT2_ROOT_INO
                      : ip->dev != DEV_EXT2 && ip->inum == 0;
}

/* A reference to p's working directory (the root until it changes it). */
struct inode* cwdof(struct proc* p) { return p->cwd ? idup(p->cwd) : rootdir(); }

/* Look name (len bytes, not "" ) up in directory dp: 0 with a reference to what it names in
 * *ipp ("." is dp, ".." its parent, the root's own parent is the root), or -ENOTDIR (dp is not a
 * directory), -ENOENT, -EIO. dp is referenced, not locked. */
int lookup(struct inode* dp, const char* name, uint32_t len, struct inode** ipp) {
  int dot = len == 1 && name[0] == '.', dotdot = len == 2 && name[0] == '.' && name[1] == '.';
  ilock(dp);
  int r = dp->bad ? -EIO : itype(dp) != EXT2_S_IFDIR ? -ENOTDIR : 0;
  if (r == 0 && (dot || (dotdot && isroot(dp)))) {
    *ipp = idup(dp);
  } else if (r == 0 && dp->dev != DEV_EXT2) {
    iunlock(dp);
    return dotdot ? synth_parent(dp, ipp) : synth_lookup(dp, name, len, ipp);
  } else if (r == 0 && isroot(dp) && (*ipp = synth_mount(name, len)) != 0) {
    /* a synthetic file system, over whatever the disk has there */
  } else if (r == 0) {
    uint32_t inum;
    uint64_t off;
    r = dp->d.i_links_count == 0 ? -ENOENT : dirlookup(dp, name, len, &inum, &off);
    /* The reference is taken before dp is let go, so an unlink cannot free the inode between;
     * only with the table full (iget would sleep) is the race left to the check below. */
    *ipp = r == 0 ? iget_try(DEV_EXT2, inum, 0) : 0;
    if (r == 0 && *ipp == 0) {
      iunlock(dp);
      *ipp = iget(DEV_EXT2, inum, 0);
      ilock(dp);
    }
  }
  iunlock(dp);
  if (r < 0 || (*ipp)->dev != DEV_EXT2) return r;
  struct inode* ip = *ipp;
  ilock(ip);
  r = !ip->bad ? 0 : ip->d.i_links_count == 0 ? -ENOENT : fs_error("a name's inode is not a file", ip->inum, 0);
  iunlock(ip);
  if (r < 0) iput(ip);
  return r;
}

/* Copy the user's path at upath into a page of nd: 0, or -EFAULT, -ENAMETOOLONG (PATH_MAX
 * bytes or more), -ENOMEM. The caller gives the page back with putpath, whatever happens. */
int getpath(struct nameidata* nd, uint32_t upath) {
  memset(nd, 0, sizeof *nd);
  if ((nd->path = kalloc()) == 0) return -ENOMEM;
  int r = copyinstr(myproc()->vm, nd->path, upath, PATH_MAX);
  nd->rest = nd->path;
  return r < 0 ? r : 0;
}

/* Give back what a walk holds: the page, and the directory reference if there is one. */
void putpath(struct nameidata* nd) {
  if (nd->dir) iput(nd->dir);
  if (nd->path) kfree(nd->path);
  nd->dir = 0;
  nd->path = 0;
}

/* Replace the walked part of nd's path by the target of symbolic link ip (a reference this
 * consumes): the path becomes target, then "/" and what was left (or the trailing "/").
 * 0 with the directory to go on from in *dp (the root for an absolute target; else *dp stays),
 * or -ELOOP, -ENOENT (an empty target), -ENAMETOOLONG, -ENOMEM, -EIO. */
static int follow(struct nameidata* nd, struct inode* ip, struct inode** dp) {
  char* next = ++nd->links > MAXLINKS ? 0 : kalloc();
  int n = next ? 0 : nd->links > MAXLINKS ? -ELOOP : -ENOMEM;
  if (n == 0) {
    ilock(ip);
    n = readlinki(ip, next, PATH_MAX);
    iunlock(ip);
  }
  iput(ip);
  uint32_t rest = strlen(nd->rest);
  if (n == 0) n = -ENOENT;
  if (n > 0 && (uint32_t)n + 1 + rest + 1 > PATH_MAX) n = -ENAMETOOLONG;
  if (n < 0) {
    if (next) kfree(next);
    return n;
  }
  if (rest || nd->trailing) next[n++] = '/';
  memmove(next + n, nd->rest, rest + 1);
  kfree(nd->path);
  nd->path = next;
  nd->rest = next;
  if (next[0] == '/') {
    iput(*dp);
    *dp = rootdir();
  }
  return 0;
}

/* Walk nd's path from directory dp (a reference this consumes) to its last component: 0 with
 * nd->dir (referenced), nd->last and nd->trailing set, or -errno with nd->dir 0. A path of
 * slashes alone has an empty last component: dp itself. */
static int walkfrom(struct nameidata* nd, struct inode* dp) {
  nd->dir = 0;
  for (;;) {
    const char* p = nd->rest;
    while (*p == '/') p++;
    const char* name = p;
    while (*p && *p != '/') p++;
    uint32_t len = (uint32_t)(p - name);
    const char* q = p;
    while (*q == '/') q++;
    if (len > EXT2_NAME_LEN) {
      iput(dp);
      return -ENAMETOOLONG;
    }
    if (*q == 0) {
      nd->dir = dp;
      nd->last = name;
      nd->lastlen = len;
      nd->trailing = q != p;
      nd->rest = q;
      return 0;
    }
    struct inode* ip;
    int r = lookup(dp, name, len, &ip);
    nd->rest = q;
    nd->trailing = 0;
    if (r == 0 && itype(ip) == EXT2_S_IFLNK) {
      r = follow(nd, ip, &dp);
      if (r == 0) continue;
    } else if (r == 0 && itype(ip) != EXT2_S_IFDIR) {
      iput(ip);
      r = -ENOTDIR;
    }
    iput(dp);
    if (r < 0) return r;
    dp = ip;
  }
}

/* The directory a walk of nd's path starts from: the root for an absolute path, else the
 * working directory (dirfd AT_FDCWD) or the directory open on dirfd. 0 with a reference in *dp,
 * or -EBADF, -ENOTDIR. */
static int startdir(struct nameidata* nd, uint32_t dirfd, struct inode** dp) {
  if (nd->path[0] == '/') {
    *dp = rootdir();
    return 0;
  }
  if ((int32_t)dirfd == AT_FDCWD) {
    *dp = cwdof(myproc());
    return 0;
  }
  struct file* f = fdget(dirfd);
  if (f == 0) return -EBADF;
  int r = f->type != FD_INODE ? -ENOTDIR : itype(f->ip) != EXT2_S_IFDIR ? -ENOTDIR : 0;
  if (r == 0) *dp = idup(f->ip);
  fileclose(f);
  return r;
}

/* Walk nd's path (getpath) from where dirfd says to its last component (walkfrom). "" is
 * -ENOENT. */
int walkparent(struct nameidata* nd, uint32_t dirfd) {
  if (nd->path[0] == 0) return -ENOENT;
  struct inode* dp;
  int r = startdir(nd, dirfd, &dp);
  return r < 0 ? r : walkfrom(nd, dp);
}

/* Whether nd's last component (after walkparent) is ".", ".." or empty (a path of slashes):
 * names that cannot be created, removed or renamed. */
int lastisdot(struct nameidata* nd) {
  const char* s = nd->last;
  return nd->lastlen == 0 || (nd->lastlen == 1 && s[0] == '.') ||
         (nd->lastlen == 2 && s[0] == '.' && s[1] == '.');
}

/* What nd's last component names (after walkparent), following a symbolic link there if flags
 * has WALK_FOLLOW or the path ends in '/' (which also requires a directory): 0 with a reference
 * in *ipp. -ENOENT with nd->dir still set if only the last component is missing (where O_CREAT
 * creates it: after a followed link, the target's); other errors with nd->dir 0. */
int walklast(struct nameidata* nd, int flags, struct inode** ipp) {
  for (;;) {
    struct inode* ip;
    int r = nd->lastlen ? lookup(nd->dir, nd->last, nd->lastlen, &ip) : 0;
    if (nd->lastlen == 0) ip = idup(nd->dir);
    if (r == -ENOENT) return r;
    if (r == 0 && itype(ip) == EXT2_S_IFLNK && ((flags & WALK_FOLLOW) || nd->trailing)) {
      struct inode* dp = nd->dir;
      nd->dir = 0;
      r = follow(nd, ip, &dp);
      if (r == 0) r = walkfrom(nd, dp);
      else iput(dp);
      if (r == 0) continue;
      return r;
    }
    if (r == 0 && nd->trailing && itype(ip) != EXT2_S_IFDIR) {
      iput(ip);
      r = -ENOTDIR;
    }
    if (r < 0) {
      iput(nd->dir);
      nd->dir = 0;
      return r;
    }
    *ipp = ip;
    return 0;
  }
}

/* The file (dirfd, upath) names, as the *at calls see it: 0 with a reference in *ipp, or the
 * walk's errors. flags: WALK_FOLLOW, and WALK_EMPTY to let "" name dirfd itself (AT_EMPTY_PATH;
 * any file, not only a directory). */
int walk(uint32_t dirfd, uint32_t upath, int flags, struct inode** ipp) {
  struct nameidata nd;
  int r = getpath(&nd, upath);
  if (r == 0 && nd.path[0] == 0 && (flags & WALK_EMPTY)) {
    if ((int32_t)dirfd == AT_FDCWD) {
      *ipp = cwdof(myproc());
    } else {
      struct file* f = fdget(dirfd);
      r = f == 0 ? -EBADF : f->type != FD_INODE ? -ENOTDIR : 0;
      if (r == 0) *ipp = idup(f->ip);
      if (f) fileclose(f);
    }
    putpath(&nd);
    return r;
  }
  if (r == 0) r = walkparent(&nd, dirfd);
  if (r == 0) r = walklast(&nd, flags, ipp);
  putpath(&nd);
  return r;
}

/* The name of directory ip in its parent up: in de, found by the inode number of its entry
 * there (a synthetic directory knows its own name). 0, or -ENOENT, -EIO. */
static int nameof(struct inode* up, struct inode* ip, struct dirent_k* de) {
  if (ip->dev != DEV_EXT2) return synth_name(ip, de);
  uint64_t pos = 0;
  int r;
  ilock(up);
  while ((r = dirnext(up, &pos, de)) > 0) {
    int dots = de->name[0] == '.' && (de->len == 1 || (de->len == 2 && de->name[1] == '.'));
    if (de->inum == ip->inum && !dots) break;
  }
  iunlock(up);
  return r < 0 ? r : r == 0 ? -ENOENT : 0;
}

/* The absolute path of directory ip (a reference this consumes), found by walking ".." up to
 * the root (getcwd, /proc/PID/exe), built backwards to the end of page (PATH_MAX bytes,
 * NUL-terminated): 0 with its start in *at, or -ENOENT if the directory was removed,
 * -ENAMETOOLONG, -ENOMEM, -EIO. */
int dirpath(struct inode* ip, char* page, uint32_t* at) {
  struct dirent_k* de = kalloc();
  int r = de ? 0 : -ENOMEM;
  *at = PATH_MAX - 1;
  page[*at] = 0;
  while (r == 0) {
    struct inode* up;
    if ((r = lookup(ip, "..", 2, &up)) < 0) break;
    if (up == ip) { /* the root */
      iput(up);
      break;
    }
    r = nameof(up, ip, de);
    iput(ip);
    ip = up;
    if (r == 0 && de->len + 1 > *at) r = -ENAMETOOLONG;
    if (r == 0) {
      *at -= de->len;
      memmove(page + *at, de->name, de->len);
      page[--*at] = '/';
    }
  }
  if (ip) iput(ip);
  if (r == 0 && *at == PATH_MAX - 1) page[--*at] = '/';
  if (de) kfree(de);
  return r;
}

/* A reference to the file path names from the working directory, following symbolic links;
 * 0 if there is none. For exec, which also wants the file's absolute path, through the
 * directories that hold it and the links it followed, in abs (size bytes, cut to fit). */
struct inode* namei(const char* path, char* abs, uint32_t size) {
  struct nameidata nd;
  memset(&nd, 0, sizeof nd);
  struct inode* ip = 0;
  if ((nd.path = kalloc()) == 0) return 0;
  safestrcpy(nd.path, path, PATH_MAX);
  nd.rest = nd.path;
  if (walkparent(&nd, (uint32_t)AT_FDCWD) == 0 && walklast(&nd, WALK_FOLLOW, &ip) < 0) ip = 0;
  char* dir = ip ? kalloc() : 0;
  uint32_t at, n = 0;
  if (dir && dirpath(idup(nd.dir), dir, &at) == 0 && PATH_MAX - at + nd.lastlen < PATH_MAX) {
    n = PATH_MAX - 1 - at; /* the directory's path, moved to the page's start, then the name */
    memmove(dir, dir + at, n);
    if (n > 1) dir[n++] = '/'; /* the root is "/" already */
    memmove(dir + n, nd.last, nd.lastlen);
    dir[n + nd.lastlen] = 0;
  }
  if (ip) safestrcpy(abs, n ? dir : path, size);
  if (dir) kfree(dir);
  putpath(&nd);
  return ip;
}
