/* spawn-wait-and-exit-status - kasane_spawn starts this program again with the arguments and the
 * environment it was given (the child checks them and exits with status 42 if they are right);
 * waitpid(pid, WNOHANG) answers 0 while the child still runs, waitpid(-1) returns its pid with
 * WIFEXITED and WEXITSTATUS 42, and once no child is left waitpid fails with ECHILD (with and
 * without WNOHANG). Spawning a program that does not exist fails with ENOENT.
 * Expect: status 0 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "thread.h"

/* The child: exit 42 if argv and envp are exactly what the parent passed, else 1. */
static int child(int argc, char** argv, char** envp) {
  int ok = argc == 4 && strcmp(argv[1], "child") == 0 && strcmp(argv[2], "two words") == 0 &&
           strcmp(argv[3], "") == 0 && argv[4] == 0;
  ok = ok && envp[0] && strcmp(envp[0], "KASANE_TEST=spawned") == 0 && envp[1] &&
       strcmp(envp[1], "EMPTY=") == 0 && envp[2] == 0;
  ok = ok && getenv("KASANE_TEST") && strcmp(getenv("KASANE_TEST"), "spawned") == 0;
  if (!ok) {
    printf("child: unexpected arguments or environment (argc %d)\n", argc);
    return 1;
  }
  /* Stay alive a while (spinning, not sleeping: this test is not about timers), so that the
   * parent's WNOHANG surely comes before the end. */
  for (volatile int i = 0; i < 100000; i++) {
  }
  return 42;
}

int main(int argc, char** argv, char** envp) {
  if (argc > 1 && strcmp(argv[1], "child") == 0) return child(argc, argv, envp);

  char* cargv[] = {argv[0], "child", "two words", "", 0};
  char* cenvp[] = {"KASANE_TEST=spawned", "EMPTY=", 0};
  pid_t pid = kasane_spawn(argv[0], cargv, cenvp);
  CHECK(pid > 0 && pid != getpid());

  int status = -1;
  CHECK_INT(waitpid(pid, &status, WNOHANG), 0);
  CHECK_INT(waitpid(-1, &status, WNOHANG), 0);
  CHECK(waitpid(-1, &status, 0) == pid);
  CHECK(WIFEXITED(status));
  CHECK_INT(WEXITSTATUS(status), 42);

  errno = 0;
  CHECK_INT(waitpid(-1, &status, 0), -1);
  CHECK_INT(errno, ECHILD);
  errno = 0;
  CHECK_INT(waitpid(-1, &status, WNOHANG), -1);
  CHECK_INT(errno, ECHILD);
  errno = 0;
  CHECK_INT(waitpid(pid, &status, 0), -1); /* already reaped */
  CHECK_INT(errno, ECHILD);

  errno = 0;
  CHECK_INT(kasane_spawn("no-such-program", cargv, cenvp), -1);
  CHECK_INT(errno, ENOENT);
  return check_done();
}
