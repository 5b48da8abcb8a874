/* exit-3-sets-status - exit(3) from a nested call ends the process with status 3 after flushing
 * stdout; the code after it never runs.
 * Expect: status 3 */
#include <stdlib.h>

#include "check.h"

static void leave(void) {
  printf("leaving with exit(3)");
  exit(3);
}

int main(void) {
  leave();
  printf("not reached\n");
  return 0;
}
