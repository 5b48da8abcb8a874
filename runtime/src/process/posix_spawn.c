/* posix_spawn, posix_spawnp - start a program in a new process: fork, then execve in the child.
 * A pipe with close-on-exec tells the parent whether the exec worked: the child writes its errno
 * to it only if execve failed, so the parent reads 0 bytes (the end, at the exec) or the error,
 * which posix_spawn returns as POSIX and glibc do, with no child left (it was waited for). */
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

int __execvpe(const char* file, char* const argv[], char* const envp[]);

static int spawn(pid_t* res, const char* path, const posix_spawn_file_actions_t* fa,
                 const posix_spawnattr_t* attr, char* const argv[], char* const envp[],
                 int search) {
  if (fa || attr) return EINVAL; /* neither is supported (<spawn.h>) */
  int p[2];
  if (pipe2(p, O_CLOEXEC) < 0) return errno;
  pid_t pid = fork();
  if (pid < 0) {
    int e = errno;
    close(p[0]);
    close(p[1]);
    return e;
  }
  if (pid == 0) {
    close(p[0]);
    if (search)
      __execvpe(path, argv, envp);
    else
      execve(path, argv, envp);
    int e = errno;
    write(p[1], &e, sizeof e);
    _exit(127);
  }
  close(p[1]);
  int e = 0;
  ssize_t n;
  while ((n = read(p[0], &e, sizeof e)) < 0 && errno == EINTR) {
  }
  close(p[0]);
  if (n == (ssize_t)sizeof e) {
    int status;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    return e;
  }
  if (res) *res = pid;
  return 0;
}

int posix_spawn(pid_t* __restrict res, const char* __restrict path,
                const posix_spawn_file_actions_t* fa, const posix_spawnattr_t* __restrict attr,
                char* const argv[], char* const envp[]) {
  return spawn(res, path, fa, attr, argv, envp, 0);
}

int posix_spawnp(pid_t* __restrict res, const char* __restrict file,
                 const posix_spawn_file_actions_t* fa, const posix_spawnattr_t* __restrict attr,
                 char* const argv[], char* const envp[]) {
  return spawn(res, file, fa, attr, argv, envp, 1);
}
