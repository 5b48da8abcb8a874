/* Error numbers the system calls return, with MIPS Linux values (they differ from other
 * architectures' above 34: ENOSYS is 89 here, not 38). */
#ifndef KASANE_OS_ERRNO_H
#define KASANE_OS_ERRNO_H

#define EPERM 1
#define ENOENT 2
#define EINTR 4
#define EIO 5
#define EBADF 9
#define EAGAIN 11
#define ENOMEM 12
#define EFAULT 14
#define EINVAL 22
#define ENOSYS 89
/* used by processes and memory (sysproc.c, proc.c, exec.c) */
#define ESRCH 3
#define E2BIG 7
#define ENOEXEC 8
#define ECHILD 10
#define ENODEV 19
#define ENAMETOOLONG 78 /* MIPS: 78, not 36 */
#define ELOOP 90        /* MIPS: 90, not 40 */
#define WNOHANG 1       /* wait4 option */
/* used by pipes and polling (pipe.c, poll.c) */
#define EPIPE 32
/* used by files (file.c, fs.c, dir.c, sysfile.c) */
#define EEXIST 17
#define EISDIR 21
#define ENFILE 23
#define EMFILE 24
#define EFBIG 27
#define ENOSPC 28
#define ESPIPE 29
#define EROFS 30
#define EOVERFLOW 79 /* MIPS: 79, not 75 */
#define EACCES 13
#define ENOTDIR 20
#define ENOTTY 25
#define ERANGE 34
#define ENXIO 6
#define EBUSY 16
#define EXDEV 18
#define EMLINK 31
#define ELOOP 90       /* MIPS: 90, not 40 */
#define ENOTEMPTY 93   /* MIPS: 93, not 39 */
#define EOPNOTSUPP 122 /* MIPS: 122, not 95 */
/* used by threads (futex.c) */
#define ETIMEDOUT 145
/* Kernel only, never seen by a program: a wait ended by a signal that Linux restarts when the
 * handler has SA_RESTART or no handler runs (syscall.c: syscall_settle); EINTR otherwise. */
#define ERESTARTSYS 512
/* Kernel only: a wait for a signal (pause, rt_sigsuspend) that ends with EINTR once a handler has
 * run, and goes on if none did. */
#define ERESTARTNOHAND 514
#define MAXERRNO 4095 /* a result in [-4095, -1] is an error, as Linux decides */

#endif /* KASANE_OS_ERRNO_H */
