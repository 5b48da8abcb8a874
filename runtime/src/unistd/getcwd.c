/* getcwd - the working directory's path in buf. The kernel's call returns the length (NUL
 * included) and fills buf; POSIX's function returns buf. A NULL buf is allocated, as glibc and
 * musl do: of size bytes, or (size 0) just long enough; the caller frees it. */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "syscall.h"

char* getcwd(char* buf, size_t size) {
  char tmp[PATH_MAX];
  if (!buf) {
    size_t room = size && size < sizeof tmp ? size : sizeof tmp;
    long n = __syscall_ret(__syscall2(SYS_getcwd, (long)tmp, (long)room));
    if (n < 0) return NULL;
    buf = malloc(size ? size : (size_t)n);
    if (!buf) return NULL; /* malloc set ENOMEM */
    return memcpy(buf, tmp, (size_t)n);
  }
  if (size == 0) {
    errno = EINVAL;
    return NULL;
  }
  return __syscall_ret(__syscall2(SYS_getcwd, (long)buf, (long)size)) < 0 ? NULL : buf;
}
