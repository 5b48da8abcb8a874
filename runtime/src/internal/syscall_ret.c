/* __syscall_ret - turn a raw -errno result into the POSIX "-1 and errno" form. */
#include <errno.h>

#include "syscall.h"

long __syscall_ret(long r) {
  /* Only -4095..-1 are errors: brk and friends return addresses that may look negative. */
  if ((unsigned long)r > -4096UL) {
    errno = (int)-r;
    return -1;
  }
  return r;
}
