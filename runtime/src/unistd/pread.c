/* pread, pwrite - hand-written: pread64 and pwrite64 take a 64-bit offset, which o32 passes in
 * an aligned register pair, the 5th and 6th argument words (the 4th is padding). */
#include <unistd.h>

#include "syscall.h"

ssize_t pread(int fd, void* buf, size_t n, off_t off) {
  long long o = off;
  return (ssize_t)__syscall_ret(__syscall6(SYS_pread64, (long)fd, (long)buf, (long)n, 0,
                                           (long)(unsigned long)o, (long)(o >> 32)));
}

ssize_t pwrite(int fd, const void* buf, size_t n, off_t off) {
  long long o = off;
  return (ssize_t)__syscall_ret(__syscall6(SYS_pwrite64, (long)fd, (long)buf, (long)n, 0,
                                           (long)(unsigned long)o, (long)(o >> 32)));
}
