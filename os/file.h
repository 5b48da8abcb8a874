/* Open files (file.c): the system-wide file table that the descriptors of processes point into.
 * A struct file is one open(): its offset and access mode are shared by every descriptor that
 * filedup copied from it (across spawn), as POSIX says. Fields are guarded by the big kernel
 * lock; f->off of a file on disk changes only under its inode's lock. */
#ifndef KASANE_OS_FILE_H
#define KASANE_OS_FILE_H

#include <stdint.h>

struct inode;
struct pipe;
struct proc;
struct statinfo;
struct vmspace;

enum filetype {
  FD_NONE,    /* a free slot of the table */
  FD_CONSIN,  /* the console's input (fd 0 of the first process) */
  FD_CONSOUT, /* the console's output: the simulator's stdout */
  FD_CONSERR, /* the console's error output: the simulator's stderr */
  FD_INODE,   /* a file, directory or synthetic file (fs.h) */
  FD_PIPE,    /* an end of a pipe (pipe.c): the read end is readable, the write end writable */
};

/* poll's events (<poll.h>); pipe_poll and poll.c. */
#define POLL_IN 0x001
#define POLL_PRI 0x002
#define POLL_OUT 0x004
#define POLL_ERR 0x008
#define POLL_HUP 0x010
#define POLL_NVAL 0x020

struct file {
  enum filetype type;
  int ref;          /* descriptors pointing here; the slot is free at 0 */
  char readable;    /* opened for reading */
  char writable;    /* opened for writing */
  char append;      /* O_APPEND: every write goes to the end */
  char nonblock;    /* O_NONBLOCK: a read or write that would wait is EAGAIN (pipes) */
  uint64_t off;     /* FD_INODE: where the next read or write starts; a directory's position */
  struct inode* ip; /* FD_INODE: the file, referenced */
  struct pipe* pipe; /* FD_PIPE: its pipe */
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
/* pipe.c */
int pipe_alloc(struct file** rf, struct file** wf);
void pipe_close(struct pipe* pi, int writable);
int pipe_read(struct file* f, struct pipe* pi, struct vmspace* vm, uint32_t dst, uint32_t n);
int pipe_write(struct file* f, struct pipe* pi, struct vmspace* vm, uint32_t src, uint32_t n);
int pipe_poll(struct file* f, struct pipe* pi);
void pipe_stat(struct pipe* pi, struct statinfo* si);
/* sysfile.c: descriptors */
struct file* fdget(uint32_t fd);
int fdalloc(struct file* f, uint32_t min, int cloexec);
void fdinstall(uint32_t fd, struct file* f, int cloexec);
void proc_closefiles(struct proc* p);
void proc_inheritfs(struct proc* p, struct proc* parent);

#endif /* KASANE_OS_FILE_H */
