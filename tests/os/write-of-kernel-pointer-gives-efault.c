/* write-of-kernel-pointer-gives-efault - a system call handed a buffer the program may not touch
 * fails with EFAULT and the program goes on: write() from and read() into a kernel address
 * (kseg0, 0x80001000), a page that was mapped and then unmapped, page 0, and a range that runs
 * past the end of user space. read() is tried on stdin, which has bytes waiting, so a kernel that
 * copied first and checked later would show it. Afterwards the same calls with a good buffer work.
 * Expect: status 0
 * Stdin: write-of-kernel-pointer-gives-efault.input */
#include <errno.h>
#include <sys/mman.h>
#include <unistd.h>

#include "check.h"

/* call must fail with EFAULT (errno is cleared first, so a stale value cannot pass). */
#define CHECK_EFAULT(call)    \
  do {                        \
    errno = 0;                \
    CHECK_INT(call, -1);      \
    CHECK_INT(errno, EFAULT); \
  } while (0)

int main(void) {
  void* kernel = (void*)0x80001000;
  void* page = mmap(0, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  CHECK(page != MAP_FAILED);
  *(volatile char*)page = 1; /* touched, then gone */
  CHECK_INT(munmap(page, 4096), 0);
  void* past_end = (void*)0x7ffffffe; /* 2 bytes below USERTOP: 4 bytes reach kseg0 */

  CHECK_EFAULT(write(1, kernel, 4));
  CHECK_EFAULT(write(1, page, 4));
  CHECK_EFAULT(write(1, (void*)0, 4));
  CHECK_EFAULT(write(1, past_end, 4));

  CHECK_EFAULT(read(0, kernel, 4));
  CHECK_EFAULT(read(0, page, 4));
  CHECK_EFAULT(read(0, (void*)0, 4));
  CHECK_EFAULT(read(0, past_end, 4));

  /* The process is fine and the calls work with good buffers; no byte of stdin went anywhere. */
  char buf[16] = {0};
  CHECK_INT(read(0, buf, 8), 8);
  CHECK_STR(buf, "abcdefgh");
  CHECK_INT(write(1, "ok\n", 3), 3);
  return check_done();
}
