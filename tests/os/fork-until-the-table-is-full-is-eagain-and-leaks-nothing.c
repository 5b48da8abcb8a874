/* fork-until-the-table-is-full-is-eagain-and-leaks-nothing - fork (the raw o32 call) makes
 * children until the process table is full, then fails with EAGAIN, and the kernel stays well:
 * each child waits on a pipe until the parent closes its write end, then exits with its number;
 * the parent reaps every one with the right status, and sysinfo's process count and free memory
 * are back where they started (the copied address spaces, descriptors and kernel stacks all
 * went). With SA_NOCLDWAIT set, ended children leave no zombie: the wait finds none (ECHILD),
 * and the count is back too.
 * Expect: status 0 */
#include <errno.h>
#include <kasane/signo.h>
#include <kasane/syscall_nr.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "sysinfo32.h"

static struct sysinfo32 info(void) {
  struct sysinfo32 si;
  memset(&si, 0xff, sizeof si);
  CHECK_INT(syscall(SYS_sysinfo, &si, 0, 0, 0, 0, 0), 0);
  return si;
}

int main(void) {
  struct sysinfo32 before = info();
  int p[2];
  CHECK_INT(syscall(SYS_pipe2, (long)p, 0, 0, 0, 0, 0), 0);
  int n = 0;
  long pid;
  for (;;) {
    pid = syscall(SYS_fork, 0, 0, 0, 0, 0, 0);
    if (pid == 0) {
      char c;
      close(p[1]);
      read(p[0], &c, 1); /* 0: the parent closed its end */
      _exit(n % 100);
    }
    if (pid < 0) break;
    n++;
  }
  CHECK_INT(errno, EAGAIN);
  CHECK(n >= 8);
  CHECK_INT(info().procs, 1 + n);
  close(p[1]);
  int st, reaped = 0, right = 0;
  for (int i = 0; i < n; i++) {
    long r = waitpid(-1, &st, 0);
    if (r > 0) reaped++;
    right += r > 0 && WIFEXITED(st) && WEXITSTATUS(st) < n;
  }
  CHECK_INT(reaped, n);
  CHECK_INT(right, n);
  CHECK(waitpid(-1, &st, 0) < 0 && errno == ECHILD);
  close(p[0]);
  struct sysinfo32 after = info();
  CHECK_INT(after.procs, before.procs);
  CHECK_INT(after.freeram, before.freeram);

  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = SIG_DFL;
  sa.sa_flags = SA_NOCLDWAIT;
  CHECK_INT(sigaction(SIGCHLD, &sa, 0), 0);
  for (int i = 0; i < 3; i++)
    if (syscall(SYS_fork, 0, 0, 0, 0, 0, 0) == 0) _exit(1);
  CHECK(waitpid(-1, &st, 0) < 0 && errno == ECHILD);
  CHECK_INT(info().procs, before.procs);
  printf("%d children before EAGAIN; every one reaped; nothing leaked\n", n);
  return check_done();
}
