/* file-bad-pointer-gives-efault - a read into memory that is unmapped or read-only, a write from
 * unmapped memory and an open of an unmapped path fail with EFAULT and change nothing: the file
 * keeps its offset and its contents.
 * Expect: status 0
 * Files: basic */
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include "check.h"

static const char rodata[16] = "read-only";

static void check_efault(const char* what, long r) {
  printf("%s: ", what);
  CHECK(r == -1 && errno == EFAULT);
  errno = 0;
}

int main(void) {
  int fd = open("hello.txt", O_RDWR);
  CHECK(fd >= 3);
  check_efault("read to NULL", read(fd, (void*)0, 5));
  check_efault("read to a kernel address", read(fd, (void*)0x80001000, 5));
  check_efault("read to read-only data", read(fd, (void*)rodata, 5));
  CHECK_INT(lseek(fd, 0, SEEK_CUR), 0);
  check_efault("write from NULL", write(fd, (const void*)0, 5));
  check_efault("write from unmapped", write(fd, (const void*)0x10, 5));
  CHECK_INT(lseek(fd, 0, SEEK_CUR), 0);
  char buf[16] = {0};
  CHECK_INT(read(fd, buf, sizeof buf), 11);
  CHECK_STR(buf, "hello, kfs\n");
  CHECK_INT(close(fd), 0);
  check_efault("open of a NULL path", open((const char*)0, O_RDONLY));
  check_efault("open of a kernel path", open((const char*)0x80000000, O_RDONLY));
  return check_done();
}
