/* mmap-regions-merge-split-and-run-out-with-enomem - the kernel's anonymous regions (os/region.c)
 * run out with ENOMEM, never a panic, and not before a few hundred: one-page mappings whose
 * protections alternate (so that no two join) succeed until mmap fails with ENOMEM. A mapping
 * that continues the last one with the same protection still succeeds then (it joins it, as
 * Linux's VMAs merge). An munmap of the middle of a 3-page region, which would split it, is
 * ENOMEM while every slot is taken and leaves the pages as they were; once a whole region is
 * unmapped it succeeds, and the pages on either side keep what was written.
 * Expect: status 0 */
#include <errno.h>
#include <stdint.h>
#include <sys/mman.h>

#include "check.h"

#define PAGE 4096u

static char* map(uint32_t len, int prot) {
  void* p = mmap(0, len, prot, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  return p == MAP_FAILED ? 0 : p;
}

int main(void) {
  char* big = map(3 * PAGE, PROT_READ | PROT_WRITE);
  CHECK(big != 0);
  big[0] = 1, big[PAGE] = 2, big[2 * PAGE] = 3;

  /* Read-only first: the next mapping lies just below big and must not join it. */
  static char* one[1024];
  int n = 0, prot = PROT_READ;
  while (n < 1024 && (one[n] = map(PAGE, prot)) != 0) {
    n++;
    prot = prot == PROT_READ ? PROT_READ | PROT_WRITE : PROT_READ;
  }
  CHECK_INT(errno, ENOMEM);
  CHECK(n >= 300 && n < 1024);

  int last = prot == PROT_READ ? PROT_READ | PROT_WRITE : PROT_READ;
  CHECK(map(PAGE, prot) == 0);   /* a new region: none left */
  CHECK(map(PAGE, last) != 0);   /* continues the last one: joins it */

  CHECK_INT(munmap(big + PAGE, PAGE), -1);
  CHECK_INT(errno, ENOMEM);
  CHECK_INT(big[0] + big[PAGE] + big[2 * PAGE], 6);

  CHECK_INT(munmap(one[0], PAGE), 0);
  CHECK_INT(munmap(big + PAGE, PAGE), 0);
  CHECK_INT(big[0], 1);
  CHECK_INT(big[2 * PAGE], 3);
  return 0;
}
