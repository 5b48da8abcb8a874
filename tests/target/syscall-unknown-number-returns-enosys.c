/* syscall-unknown-number-returns-enosys - a system call number that names no call returns -1 with
 * errno ENOSYS (89 on MIPS) and the program goes on: an unused slot in the Linux o32 range (4018,
 * unused18 in <asm/unistd_o32.h>), one past the o32 table, one below it, and a gap in Kasane's
 * range (numbers 7000 and up that no row has; under qemu these are past the o32 table too).
 * Expect: status 0 */
#include <errno.h>
#include <unistd.h>

#include "check.h"

/* syscall(n) with errno cleared first, so a stale ENOSYS cannot make the check pass. */
static long call(long n) {
  errno = 0;
  return syscall(n, 1L, 2L, 3L, 4L, 5L, 6L);
}

int main(void) {
  CHECK_INT(call(4018), -1);
  CHECK_INT(errno, ENOSYS);
  CHECK_INT(call(4999), -1);
  CHECK_INT(errno, ENOSYS);
  CHECK_INT(call(3999), -1);
  CHECK_INT(errno, ENOSYS);
  CHECK_INT(call(7999), -1);
  CHECK_INT(errno, ENOSYS);
  /* A known call through the same path still works: getpid is positive and stable. */
  errno = 0;
  long pid = syscall(4020);
  CHECK_INT(pid > 0 && pid == getpid(), 1);
  CHECK_INT(errno, 0);
  return check_done();
}
