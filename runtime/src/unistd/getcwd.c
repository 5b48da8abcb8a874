/* getcwd - the working directory's path in buf. The kernel's call returns the length (NUL
 * included) and fills buf; POSIX's function returns buf. A NULL buf is not supported (glibc
 * and musl allocate one): EINVAL, like size 0. */
#include <errno.h>
#include <unistd.h>

#include "syscall.h"

char* getcwd(char* buf, size_t size) {
  if (!buf || size == 0) {
    errno = EINVAL;
    return NULL;
  }
  return __syscall_ret(__syscall2(SYS_getcwd, (long)buf, (long)size)) < 0 ? NULL : buf;
}
