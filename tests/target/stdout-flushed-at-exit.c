/* stdout-flushed-at-exit - output still in stdout's buffer (no newline yet, so line buffering
 * has not sent it) is written by exit(), including text an atexit handler adds.
 * Expect: status 0 */
#include <stdlib.h>

#include "check.h"

static void late(void) { printf(" + from atexit, no newline either"); }

int main(void) {
  CHECK_INT(atexit(late), 0);
  int r = check_done();
  printf("buffered text without a newline");
  return r;
}
