/* pipe-read-blocks-one-thread-with-notifications - with kernel notifications registered
 * (upcall.h's minimal runtime), a read() of an empty pipe does not hold the context, exactly as a
 * read that waits for the disk (cold-read-blocks-one-thread-and-compute-runs): the kernel raises
 * BLOCKED (argument: SYS_read) on the reader's context, the handler runs the worker, which counts,
 * and when the writer, a child process that sleeps 2 ms first, writes, the kernel raises
 * UNBLOCKED with the read's result and the handler resumes the reader, which gets the bytes.
 * Expect: status 0 */
#include <kasane/syscall_nr.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "thread.h"
#include "upcall.h"

int main(int argc, char** argv) {
  if (argc == 3 && strcmp(argv[1], "writer") == 0) {
    struct timespec d = {0, 2000000};
    nanosleep(&d, 0);
    return write(atoi(argv[2]), "through the pipe", 16) == 16 ? 0 : 1;
  }
  int p[2];
  CHECK_INT(syscall(SYS_pipe2, (long)p, 0, 0, 0, 0, 0), 0);
  char fd[8];
  snprintf(fd, sizeof fd, "%d", p[1]);
  char* cargv[] = {argv[0], "writer", fd, 0};
  char* cenv[] = {0};
  int pid = kasane_spawn(argv[0], cargv, cenv);
  CHECK(pid > 0);
  close(p[1]);

  struct kasane_notify_stats before, after;
  CHECK_INT(kasane_notify_stats(&before), 0);
  CHECK_INT(upcall_register(0), 0);
  char buf[32] = {0};
  int n = read(p[0], buf, sizeof buf - 1);
  CHECK_INT(kasane_notify_register(0), 0);
  CHECK_INT(kasane_notify_stats(&after), 0);

  CHECK_INT(n, 16);
  CHECK(strcmp(buf, "through the pipe") == 0);
  CHECK_INT(upcall_seen[KASANE_EV_BLOCKED].count, 1);
  CHECK_INT(upcall_seen[KASANE_EV_BLOCKED].arg, SYS_read);
  CHECK(upcall_seen[KASANE_EV_BLOCKED].thmb == (uint32_t)&thmb_main);
  CHECK_INT(upcall_seen[KASANE_EV_UNBLOCKED].count, 1);
  CHECK_INT(upcall_seen[KASANE_EV_UNBLOCKED].arg, 16);
  CHECK(upcall_seen[KASANE_EV_UNBLOCKED].thmb == (uint32_t)&thmb_main);
  CHECK(worker_count > 0);
  CHECK_INT(after.blocked - before.blocked, 1);
  CHECK_INT(after.unblocked - before.unblocked, 1);
  int st;
  CHECK(waitpid(pid, &st, 0) == pid && WIFEXITED(st) && WEXITSTATUS(st) == 0);
  printf("the worker counted to %u while the read waited for the writer\n", worker_count);
  return check_done();
}
