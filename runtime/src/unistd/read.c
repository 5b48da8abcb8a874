/* read - read up to n bytes from a descriptor; 0 at end of file. */
#include <unistd.h>

#include "syscall.h"

ssize_t read(int fd, void* buf, size_t n) {
  return __syscall_ret(__syscall3(SYS_read, fd, (long)buf, (long)n));
}
