/* faccessat - the kernel's faccessat has no flags argument; faccessat2 has. Without flags the
 * older call is made, which every Linux (and qemu) has. */
#include <fcntl.h>
#include <unistd.h>

#include "syscall.h"

int faccessat(int dirfd, const char* path, int mode, int flags) {
  if (!flags)
    return (int)__syscall_ret(__syscall3(SYS_faccessat, (long)dirfd, (long)path, (long)mode));
  return (int)__syscall_ret(
      __syscall4(SYS_faccessat2, (long)dirfd, (long)path, (long)mode, (long)flags));
}
