/* posix-descriptors-dup-fcntl-pipe-poll - the runtime's descriptor calls: dup, dup2, dup3 with
 * O_CLOEXEC, fcntl (F_DUPFD, F_GETFD/F_SETFD, F_GETFL/F_SETFL with O_NONBLOCK: EAGAIN on an empty
 * pipe), pipe and pipe2, writev/readv, pread/pwrite (the offset stays), isatty (ENOTTY on a pipe
 * and a file, EBADF on a closed descriptor), poll and ppoll, select and pselect with a zero
 * timeout. Descriptors stay below 16, the Kasane kernel's limit. The glibc build must print
 * the same.
 * Expect: status 0
 * Files: basic
 * Glibc: yes */
#define _GNU_SOURCE /* dup3, pipe2, ppoll */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/select.h>
#include <sys/uio.h>
#include <unistd.h>

#include "check.h"

int main(void) {
  /* dup and friends. */
  int fd = open("data", O_RDWR | O_CREAT | O_TRUNC, 0644);
  CHECK_INT(fd, 3);
  CHECK_INT(dup(fd), 4);
  CHECK_INT(dup2(fd, 10), 10);
  CHECK_INT(dup2(10, 10), 10);
  CHECK_INT(fcntl(10, F_GETFD), 0);
  CHECK_INT(dup3(fd, 11, O_CLOEXEC), 11);
  CHECK_INT(fcntl(11, F_GETFD), FD_CLOEXEC);
  errno = 0;
  CHECK_INT(dup3(fd, fd, 0), -1);
  CHECK_INT(errno, EINVAL);
  CHECK_INT(fcntl(fd, F_DUPFD, 12), 12);
  CHECK_INT(fcntl(fd, F_DUPFD_CLOEXEC, 12), 13);
  CHECK_INT(fcntl(13, F_GETFD), FD_CLOEXEC);
  CHECK_INT(fcntl(13, F_SETFD, 0), 0);
  CHECK_INT(fcntl(13, F_GETFD), 0);
  CHECK_INT(fcntl(fd, F_GETFL) & O_ACCMODE, O_RDWR);
  for (int i = 4; i <= 13; i++) close(i);
  errno = 0;
  CHECK_INT(fcntl(30, F_GETFD), -1);
  CHECK_INT(errno, EBADF);

  /* Vectored and positioned I/O. */
  struct iovec out[3] = {{"one ", 4}, {"two ", 4}, {"three\n", 6}};
  CHECK_INT(writev(fd, out, 3), 14);
  CHECK_INT(lseek(fd, 0, SEEK_CUR), 14);
  CHECK_INT(pwrite(fd, "TWO", 3, 4), 3);
  char a[5] = {0}, b[10] = {0};
  CHECK_INT(pread(fd, a, 4, 0), 4);
  CHECK_STR(a, "one ");
  CHECK_INT(lseek(fd, 0, SEEK_CUR), 14);
  CHECK_INT(lseek(fd, 4, SEEK_SET), 4);
  struct iovec in[2] = {{a, 4}, {b, 6}};
  CHECK_INT(readv(fd, in, 2), 10);
  CHECK_STR(a, "TWO ");
  CHECK_STR(b, "three\n");
  errno = 0;
  CHECK_INT(pread(fd, a, 1, -1), -1);
  CHECK_INT(errno, EINVAL);

  /* isatty. */
  errno = 0;
  CHECK_INT(isatty(fd), 0);
  CHECK_INT(errno, ENOTTY);
  errno = 0;
  CHECK_INT(isatty(40), 0);
  CHECK_INT(errno, EBADF);
  CHECK_INT(close(fd), 0);

  /* Pipes, non-blocking reads and readiness. */
  int p[2];
  CHECK_INT(pipe(p), 0);
  CHECK_INT(fcntl(p[0], F_GETFD), 0);
  errno = 0;
  CHECK_INT(isatty(p[0]), 0);
  CHECK_INT(errno, ENOTTY);
  errno = 0;
  CHECK_INT(pwrite(p[1], "x", 1, 0), -1);
  CHECK_INT(errno, ESPIPE);
  CHECK_INT(fcntl(p[0], F_SETFL, O_NONBLOCK), 0);
  CHECK_INT(fcntl(p[0], F_GETFL) & O_NONBLOCK, O_NONBLOCK);
  char c;
  errno = 0;
  CHECK_INT(read(p[0], &c, 1), -1);
  CHECK_INT(errno, EAGAIN);
  struct pollfd pf[2] = {{p[0], POLLIN, 0}, {p[1], POLLOUT, 0}};
  CHECK_INT(poll(pf, 2, 0), 1);
  CHECK_INT(pf[0].revents, 0);
  CHECK_INT(pf[1].revents, POLLOUT);
  fd_set r, w;
  FD_ZERO(&r);
  FD_SET(p[0], &r);
  struct timeval tv = {0, 0};
  CHECK_INT(select(p[0] + 1, &r, NULL, NULL, &tv), 0);
  CHECK_INT(FD_ISSET(p[0], &r), 0);
  CHECK_INT(write(p[1], "y", 1), 1);
  CHECK_INT(poll(pf, 1, 1000), 1);
  CHECK_INT(pf[0].revents, POLLIN);
  sigset_t none;
  sigemptyset(&none);
  struct timespec zero = {0, 0};
  CHECK_INT(ppoll(pf, 2, &zero, &none), 2);
  FD_ZERO(&r);
  FD_ZERO(&w);
  FD_SET(p[0], &r);
  FD_SET(p[1], &w);
  CHECK_INT(pselect(p[1] + 1, &r, &w, NULL, &zero, &none), 2);
  CHECK(FD_ISSET(p[0], &r) && FD_ISSET(p[1], &w));
  CHECK_INT(zero.tv_sec + zero.tv_nsec, 0);
  CHECK_INT(read(p[0], &c, 1), 1);
  CHECK_INT(c, 'y');
  CHECK_INT(close(p[1]), 0);
  CHECK_INT(poll(pf, 1, 0), 1);
  CHECK_INT(pf[0].revents & POLLHUP, POLLHUP);
  CHECK_INT(read(p[0], &c, 1), 0);
  CHECK_INT(close(p[0]), 0);

  int q[2];
  CHECK_INT(pipe2(q, O_CLOEXEC | O_NONBLOCK), 0);
  CHECK_INT(fcntl(q[0], F_GETFD), FD_CLOEXEC);
  CHECK_INT(fcntl(q[1], F_GETFL) & O_NONBLOCK, O_NONBLOCK);
  CHECK_INT(close(q[0]), 0);
  CHECK_INT(close(q[1]), 0);
  CHECK_INT(unlink("data"), 0);
  return check_done();
}
