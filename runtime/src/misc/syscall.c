/* syscall - make any system call by number, as glibc's syscall(2): the result, or -1 with errno.
 *
 * Like musl, it always passes six arguments: the caller may have given fewer, and the extra
 * va_arg reads pick up whatever lies in the argument registers and the caller's argument area on
 * the stack (o32 always reserves 16 bytes there), which the kernel ignores for a call that takes
 * fewer arguments. */
#include <stdarg.h>
#include <unistd.h>

#include "syscall.h"

long syscall(long n, ...) {
  va_list ap;
  va_start(ap, n);
  long a = va_arg(ap, long), b = va_arg(ap, long), c = va_arg(ap, long);
  long d = va_arg(ap, long), e = va_arg(ap, long), f = va_arg(ap, long);
  va_end(ap);
  return __syscall_ret(__syscall6(n, a, b, c, d, e, f));
}
