/* sysinfo-counts-processes-and-free-memory - sysinfo reports one more process and less free memory
 * while a spawned child lives or is a zombie not yet reaped, and the same counts as
 * before once it is reaped: what the system call fuzzer's leak check relies on. A bad pointer
 * gives EFAULT.
 * Expect: status 0 */
#include <errno.h>
#include <kasane/syscall_nr.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "sysinfo32.h"
#include "thread.h"

static struct sysinfo32 info(void) {
  struct sysinfo32 si;
  memset(&si, 0xff, sizeof si);
  CHECK_INT(syscall(SYS_sysinfo, &si, 0, 0, 0, 0, 0), 0);
  return si;
}

int main(int argc, char** argv) {
  if (argc > 1) return 7; /* the child */
  struct sysinfo32 before = info();
  CHECK_INT(before.procs, 1);
  CHECK_INT(before.mem_unit, 1);
  CHECK(before.freeram > 0 && before.freeram < before.totalram);

  pid_t pid = spawn_self(argv[0], "child", 0);
  CHECK(pid > 0);
  /* Running or already a zombie, the child holds a slot and memory until it is reaped. */
  struct sysinfo32 child = info();
  CHECK_INT(child.procs, 2);
  CHECK(child.freeram < before.freeram);
  int st;
  CHECK(waitpid(pid, &st, 0) == pid);
  CHECK_INT(WEXITSTATUS(st), 7);

  struct sysinfo32 after = info();
  CHECK_INT(after.procs, before.procs);
  CHECK_INT(after.freeram, before.freeram);

  errno = 0;
  CHECK_INT(syscall(SYS_sysinfo, (void*)0x80000000, 0, 0, 0, 0, 0), -1);
  CHECK_INT(errno, EFAULT);
  return check_done();
}
