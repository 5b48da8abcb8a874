/* malloc-survives-foreign-sbrk - when something else moves the break between two heap growths,
 * malloc starts a new heap segment instead of assuming contiguity: blocks on both sides of the
 * foreign region stay intact and the foreign memory is never handed out.
 * Expect: status 0 */
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

#include "check.h"

int main(void) {
  unsigned char* first = malloc(1000);
  memset(first, 0x11, 1000);
  unsigned char* foreign = sbrk(4099); /* odd size: the next segment must realign itself */
  CHECK(foreign != (void*)-1);
  memset(foreign, 0x22, 4099);
  /* Larger than what is left of the first segment, so the heap must grow. */
  unsigned char* second = malloc(200000);
  CHECK(second != NULL);
  CHECK(((uintptr_t)second & 7) == 0);
  CHECK(second > foreign + 4098 || second + 200000 <= foreign);
  memset(second, 0x33, 200000);
  int bad = 0;
  for (int i = 0; i < 1000; i++) bad += first[i] != 0x11;
  for (int i = 0; i < 4099; i++) bad += foreign[i] != 0x22;
  CHECK_INT(bad, 0);
  free(first);
  free(second);
  void* again = malloc(150000); /* fits the freed second segment */
  CHECK(again != NULL);
  for (int i = 0; i < 4099; i++) bad += foreign[i] != 0x22;
  CHECK_INT(bad, 0);
  free(again);
  return check_done();
}
