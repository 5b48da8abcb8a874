/* store-to-null-kills-only-that-process - a child (this program spawned again with the argument
 * "child") stores to address 0: the kernel ends it with SIGSEGV, the parent's waitpid sees
 * WIFSIGNALED with WTERMSIG SIGSEGV, and the parent goes on (it spawns a second, well-behaved
 * child and that one exits normally). The kernel's line about the fault goes to the console's
 * stderr, not to stdout, which is the program's own (the runner checks the Stderr line).
 * Expect: status 0
 * Stderr: TLB miss on store (TLBS) at pc */
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "thread.h"

int main(int argc, char** argv) {
  if (argc > 1 && strcmp(argv[1], "child") == 0) {
    printf("child %d: storing to address 0\n", getpid());
    fflush(stdout);
    *(int* volatile)0 = 42;
    printf("child: not reached\n");
    return 3;
  }
  if (argc > 1 && strcmp(argv[1], "good") == 0) return 7;

  pid_t bad = spawn_self(argv[0], "child", 0);
  CHECK(bad > 0);
  int status = -1;
  CHECK(waitpid(bad, &status, 0) == bad);
  CHECK(WIFSIGNALED(status));
  CHECK_INT(WTERMSIG(status), SIGSEGV);
  CHECK(!WIFEXITED(status));

  /* The parent is intact: it can still make calls, and spawn and reap another child. */
  pid_t good = spawn_self(argv[0], "good", 0);
  CHECK(good > 0 && good != bad);
  CHECK(waitpid(good, &status, 0) == good);
  CHECK(WIFEXITED(status));
  CHECK_INT(WEXITSTATUS(status), 7);
  return check_done();
}
