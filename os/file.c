/* Open files: the file table, and reading, writing, seeking and describing an open file, which is
 * the console or an inode (a file or directory of the disk, or a synthetic file). The system calls
 * (sysfile.c) find the struct file behind a descriptor and come here. */
#include "defs.h"
#include "errno.h"
#include "file.h"
#include "fs.h"
#include "param.h"
#include "proc.h"
#include "stat.h"

#define SEEK_SET 0
#define SEEK_CUR 1
#define SEEK_END 2

static struct file ftable[NFILE];

/* A free slot of the file table with one reference, its type FD_NONE for the caller to set; 0 if
 * the table is full. */
struct file* filealloc(void) {
  for (struct file* f = ftable; f < &ftable[NFILE]; f++) {
    if (f->ref != 0) continue;
    f->ref = 1;
    f->type = FD_NONE;
    f->readable = f->writable = f->append = f->nonblock = 0;
    f->off = 0;
    f->ip = 0;
    f->pipe = 0;
    return f;
  }
  return 0;
}

/* Another reference to f, which the caller holds one of. */
struct file* filedup(struct file* f) {
  /* Not from user mode: a broken kernel invariant (callers inside the kernel). */
  if (f->ref < 1) panic("filedup: file has no references");
  f->ref++;
  return f;
}

/* Drop a reference to f; the last one closes it, giving back its inode. */
void fileclose(struct file* f) {
  /* Not from user mode: a broken kernel invariant (callers inside the kernel). */
  if (f->ref < 1) panic("fileclose: file has no references");
  if (--f->ref > 0) return;
  struct inode* ip = f->type == FD_INODE ? f->ip : 0;
  if (f->type == FD_PIPE) pipe_close(f->pipe, f->writable);
  f->type = FD_NONE;
  f->ip = 0;
  if (ip) iput(ip);
}

/* Give the first process fds 0, 1 and 2: the console's input, output and error output. */
void fileinit_proc(struct proc* p) {
  static const enum filetype types[3] = {FD_CONSIN, FD_CONSOUT, FD_CONSERR};
  for (int fd = 0; fd < 3; fd++) {
    struct file* f = filealloc();
    /* Not from user mode: boot, before any program runs. */
    if (f == 0 || p->ofile[fd]) panic("fileinit_proc: cannot open fd %d", fd);
    f->type = types[fd];
    f->readable = fd == 0;
    f->writable = fd != 0;
    p->ofile[fd] = f;
  }
  p->umask = 022; /* Linux's default for the first process */
}

/* Close every descriptor of p and let go of its working directory (it is exiting). */
void proc_closefiles(struct proc* p) {
  for (int fd = 0; fd < NOFILE; fd++) {
    if (p->ofile[fd] == 0) continue;
    fileclose(p->ofile[fd]);
    p->ofile[fd] = 0;
  }
  p->cloexec = 0;
  if (p->cwd) iput(p->cwd);
  p->cwd = 0;
}

/* What a new process p takes from its parent besides descriptors: the working directory and
 * the file mode creation mask (as fork gives them). */
void proc_inheritfs(struct proc* p, struct proc* parent) {
  p->cwd = parent->cwd ? idup(parent->cwd) : 0;
  p->umask = parent->umask;
}

/* Console input to user memory dst: wait for the first byte, then take what is there, up to n
 * bytes, without waiting again. The count, 0 at the end of the input; -EFAULT if dst's first
 * byte is not writable (checked before waiting), else the count up to a bad page. */
static int consoleread(struct vmspace* vm, uint32_t dst, uint32_t n) {
  uint32_t i;
  char* k = 0;
  if (n > 0 && uva2ka(vm, dst, 1) == 0) return -EFAULT;
  for (i = 0; i < n; i++) {
    if (i > 0 && !consoleready()) break;
    int c = consolegetc();
    if (c < 0) break;
    if (k == 0 || (dst + i) % PGSIZE == 0) k = uva2ka(vm, dst + i, 1);
    if (k == 0) break; /* the byte is lost, as on Linux when copy_to_user fails midway */
    *k++ = (char)c;
  }
  return i;
}

/* User memory src to the console's output (fd 1 or 2 as type says), a page at a time. n, or
 * the count up to the first page that is not user memory (-EFAULT if that is the first). */
static int consolewrite_user(enum filetype type, struct vmspace* vm, uint32_t src, uint32_t n) {
  uint32_t done = 0;
  while (done < n) {
    uint32_t va = src + done, len = MIN(n - done, PGSIZE - va % PGSIZE);
    const char* k = uva2ka(vm, va, 0);
    if (k == 0) break;
    consolewrite_fd(type == FD_CONSERR ? 2 : 1, k, len);
    done += len;
  }
  return done || n == 0 ? (int)done : -EFAULT;
}

/* read() on f: up to n bytes to user address dst in vm, from *off (f->off, or pread's own
 * offset), which moves past them. The count (0 at the end), short if a page of dst is not
 * writable user memory; -EBADF if f is not open for reading; -EISDIR for a directory; -EFAULT if
 * nothing could be stored; -EIO. dst is checked page by page as it fills, as Linux does: a check
 * of all of it first would map every page of a large buffer. */
int fileread_at(struct file* f, struct vmspace* vm, uint32_t dst, uint32_t n, uint64_t* off) {
  if (!f->readable) return -EBADF;
  if ((int32_t)n < 0) return -EFAULT;
  if (f->type == FD_CONSIN) return consoleread(vm, dst, n);
  if (f->type == FD_PIPE) return pipe_read(f, f->pipe, vm, dst, n);
  /* Not from user mode: a broken kernel invariant (callers inside the kernel). */
  if (f->type != FD_INODE) panic("fileread: readable file of type %d", f->type);
  if (itype(f->ip) == EXT2_S_IFDIR) return -EISDIR;
  ilock(f->ip);
  int r = readi(f->ip, vm, dst, *off, n);
  if (r > 0) *off += r;
  iunlock(f->ip);
  return r;
}

/* write() on f: n bytes from user address src in vm at *off (f->off, or pwrite's own offset),
 * at the end of the file if f was opened with O_APPEND (pwrite too, as on Linux). The
 * count, short if the disk filled up or a page of src is not user memory; -EBADF if f is not
 * open for writing; -EFAULT if not one byte could be read; -ENOSPC, -EFBIG, -EROFS, -EIO as
 * writei. src is read page by page, as Linux does (see fileread). */
int filewrite_at(struct file* f, struct vmspace* vm, uint32_t src, uint32_t n, uint64_t* off) {
  if (!f->writable) return -EBADF;
  if ((int32_t)n < 0) return -EFAULT;
  if (f->type == FD_CONSOUT || f->type == FD_CONSERR) return consolewrite_user(f->type, vm, src, n);
  if (f->type == FD_PIPE) return pipe_write(f, f->pipe, vm, src, n);
  /* Not from user mode: a broken kernel invariant (callers inside the kernel). */
  if (f->type != FD_INODE) panic("filewrite: writable file of type %d", f->type);
  ilock(f->ip);
  if (f->append) *off = isize(f->ip);
  int r = writei(f->ip, vm, src, *off, n);
  if (r > 0) *off += r;
  iunlock(f->ip);
  return r;
}

int fileread(struct file* f, struct vmspace* vm, uint32_t dst, uint32_t n) {
  return fileread_at(f, vm, dst, n, &f->off);
}

int filewrite(struct file* f, struct vmspace* vm, uint32_t src, uint32_t n) {
  return filewrite_at(f, vm, src, n, &f->off);
}

#define SEEK_DATA 3
#define SEEK_HOLE 4

/* lseek() on f: move its offset to off from the start, the current offset or the end (whence),
 * or to the next data or hole at or after off (SEEK_DATA, SEEK_HOLE: the whole file is data, as
 * Linux's generic answer). 0 with the new offset in *pos; -ESPIPE for the console, -EINVAL for a
 * bad whence or a result below 0 or past the file system's largest file, -ENXIO for SEEK_DATA or
 * SEEK_HOLE at or past the end. A character device (/dev/null) stays at 0, as on Linux. */
int fileseek(struct file* f, int64_t off, uint32_t whence, int64_t* pos) {
  if (f->type != FD_INODE) return -ESPIPE;
  if (whence > SEEK_HOLE) return -EINVAL;
  if (itype(f->ip) == EXT2_S_IFCHR) {
    *pos = 0;
    return 0;
  }
  ilock(f->ip);
  int64_t size = (int64_t)isize(f->ip), p;
  int r = 0;
  if (whence == SEEK_DATA || whence == SEEK_HOLE) {
    r = off < 0 || off >= size ? -ENXIO : 0;
    p = whence == SEEK_DATA ? off : size;
  } else {
    p = (whence == SEEK_SET ? 0 : whence == SEEK_CUR ? (int64_t)f->off : size) + off;
  }
  if (r == 0 && (p < 0 || (f->ip->dev == DEV_EXT2 && (uint64_t)p > fs_maxsize()))) r = -EINVAL;
  if (r == 0) f->off = (uint64_t)(*pos = p);
  iunlock(f->ip);
  return r;
}

/* What stat() says about f (stat.h), in *si. 0. */
int filestat(struct file* f, struct statinfo* si) {
  if (f->type == FD_PIPE) {
    pipe_stat(f->pipe, si);
    return 0;
  }
  if (f->type != FD_INODE) {
    statinfo_console(si);
    return 0;
  }
  ilock(f->ip);
  statinfo_inode(f->ip, si);
  iunlock(f->ip);
  return 0;
}
