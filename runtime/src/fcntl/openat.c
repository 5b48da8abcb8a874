/* openat - open relative to a directory descriptor; variadic like open (open.c). A cancellation
 * point on entry when the thread library is linked. */
#include <fcntl.h>
#include <stdarg.h>

#include "syscall.h"

void __testcancel(void) __attribute__((weak));

int openat(int dirfd, const char* path, int flags, ...) {
  if (__testcancel) __testcancel();
  mode_t mode = 0;
  if (flags & O_CREAT) {
    va_list ap;
    va_start(ap, flags);
    mode = va_arg(ap, mode_t);
    va_end(ap);
  }
  return (int)__syscall_ret(__syscall4(SYS_openat, (long)dirfd, (long)path, (long)flags,
                                       (long)mode));
}
