/* assert-failure-aborts - a true assert() does nothing; a false one prints the expression to
 * stderr and aborts with status 134. NDEBUG is undefined first, since release builds define it.
 * Expect: status 134 */
#undef NDEBUG
#include <assert.h>

#include "check.h"

int main(void) {
  volatile int x = 2;
  assert(x == 2);
  printf("first assert passed\n");
  assert(x == 3);
  printf("not reached\n");
  return 0;
}
