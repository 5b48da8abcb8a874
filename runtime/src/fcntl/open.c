/* open - open or create a file. Hand-written rather than generated from os/syscalls.tbl because
 * it is variadic: the mode argument exists only with O_CREAT, and reading it otherwise would read
 * whatever the caller left in $a2. */
#include <fcntl.h>
#include <stdarg.h>

#include "syscall.h"

int open(const char* path, int flags, ...) {
  mode_t mode = 0;
  if (flags & O_CREAT) {
    va_list ap;
    va_start(ap, flags);
    mode = va_arg(ap, mode_t);
    va_end(ap);
  }
  return (int)__syscall_ret(__syscall3(SYS_open, (long)path, (long)flags, (long)mode));
}
