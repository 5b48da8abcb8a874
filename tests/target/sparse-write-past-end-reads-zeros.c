/* sparse-write-past-end-reads-zeros - a write far past the end of a file (beyond what the direct
 * and indirect blocks reach, so through the double-indirect block) grows it to there; the gap
 * reads as zeros.
 * Expect: status 0
 * Files: basic */
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"

#define FAR 4400000L /* past (16 + 1024) * 4096 = 4259840 */

static int all_zero(const char* p, int n) {
  for (int i = 0; i < n; i++)
    if (p[i]) return 0;
  return 1;
}

int main(void) {
  char buf[100];
  int fd = open("sparse.bin", O_RDWR | O_CREAT | O_TRUNC, 0644);
  CHECK(fd >= 3);
  CHECK_INT(lseek(fd, FAR, SEEK_SET), FAR);
  CHECK_INT(write(fd, "end", 3), 3);
  struct stat st;
  CHECK_INT(fstat(fd, &st), 0);
  CHECK_INT(st.st_size, FAR + 3);

  long offsets[] = {0, 70000, 4259840, FAR - 100};
  for (int i = 0; i < 4; i++) {
    memset(buf, 'x', sizeof buf);
    CHECK_INT(lseek(fd, offsets[i], SEEK_SET), offsets[i]);
    CHECK_INT(read(fd, buf, sizeof buf), 100);
    CHECK(all_zero(buf, sizeof buf));
  }
  memset(buf, 0, sizeof buf);
  CHECK_INT(read(fd, buf, sizeof buf), 3);
  CHECK_STR(buf, "end");
  CHECK_INT(close(fd), 0);
  return check_done();
}
