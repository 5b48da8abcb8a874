/* Calls that change what a file's inode says or ask about its file system: chmod, chown (kept in
 * the inode; there is one user, root, whom they never stop), utimensat and the older time calls,
 * truncate, the syncs (every write is already on the disk when its call returns), umask and
 * the statfs family. The synthetic files take none of the changes (EPERM). */
#include "defs.h"
#include "errno.h"
#include "fcntl.h"
#include "file.h"
#include "fs.h"
#include "param.h"
#include "proc.h"

#define UTIME_NOW 0x3fffffff
#define UTIME_OMIT 0x3ffffffe

/* A change to an inode's attributes (setattr). */
struct attr {
  int what;               /* ATTR_* */
  uint32_t mode;          /* permission bits */
  uint32_t uid, gid;      /* -1: unchanged */
  uint32_t atime, mtime;  /* with ATTR_ATIME, ATTR_MTIME */
  uint64_t size;          /* with ATTR_SIZE */
};
#define ATTR_MODE 1
#define ATTR_OWNER 2
#define ATTR_ATIME 4
#define ATTR_MTIME 8
#define ATTR_SIZE 16

/* Apply a to inode ip (a reference this consumes): the change and the inode's change time, on
 * the disk. 0, or -EISDIR or -EINVAL (a size for a directory or another file that is not
 * regular), -EPERM (a synthetic file), -EROFS, -EFBIG, -EIO. */
static int setattr(struct inode* ip, const struct attr* a) {
  uint32_t type = itype(ip);
  int size = (a->what & ATTR_SIZE) != 0;
  int r = size && type == EXT2_S_IFDIR ? -EISDIR
        : size && type != EXT2_S_IFREG ? -EINVAL
        : ip->dev != DEV_EXT2 ? -EPERM
        : fs_readonly() ? -EROFS : 0;
  if (r < 0) {
    iput(ip);
    return r;
  }
  ilock(ip);
  struct ext2_inode* d = &ip->d;
  if (a->what & ATTR_MODE) d->i_mode = (d->i_mode & EXT2_S_IFMT) | (a->mode & 07777);
  if (a->what & ATTR_OWNER) {
    if (a->uid != ~0u) d->i_uid = (uint16_t)a->uid, d->i_uid_high = (uint16_t)(a->uid >> 16);
    if (a->gid != ~0u) d->i_gid = (uint16_t)a->gid, d->i_gid_high = (uint16_t)(a->gid >> 16);
    if (type == EXT2_S_IFREG) { /* as Linux: a change of owner drops set-user-ID (and set-group-ID
                                 * when it means that, with group execute) */
      d->i_mode &= ~04000u;
      if (d->i_mode & 010) d->i_mode &= ~02000u;
    }
  }
  if (a->what & ATTR_ATIME) d->i_atime = a->atime;
  if (a->what & ATTR_MTIME) d->i_mtime = a->mtime;
  ip->dirty = 1;
  if (a->what & ATTR_SIZE) r = itrunc(ip, a->size);
  itouch(ip, TOUCH_CTIME);
  iupdate(ip);
  iunlock(ip);
  iput(ip);
  return r;
}

/* Apply a to what (dirfd, upath) names with the *at flags (AT_SYMLINK_NOFOLLOW, AT_EMPTY_PATH,
 * as allowed). */
static int setattr_at(uint32_t dirfd, uint32_t upath, uint32_t flags, uint32_t allowed,
                      const struct attr* a) {
  if (flags & ~allowed) return -EINVAL;
  struct inode* ip;
  int r = walk(dirfd, upath, ((flags & AT_SYMLINK_NOFOLLOW) ? 0 : WALK_FOLLOW) |
                                 ((flags & AT_EMPTY_PATH) ? WALK_EMPTY : 0), &ip);
  return r < 0 ? r : setattr(ip, a);
}

/* Apply a to the file open on fd. -EBADF, -EINVAL for the console, and setattr's errors. */
static int setattr_fd(uint32_t fd, const struct attr* a) {
  struct file* f = fdget(fd);
  if (f == 0) return -EBADF;
  int r = f->type != FD_INODE ? -EINVAL : setattr(idup(f->ip), a);
  fileclose(f);
  return r;
}

/* chmod(path, mode), fchmodat(dirfd, path, mode) (the call has no flags) and fchmod(fd, mode):
 * the permission, set-ID and sticky bits. */
int32_t sys_chmod(void) {
  uint32_t upath, mode;
  argaddr(0, &upath), argint(1, &mode);
  struct attr a = {.what = ATTR_MODE, .mode = mode};
  return setattr_at((uint32_t)AT_FDCWD, upath, 0, 0, &a);
}

int32_t sys_fchmodat(void) {
  uint32_t dirfd, upath, mode;
  argint(0, &dirfd), argaddr(1, &upath), argint(2, &mode);
  struct attr a = {.what = ATTR_MODE, .mode = mode};
  return setattr_at(dirfd, upath, 0, 0, &a);
}

int32_t sys_fchmod(void) {
  uint32_t fd, mode;
  argint(0, &fd), argint(1, &mode);
  struct attr a = {.what = ATTR_MODE, .mode = mode};
  return setattr_fd(fd, &a);
}

/* chown(path, uid, gid), lchown (a symbolic link itself), fchownat(dirfd, path, uid, gid,
 * flags) and fchown(fd, uid, gid): the owner and group; -1 leaves one as it is. */
static int32_t chown_at(uint32_t dirfd, uint32_t upath, uint32_t uid, uint32_t gid,
                        uint32_t flags) {
  struct attr a = {.what = ATTR_OWNER, .uid = uid, .gid = gid};
  return setattr_at(dirfd, upath, flags, AT_SYMLINK_NOFOLLOW | AT_EMPTY_PATH, &a);
}

int32_t sys_chown(void) {
  uint32_t upath, uid, gid;
  argaddr(0, &upath), argint(1, &uid), argint(2, &gid);
  return chown_at((uint32_t)AT_FDCWD, upath, uid, gid, 0);
}

int32_t sys_lchown(void) {
  uint32_t upath, uid, gid;
  argaddr(0, &upath), argint(1, &uid), argint(2, &gid);
  return chown_at((uint32_t)AT_FDCWD, upath, uid, gid, AT_SYMLINK_NOFOLLOW);
}

int32_t sys_fchownat(void) {
  uint32_t dirfd, upath, uid, gid, flags;
  argint(0, &dirfd), argaddr(1, &upath), argint(2, &uid), argint(3, &gid);
  if (argint(4, &flags) < 0) return -EFAULT;
  return chown_at(dirfd, upath, uid, gid, flags);
}

int32_t sys_fchown(void) {
  uint32_t fd, uid, gid;
  argint(0, &fd), argint(1, &uid), argint(2, &gid);
  struct attr a = {.what = ATTR_OWNER, .uid = uid, .gid = gid};
  return setattr_fd(fd, &a);
}

/* Set the access (i = 0) or modification (i = 1) time of a from a timespec: now, left alone
 * (UTIME_OMIT), or the seconds given (ext2 keeps 32 bits of them). 0 or -EINVAL. */
static int settime(struct attr* a, int i, int64_t sec, int64_t nsec) {
  if (nsec == UTIME_OMIT) return 0;
  if (nsec != UTIME_NOW && (nsec < 0 || nsec > 999999999)) return -EINVAL;
  uint32_t t = nsec == UTIME_NOW ? fs_now() : (uint32_t)sec;
  a->what |= i ? ATTR_MTIME : ATTR_ATIME;
  if (i)
    a->mtime = t;
  else
    a->atime = t;
  return 0;
}

/* utimensat(dirfd, path, times, flags) with 32-bit (wide 0) or 64-bit timespecs
 * (utimensat_time64, which glibc 2.36 calls): the access and modification times from times[0]
 * and times[1] (NULL: both now). A NULL path sets those of the file open on dirfd. -EINVAL for
 * a bad nanosecond count or flag, -EFAULT, and the walk's and setattr's errors. */
static int32_t utimens(int wide) {
  uint32_t dirfd, upath, utimes, flags;
  argint(0, &dirfd), argaddr(1, &upath), argaddr(2, &utimes), argint(3, &flags);
  struct attr a = {.what = 0};
  int r = 0;
  if (utimes == 0) {
    r = settime(&a, 0, 0, UTIME_NOW) | settime(&a, 1, 0, UTIME_NOW);
  } else {
    int64_t t[4];
    int32_t t32[4];
    if (copyin(myproc()->vm, wide ? (void*)t : (void*)t32, utimes, wide ? sizeof t : sizeof t32))
      return -EFAULT;
    for (int i = 0; !wide && i < 4; i++) t[i] = t32[i];
    if ((r = settime(&a, 0, t[0], t[1])) == 0) r = settime(&a, 1, t[2], t[3]);
  }
  if (r < 0) return r;
  if (upath == 0) /* Linux: dirfd's file, but no path at all with AT_FDCWD */
    return (int32_t)dirfd == AT_FDCWD ? -EFAULT : flags ? -EINVAL : setattr_fd(dirfd, &a);
  return setattr_at(dirfd, upath, flags, AT_SYMLINK_NOFOLLOW | AT_EMPTY_PATH, &a);
}

int32_t sys_utimensat(void) { return utimens(0); }
int32_t sys_utimensat_time64(void) { return utimens(1); }

/* utimes(path, tv) and futimesat(dirfd, path, tv): two struct timevals (32-bit seconds and
 * microseconds), or NULL for now. -EINVAL for microseconds outside 0..999999. */
static int32_t utimes_at(uint32_t dirfd, uint32_t upath, uint32_t utv) {
  struct attr a = {.what = 0};
  int32_t tv[4];
  int r = 0;
  if (utv == 0) {
    r = settime(&a, 0, 0, UTIME_NOW) | settime(&a, 1, 0, UTIME_NOW);
  } else if (copyin(myproc()->vm, tv, utv, sizeof tv) < 0) {
    return -EFAULT;
  } else {
    for (int i = 0; i < 2 && r == 0; i++)
      r = tv[2 * i + 1] < 0 || tv[2 * i + 1] > 999999 ? -EINVAL
                                                      : settime(&a, i, tv[2 * i], 1000 * (int64_t)tv[2 * i + 1]);
  }
  return r < 0 ? r : setattr_at(dirfd, upath, 0, 0, &a);
}

int32_t sys_utimes(void) {
  uint32_t upath, utv;
  argaddr(0, &upath), argaddr(1, &utv);
  return utimes_at((uint32_t)AT_FDCWD, upath, utv);
}

int32_t sys_futimesat(void) {
  uint32_t dirfd, upath, utv;
  argint(0, &dirfd), argaddr(1, &upath), argaddr(2, &utv);
  return utimes_at(dirfd, upath, utv);
}

/* utime(path, times): a struct utimbuf (access, modification seconds), or NULL for now. */
int32_t sys_utime(void) {
  uint32_t upath, ut;
  argaddr(0, &upath), argaddr(1, &ut);
  struct attr a = {.what = ATTR_ATIME | ATTR_MTIME};
  int32_t t[2];
  if (ut == 0) {
    a.atime = a.mtime = fs_now();
  } else if (copyin(myproc()->vm, t, ut, sizeof t) < 0) {
    return -EFAULT;
  } else {
    a.atime = (uint32_t)t[0];
    a.mtime = (uint32_t)t[1];
  }
  return setattr_at((uint32_t)AT_FDCWD, upath, 0, 0, &a);
}

/* truncate(path, len) and truncate64 (len in the aligned pair of words 3 and 4): a regular file
 * becomes len bytes long. -EINVAL for a negative length, -EISDIR, -EFBIG, and setattr's
 * errors. */
static int32_t truncate_path(uint32_t upath, int64_t len) {
  if (len < 0) return -EINVAL;
  struct attr a = {.what = ATTR_SIZE, .size = (uint64_t)len};
  return setattr_at((uint32_t)AT_FDCWD, upath, 0, 0, &a);
}

/* ftruncate(fd, len) and ftruncate64: the same for the file open on fd, which must be open for
 * writing (-EINVAL otherwise, as Linux). */
static int32_t truncate_fd(uint32_t fd, int64_t len) {
  if (len < 0) return -EINVAL;
  struct file* f = fdget(fd);
  if (f == 0) return -EBADF;
  int r = f->type != FD_INODE || !f->writable || itype(f->ip) != EXT2_S_IFREG ? -EINVAL : 0;
  fileclose(f);
  struct attr a = {.what = ATTR_SIZE, .size = (uint64_t)len};
  return r < 0 ? r : setattr_fd(fd, &a);
}

int32_t sys_truncate(void) {
  uint32_t upath, len;
  argaddr(0, &upath), argint(1, &len);
  return truncate_path(upath, (int32_t)len);
}

int32_t sys_ftruncate(void) {
  uint32_t fd, len;
  argint(0, &fd), argint(1, &len);
  return truncate_fd(fd, (int32_t)len);
}

int32_t sys_truncate64(void) {
  uint32_t upath, lo, hi;
  argaddr(0, &upath), argint(2, &lo), argint(3, &hi);
  return truncate_path(upath, (int64_t)((uint64_t)hi << 32 | lo));
}

int32_t sys_ftruncate64(void) {
  uint32_t fd, lo, hi;
  argint(0, &fd), argint(2, &lo), argint(3, &hi);
  return truncate_fd(fd, (int64_t)((uint64_t)hi << 32 | lo));
}

/* fsync(fd), fdatasync(fd), syncfs(fd): every write reaches the disk before its call returns,
 * so there is nothing left to write; 0, -EBADF, or -EINVAL for the console (as for a terminal
 * or a pipe on Linux; syncfs accepts any descriptor). sync(): nothing to do either. */
static int32_t syncfd(int any) {
  uint32_t fd;
  argint(0, &fd);
  struct file* f = fdget(fd);
  if (f == 0) return -EBADF;
  int r = any || f->type == FD_INODE ? 0 : -EINVAL;
  fileclose(f);
  return r;
}

int32_t sys_fsync(void) { return syncfd(0); }
int32_t sys_fdatasync(void) { return syncfd(0); }
int32_t sys_syncfs(void) { return syncfd(1); }
int32_t sys_sync(void) { return 0; }

/* umask(mask): the file mode creation mask becomes mask & 0777; the old one. */
int32_t sys_umask(void) {
  uint32_t mask;
  argint(0, &mask);
  struct proc* p = myproc();
  uint32_t old = p->umask;
  p->umask = mask & 0777;
  return (int32_t)old;
}

/* struct statfs of Linux MIPS o32 (<asm/statfs.h>): statfs, fstatfs. */
struct linux_statfs {
  uint32_t f_type, f_bsize, f_frsize, f_blocks, f_bfree, f_files, f_ffree, f_bavail;
  uint32_t f_fsid[2];
  uint32_t f_namelen, f_flags, f_spare[5];
};
_Static_assert(sizeof(struct linux_statfs) == 68, "o32 struct statfs is 68 bytes");

/* struct statfs64 of o32: statfs64, fstatfs64. */
struct linux_statfs64 {
  uint32_t f_type, f_bsize, f_frsize, pad;
  uint64_t f_blocks, f_bfree, f_files, f_ffree, f_bavail;
  uint32_t f_fsid[2];
  uint32_t f_namelen, f_flags, f_spare[5];
};
_Static_assert(sizeof(struct linux_statfs64) == 96, "o32 struct statfs64 is 96 bytes");

#define ST_RDONLY 0x1 /* f_flags */
#define ST_VALID 0x20

/* The numbers of the file system inode ip is on, as a struct statfs64 (ext2's; the synthetic
 * ones have no blocks, as /proc and /sys have none on Linux). */
static void fsinfo(struct inode* ip, struct linux_statfs64* st) {
  memset(st, 0, sizeof *st);
  st->f_namelen = EXT2_NAME_LEN;
  st->f_flags = ST_VALID;
  st->f_fsid[0] = ip->dev;
  if (ip->dev != DEV_EXT2) {
    st->f_type = ip->dev == DEV_PROC ? 0x9fa0u : ip->dev == DEV_SYS ? 0x62656572u : 0x01021994u;
    st->f_bsize = st->f_frsize = PGSIZE;
    return;
  }
  struct fsinfo fi;
  fs_statfs(&fi);
  st->f_type = EXT2_SUPER_MAGIC;
  st->f_bsize = st->f_frsize = fi.bsize;
  st->f_blocks = fi.blocks;
  st->f_bfree = fi.freeblocks;
  st->f_bavail = fi.freeblocks > fi.reserved ? fi.freeblocks - fi.reserved : 0;
  st->f_files = fi.inodes;
  st->f_ffree = fi.freeinodes;
  if (fs_readonly()) st->f_flags |= ST_RDONLY;
}

/* The statfs64 numbers of what a path (byfd 0) or a descriptor names. */
static int statfs_of(int byfd, uint32_t upath, uint32_t fd, struct linux_statfs64* st) {
  struct inode* ip;
  int r = 0;
  if (!byfd) {
    r = walk((uint32_t)AT_FDCWD, upath, WALK_FOLLOW, &ip);
  } else {
    struct file* f = fdget(fd);
    if (f == 0) return -EBADF;
    ip = f->type == FD_INODE ? idup(f->ip) : 0;
    fileclose(f);
    if (ip == 0) { /* the console: Linux's pipefs says as little */
      memset(st, 0, sizeof *st);
      st->f_type = 0x50495045u;
      st->f_bsize = st->f_frsize = PGSIZE;
      st->f_namelen = EXT2_NAME_LEN;
      st->f_flags = ST_VALID;
      return 0;
    }
  }
  if (r < 0) return r;
  fsinfo(ip, st);
  iput(ip);
  return 0;
}

/* statfs(path, buf) and fstatfs(fd, buf): the o32 struct statfs of the file system path or fd
 * is on; -EOVERFLOW if a count passes 32 bits. */
static int32_t statfs32(int byfd) {
  uint32_t arg, ubuf;
  argint(0, &arg), argaddr(1, &ubuf);
  struct linux_statfs64 w;
  int r = statfs_of(byfd, arg, arg, &w);
  if (r < 0) return r;
  if ((w.f_blocks | w.f_bfree | w.f_bavail | w.f_files | w.f_ffree) >> 32) return -EOVERFLOW;
  struct linux_statfs st = {w.f_type, w.f_bsize, w.f_frsize, (uint32_t)w.f_blocks,
                            (uint32_t)w.f_bfree, (uint32_t)w.f_files, (uint32_t)w.f_ffree,
                            (uint32_t)w.f_bavail, {w.f_fsid[0], w.f_fsid[1]}, w.f_namelen,
                            w.f_flags, {0}};
  return copyout(myproc()->vm, ubuf, &st, sizeof st) < 0 ? -EFAULT : 0;
}

/* statfs64(path, size, buf) and fstatfs64(fd, size, buf): the struct statfs64; -EINVAL unless
 * size is its size. */
static int32_t statfs64(int byfd) {
  uint32_t arg, size, ubuf;
  argint(0, &arg), argint(1, &size), argaddr(2, &ubuf);
  if (size != sizeof(struct linux_statfs64)) return -EINVAL;
  struct linux_statfs64 st;
  int r = statfs_of(byfd, arg, arg, &st);
  if (r < 0) return r;
  return copyout(myproc()->vm, ubuf, &st, sizeof st) < 0 ? -EFAULT : 0;
}

int32_t sys_statfs(void) { return statfs32(0); }
int32_t sys_fstatfs(void) { return statfs32(1); }
int32_t sys_statfs64(void) { return statfs64(0); }
int32_t sys_fstatfs64(void) { return statfs64(1); }
