/* file-names-up-to-47-bytes - a 47-byte name (KFS's longest) can be created, written and opened
 * again, also as "./name"; a path longer than any name the system takes (300 bytes) is
 * ENAMETOOLONG.
 * Expect: status 0
 * Files: basic */
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include "check.h"

int main(void) {
  char name[48], dotted[50], huge[301];
  memset(name, 'n', 47);
  name[47] = 0;
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
  return check_done();
}
