/* calloc-zeroes-reused-memory - calloc returns zeroed memory even when it reuses a block that
 * held other data, and fails with ENOMEM when nmemb * size overflows.
 * Expect: status 0 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

#include "check.h"

int main(void) {
  unsigned char* p = malloc(4000);
  CHECK(p != NULL);
  memset(p, 0xa5, 4000);
  free(p);
  unsigned* q = calloc(1000, sizeof *q);
  CHECK(q != NULL);
  CHECK((void*)q == (void*)p); /* it did reuse the dirty block */
  unsigned nonzero = 0;
  for (int i = 0; i < 1000; i++) nonzero |= q[i];
  CHECK_HEX(nonzero, 0);
  free(q);
  char* z = calloc(0, 10);
  CHECK(z != NULL);
  free(z);
  errno = 0;
  CHECK(calloc(SIZE_MAX / 2, 3) == NULL);
  CHECK_INT(errno, ENOMEM);
  errno = 0;
  CHECK(calloc(65536, 65537) == NULL);
  CHECK_INT(errno, ENOMEM);
  return check_done();
}
