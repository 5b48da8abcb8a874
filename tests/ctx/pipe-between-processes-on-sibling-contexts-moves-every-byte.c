/* pipe-between-processes-on-sibling-contexts-moves-every-byte - in context mode a writer and a
 * reader process, forked children of one parent, run at once on two CPUs (siblings of one core,
 * or two cores) and move 256 KiB through a pipe: the writer in 3,001-byte writes, the reader in
 * reads of other sizes, so the pipe fills and drains and each side sleeps and is woken from
 * another CPU. The reader checks every byte and the end of file after the writer's last; each
 * child reports the CPU it started on through a second pipe, and the two must differ.
 * Expect: status 0 */
#include <kasane/syscall_nr.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "smp.h"

#define TOTAL (256u * 1024u)

static uint8_t byte_at(uint32_t i) { return (uint8_t)(i * 2654435761u >> 24); }

static pid_t fork_raw(void) { return (pid_t)syscall(SYS_fork); }

/* Write TOTAL bytes of the pattern to fd: 0, or 1 on a short or failed write. */
static int writer(int fd) {
  static uint8_t buf[3001];
  for (uint32_t off = 0; off < TOTAL;) {
    uint32_t n = TOTAL - off < sizeof buf ? TOTAL - off : sizeof buf;
    for (uint32_t i = 0; i < n; i++) buf[i] = byte_at(off + i);
    if (write(fd, buf, n) != (ssize_t)n) return 1;
    off += n;
  }
  return 0;
}

/* Read the pattern from fd to its end: 0 if every byte came, in order, then end of file. */
static int reader(int fd) {
  static uint8_t buf[4096];
  static const uint32_t sizes[] = {1, 511, 4096, 700, 2048};
  uint32_t off = 0;
  for (int k = 0;; k++) {
    ssize_t got = read(fd, buf, sizes[k % 5]);
    if (got < 0) return 2;
    if (got == 0) break;
    for (ssize_t i = 0; i < got; i++)
      if (off + (uint32_t)i >= TOTAL || buf[i] != byte_at(off + (uint32_t)i)) return 3;
    off += (uint32_t)got;
  }
  return off == TOTAL ? 0 : 4;
}

int main(void) {
  int data[2], report[2];
  CHECK_INT(syscall(SYS_pipe2, data, 0), 0);
  CHECK_INT(syscall(SYS_pipe2, report, 0), 0);
  pid_t w = fork_raw();
  if (w == 0) {
    uint8_t cpu = (uint8_t)this_cpu();
    close(data[0]);
    write(report[1], &cpu, 1);
    _exit(writer(data[1]));
  }
  pid_t r = fork_raw();
  if (r == 0) {
    uint8_t cpu = (uint8_t)this_cpu();
    close(data[1]);
    write(report[1], &cpu, 1);
    _exit(reader(data[0]));
  }
  CHECK(w > 0 && r > 0);
  close(data[0]);
  close(data[1]);
  close(report[1]);
  uint8_t cpus[2];
  CHECK(read(report[0], &cpus[0], 1) == 1 && read(report[0], &cpus[1], 1) == 1);
  CHECK(cpus[0] != cpus[1]);
  int sw = -1, sr = -1;
  CHECK(waitpid(w, &sw, 0) == w && waitpid(r, &sr, 0) == r);
  CHECK(WIFEXITED(sw));
  CHECK_INT(WEXITSTATUS(sw), 0);
  CHECK(WIFEXITED(sr));
  CHECK_INT(WEXITSTATUS(sr), 0);
  return check_done();
}
