/* open - open or create a file. Hand-written rather than generated from os/syscalls.tbl because
 * it is variadic: the mode argument exists only with O_CREAT, and reading it otherwise would read
 * whatever the caller left in $a2. A cancellation point on entry when the thread library is
 * linked (its __testcancel, a weak reference here). */
#include <fcntl.h>
#include <stdarg.h>

#include "syscall.h"

void __testcancel(void) __attribute__((weak));

int open(const char* path, int flags, ...) {
  if (__testcancel) __testcancel();
  mode_t mode = 0;
  if (flags & O_CREAT) {
    va_list ap;
    va_start(ap, flags);
    mode = va_arg(ap, mode_t);
    va_end(ap);
  }
  return (int)__syscall_ret(__syscall3(SYS_open, (long)path, (long)flags, (long)mode));
}
