/* mprotect-errors-and-protections-match-linux - mprotect on page granularity with Linux's errors:
 * EINVAL for an address that is not page-aligned or an unknown PROT bit, ENOMEM for a range
 * with an unmapped page (and then nothing changes), 0 for a length of 0; a length is rounded up
 * to whole pages. A PROT_NONE page keeps its contents: made writable again, it reads back what
 * was stored before. A system call given a PROT_NONE buffer fails with EFAULT, a read-only one
 * is fine to write() from but not for clock_gettime to store into. Untouched mmap pages and heap pages both can
 * be protected.
 * Expect: status 0 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "check.h"

#define PAGE 4096

int main(void) {
  char* m = mmap(0, 4 * PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  CHECK(m != MAP_FAILED);

  errno = 0;
  CHECK_INT(mprotect(m + 1, PAGE, PROT_READ), -1);
  CHECK_INT(errno, EINVAL);
  errno = 0;
  CHECK_INT(mprotect(m, PAGE, 0x80), -1);
  CHECK_INT(errno, EINVAL);
  CHECK_INT(mprotect(m, 0, PROT_NONE), 0);
  CHECK_INT(mprotect(m + 4 * PAGE, 0, PROT_NONE), 0);

  /* [m, m + 4 pages) is mapped; the range past its end is not (munmap'd below). */
  CHECK_INT(munmap(m + 3 * PAGE, PAGE), 0);
  errno = 0;
  CHECK_INT(mprotect(m + 2 * PAGE, 2 * PAGE, PROT_NONE), -1);
  CHECK_INT(errno, ENOMEM);
  m[2 * PAGE] = 5; /* nothing changed: still writable */
  CHECK_INT(m[2 * PAGE], 5);
  errno = 0;
  CHECK_INT(mprotect((void*)0x1000, PAGE, PROT_READ), -1); /* page 1: never mapped */
  CHECK_INT(errno, ENOMEM);

  /* Contents survive PROT_NONE; a length of 1 covers the whole page. */
  strcpy(m, "kept across PROT_NONE");
  CHECK_INT(mprotect(m, 1, PROT_NONE), 0);
  errno = 0;
  CHECK_INT(write(1, m, 4), -1);
  CHECK_INT(errno, EFAULT);
  CHECK_INT(mprotect(m, PAGE, PROT_READ | PROT_WRITE), 0);
  CHECK_STR(m, "kept across PROT_NONE");

  /* Read-only: a write() from it works, a call that stores into it gets EFAULT. */
  CHECK_INT(mprotect(m + PAGE, PAGE, PROT_READ), 0); /* untouched: its zero page appears */
  CHECK_INT(m[PAGE], 0);
  CHECK_INT(write(1, m + PAGE, 0), 0);
  errno = 0;
  CHECK_INT(clock_gettime(CLOCK_MONOTONIC, (struct timespec*)(m + PAGE)), -1);
  CHECK_INT(errno, EFAULT);
  CHECK_INT(mprotect(m + PAGE, PAGE, PROT_READ | PROT_WRITE | PROT_EXEC), 0);
  m[PAGE] = 9;
  CHECK_INT(m[PAGE], 9);

  /* A heap page (the break), as a thread stack's guard page is. */
  char* h = malloc(3 * PAGE);
  char* g = (char*)(((uintptr_t)h + PAGE - 1) & ~(uintptr_t)(PAGE - 1));
  g[0] = 42;
  CHECK_INT(mprotect(g, PAGE, PROT_NONE), 0);
  CHECK_INT(mprotect(g, PAGE, PROT_READ | PROT_WRITE), 0);
  CHECK_INT(g[0], 42);
  free(h);
  CHECK_INT(munmap(m, 3 * PAGE), 0);
  return check_done();
}
