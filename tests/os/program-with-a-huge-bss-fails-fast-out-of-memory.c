/* program-with-a-huge-bss-fails-fast-out-of-memory - a program whose bss (1.5 GiB) is more than
 * the machine's memory cannot run: the kernel says "out of memory" and the run ends with status
 * 126 (a program that cannot execute) at once, rather than after zeroing pages for a minute.
 * The cycle limit of the OS tests catches the slow way.
 * Expect: status 126
 * Stderr: kasane: exec: out of memory */
#include "check.h"

static char huge[1536u << 20];

int main(void) {
  huge[sizeof huge - 1] = 1; /* keep it */
  printf("a 1.5 GiB bss was loaded\n");
  return huge[sizeof huge - 1] == 1 ? 3 : 4;
}
