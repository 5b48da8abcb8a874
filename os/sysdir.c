/* Directory calls: reading a directory (getdents64, getdents), the working directory (chdir,
 * fchdir, getcwd) and reading symbolic links (readlink, readlinkat). */
#include "defs.h"
#include "errno.h"
#include "fcntl.h"
#include "file.h"
#include "fs.h"
#include "param.h"
#include "proc.h"

/* d_type of getdents from an ext2 file type (EXT2_FT_*): Linux's DT_* values. */
static const uint8_t dtype[8] = {0 /* DT_UNKNOWN */, 8 /* REG */, 4 /* DIR */, 2 /* CHR */,
                                 6 /* BLK */,        1 /* FIFO */, 12 /* SOCK */, 10 /* LNK */};

/* The next entry of the directory open as f (from f->off): 1 with it in *de and *next the
 * position after it, 0 at the end, or -EIO. f's inode is locked. */
static int nextentry(struct file* f, struct dirent_k* de, uint64_t* next) {
  *next = f->off;
  return f->ip->dev == DEV_EXT2 ? dirnext(f->ip, next, de) : synth_next(f->ip, next, de);
}

/* getdents64(fd, buf, count) and getdents (old, 32-bit layout: wide 0): as many entries of the
 * directory open on fd as fit in count bytes, from where the last call stopped; the bytes
 * stored, 0 at the end. -EBADF, -ENOTDIR (not a directory), -EINVAL (count too small for the
 * next entry), -EFAULT, -EIO; -EOVERFLOW (old layout) for a position past 2^31 - 1. */
static int32_t getdents(int wide) {
  uint32_t fd, ubuf, count;
  argint(0, &fd), argaddr(1, &ubuf), argint(2, &count);
  struct file* f = fdget(fd);
  if (f == 0) return -EBADF;
  if (f->type != FD_INODE || itype(f->ip) != EXT2_S_IFDIR) {
    fileclose(f);
    return -ENOTDIR;
  }
  struct dirent_k* de = kalloc(); /* a name of 255 bytes is too much for the kernel stack */
  if (de == 0) {
    fileclose(f);
    return -ENOMEM;
  }
  ilock(f->ip);
  uint32_t used = 0;
  int r;
  uint64_t next;
  while ((r = nextentry(f, de, &next)) > 0) {
    uint8_t rec[8 + 8 + 2 + 1 + EXT2_NAME_LEN + 1 + 7];
    uint32_t len;
    memset(rec, 0, sizeof rec);
    if (wide) { /* struct linux_dirent64: ino, off (64 bits), reclen, type, name */
      len = (19 + de->len + 1 + 7) & ~7u;
      uint64_t ino = de->inum;
      memmove(rec, &ino, 8);
      memmove(rec + 8, &next, 8);
      rec[18] = dtype[de->type & 7];
      memmove(rec + 19, de->name, de->len);
    } else { /* struct linux_dirent: ino, off (32 bits), reclen, name, NUL, type last */
      len = (10 + de->len + 2 + 3) & ~3u;
      if (next > INT32_MAX) {
        r = -EOVERFLOW;
        break;
      }
      uint32_t ino = de->inum, off = (uint32_t)next;
      memmove(rec, &ino, 4);
      memmove(rec + 4, &off, 4);
      memmove(rec + 10, de->name, de->len);
      rec[len - 1] = dtype[de->type & 7];
    }
    uint16_t reclen = (uint16_t)len;
    memmove(rec + (wide ? 16 : 8), &reclen, 2);
    if (used + len > count) {
      r = used ? 0 : -EINVAL;
      break;
    }
    if (copyout(myproc()->vm, ubuf + used, rec, len) < 0) {
      r = used ? 0 : -EFAULT;
      break;
    }
    used += len;
    f->off = next;
  }
  iunlock(f->ip);
  kfree(de);
  fileclose(f);
  return r < 0 ? r : (int32_t)used;
}

int32_t sys_getdents64(void) { return getdents(1); }
int32_t sys_getdents(void) { return getdents(0); }

/* Make directory ip (a reference this consumes) the caller's working directory: 0, or
 * -ENOTDIR. */
static int setcwd(struct inode* ip) {
  if (itype(ip) != EXT2_S_IFDIR) {
    iput(ip);
    return -ENOTDIR;
  }
  struct proc* p = myproc();
  if (p->cwd) iput(p->cwd);
  p->cwd = ip;
  return 0;
}

/* chdir(path): the working directory becomes path (following symbolic links). */
int32_t sys_chdir(void) {
  uint32_t upath;
  argaddr(0, &upath);
  struct inode* ip;
  int r = walk((uint32_t)AT_FDCWD, upath, WALK_FOLLOW, &ip);
  return r < 0 ? r : setcwd(ip);
}

/* fchdir(fd): the working directory becomes the directory open on fd. -EBADF, -ENOTDIR. */
int32_t sys_fchdir(void) {
  uint32_t fd;
  argint(0, &fd);
  struct file* f = fdget(fd);
  if (f == 0) return -EBADF;
  int r = f->type != FD_INODE ? -ENOTDIR : setcwd(idup(f->ip));
  fileclose(f);
  return r;
}

/* getcwd(buf, size): the working directory's absolute path (dirpath); the length stored, NUL
 * included. -ERANGE if size is too small, -ENOENT if the directory was removed, -ENOMEM, -EIO,
 * -EFAULT. */
int32_t sys_getcwd(void) {
  uint32_t ubuf, size, at = PATH_MAX - 1;
  argaddr(0, &ubuf), argint(1, &size);
  char* path = kalloc();
  int r = path ? dirpath(cwdof(myproc()), path, &at) : -ENOMEM;
  uint32_t len = PATH_MAX - at;
  if (r == 0 && len > size) r = -ERANGE;
  if (r == 0 && copyout(myproc()->vm, ubuf, path + at, len) < 0) r = -EFAULT;
  if (path) kfree(path);
  return r < 0 ? r : (int32_t)len;
}

/* readlinkat(dirfd, path, buf, size) and readlink(path, buf, size): the target of the symbolic
 * link path names, its first size bytes (no NUL added); the count. -EINVAL if it is not a link
 * or size is not positive, and the walk's errors. */
static int32_t readlink_at(uint32_t dirfd, uint32_t upath, uint32_t ubuf, uint32_t size) {
  if ((int32_t)size <= 0) return -EINVAL;
  struct inode* ip;
  int r = walk(dirfd, upath, 0, &ip);
  if (r < 0) return r;
  char* buf = itype(ip) == EXT2_S_IFLNK ? kalloc() : 0;
  r = itype(ip) != EXT2_S_IFLNK ? -EINVAL : buf ? 0 : -ENOMEM;
  if (r == 0) {
    ilock(ip);
    r = readlinki(ip, buf, MIN(size, PATH_MAX));
    iunlock(ip);
  }
  if (r > 0 && copyout(myproc()->vm, ubuf, buf, (uint32_t)r) < 0) r = -EFAULT;
  if (buf) kfree(buf);
  iput(ip);
  return r;
}

int32_t sys_readlink(void) {
  uint32_t upath, ubuf, size;
  argaddr(0, &upath), argaddr(1, &ubuf), argint(2, &size);
  return readlink_at((uint32_t)AT_FDCWD, upath, ubuf, size);
}

int32_t sys_readlinkat(void) {
  uint32_t dirfd, upath, ubuf, size;
  argint(0, &dirfd), argaddr(1, &upath), argaddr(2, &ubuf), argint(3, &size);
  return readlink_at(dirfd, upath, ubuf, size);
}
