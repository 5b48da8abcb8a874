/* __execvpe - execve, looking file up in PATH (default "/bin:/usr/bin") when it has no '/'.
 * Shared by posix_spawnp; returns only on failure, -1 with errno (the last error other than
 * ENOENT, else ENOENT). */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int __execvpe(const char* file, char* const argv[], char* const envp[]) {
  if (!*file) {
    errno = ENOENT;
    return -1;
  }
  if (strchr(file, '/')) return execve(file, argv, envp);
  const char* path = getenv("PATH");
  if (!path) path = "/bin:/usr/bin";
  size_t flen = strlen(file);
  int seen = 0;
  for (const char* p = path;; p++) {
    const char* end = strchr(p, ':');
    if (!end) end = p + strlen(p);
    size_t dlen = (size_t)(end - p);
    char buf[PATH_MAX];
    if (dlen + 1 + flen < sizeof buf) {
      /* An empty entry is the working directory. */
      size_t at = dlen ? dlen + 1 : 0;
      memcpy(buf, p, dlen);
      buf[dlen] = '/';
      memcpy(buf + at, file, flen + 1);
      execve(buf, argv, envp);
      if (errno != ENOENT && errno != ENOTDIR) seen = errno;
    }
    if (!*end) break;
    p = end;
  }
  errno = seen ? seen : ENOENT;
  return -1;
}
