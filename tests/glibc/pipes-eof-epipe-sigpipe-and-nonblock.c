/* Pipes as Linux makes them: pipe and pipe2 give a read end and a write end; a read gets what was
 * written, in order, and 0 (the end) once every write end is closed, in this process and in the
 * child that shared it; a write with no read end left fails with EPIPE and raises SIGPIPE, which
 * by default kills the writer (a child here) and, ignored, leaves just the error. pipe2's
 * O_NONBLOCK makes an empty read and a full write EAGAIN (a pipe holds at least 4 KiB), and
 * O_CLOEXEC sets FD_CLOEXEC; fcntl reads and changes O_NONBLOCK; dup3 sets FD_CLOEXEC; fstat
 * says FIFO; lseek is ESPIPE; a write of at most PIPE_BUF bytes arrives whole.
 * Expect: status 0 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

int main(void) {
  int p[2], st;
  char buf[8192];
  if (pipe(p) < 0) return 1;
  printf("ends: %d %d\n", p[0], p[1]);
  write(p[1], "hello, ", 7);
  write(p[1], "pipe", 4);
  printf("read %zd: %.11s\n", read(p[0], buf, sizeof buf), buf);
  struct stat sb;
  fstat(p[0], &sb);
  printf("fifo %d, lseek %ld %s\n", S_ISFIFO(sb.st_mode), (long)lseek(p[0], 0, SEEK_SET),
         strerror(errno));

  /* The end: the child writes and closes; the parent closed its write end. */
  pid_t pid = fork();
  if (pid == 0) {
    close(p[0]);
    write(p[1], "from the child", 14);
    _exit(0);
  }
  close(p[1]);
  ssize_t n, total = 0;
  while ((n = read(p[0], buf + total, sizeof buf - total)) > 0) total += n;
  printf("read to the end: %zd bytes '%.*s', last read %zd\n", total, (int)total, buf, n);
  waitpid(pid, &st, 0);
  close(p[0]);

  /* No reader: SIGPIPE kills by default; ignored, EPIPE. */
  if (pipe(p) < 0) return 2;
  close(p[0]);
  pid = fork();
  if (pid == 0) {
    write(p[1], "x", 1);
    _exit(0); /* not reached */
  }
  waitpid(pid, &st, 0);
  printf("writer killed by SIGPIPE: %d\n", WIFSIGNALED(st) && WTERMSIG(st) == SIGPIPE);
  signal(SIGPIPE, SIG_IGN);
  errno = 0;
  printf("ignored: write %zd %s\n", write(p[1], "x", 1), strerror(errno));
  close(p[1]);

  /* O_NONBLOCK and O_CLOEXEC. */
  if (pipe2(p, O_NONBLOCK | O_CLOEXEC) < 0) return 3;
  printf("cloexec %d %d, nonblock %d\n", fcntl(p[0], F_GETFD), fcntl(p[1], F_GETFD),
         (fcntl(p[0], F_GETFL) & O_NONBLOCK) != 0);
  errno = 0;
  printf("empty read: %zd %s\n", read(p[0], buf, 1), strerror(errno));
  memset(buf, 'a', sizeof buf);
  long filled = 0;
  while ((n = write(p[1], buf, 512)) > 0) filled += n;
  printf("filled at least 4096: %d, then %s\n", filled >= 4096, strerror(errno));
  while (read(p[0], buf, sizeof buf) > 0) {
  }
  fcntl(p[0], F_SETFL, 0);
  printf("nonblock after F_SETFL 0: %d\n", (fcntl(p[0], F_GETFL) & O_NONBLOCK) != 0);
  int d = dup3(p[0], 9, O_CLOEXEC);
  printf("dup3: %d cloexec %d; dup2 keeps none: %d\n", d, fcntl(9, F_GETFD),
         fcntl(dup2(p[0], 10), F_GETFD));
  errno = 0;
  printf("pipe2 bad flag: %d %s\n", pipe2(p, 1), strerror(errno));

  /* PIPE_BUF writes from two children do not interleave. */
  if (pipe(p) < 0) return 4;
  for (int c = 0; c < 2; c++) {
    if (fork() == 0) {
      char chunk[PIPE_BUF];
      memset(chunk, 'A' + c, sizeof chunk);
      for (int i = 0; i < 8; i++) write(p[1], chunk, sizeof chunk);
      _exit(0);
    }
  }
  close(p[1]);
  long count[2] = {0, 0}, chunks = 0, whole = 1;
  for (;;) {
    total = 0;
    while (total < PIPE_BUF && (n = read(p[0], buf + total, PIPE_BUF - total)) > 0) total += n;
    if (total == 0) break;
    for (int i = 1; i < total; i++)
      if (buf[i] != buf[0]) whole = 0;
    count[buf[0] - 'A'] += total;
    chunks++;
  }
  while (wait(&st) > 0) {
  }
  printf("PIPE_BUF chunks: %ld, each whole %ld, bytes %ld %ld\n", chunks, whole, count[0],
         count[1]);
  return 0;
}
