/* spawned-child-starts-in-its-parents-directory-with-its-umask - a process's working directory
 * and file mode creation mask go to the children kasane_spawn makes (as fork gives them): the
 * parent moves to sub/ and sets umask 077, the child finds here.txt by its relative name, sees
 * "/sub" from getcwd and makes a file of mode 0600 from 0666; the parent's own directory and mask
 * stay its own when the child changes its. The program is the boot image, spawned by its name.
 * Files: cwd
 * Expect: status 0 */
#include <fcntl.h>
#include <kasane/syscall_nr.h>
#include <kasane/syscalls.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"

static long sys(long nr, long a, long b) { return syscall(nr, a, b, 0, 0, 0, 0); }

/* The child: 42 if it starts where the parent was, with the parent's mask. */
static int child(void) {
  char cwd[64] = {0};
  int fd = open("here.txt", O_RDONLY);
  int ok = fd >= 3 && sys(SYS_getcwd, (long)cwd, sizeof cwd) == 5 && strcmp(cwd, "/sub") == 0;
  int made = open("made-by-child", O_WRONLY | O_CREAT, 0666);
  struct stat st;
  ok = ok && made >= 3 && fstat(made, &st) == 0 && (st.st_mode & 0777) == 0600;
  ok = ok && sys(SYS_umask, 0, 0) == 077 && sys(SYS_chdir, (long)"/", 0) == 0; /* its own */
  return ok ? 42 : 1;
}

int main(int argc, char** argv) {
  if (argc > 1 && strcmp(argv[1], "child") == 0) return child();
  CHECK_INT(sys(SYS_chdir, (long)"sub", 0), 0);
  CHECK_INT(sys(SYS_umask, 077, 0), 022);
  char* cargv[] = {argv[0], "child", 0};
  char* cenvp[] = {0};
  pid_t pid = kasane_spawn(argv[0], cargv, cenvp);
  CHECK(pid > 0);
  int status = -1;
  CHECK(waitpid(pid, &status, 0) == pid);
  CHECK(WIFEXITED(status));
  CHECK_INT(WEXITSTATUS(status), 42);
  char cwd[64] = {0};
  CHECK_INT(sys(SYS_getcwd, (long)cwd, sizeof cwd), 5);
  CHECK_STR(cwd, "/sub");
  CHECK_INT(sys(SYS_umask, 022, 0), 077);
  return check_done();
}
