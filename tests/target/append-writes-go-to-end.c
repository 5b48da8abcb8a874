/* append-writes-go-to-end - with O_APPEND every write goes to the end of the file, wherever the
 * offset was moved, and leaves the offset there.
 * Expect: status 0
 * Files: basic */
#include <fcntl.h>
#include <unistd.h>

#include "check.h"

int main(void) {
  int fd = open("log.txt", O_WRONLY | O_APPEND); /* "first line\n" */
  CHECK(fd >= 3);
  CHECK_INT(lseek(fd, 0, SEEK_SET), 0);
  CHECK_INT(write(fd, "second line\n", 12), 12);
  CHECK_INT(lseek(fd, 0, SEEK_CUR), 23);
  CHECK_INT(lseek(fd, 3, SEEK_SET), 3);
  CHECK_INT(write(fd, "third\n", 6), 6);
  CHECK_INT(close(fd), 0);

  char buf[64] = {0};
  fd = open("log.txt", O_RDONLY);
  CHECK_INT(read(fd, buf, sizeof buf), 29);
  CHECK_STR(buf, "first line\nsecond line\nthird\n");
  CHECK_INT(close(fd), 0);
  return check_done();
}
