/* system - run `/bin/sh -c command` (posix_spawn) and wait for it. With command NULL: whether
 * /bin/sh can be run (1 or 0). A shell that cannot be started is status 127, as POSIX says for
 * a child that could not exec, and glibc reports the same. */
#include <errno.h>
#include <spawn.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

int system(const char* command) {
  if (!command) return access("/bin/sh", X_OK) == 0;
  char* argv[] = {"sh", "-c", (char*)command, 0};
  pid_t pid;
  int e = posix_spawn(&pid, "/bin/sh", 0, 0, argv, environ);
  if (e) return 127 << 8;
  int status;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) return -1;
  }
  return status;
}
