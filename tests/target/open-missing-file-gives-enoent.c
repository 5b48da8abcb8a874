/* open-missing-file-gives-enoent - opening a file that does not exist, without O_CREAT, fails with
 * ENOENT whatever the access mode and however the name is spelt, and creates nothing.
 * Expect: status 0
 * Files: basic */
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include "check.h"

int main(void) {
  errno = 0;
  CHECK_INT(open("missing.txt", O_RDONLY), -1);
  CHECK_INT(errno, ENOENT);
  errno = 0;
  CHECK_INT(open("./missing.txt", O_RDWR), -1);
  CHECK_INT(errno, ENOENT);
  errno = 0;
  CHECK_INT(open("missing.txt", O_WRONLY | O_TRUNC), -1);
  CHECK_INT(errno, ENOENT);
  errno = 0;
  CHECK_INT(open("", O_RDONLY), -1);
  CHECK_INT(errno, ENOENT);
  errno = 0;
  CHECK_INT(open("hello.txt/x", O_RDONLY), -1);
  CHECK(errno == ENOENT || errno == ENOTDIR); /* Linux says ENOTDIR: hello.txt is a file */
  int fd = open("./hello.txt", O_RDONLY);
  CHECK(fd >= 3);
  CHECK_INT(close(fd), 0);
  return check_done();
}
