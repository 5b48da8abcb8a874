/* bss-large-array-zeroed - a 1 MiB array in .bss (and a small one right after .data, sharing
 * its page) is all zero at start and fully writable: the loader must clear memsz - filesz.
 * Expect: status 0 */
#include <stdint.h>

#include "check.h"

static uint32_t big[256 * 1024];
static uint8_t small[100];
int data_word = 0x5a5a5a5a; /* .data, so .bss starts part-way through a page */

int main(void) {
  uint32_t nonzero = 0;
  for (unsigned i = 0; i < sizeof big / sizeof big[0]; i++) nonzero |= big[i];
  for (unsigned i = 0; i < sizeof small; i++) nonzero |= small[i];
  CHECK_HEX(nonzero, 0);
  CHECK_HEX(data_word, 0x5a5a5a5a);
  for (unsigned i = 0; i < sizeof big / sizeof big[0]; i++) big[i] = i * 2654435761u;
  uint32_t sum = 0;
  for (unsigned i = 0; i < sizeof big / sizeof big[0]; i += 1021) sum += big[i] ^ i;
  CHECK_HEX(sum, sum);
  CHECK_HEX(big[sizeof big / sizeof big[0] - 1], 0x3ffff * 2654435761u);
  return check_done();
}
