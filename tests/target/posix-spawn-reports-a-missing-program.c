/* posix-spawn-reports-a-missing-program - posix_spawn of a program that cannot be run returns
 * the exec's error (ENOENT, EACCES for a file without an execute bit) and leaves no child to
 * wait for, as POSIX and glibc on Linux do. Not built against glibc: under qemu-mipsel glibc's
 * posix_spawn (clone with CLONE_VFORK, which qemu makes a fork) cannot see the child's failed
 * exec and returns 0.
 * Expect: status 0
 * Files: basic */
#include <errno.h>
#include <spawn.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"

extern char** environ;

int main(void) {
  pid_t pid = 0;
  char* argv[] = {"x", NULL};
  CHECK_INT(posix_spawn(&pid, "./missing", NULL, NULL, argv, environ), ENOENT);
  CHECK_INT(posix_spawn(&pid, "hello.txt", NULL, NULL, argv, environ), EACCES);
  CHECK_INT(pid, 0);
  errno = 0;
  CHECK_INT(wait(NULL), -1);
  CHECK_INT(errno, ECHILD);
  return check_done();
}
