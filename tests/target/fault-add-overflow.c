/* fault-add-overflow - signed `add` of INT_MAX + 1 raises an integer overflow exception, which
 * user mode sees as SIGFPE (status 136 = 128 + 8). C compilers use addu and never do this.
 * Expect: signal SIGFPE */
#include <limits.h>

#include "check.h"

int main(void) {
  int r;
  printf("adding 1 to INT_MAX with add\n");
  __asm__ volatile("add %0, %1, %2" : "=r"(r) : "r"(INT_MAX), "r"(1));
  printf("not reached: %d\n", r);
  return 0;
}
