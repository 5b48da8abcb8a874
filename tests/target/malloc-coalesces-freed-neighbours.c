/* malloc-coalesces-freed-neighbours - three adjacent freed blocks merge into one, which then
 * satisfies a request bigger than any of them at the first block's address; freeing in any
 * order works, and a freed block is reused for a same-sized request.
 * Expect: status 0 */
#include <stdlib.h>

#include "check.h"

static int same(void* a, void* b) { return a == b; }

int main(void) {
  char *a = malloc(100), *b = malloc(100), *c = malloc(100), *guard = malloc(16);
  CHECK(a && b && c && guard);
  CHECK(a < b && b < c); /* carved from fresh memory in order */
  free(a);
  char* a2 = malloc(100);
  CHECK(same(a2, a)); /* exact reuse */
  free(a2);
  free(c);
  free(b); /* merges with both neighbours */
  char* d = malloc(300);
  CHECK(same(d, a));
  memset(d, 0x5a, 300);
  CHECK_INT(guard[0] == 0x5a, 0); /* the guard block was not overlapped */
  free(d);
  /* Now middle first, with blocks larger than any hole so far, so they are adjacent too. */
  a = malloc(1000);
  b = malloc(1000);
  c = malloc(1000);
  CHECK(a < b && b < c);
  free(b);
  free(a);
  free(c);
  d = malloc(3000);
  CHECK(same(d, a));
  free(d);
  free(guard);
  return check_done();
}
