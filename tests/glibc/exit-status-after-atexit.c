/* exit() runs the atexit handlers in reverse, flushes stdout, and the status reaches the shell.
 * Expect: status 42 */
#include <stdio.h>
#include <stdlib.h>

static void first(void) { printf("first registered, last run\n"); }
static void second(void) { printf("second registered, first run\n"); }

int main(void) {
  atexit(first);
  atexit(second);
  printf("exiting with 42\n");
  exit(42);
}
