/* posix-popen-system-and-spawn-run-bin-sh - system, popen/pclose and posix_spawn(p), which run
 * `/bin/sh -c COMMAND` in a forked child: system returns the command's wait status (and says a
 * shell exists for NULL), popen "r" reads the command's output and "w" feeds its input, pclose
 * gives its status, posix_spawn starts a program and posix_spawnp searches PATH (a program that
 * cannot be run: posix-spawn-reports-a-missing-program.c, as glibc's under qemu cannot say). The disk holds Debian's BusyBox as bin/busybox and bin/sh
 * (files/shell, links to the host's /bin/busybox, which difftest.py copies onto the disk); under
 * qemu-mipsel the host's /bin/sh runs the same commands, shell built-ins only. The glibc build
 * must print the same.
 * Expect: status 0
 * Files: shell
 * Glibc: yes */
#include <errno.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"

extern char** environ;

int main(void) {
  fflush(stdout);
  int st = system("exit 3");
  CHECK(WIFEXITED(st));
  CHECK_INT(WEXITSTATUS(st), 3);
  CHECK(system(NULL) != 0);
  st = system("echo from the shell > out.txt");
  CHECK_INT(st, 0);

  FILE* in = popen("echo one; echo two; exit 5", "r");
  CHECK(in != NULL);
  char line[64], all[128] = "";
  while (fgets(line, sizeof line, in)) strcat(all, line);
  CHECK_STR(all, "one\ntwo\n");
  st = pclose(in);
  CHECK(WIFEXITED(st));
  CHECK_INT(WEXITSTATUS(st), 5);

  FILE* out = popen("read a; read b; echo \"$a+$b\" > fed.txt", "w");
  CHECK(out != NULL);
  fprintf(out, "first\nsecond\n");
  CHECK_INT(pclose(out), 0);
  FILE* f = fopen("fed.txt", "r");
  CHECK(f && fgets(line, sizeof line, f));
  CHECK_STR(line, "first+second\n");
  fclose(f);
  errno = 0;
  CHECK(popen("true", "x") == NULL);
  CHECK_INT(errno, EINVAL);

  pid_t pid;
  char* sh[] = {"sh", "-c", "exit 6", NULL};
  CHECK_INT(posix_spawn(&pid, "/bin/sh", NULL, NULL, sh, environ), 0);
  CHECK(waitpid(pid, &st, 0) == pid);
  CHECK_INT(WEXITSTATUS(st), 6);
  CHECK_INT(setenv("PATH", "/bin", 1), 0);
  char* sh2[] = {"sh", "-c", "exit 8", NULL};
  CHECK_INT(posix_spawnp(&pid, "sh", NULL, NULL, sh2, environ), 0);
  CHECK(waitpid(pid, &st, 0) == pid);
  CHECK_INT(WEXITSTATUS(st), 8);
  CHECK_INT(unlink("out.txt"), 0);
  CHECK_INT(unlink("fed.txt"), 0);
  return check_done();
}
