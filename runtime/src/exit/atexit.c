/* atexit - register a function for exit() to call, last registered first.
 *
 * A fixed table of 32 entries (the C minimum) keeps this free of malloc. Handlers may themselves
 * call atexit; the loop in __funcs_on_exit picks such late additions up in the right order. */
#include <stdlib.h>

#define ATEXIT_MAX 32

static void (*funcs[ATEXIT_MAX])(void);
static int count;

int atexit(void (*fn)(void)) {
  if (count == ATEXIT_MAX) return -1;
  funcs[count++] = fn;
  return 0;
}

/* Overrides the weak no-op in exit.c. */
void __funcs_on_exit(void);
void __funcs_on_exit(void) {
  while (count > 0) funcs[--count]();
}
