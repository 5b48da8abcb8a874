/* fault-null-load - a load from address 0 is killed with SIGSEGV (status 139 = 128 + 11).
 * The pointer is volatile so gcc cannot see it is NULL and replace the load with a trap.
 * Expect: signal SIGSEGV */
#include "check.h"

int main(void) {
  int* volatile p = 0;
  printf("loading from address 0\n");
  int v = *p;
  printf("not reached: %d\n", v);
  return 0;
}
