/* fd-misuse-gives-ebadf - a descriptor that is not open, or not open for what is asked of it,
 * gives EBADF: read on a write-only file, write on a read-only one, calls on a closed or
 * never-opened descriptor, and close twice. (Not access mode 3, which Linux opens for neither
 * reading nor writing, and so does Kasane, but qemu-user turns into O_RDONLY.)
 * Expect: status 0
 * Files: basic */
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"

static void check_ebadf(const char* what, long r) {
  printf("%s: ", what);
  CHECK(r == -1 && errno == EBADF);
  errno = 0;
}

int main(void) {
  char buf[8];
  struct stat st;
  int wr = open("log.txt", O_WRONLY);
  int rd = open("hello.txt", O_RDONLY);
  CHECK(wr >= 3 && rd >= 3);
  check_ebadf("read on O_WRONLY", read(wr, buf, sizeof buf));
  check_ebadf("write on O_RDONLY", write(rd, "x", 1));
  check_ebadf("read on fd 99", read(99, buf, sizeof buf));
  check_ebadf("write on fd -1", write(-1, "x", 1));
  check_ebadf("fstat on fd 50", fstat(50, &st));
  check_ebadf("lseek on fd 12", lseek(12, 0, SEEK_SET));
  CHECK_INT(close(rd), 0);
  check_ebadf("close twice", close(rd));
  check_ebadf("read after close", read(rd, buf, sizeof buf));
  CHECK_INT(close(wr), 0);
  return check_done();
}
