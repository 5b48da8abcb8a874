/* Pipes: PIPEPAGES pages of buffer between the files of its two ends (file.c dispatches a FD_PIPE file's
 * read, write and close here). A read waits while the pipe is empty and a writer is left, then
 * takes what is there; at the end (empty, no writer) it is 0. A write waits while the pipe is
 * full; one of PIPE_BUF bytes or fewer goes in whole, never interleaved with another; with no
 * reader left it is EPIPE, and the writing thread gets SIGPIPE. O_NONBLOCK makes a wait EAGAIN.
 * A wait is sleep()'s, so it holds one thread only, and a thread of a runtime registered for
 * kernel notifications raises BLOCKED as a disk read does (notify.c). poll.c asks pipe_poll. */
#include <kasane/signo.h>

#include "defs.h"
#include "errno.h"
#include "fcntl.h"
#include "file.h"
#include "param.h"
#include "proc.h"
#include "stat.h"

#define PIPEPAGES 4 /* pages of a pipe's buffer: more than PIPE_BUF, so that poll's POLLOUT (room
                     * for PIPE_BUF) holds with a little in the pipe, as with Linux's 64 KiB */
#define PIPESIZE (PIPEPAGES * PGSIZE) /* bytes a pipe holds */
#define PIPE_BUF PGSIZE /* a write of at most this many bytes is atomic (Linux: 4096) */
#define NPIPE (NFILE / 2) /* two files each: the file table's bound */

struct pipe {
  char* buf[PIPEPAGES];   /* its ring, a page each from kalloc; buf[0] 0: the slot is free */
  uint32_t nread, nwrite; /* bytes read and written since it was made (the ring's positions;
                           * PIPESIZE divides 2^32, so they may wrap) */
  int readers, writers;   /* open files of each end */
};

static struct pipe pipes[NPIPE];

/* Something changed in pi: its waiters, and every poll, look again. */
static void wake(struct pipe* pi) {
  wakeup(pi);
  poll_wakeup();
}

/* pipe2's work: two new files, the read end in *rf and the write end in *wf, each with one
 * reference. 0; -ENFILE if the file or pipe table is full, -ENOMEM if no page is free. */
int pipe_alloc(struct file** rf, struct file** wf) {
  struct pipe* pi = pipes;
  while (pi < &pipes[NPIPE] && pi->buf[0]) pi++;
  if (pi == &pipes[NPIPE]) return -ENFILE;
  *rf = filealloc();
  *wf = *rf ? filealloc() : 0;
  if (*wf == 0) {
    if (*rf) fileclose(*rf);
    return -ENFILE;
  }
  for (int i = 0; i < PIPEPAGES; i++) {
    if ((pi->buf[i] = kalloc()) != 0) continue;
    while (i-- > 0) kfree(pi->buf[i]);
    pi->buf[0] = 0;
    fileclose(*rf);
    fileclose(*wf);
    return -ENOMEM;
  }
  pi->nread = pi->nwrite = 0;
  pi->readers = pi->writers = 1;
  (*rf)->type = (*wf)->type = FD_PIPE;
  (*rf)->pipe = (*wf)->pipe = pi;
  (*rf)->readable = 1;
  (*wf)->writable = 1;
  return 0;
}

/* The last reference to a file of pi's write end (writable) or read end went: the other end's
 * waiters look again (EOF, EPIPE); the last of both frees the pipe. */
void pipe_close(struct pipe* pi, int writable) {
  if (writable)
    pi->writers--;
  else
    pi->readers--;
  wake(pi);
  if (pi->readers == 0 && pi->writers == 0) {
    for (int i = PIPEPAGES - 1; i >= 0; i--) kfree(pi->buf[i]);
    pi->buf[0] = 0;
  }
}

/* Wait on pi in the calling thread. 0, or -ERESTARTSYS if a signal or a kill ended the wait. */
static int pipe_wait(struct pipe* pi) {
  struct kthread* kt = mykt();
  if (interrupted(kt)) return -ERESTARTSYS;
  kt->interruptible = 1;
  sleep(pi);
  mykt()->interruptible = 0;
  return 0;
}

/* read() on read end f of pipe pi: up to n bytes to dst in vm. The count; 0 at the end;
 * -EAGAIN for an empty pipe with O_NONBLOCK; -EFAULT if not a byte could be stored;
 * -ERESTARTSYS if a signal ends the wait. */
int pipe_read(struct file* f, struct pipe* pi, struct vmspace* vm, uint32_t dst, uint32_t n) {
  if (n == 0) return 0; /* as Linux: no wait for a read of nothing */
  while (pi->nread == pi->nwrite && pi->writers > 0) {
    if (f->nonblock) return -EAGAIN;
    int r = pipe_wait(pi);
    if (r < 0) return r;
  }
  uint32_t done = 0;
  while (done < n && pi->nread != pi->nwrite) {
    uint32_t off = pi->nread % PGSIZE; /* within its page: a copy stays in one */
    uint32_t m = MIN(MIN(n - done, pi->nwrite - pi->nread), PGSIZE - off);
    if (copyout(vm, dst + done, pi->buf[pi->nread / PGSIZE % PIPEPAGES] + off, m) < 0) break;
    pi->nread += m;
    done += m;
  }
  if (done) wake(pi); /* writers waiting for room */
  if (done == 0 && pi->nread != pi->nwrite) return -EFAULT; /* else the end: 0 */
  return done;
}

/* write() on write end f of pipe pi: n bytes from src in vm. The count (short only if a page of
 * src is bad, or with O_NONBLOCK when the pipe fills); -EPIPE with SIGPIPE to the caller if no
 * reader is left; -EAGAIN if nothing fits with O_NONBLOCK; -EFAULT; -ERESTARTSYS if a signal
 * ends a wait before anything was written (else the count so far). */
int pipe_write(struct file* f, struct pipe* pi, struct vmspace* vm, uint32_t src, uint32_t n) {
  uint32_t done = 0;
  while (done < n) {
    if (pi->readers == 0) {
      struct kthread* kt = mykt();
      if (kt->ltn)
        signal_send_kt(kt, SIGPIPE, kt->proc->pid); /* Linux sends it to the writing thread */
      else
        signal_send(kt->proc, SIGPIPE, kt->proc->pid, 0); /* a call parked by a notification */
      return done ? (int)done : -EPIPE;
    }
    uint32_t room = PIPESIZE - (pi->nwrite - pi->nread);
    /* A small write waits for room for all of it, so that it is not interleaved. */
    if (room == 0 || (n <= PIPE_BUF && room < n - done)) {
      if (f->nonblock) return done ? (int)done : -EAGAIN;
      wake(pi); /* readers: what is there already */
      int r = pipe_wait(pi);
      if (r < 0) return done ? (int)done : r;
      continue;
    }
    uint32_t off = pi->nwrite % PGSIZE;
    uint32_t m = MIN(MIN(n - done, room), PGSIZE - off);
    if (copyin(vm, pi->buf[pi->nwrite / PGSIZE % PIPEPAGES] + off, src + done, m) < 0) {
      if (done == 0) return -EFAULT;
      break;
    }
    pi->nwrite += m;
    done += m;
    wake(pi);
  }
  return done;
}

/* What poll sees on end f of pipe pi: POLL_IN if a read would not wait (data, or the end),
 * POLL_OUT if a write would not (room for PIPE_BUF, or no reader: EPIPE), POLL_HUP on a read
 * end whose writers have all gone, POLL_ERR on a write end whose readers have. */
int pipe_poll(struct file* f, struct pipe* pi) {
  int ev = 0;
  if (f->readable) {
    if (pi->nread != pi->nwrite || pi->writers == 0) ev |= POLL_IN;
    if (pi->writers == 0) ev |= POLL_HUP;
  }
  if (f->writable) {
    if (pi->readers == 0) ev |= POLL_OUT | POLL_ERR;
    else if (PIPESIZE - (pi->nwrite - pi->nread) >= PIPE_BUF) ev |= POLL_OUT;
  }
  return ev;
}

/* What fstat says of a pipe: a FIFO, the bytes waiting in it as its size, as Linux. */
void pipe_stat(struct pipe* pi, struct statinfo* si) {
  memset(si, 0, sizeof *si);
  si->mode = S_IFIFO | 0600;
  si->size = pi->nwrite - pi->nread;
  si->blksize = PGSIZE;
}

/* pipe2(fds, flags): a pipe, its read end at the lowest free descriptor and its write end at the
 * next, stored in fds[0] and fds[1]; O_CLOEXEC and O_NONBLOCK apply to both. 0; -EINVAL for
 * another flag, -EFAULT (nothing made), -EMFILE, -ENFILE, -ENOMEM. */
static int pipe2(int fds[2], uint32_t flags) {
  if (flags & ~(O_CLOEXEC | O_NONBLOCK)) return -EINVAL;
  struct file *rf, *wf;
  int r = pipe_alloc(&rf, &wf);
  if (r < 0) return r;
  rf->nonblock = wf->nonblock = (flags & O_NONBLOCK) != 0;
  fds[0] = fdalloc(rf, 0, flags & O_CLOEXEC);
  fds[1] = fds[0] < 0 ? -EMFILE : fdalloc(wf, 0, flags & O_CLOEXEC);
  if (fds[1] < 0) {
    if (fds[0] >= 0) myproc()->ofile[fds[0]] = 0;
    fileclose(rf);
    fileclose(wf);
    return -EMFILE;
  }
  return 0;
}

int32_t sys_pipe2(void) {
  uint32_t ufds, flags;
  argaddr(0, &ufds), argint(1, &flags);
  struct proc* p = myproc();
  if (!uvm_accessok(p->vm, ufds, 8, 1)) return -EFAULT; /* before anything is made, as Linux */
  int fds[2];
  int r = pipe2(fds, flags);
  if (r < 0) return r;
  copyout(p->vm, ufds, fds, sizeof fds);
  return 0;
}

/* pipe(): MIPS o32's own convention, which glibc's pipe.S follows: the read end in $v0 (the
 * result) and the write end in $v1. */
int32_t sys_pipe(void) {
  int fds[2];
  int r = pipe2(fds, 0);
  if (r < 0) return r;
  mykt()->tf->regs[REG_V1] = fds[1];
  return fds[0];
}
