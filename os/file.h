/* Open files (file.c): the system-wide file table that the descriptors of processes point into.
 * A struct file is one open(): its offset and access mode are shared by every descriptor that
 * filedup copied from it (across spawn), as POSIX says. Fields are guarded by the big kernel
 * lock; f->off of a file on disk changes only under its inode's lock. */
#ifndef KASANE_OS_FILE_H
#define KASANE_OS_FILE_H

#include <stdint.h>

struct inode;
struct proc;
struct statinfo;
struct vmspace;

enum filetype {
  FD_NONE,    /* a free slot of the table */
  FD_CONSIN,  /* the console's input (fd 0 of the first process) */
  FD_CONSOUT, /* the console's output: the simulator's stdout */
  FD_CONSERR, /* the console's error output: the simulator's stderr */
  FD_INODE,   /* a file, directory or synthetic file (fs.h) */
};

struct file {
  enum filetype type;
  int ref;          /* descriptors pointing here; the slot is free at 0 */
  char readable;    /* opened for reading */
  char writable;    /* opened for writing */
  char append;      /* O_APPEND: every write goes to the end */
  uint64_t off;     /* FD_INODE: where the next read or write starts; a directory's position */
  struct inode* ip; /* FD_INODE: the file, referenced */
};

struct file* filealloc(void);
struct file* filedup(struct file* f);
void fileclose(struct file* f);
int fileread(struct file* f, struct vmspace* vm, uint32_t dst, uint32_t n);
int fileread_at(struct file* f, struct vmspace* vm, uint32_t dst, uint32_t n, uint64_t* off);
int filewrite_at(struct file* f, struct vmspace* vm, uint32_t src, uint32_t n, uint64_t* off);
int filewrite(struct file* f, struct vmspace* vm, uint32_t src, uint32_t n);
int fileseek(struct file* f, int64_t off, uint32_t whence, int64_t* pos);
int filestat(struct file* f, struct statinfo* si);
void fileinit_proc(struct proc* p);
/* sysfile.c: descriptors */
struct file* fdget(uint32_t fd);
int fdalloc(struct file* f, uint32_t min, int cloexec);
void fdinstall(uint32_t fd, struct file* f, int cloexec);
void proc_closefiles(struct proc* p);
void proc_inheritfs(struct proc* p, struct proc* parent);

#endif /* KASANE_OS_FILE_H */
