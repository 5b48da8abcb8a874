/* truncate-on-open-empties-file - O_TRUNC empties an existing file when it is opened, so what is
 * written next is all it holds; the blocks it gave back are reused.
 * Expect: status 0
 * Files: large */
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"

int main(void) {
  struct stat st;
  int fd = open("large.txt", O_RDWR | O_TRUNC);
  CHECK(fd >= 3);
  CHECK_INT(fstat(fd, &st), 0);
  CHECK_INT(st.st_size, 0);
  CHECK_INT(write(fd, "short now\n", 10), 10);
  CHECK_INT(lseek(fd, 0, SEEK_SET), 0);
  char buf[64] = {0};
  CHECK_INT(read(fd, buf, sizeof buf), 10);
  CHECK_STR(buf, "short now\n");
  CHECK_INT(close(fd), 0);
  return check_done();
}
