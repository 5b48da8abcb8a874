/* Descriptor calls glibc programs use: dup, dup2 onto stdout, fcntl's flags and close-on-exec,
 * writev; and uname's system name.
 * Expect: status 0 */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/uio.h>
#include <sys/utsname.h>
#include <unistd.h>

int main(void) {
  int fd = dup(1);
  if (fd < 3) return 1;
  if (write(fd, "via dup\n", 8) != 8) return 2;
  if (fcntl(fd, F_GETFD) != 0 || fcntl(fd, F_SETFD, FD_CLOEXEC) != 0) return 3;
  if (fcntl(fd, F_GETFD) != FD_CLOEXEC) return 4;
  if ((fcntl(1, F_GETFL) & O_ACCMODE) != O_WRONLY && (fcntl(1, F_GETFL) & O_ACCMODE) != O_RDWR)
    return 5;
  int fd2 = fcntl(fd, F_DUPFD, 10);
  if (fd2 < 10 || fcntl(fd2, F_GETFD) != 0) return 6;
  struct iovec iov[3] = {{"write", 5}, {"v in ", 5}, {"three parts\n", 12}};
  if (writev(fd2, iov, 3) != 22) return 7;
  if (dup2(fd2, 12) != 12 || close(12) != 0 || close(fd2) != 0 || close(fd) != 0) return 8;
  if (write(fd, "x", 1) != -1) return 9;
  struct utsname u;
  if (uname(&u) != 0) return 10;
  printf("sysname %s\n", u.sysname);
  return 0;
}
