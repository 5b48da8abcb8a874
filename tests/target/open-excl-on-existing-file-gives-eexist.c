/* open-excl-on-existing-file-gives-eexist - O_CREAT | O_EXCL creates a file that is not there and
 * fails with EEXIST for one that is, leaving it as it was; O_CREAT alone opens an existing file.
 * Expect: status 0
 * Files: basic */
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include "check.h"

int main(void) {
  errno = 0;
  CHECK_INT(open("hello.txt", O_WRONLY | O_CREAT | O_EXCL, 0644), -1);
  CHECK_INT(errno, EEXIST);
  int fd = open("fresh.txt", O_WRONLY | O_CREAT | O_EXCL, 0644);
  CHECK(fd >= 3);
  CHECK_INT(write(fd, "fresh\n", 6), 6);
  CHECK_INT(close(fd), 0);
  errno = 0;
  CHECK_INT(open("fresh.txt", O_RDWR | O_CREAT | O_EXCL, 0644), -1);
  CHECK_INT(errno, EEXIST);

  fd = open("fresh.txt", O_RDONLY | O_CREAT, 0644);
  CHECK(fd >= 3);
  char buf[16] = {0};
  CHECK_INT(read(fd, buf, sizeof buf), 6);
  CHECK_STR(buf, "fresh\n");
  CHECK_INT(close(fd), 0);
  return check_done();
}
