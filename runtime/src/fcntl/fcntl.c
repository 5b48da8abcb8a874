/* fcntl - descriptor control. Hand-written because it is variadic: the third argument exists
 * for some commands only. Every command the header lists takes an int or nothing, so reading
 * one int is safe for all of them (a missing one is whatever the caller left, and unused). */
#include <fcntl.h>
#include <stdarg.h>

#include "syscall.h"

int fcntl(int fd, int cmd, ...) {
  va_list ap;
  va_start(ap, cmd);
  long arg = va_arg(ap, long);
  va_end(ap);
  return (int)__syscall_ret(__syscall3(SYS_fcntl, (long)fd, (long)cmd, arg));
}
