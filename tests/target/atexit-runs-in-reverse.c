/* atexit-runs-in-reverse - exit runs atexit handlers last-registered first, a handler registered
 * by a handler still runs, and handlers run for a return from main too.
 * Expect: status 7 */
#include <stdlib.h>

#include "check.h"

static void h1(void) { printf("handler 1\n"); }
static void h2(void) { printf("handler 2\n"); }
static void late(void) { printf("late handler, registered by handler 3\n"); }
static void h3(void) {
  printf("handler 3\n");
  atexit(late);
}

int main(void) {
  CHECK_INT(atexit(h1), 0);
  CHECK_INT(atexit(h2), 0);
  CHECK_INT(atexit(h3), 0);
  printf("main returns 7\n");
  return 7;
}
