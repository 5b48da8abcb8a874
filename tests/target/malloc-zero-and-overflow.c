/* malloc-zero-and-overflow - malloc(0) returns distinct freeable pointers, impossible sizes fail
 * with ENOMEM without touching the heap, free(NULL) does nothing, and every block is 8-byte
 * aligned whatever its size.
 * Expect: status 0 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

#include "check.h"

int main(void) {
  void *a = malloc(0), *b = malloc(0);
  CHECK(a != NULL && b != NULL && a != b);
  free(a);
  free(b);
  errno = 0;
  CHECK(malloc(SIZE_MAX) == NULL);
  CHECK_INT(errno, ENOMEM);
  errno = 0;
  CHECK(malloc(SIZE_MAX - 7) == NULL);
  CHECK_INT(errno, ENOMEM);
  errno = 0;
  CHECK(realloc(NULL, SIZE_MAX / 2 + 1) == NULL);
  CHECK_INT(errno, ENOMEM);
  free(NULL);
  int misaligned = 0;
  void* keep[64];
  for (int i = 0; i < 64; i++) {
    keep[i] = malloc((size_t)i + 1);
    misaligned += ((uintptr_t)keep[i] & 7) != 0;
  }
  for (int i = 0; i < 64; i += 2) free(keep[i]);
  for (int i = 0; i < 64; i += 2) {
    keep[i] = malloc((size_t)(64 - i) * 3);
    misaligned += ((uintptr_t)keep[i] & 7) != 0;
  }
  for (int i = 0; i < 64; i++) free(keep[i]);
  CHECK_INT(misaligned, 0);
  return check_done();
}
