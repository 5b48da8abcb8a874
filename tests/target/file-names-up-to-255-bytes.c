/* file-names-up-to-255-bytes - a 255-byte name (ext2's longest, and Linux's NAME_MAX) can be
 * created, written and opened again, also as "./name"; a name of 256 bytes, or of 300, is
 * ENAMETOOLONG.
 * Expect: status 0
 * Files: basic */
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include "check.h"

int main(void) {
  char name[256], dotted[258], huge[301];
  memset(name, 'n', 255);
  name[255] = 0;
  strcpy(dotted, "./");
  strcat(dotted, name);
  int fd = open(name, O_WRONLY | O_CREAT | O_EXCL, 0644);
  CHECK(fd >= 3);
  CHECK_INT(write(fd, "47", 2), 2);
  CHECK_INT(close(fd), 0);
  char buf[4] = {0};
  fd = open(dotted, O_RDONLY);
  CHECK(fd >= 3);
  CHECK_INT(read(fd, buf, sizeof buf), 2);
  CHECK_STR(buf, "47");
  CHECK_INT(close(fd), 0);

  memset(huge, 'h', 300);
  huge[300] = 0;
  errno = 0;
  CHECK_INT(open(huge, O_RDONLY), -1);
  CHECK_INT(errno, ENAMETOOLONG);
  errno = 0;
  CHECK_INT(open(huge, O_WRONLY | O_CREAT, 0644), -1);
  CHECK_INT(errno, ENAMETOOLONG);
  huge[256] = 0;
  errno = 0;
  CHECK_INT(open(huge, O_WRONLY | O_CREAT, 0644), -1);
  CHECK_INT(errno, ENAMETOOLONG);
  return check_done();
}
