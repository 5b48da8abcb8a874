/* fstat-reports-size - fstat gives a regular file's size, as it is on disk and as writes grow it,
 * and allocated blocks that hold it.
 * Expect: status 0
 * Files: basic */
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"

static char data[5000];

int main(void) {
  struct stat st;
  int fd = open("hello.txt", O_RDONLY);
  CHECK_INT(fstat(fd, &st), 0);
  CHECK(S_ISREG(st.st_mode));
  CHECK_INT(st.st_size, 11);
  CHECK(st.st_blocks * 512 >= st.st_size);
  CHECK_INT(close(fd), 0);

  fd = open("empty", O_RDONLY);
  CHECK_INT(fstat(fd, &st), 0);
  CHECK_INT(st.st_size, 0);
  CHECK_INT(close(fd), 0);

  fd = open("grown.bin", O_RDWR | O_CREAT, 0644);
  CHECK_INT(fstat(fd, &st), 0);
  CHECK(S_ISREG(st.st_mode));
  CHECK_INT(st.st_size, 0);
  memset(data, 'g', sizeof data);
  CHECK_INT(write(fd, data, sizeof data), 5000);
  CHECK_INT(fstat(fd, &st), 0);
  CHECK_INT(st.st_size, 5000);
  CHECK(st.st_blocks * 512 >= st.st_size);
  CHECK_INT(close(fd), 0);
  return check_done();
}
