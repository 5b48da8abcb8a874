/* __assert_fail - report a failed assert() on stderr, then abort(). */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

void __assert_fail(const char* expr, const char* file, int line, const char* func) {
  fprintf(stderr, "Assertion failed: %s (%s: %s: %d)\n", expr, file, func, line);
  abort();
}
