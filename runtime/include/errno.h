/* errno.h - error numbers (Linux MIPS values, which differ from x86 above 34) and errno.
 *
 * errno is per thread: a macro over __errno_location(), which returns the running thread's slot
 * (src/errno/__errno_location.c; the thread library supplies the per-thread version, and before
 * any thread exists, or without the library, it is the main thread's). */
#ifndef _ERRNO_H
#define _ERRNO_H

int* __errno_location(void);
#define errno (*__errno_location())

#define EPERM 1
#define ENOENT 2
#define ESRCH 3
#define EINTR 4
#define EIO 5
#define ENXIO 6
#define E2BIG 7
#define ENOEXEC 8
#define EBADF 9
#define ECHILD 10
#define EAGAIN 11
#define ENOMEM 12
#define EACCES 13
#define EFAULT 14
#define EBUSY 16
#define EEXIST 17
#define EXDEV 18
#define ENODEV 19
#define ENOTDIR 20
#define EISDIR 21
#define EINVAL 22
#define ENFILE 23
#define EMFILE 24
#define ENOTTY 25
#define EFBIG 27
#define ENOSPC 28
#define ESPIPE 29
#define EROFS 30
#define EMLINK 31
#define EPIPE 32
#define EDOM 33
#define ERANGE 34
#define EDEADLK 45      /* MIPS numbering */
#define ENAMETOOLONG 78 /* MIPS numbering */
#define EOVERFLOW 79    /* MIPS numbering */
#define ENOSYS 89       /* MIPS numbering */
#define ETIMEDOUT 145   /* MIPS numbering */

#endif /* _ERRNO_H */
