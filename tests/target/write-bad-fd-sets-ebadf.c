/* write-bad-fd-sets-ebadf - write and read on a descriptor that is not open return -1 with errno
 * EBADF, errno is left alone by successful calls, and a zero-length write returns 0.
 * Expect: status 0 */
#include <errno.h>
#include <unistd.h>

#include "check.h"

int main(void) {
  char c = 'x';
  errno = 0;
  CHECK_INT(write(99, &c, 1), -1);
  CHECK_INT(errno, EBADF);
  errno = 0;
  CHECK_INT(read(98, &c, 1), -1);
  CHECK_INT(errno, EBADF);
  errno = 12345;
  CHECK_INT(write(1, "", 0), 0);
  CHECK_INT(errno, 12345);
  CHECK_INT(write(-1, &c, 1), -1);
  CHECK_INT(errno, EBADF);
  errno = 0;
  fflush(stdout);
  CHECK_INT(write(1, "direct\n", 7), 7);
  return check_done();
}
