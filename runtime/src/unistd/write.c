/* write - write up to n bytes to a descriptor; may write fewer (stdio retries). */
#include <unistd.h>

#include "syscall.h"

ssize_t write(int fd, const void* buf, size_t n) {
  return __syscall_ret(__syscall3(SYS_write, fd, (long)buf, (long)n));
}
