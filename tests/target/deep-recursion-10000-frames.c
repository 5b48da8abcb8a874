/* deep-recursion-10000-frames - 10,000 nested, non-tail calls with a local array each (about
 * 480 KiB of stack): the stack the kernel gives the program must be that deep.
 * Expect: status 0 */
#include <stdint.h>

#include "check.h"

static uintptr_t lowest;

/* The local array's address escapes, so gcc cannot turn the recursion into a loop. */
static uint32_t dive(int n, volatile uint32_t* parent) {
  volatile uint32_t local[6];
  local[0] = (uint32_t)n;
  local[1] = parent ? parent[0] * 3u + 1u : 7u;
  if ((uintptr_t)local < lowest || !lowest) lowest = (uintptr_t)local;
  if (n == 0) return local[1];
  uint32_t r = dive(n - 1, local);
  return r ^ (local[0] + local[1]); /* uses the frame after the call returns */
}

int main(void) {
  uintptr_t top = (uintptr_t)__builtin_frame_address(0);
  uint32_t r = dive(10000, 0);
  CHECK_HEX(r, r);
  printf("stack used > 200 KiB: %s\n", top - lowest > 200 * 1024 ? "yes" : "no");
  CHECK(top - lowest > 200 * 1024);
  CHECK_HEX(dive(3, 0), dive(3, 0));
  return check_done();
}
