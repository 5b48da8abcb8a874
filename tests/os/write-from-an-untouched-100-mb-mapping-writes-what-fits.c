/* write-from-an-untouched-100-mb-mapping-writes-what-fits - write() and read() check a user
 * buffer page by page as they go, as Linux does, not all of it first (which would map every page
 * of a big buffer, and run out of memory):
 *   - a write whose buffer has an unmapped page in the middle writes the pages before it and
 *     returns that count; one that starts at the unmapped page fails with EFAULT;
 *   - a 100 MB write (more than the machine's memory) from an anonymous mapping nothing has
 *     touched, with one page unmapped 256 KiB in, writes the 256 KiB before it (untouched pages
 *     read as zeros without taking memory) and returns that count: the file's new size;
 *   - a 100 MB read into an untouched mapping returns the whole 256 KiB file.
 * (Filling the 4 MiB disk instead, for ENOSPC, would take more cycles than the tests' limit.)
 * Expect: status 0
 * Files: notify */
#include <errno.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"

#define PAGE 4096
#define HUGE (100u << 20)

static void *map(unsigned len) {
  return mmap(0, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
}

int main(void) {
  char* p = map(3 * PAGE);
  CHECK(p != MAP_FAILED);
  p[0] = 'a', p[2 * PAGE] = 'c';
  CHECK_INT(munmap(p + PAGE, PAGE), 0);
  int fd = open("hole.bin", O_WRONLY | O_CREAT, 0644);
  CHECK(fd >= 3);
  CHECK_INT(write(fd, p, 3 * PAGE), PAGE);
  errno = 0;
  CHECK_INT(write(fd, p + PAGE, 10), -1);
  CHECK_INT(errno, EFAULT);
  CHECK_INT(close(fd), 0);

  char* huge = map(HUGE);
  CHECK(huge != MAP_FAILED);
  fd = open("big.txt", O_RDONLY);
  CHECK(fd >= 3);
  CHECK_INT(read(fd, huge + PAGE / 2, HUGE - PAGE), 262144);
  CHECK(huge[PAGE / 2] == '0' && huge[PAGE / 2 + 7] == '\n');
  CHECK_INT(close(fd), 0);

  char* zeros = map(HUGE);
  CHECK(zeros != MAP_FAILED);
  CHECK_INT(munmap(zeros + 64 * PAGE, PAGE), 0);
  fd = open("fill.bin", O_WRONLY | O_CREAT, 0644);
  CHECK(fd >= 3);
  long n = write(fd, zeros, HUGE);
  printf("a %u-byte write from an untouched mapping wrote %ld bytes\n", HUGE, n);
  CHECK_INT(n, 64 * PAGE);
  struct stat st;
  CHECK_INT(fstat(fd, &st), 0);
  CHECK_INT(st.st_size, 64 * PAGE);
  CHECK_INT(close(fd), 0);
  return check_done();
}
