/* system() and popen(), which run `/bin/sh -c COMMAND` through posix_spawn (a vfork child that
 * execs the shell): system returns the command's exit status, popen for reading gives its
 * output and pclose its status, popen for writing feeds its input. The disk holds Debian's
 * BusyBox as bin/busybox (files/system/bin/busybox, a link to the host's /bin/busybox, which
 * difftest.py copies onto the disk) and bin/sh, a link to it, as Debian has it; under qemu-mipsel
 * the host's shell runs the same commands. Only shell built-ins are used, so neither shell needs
 * another program.
 * Files: system
 * Expect: status 0 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

int main(void) {
  fflush(stdout);
  int st = system("echo from system; exit 3");
  printf("system: exited %d with %d\n", WIFEXITED(st), WEXITSTATUS(st));
  printf("system(NULL) says a shell exists: %d\n", system(NULL) != 0);

  FILE* in = popen("echo one; echo two; exit 5", "r");
  if (in == 0) return 1;
  char line[64];
  while (fgets(line, sizeof line, in)) printf("popen read: %s", line);
  st = pclose(in);
  printf("pclose: exited %d with %d\n", WIFEXITED(st), WEXITSTATUS(st));

  fflush(stdout);
  FILE* out = popen("read a; read b; echo \"the shell read: $a, $b\"", "w");
  if (out == 0) return 2;
  fprintf(out, "first\nsecond\n");
  st = pclose(out);
  printf("pclose of the writer: %d\n", WIFEXITED(st) ? WEXITSTATUS(st) : -1);
  return 0;
}
