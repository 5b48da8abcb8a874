/* lseek-end-gives-size - lseek(fd, 0, SEEK_END) returns the file's size; SEEK_SET and SEEK_CUR
 * move the offset the next read starts at; reading at or past the end gives 0; a negative
 * result or an unknown whence is EINVAL and leaves the offset alone.
 * Expect: status 0
 * Files: basic */
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include "check.h"

int main(void) {
  char buf[32] = {0};
  int fd = open("hello.txt", O_RDONLY); /* "hello, kfs\n" */
  CHECK(fd >= 3);
  CHECK_INT(lseek(fd, 0, SEEK_END), 11);
  CHECK_INT(read(fd, buf, sizeof buf), 0);
  CHECK_INT(lseek(fd, -4, SEEK_CUR), 7);
  CHECK_INT(read(fd, buf, sizeof buf), 4);
  CHECK_STR(buf, "kfs\n");
  CHECK_INT(lseek(fd, 2, SEEK_SET), 2);
  memset(buf, 0, sizeof buf);
  CHECK_INT(read(fd, buf, 3), 3);
  CHECK_STR(buf, "llo");
  CHECK_INT(lseek(fd, 0, SEEK_CUR), 5);
  errno = 0;
  CHECK_INT(lseek(fd, -6, SEEK_CUR), -1);
  CHECK_INT(errno, EINVAL);
  errno = 0;
  CHECK_INT(lseek(fd, 0, 7), -1);
  CHECK_INT(errno, EINVAL);
  CHECK_INT(lseek(fd, 0, SEEK_CUR), 5);
  CHECK_INT(lseek(fd, 1000, SEEK_SET), 1000);
  CHECK_INT(read(fd, buf, sizeof buf), 0);
  CHECK_INT(close(fd), 0);

  fd = open("empty", O_RDONLY);
  CHECK_INT(lseek(fd, 0, SEEK_END), 0);
  CHECK_INT(read(fd, buf, sizeof buf), 0);
  CHECK_INT(close(fd), 0);
  return check_done();
}
