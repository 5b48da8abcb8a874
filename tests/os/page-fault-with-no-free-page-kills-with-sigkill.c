/* page-fault-with-no-free-page-kills-with-sigkill - a child maps more anonymous memory than the
 * machine has (an 8 MiB RAM here) and touches it page by page. When no page is left the kernel
 * ends it with SIGKILL and a line that says memory ran out, as Linux's OOM killer does, not with
 * a SIGSEGV that would look like a bad pointer. Every page comes back: free memory is what it was
 * before the child, and a second child runs normally.
 * Expect: status 0
 * Set: memory.ram_size=8388608
 * Stderr: out of memory: no free page for address */
#include <errno.h>
#include <kasane/syscall_nr.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "sysinfo32.h"
#include "thread.h"

static unsigned long freeram(void) {
  struct sysinfo32 si;
  CHECK_INT(syscall(SYS_sysinfo, &si, 0, 0, 0, 0, 0), 0);
  return si.freeram;
}

enum { MAP = 16 << 20, PAGE = 4096 };

int main(int argc, char** argv) {
  if (argc > 1 && strcmp(argv[1], "hog") == 0) {
    char* p = mmap(0, MAP, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return 3; /* the mapping itself costs no RAM: it must succeed */
    for (unsigned i = 0; i < MAP; i += PAGE) p[i] = 1;
    return 4; /* not reached: 16 MiB of pages do not fit in 8 MiB */
  }
  if (argc > 1) return 7; /* the well-behaved child */

  unsigned long before = freeram();
  CHECK(before > 0 && before < MAP);
  pid_t hog = spawn_self(argv[0], "hog", 0);
  CHECK(hog > 0);
  int st = -1;
  CHECK(waitpid(hog, &st, 0) == hog);
  CHECK(WIFSIGNALED(st));
  CHECK_INT(WTERMSIG(st), SIGKILL);
  CHECK_INT(freeram(), before);

  pid_t good = spawn_self(argv[0], "good", 0);
  CHECK(good > 0);
  CHECK(waitpid(good, &st, 0) == good);
  CHECK(WIFEXITED(st));
  CHECK_INT(WEXITSTATUS(st), 7);
  return check_done();
}
