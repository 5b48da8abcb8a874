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
#define MAXERRNO 4095 /* a result in [-4095, -1] is an error, as Linux decides */

#endif /* KASANE_OS_ERRNO_H */
