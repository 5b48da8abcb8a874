/* abort-exits-134 - abort() ends the process at once with status 134 (128 + SIGABRT), without
 * running atexit handlers. Complete lines printed before it are out (stdout is line buffered).
 * Expect: status 134 */
#include <stdlib.h>

#include "check.h"

static void handler(void) { printf("atexit handler must not run\n"); }

int main(void) {
  atexit(handler);
  printf("calling abort\n");
  abort();
}
